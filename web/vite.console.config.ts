import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The operator console's own build (console.html → src/app/console-main.tsx), run after the checkout's
 * into the same dist/. A separate build rather than a route of the checkout's router: any line in the
 * checkout's route table is in its entry chunk, and a second entry in one build reshuffles the shared
 * chunks; both change the checkout's first-screen JavaScript. Here the checkout's build does not know
 * the console exists. The console pays for its own copy of React (it is a back office; no budget).
 */
export default defineConfig({
  plugins: [react()],
  // The dashboard's charts (recharts) tell React 19's elements apart with react-is: web's own 19.x, not the
  // older copy another package hoists to the root node_modules.
  resolve: { dedupe: ['react-is'] },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: false,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      input: 'console.html',
      output: {
        // Hashed names under a folder of their own: nothing to confuse with the checkout's assets.
        entryFileNames: 'assets/console/[name]-[hash].js',
        chunkFileNames: 'assets/console/[name]-[hash].js',
        assetFileNames: 'assets/console/[name]-[hash][extname]',
        codeSplitting: {
          // As in vite.config.ts: zod configured (jitless, for the CSP) before any schema is built.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-without-eval/ }],
        },
      },
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
});
