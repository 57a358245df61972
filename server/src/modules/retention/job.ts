import { openStorage } from '../../infra/storage';
import { createPollingWorker } from '../../infra/webhook/polling-worker';
import type { AppModule } from '../app-module';
import { runRetentionPass } from './pass';
import { claimPurgeTurn } from './purge-lease';

export interface RetentionModuleOptions {
  now?: () => Date;
}

/**
 * The retention job for the app's lifetime: a pass at start and every `DRAFT_PURGE_INTERVAL_MINUTES`
 * (onReady → start, onClose → stop: a pass in progress stops after its current order, and the timer never
 * keeps a process alive). With several server processes one takes each turn (purge-lease.ts). It logs
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
      if (!(await claimPurgeTurn(db, at, purgeIntervalMs))) return;
      const result = await runRetentionPass(db, { storage, retentionDays: draftDays, now: at, signal });
      app.log.info({ retention: { ...result, retention_days: draftDays } }, 'retention pass done');
    }, { intervalMs: purgeIntervalMs, onError: (err) => app.log.error({ err }, 'retention pass failed') });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  };
}

export const retentionModule: AppModule = createRetentionModule();
