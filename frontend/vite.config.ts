import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// root is pinned to this folder so `npx vite build --config frontend/vite.config.ts` from the repo root and
// `npx vite build` from frontend/ produce the same frontend/dist.
export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // pdf.js's worker ships as .mjs: served as .js, every host (s3 sync's type guess, the local server) gives it
        // a JavaScript type, which a module worker must have.
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.mjs'))
            ? 'assets/[name]-[hash].js'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    // The local stack serves /api and /config.json on port 3000; the dev server forwards both there.
    proxy: {
      '/api': 'http://localhost:3000',
      '/config.json': 'http://localhost:3000',
      // Inline reads of shared files (INLINE_READ_PATH), which the local server passes to the local store.
      '/_files': 'http://localhost:3000',
    },
  },
});
