import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Every test runs in real headless Chromium (Debian's /usr/bin/chromium).
export default defineConfig({
  optimizeDeps: { include: ['axe-core'] },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
