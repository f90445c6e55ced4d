import { defineConfig } from 'vitest/config';

// Unit tests of the model and persistence (plain TypeScript, Node); the page itself is tested by Playwright (e2e/).
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
