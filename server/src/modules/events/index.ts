/*
 * Events: the outbox's delivery side (a leased worker that sends each event to each target, in order per
 * subject, with retries) and the provider's webhook (Standard Webhooks signatures), the events' file
 * links, and the `webhook-receiver` tool. Events are written by the modules that cause them, with
 * infra/outbox `emitEvent`, in their own transactions.
 * The module's face: other modules, the app, the CLI and the tests import only this file.
 */
export { createEventsModule, defaultDeliveryHandlers, eventsModule, fileLinksOf } from './routes';
export type { EventsModuleOptions } from './routes';
export { DEFAULT_LEASE_MS, runDeliveryPass } from './outbox-worker';
export type { DeliveryPassOptions, DeliveryPassResult } from './outbox-worker';
export { afterFailure, retryPolicyFor } from './retry-policy';
export type { RetryPolicy } from './retry-policy';
export { createWebhookHandler, outcomeOfStatus } from './webhook-handler';
export type { WebhookHandlerOptions } from './webhook-handler';
export { createFileLinks, FILE_LINK_TTL_MS } from './file-links';
export type { FileLinks, FileRef } from './file-links';
export { eventsCliCommands, webhookReceiverCommand } from './cli-commands';
export { startWebhookReceiver } from './webhook-receiver';
export type { RunningReceiver, WebhookReceiverOptions } from './webhook-receiver';
