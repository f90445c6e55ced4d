// The root's own tests (the tooling in scripts/: lint, test summary), run by `pnpm test` as the turbo task
// `//#test:tooling`. Like every package, it writes its Vitest JSON report to test-results/vitest.json, which
// scripts/test-summary.mjs reads.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['scripts/**/*.test.mjs'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    testTimeout: 60_000,
  },
});
