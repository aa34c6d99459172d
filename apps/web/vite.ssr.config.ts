import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileMessages } from './vite-messages.ts';

// The landings' server render (src/entry-server.tsx) for Node, in dist-ssr beside dist (never inside it: dist is
// served to browsers). Everything bundled (React's server renderer included), so the server needs nothing of
// apps/web's node_modules at run time; assets are named as in the browser build (same base), and not written.
export default defineConfig({
  base: '/ui/insu/',
  plugins: [react(), compileMessages()],
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: false,
    assetsInlineLimit: 0,
    rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});
