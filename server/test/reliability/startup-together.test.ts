import { sql } from 'kysely';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migrations } from '../../src/db/migrations';
import { serverDatabaseMakers } from './server-databases';
import type { ServerDatabase } from './server-databases';
import { startServer } from './server-process';
import type { ServerProcess } from './server-process';

/*
 * Several processes on one database start together (a deployment's replicas): two real servers start at
 * the same moment on an empty database; the migration lock lets one migrate while the other waits, so
 * both come up, every migration is recorded once, and neither logged a failure.
 */
describe('processes starting together', () => {
  for (const { dialect, make } of serverDatabaseMakers(process.env.TEST_DATABASE_URL)) {
    describe(`[${dialect}] two servers on an empty database`, () => {
      let database: ServerDatabase;
      let starting: Array<Promise<ServerProcess>> = [];
      beforeAll(async () => { database = await make(); });
      afterAll(async () => {
        // Also the servers of a test that timed out while they were still starting.
        const started = await Promise.allSettled(starting);
        await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop('SIGKILL') : undefined)));
        await database?.destroy();
      });

      it('migrate it once and both become ready', { timeout: 180_000 }, async ({ expect }) => {
        const env = { DATABASE_URL: database.url, STORAGE_DIR: database.storageDir, LOG_LEVEL: 'info' };
        starting = [startServer(env), startServer(env)];
        const started = await Promise.allSettled(starting);
        const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
        const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
        expect(failures).toEqual([]);

        for (const server of servers) {
          const ready = await fetch(`${server.url}/api/health/ready`);
          expect(ready.status).toBe(200);
          expect(server.output()).not.toMatch(/Migrazione del database non riuscita|Avvio non riuscito/);
        }
        const handle = database.open();
        try {
          const { rows } = await sql<{ name: string; n: number }>`select name, count(*) as n from kysely_migration group by name order by name`.execute(handle.db);
          expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
          expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
        } finally {
          await handle.destroy();
        }
      });
    });
  }
});
