import type { Db } from '../../db';
import { claimTurn } from '../../infra/jobs';
import { openStorage } from '../../infra/storage';
import { createPollingWorker } from '../../infra/webhook/polling-worker';
import type { AppModule } from '../app-module';
import { runRetentionPass } from './pass';

/**
 * The retention pass's turn (`job_leases`): of the server processes on one database, one takes each turn
 * and holds it for the interval, so the next pass is due an interval later whoever runs it. The passes
 * would be safe together anyway (each order is re-checked under its lock); the turn spares duplicate work.
 */
export const RETENTION_TURN = 'retention_purge';

/** True when this caller takes the pass due now. */
export const claimRetentionTurn = (db: Db, now: Date, intervalMs: number): Promise<boolean> =>
  claimTurn(db, RETENTION_TURN, { nowIso: now.toISOString(), leaseUntil: new Date(now.getTime() + intervalMs).toISOString() });

export interface RetentionModuleOptions {
  now?: () => Date;
}

/**
 * The retention job for the app's lifetime: a pass at start and every `DRAFT_PURGE_INTERVAL_MINUTES`
 * (onReady → start, onClose → stop: a pass in progress stops after its current order, and the timer never
 * keeps a process alive). With several server processes one takes each turn (`claimRetentionTurn`). It logs
 * counts only: no order, hash or name.
 */
export function createRetentionModule(options: RetentionModuleOptions = {}): AppModule {
  return async (app, deps) => {
    const { db, config } = deps;
    const now = options.now ?? deps.now;
    const { purgeIntervalMs, draftDays } = config.retention;
    const storage = openStorage(config, db);
    if (purgeIntervalMs <= 0) return;
    const worker = createPollingWorker(async (signal) => {
      const at = now();
      if (!(await claimRetentionTurn(db, at, purgeIntervalMs))) return;
      const result = await runRetentionPass(db, { storage, retentionDays: draftDays, now: at, signal });
      app.log.info({ retention: { ...result, retention_days: draftDays } }, 'retention pass done');
    }, { intervalMs: purgeIntervalMs, onError: (err) => app.log.error({ err }, 'retention pass failed') });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  };
}

export const retentionModule: AppModule = createRetentionModule();
