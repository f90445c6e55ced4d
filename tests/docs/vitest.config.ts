import { defineConfig } from 'vitest/config';

// One block a test; blocks that start the engine take seconds each, and the CLI's commands up to a minute on a
// loaded machine.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 200_000,
    hookTimeout: 200_000,
  },
});
