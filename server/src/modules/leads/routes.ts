import { endpoints } from '@checkout/contract';
import type { Config } from '../../config';
import { registerEndpoint } from '../../http/endpoint';
import { createPollingWorker } from '../../infra/webhook/polling-worker';
import type { PollingWorker } from '../../infra/webhook/polling-worker';
import type { Db } from '../../db';
import type { AppModule } from '../app-module';
import { deliverDueLeads } from './lead-delivery';
import type { LeadDeliveryOptions } from './lead-delivery';
import { createLead } from './service';

export interface LeadsModuleOptions {
  now?: () => Date;
  /** createLead calls per IP a minute. */
  createPerMinute?: number;
}

/** The delivery options of the configuration; null when no webhook is configured (leads stay pending). */
export function leadDeliveryOptions(config: Config): Omit<LeadDeliveryOptions, 'signal'> | null {
  if (!config.leadWebhookUrl || !config.leadWebhookSecret) return null;
  return {
    target: { url: config.leadWebhookUrl, secret: config.leadWebhookSecret, timeoutMs: config.leadDelivery.timeoutMs },
    backoff: { baseMs: config.leadDelivery.backoffBaseMs, maxMs: config.leadDelivery.backoffMaxMs },
  };
}

/** The worker of a configured webhook, or null. */
export function createLeadWorker(db: Db, config: Config, onError: (err: unknown) => void): PollingWorker | null {
  const options = leadDeliveryOptions(config);
  if (!options) return null;
  return createPollingWorker(async (signal) => { await deliverDueLeads(db, { ...options, signal }); }, { intervalMs: config.leadDelivery.pollMs, onError });
}

/** createLead, and the delivery worker for the app's lifetime (onReady → start, onClose → stop). */
export function createLeadsModule(options: LeadsModuleOptions = {}): AppModule {
  return async (app, deps) => {
    const { db, config } = deps;
    const now = options.now ?? deps.now;
    const worker = createLeadWorker(db, config, (err) => app.log.error({ err }, 'lead delivery pass failed'));
    if (worker) {
      app.addHook('onReady', async () => worker.start());
      app.addHook('onClose', async () => worker.stop());
    }
    registerEndpoint(app, endpoints.createLead, async ({ body }) => {
      const created = await createLead(db, body, now());
      worker?.wake();
      return created;
    }, { rateLimit: { max: options.createPerMinute ?? 20, timeWindow: '1 minute' } });
  };
}

export const leadsModule: AppModule = createLeadsModule();
