import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileMessages } from './vite-messages.ts';
import { precompress } from './vite-compress.ts';
import { preloadApp } from './vite-preload-app.ts';

// Served by the Fastify server under /ui/insu (history mode); `npm run dev` proxies the API to it. The operator
// console is a build of its own (vite.ops.config.ts): sharing chunks with it would grow the patient's first load.
export default defineConfig({
  base: '/ui/insu/',
  plugins: [react(), compileMessages(), preloadApp(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite's own default baseline (Chrome 107+, Safari 16+): mid-range phones of recent years.
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // No inline <script> (the CSP forbids it) and no tiny assets inlined as data URLs into JS.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // The libraries every screen needs in one chunk: left to itself the bundler cuts them into many small shared
        // chunks, and many small files compress worse than one (the first screen's JS budget, scripts/size.mjs).
        codeSplitting: {
          groups: [
            // React's DOM renderer alone: the boot script evaluates it in a task of its own before the rest.
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
            // With them the messages' runtime every screen calls (src/i18n/t.ts, docs/decisions/0010-message-catalogs.md)
            // and the small shared modules beside it: left apart they became chunks of their own on the first screen.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-router|@tanstack[\\/](react-query|query-core)|zustand)[\\/]|[\\/]apps[\\/]web[\\/]src[\\/]i18n[\\/]t\.ts$|[\\/]packages[\\/]contract[\\/]src[\\/](i18n[\\/]langs|limits)\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/ui/insu/v1': 'http://localhost:3000',
      '/ui/insu/v2': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
      '/rest': 'http://localhost:3000',
      '/claim': 'http://localhost:3000',
      '/sandbox': 'http://localhost:3000',
    },
  },
});
