import { defineConfig } from 'vitest/config';

// One test file: packs the public packages, installs them into an empty project in the system's temp folder and
// uses them there. The install reaches the npm registry for the packages' own dependencies (lit, commander, …).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
