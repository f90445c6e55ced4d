import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Test against the sibling package's source, so `vitest run` works before `pnpm build` has produced its dist/.
const countingSource = fileURLToPath(new URL('../counting/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: {
    alias: existsSync(countingSource) ? { '@makruk/counting': countingSource } : {},
  },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
