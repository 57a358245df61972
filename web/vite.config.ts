import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA is served by the Fastify server in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route pages are split by their dynamic imports (src/app/routes.tsx); this only keeps the
    // report readable and the budget check honest.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      treeshake: {
        // packages/contract is pure (schemas, rules, the client; DESIGN §1) but declares no
        // "sideEffects": without this every page would carry every endpoint schema it never uses.
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global Sass functions; its deprecations are not ours.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
});
