import { defineConfig } from 'vitest/config';

// Most tests here start the built command as a process (and many start the engine in it): on a loaded two-core
// machine one such test can take far longer than Vitest's 5 s default, so the default is a hang guard, not a
// speed limit (speed is measured by benchmarks, never asserted in tests).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
