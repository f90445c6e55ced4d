// How every headless Chromium of the workspace starts (board tests, page tests and screenshots, the pack test):
// Debian's browser, because test tools cannot download their own here, with the flags a sandboxed CI machine needs.
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
