import { endpoints } from '@checkout/contract';
import { registerEndpoint } from '../../http/endpoint';
import type { AppModule } from '../app-module';
import { createLead } from './service';

export interface LeadsModuleOptions {
  now?: () => Date;
  /** createLead calls per IP a minute. */
  createPerMinute?: number;
}

/**
 * createLead. The lead's delivery to the SPEC's lead webhook is the outbox's: the events module's worker
 * sends it with the handler of lead-webhook.ts (modules/index.ts gives it to the events module).
 */
export function createLeadsModule(options: LeadsModuleOptions = {}): AppModule {
  return async (app, deps) => {
    const { db } = deps;
    const now = options.now ?? deps.now;
    registerEndpoint(app, endpoints.createLead, async ({ body }) => createLead(db, body, now()),
      { rateLimit: { max: options.createPerMinute ?? 20, timeWindow: '1 minute' } });
  };
}

export const leadsModule: AppModule = createLeadsModule();
