import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node', setupFiles: ['../../vitest.setup.ts'] } },
      { test: { name: 'server', root: 'server', environment: 'node', setupFiles: ['../vitest.setup.ts'], testTimeout: 30_000, hookTimeout: 60_000, fileParallelism: false } },
      { test: { name: 'web', root: 'web', environment: 'happy-dom', setupFiles: ['../vitest.setup.ts'] } },
    ],
  },
});
