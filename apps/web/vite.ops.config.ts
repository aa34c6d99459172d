import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileMessages } from './vite-messages.ts';
import { precompress } from './vite-compress.ts';

// The operator console (ops.html → src/ops/main.tsx, served at /ops): built after the patient app into the same dist,
// with chunks of its own, so that nothing the console uses lands in a chunk a patient's phone loads.
export default defineConfig({
  base: '/ui/insu/',
  plugins: [react(), compileMessages(), precompress()],
  build: {
    outDir: 'dist',
    // The patient app was built into dist just before; keep it.
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    // The patient build's manifest (scripts/size.mjs reads it) stays the only one.
    manifest: false,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rollupOptions: { input: 'ops.html' },
  },
});
