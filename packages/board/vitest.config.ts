import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

// Element tests run in real headless Chromium (Debian's /usr/bin/chromium); *.node.test.ts run in plain Node
// (they check that importing the package touches no browser globals).
export default defineConfig({
  optimizeDeps: { include: ['axe-core'] },
  test: {
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'chromium',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.node.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: chromiumLaunchOptions,
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        extends: true,
        test: { name: 'node', include: ['src/**/*.node.test.ts'], environment: 'node' },
      },
    ],
  },
});
