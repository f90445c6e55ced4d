import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'train/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
