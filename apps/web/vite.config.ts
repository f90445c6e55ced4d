import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// A static page: relative asset paths (any folder of any static server), no special headers needed. The engine's
// worker (found by `new Worker(new URL(…), { type: 'module' })` in @makruk/makruk) is bundled as an ES module.
// vite-plugin-pwa writes a service worker that precaches the built files, so the page works offline after the
// first visit; it is registered after the page has loaded, off the first engine line's path.
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
  plugins: [
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      manifest: {
        name: 'Makruk analysis',
        short_name: 'Makruk',
        description: 'Makruk (Thai chess) analysis board: engine lines, variations, counting rules.',
        theme_color: '#1f5f99',
        background_color: '#f7f3ea',
        display: 'standalone',
        icons: [],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,woff2,wasm,png,svg}'],
        // The eight thread builds (~180 KB gzip) are fetched only when Threads > 1 is chosen on an isolated page;
        // precaching them would download them on every first visit. They are cached when first used instead
        // (hashed names, so a cached copy never goes stale).
        // Likewise the engine's compat build (only for browsers without wasm SIMD) and its evaluation network.
        globIgnores: ['**/wasm-thread-*.js', '**/wasm-compat-*.js', '**/network-*.js'],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/wasm-thread-[^/]+\.js$/,
            handler: 'CacheFirst',
            options: { cacheName: 'engine-thread-builds', expiration: { maxEntries: 16 } },
          },
          {
            urlPattern: /\/assets\/(wasm-compat|network)-[^/]+\.js$/,
            handler: 'CacheFirst',
            options: { cacheName: 'engine-network', expiration: { maxEntries: 8 } },
          },
        ],
        navigateFallback: 'index.html',
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
});
