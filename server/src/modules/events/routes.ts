import { consoleEndpoints, EVENT_FILE_PATH, eventFileParamsSchema } from '@checkout/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { notFound } from '../../http/errors';
import type { DeliveryHandlers } from '../../infra/outbox';
import { createPollingWorker } from '../../infra/webhook/polling-worker';
import { openStorage } from '../../infra/storage';
import type { AppDeps, AppModule } from '../app-module';
import { registerConsoleEndpoint, requireOperator } from '../console-auth';
import type { SignedInOperator } from '../console-auth';
import { createConsoleEvents } from './console-events';
import type { Requester } from './console-events';
import { readEventFile } from './event-files';
import { createFileLinks } from './file-links';
import type { FileLinks } from './file-links';
import { runDeliveryPass } from './outbox-worker';
import { retryPolicyFor } from './retry-policy';
import type { RetryPolicy } from './retry-policy';
import { createWebhookHandler } from './webhook-handler';

export interface EventsModuleOptions {
  /**
   * Handlers by target, over the default ones (the webhook's, when WEBHOOK_URL is set): the customer's
   * email and SMS come from the notifications module. A target without a handler keeps its deliveries
   * pending, in order, until one is configured.
   */
  handlers?: DeliveryHandlers | ((deps: AppDeps, app: FastifyInstance) => DeliveryHandlers);
  now?: () => Date;
  /** Tests: a faster backoff, another poll interval. */
  retry?: Partial<RetryPolicy>;
  pollMs?: number;
  leaseMs?: number;
}

/** The links of a configured webhook's events (keyed by its secret), or null. */
export const fileLinksOf = (config: Pick<Config, 'webhook' | 'publicBaseUrl'>): FileLinks | null =>
  (config.webhook.secret ? createFileLinks(config.webhook.secret, config.publicBaseUrl) : null);

/** The handlers every server has: the provider's webhook once WEBHOOK_URL (and its secret) is set. */
export function defaultDeliveryHandlers(config: Pick<Config, 'webhook' | 'publicBaseUrl'>, now: () => Date = () => new Date()): DeliveryHandlers {
  const { url, secret, timeoutMs } = config.webhook;
  if (!url || !secret) return {};
  return { webhook: createWebhookHandler({ url, secret, timeoutMs, links: fileLinksOf(config), now }) };
}

/**
 * The outbox worker for the app's lifetime (onReady → start, onClose → stop: in-flight attempts are
 * aborted and given back), the route of the events' file links, and the console's calls for an order's events.
 */
export function createEventsModule(options: EventsModuleOptions = {}): AppModule {
  return async (app, deps) => {
    const { db, config } = deps;
    const storage = openStorage(config, db);
    const now = options.now ?? deps.now;
    const links = fileLinksOf(config);
    const extra = typeof options.handlers === 'function' ? options.handlers(deps, app) : (options.handlers ?? {});
    const handlers: DeliveryHandlers = { ...defaultDeliveryHandlers(config, now), ...extra };
    const retry = { ...retryPolicyFor(config.events.retryDays), ...options.retry };

    if (Object.values(handlers).some((h) => h !== undefined)) {
      const worker = createPollingWorker(async (signal) => {
        await runDeliveryPass(db, {
          handlers, retry, now, signal, ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
          onHandlerError: (err, delivery) => app.log.error({ err, delivery }, 'outbox delivery handler failed'),
        });
      }, { intervalMs: options.pollMs ?? config.events.pollMs, onError: (err) => app.log.error({ err }, 'outbox delivery pass failed') });
      app.addHook('onReady', async () => worker.start());
      app.addHook('onClose', async () => worker.stop());
    }

    // The console's order and lead pages: their events, their deliveries, "send again now".
    const consoleEvents = createConsoleEvents({ db, handlers, retry, now });
    const requester = (ctx: { operator: SignedInOperator | null; req: FastifyRequest }): Requester => {
      const operator = requireOperator(ctx);
      return { id: operator.id, email: operator.email, name: operator.name, ip: ctx.req.ip ?? null, userAgent: ctx.req.headers['user-agent'] ?? null };
    };
    registerConsoleEndpoint(app, deps, consoleEndpoints.orderEvents, async (ctx) => ({
      items: await consoleEvents.subjectEvents('order', ctx.params.order_id), webhook_configured: consoleEvents.configured('webhook'),
    }));
    registerConsoleEndpoint(app, deps, consoleEndpoints.redeliverEvent, async (ctx) =>
      consoleEvents.redeliver('order', ctx.params.order_id, ctx.params.delivery_id, requester(ctx)));
    registerConsoleEndpoint(app, deps, consoleEndpoints.leadEvents, async (ctx) => ({
      items: await consoleEvents.subjectEvents('lead', ctx.params.lead_id),
      webhook_configured: consoleEvents.configured('webhook'), lead_webhook_configured: consoleEvents.configured('lead_webhook'),
    }));
    registerConsoleEndpoint(app, deps, consoleEndpoints.redeliverLeadEvent, async (ctx) =>
      consoleEvents.redeliver('lead', ctx.params.lead_id, ctx.params.delivery_id, requester(ctx)));

    // A plain GET: the provider's systems fetch it with the link alone (the link is the credential).
    app.get(EVENT_FILE_PATH, async (req, reply) => {
      const params = eventFileParamsSchema.safeParse(req.params);
      if (!params.success) throw notFound();
      const file = await readEventFile(db, storage, links, params.data.token, now(), {
        ip: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    });
  };
}

export const eventsModule: AppModule = createEventsModule();
