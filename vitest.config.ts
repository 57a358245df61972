import { defineConfig } from 'vitest/config';

/*
 * One runner for every workspace; each project keeps its own environment.
 * Two workers: Vitest's default on a 2-core machine is one (cores − 1), which left one core idle
 * while a test waited on PostgreSQL, a child process or the disk. Three were no faster (652 s against
 * 651 s on a clean clone), only more crowded.
 * The server's own-machine tests (test/reliability: child server processes, kill -9, concurrent
 * checkouts, memory ceilings) run one file at a time after everything else (groupOrder 1), so
 * what they prove is not disturbed by the other files.
 * The server files share their worker's module graph (isolate: false): each file builds its own apps and
 * databases and the server keeps no module-level state, and loading Fastify, Kysely, pdfkit and the
 * modules once per worker instead of once per file took a clean run's vitest phase from 1,239 s to 693 s.
 * The web files too (each test renders into a fresh document and Testing Library unmounts it after the
 * test): 80 s to 15 s for the web project.
 */
const serverBase = {
  root: 'server',
  environment: 'node' as const,
  setupFiles: ['../vitest.setup.ts'],
  globalSetup: ['./test/support/template-databases.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const OWN_MACHINE = ['test/reliability/**/*.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node', setupFiles: ['../../vitest.setup.ts'] } },
      { test: { ...serverBase, name: 'server', isolate: false, exclude: ['**/node_modules/**', ...OWN_MACHINE] } },
      { test: { ...serverBase, name: 'server-own-machine', include: OWN_MACHINE, fileParallelism: false, sequence: { groupOrder: 1 } } },
      { test: { name: 'web', root: 'web', isolate: false, environment: 'happy-dom', setupFiles: ['../vitest.setup.ts'] } },
    ],
  },
});
