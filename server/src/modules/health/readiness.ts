import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import { pendingMigrations } from '../../db';
import type { Db } from '../../db';
import type { FileStorage } from '../../infra/storage';

/** Per check: 'ok', or a short reason. The answer is public: no error text, no path (those go to the log). */
export type ReadinessChecks = Record<string, string>;

export const OK = 'ok';

/** A check that does not answer within this long has failed: a probe must not hang with the resource. */
export const CHECK_TIMEOUT_MS = 2000;

export interface ReadinessDeps {
  db: Db;
  storage: FileStorage;
  /** Set when REDIS_URL is: its PING is a check. */
  redis?: Redis;
  isDraining: () => boolean;
  isUnderPressure: () => boolean;
  /** Where a failed check's error goes (the log). */
  onError: (check: string, err: unknown) => void;
}

/**
 * What a load balancer needs before sending this process traffic: its database answers, Redis (when
 * configured) answers, the schema is the one this build expects, storage takes a write, and the process
 * is neither shutting down nor overloaded. Every check runs, so the answer names every failure.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<ReadinessChecks> {
  const check = async (name: string, run: () => Promise<string>): Promise<string> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => { timer = setTimeout(() => resolve('nessuna risposta in tempo'), CHECK_TIMEOUT_MS); });
    const done = run().catch((err: unknown) => { deps.onError(name, err); return 'non raggiungibile'; });
    try { return await Promise.race([done, late]); } finally { clearTimeout(timer); }
  };
  const [database, migrations, storage, redis] = await Promise.all([
    check('database', async () => { await sql`select 1`.execute(deps.db); return OK; }),
    check('migrations', async () => {
      const pending = await pendingMigrations(deps.db);
      return pending.length === 0 ? OK : `${pending.length} da applicare`;
    }),
    check('storage', async () => {
      const key = `health/probe-${process.pid}-${randomBytes(6).toString('hex')}`;
      await deps.storage.write(key, Buffer.from(OK));
      await deps.storage.remove(key);
      return OK;
    }),
    deps.redis ? check('redis', async () => ((await deps.redis!.ping()) === 'PONG' ? OK : 'risposta inattesa')) : undefined,
  ]);
  return {
    database,
    ...(redis ? { redis } : {}),
    migrations,
    storage,
    draining: deps.isDraining() ? 'arresto in corso' : OK,
    pressure: deps.isUnderPressure() ? 'sovraccarico' : OK,
  };
}
