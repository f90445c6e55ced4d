import { defineConfig } from 'vite';

// A static page: relative asset paths (any folder of any static server), no special headers needed. The engine's
// worker (found by `new Worker(new URL(…), { type: 'module' })` in @makruk/makruk) is bundled as an ES module.
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1' },
});
