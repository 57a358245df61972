import type { Config } from '../../config';
import type { Db } from '../../db';
import type { DeliveryHandler, DeliveryHandlers, DeliveryOutcome } from '../../infra/outbox';
import { postWebhook } from '../../infra/webhook/post-webhook';
import type { WebhookResult, WebhookTarget } from '../../infra/webhook/post-webhook';
import { selectStoredLead } from './repository';

/*
 * The SPEC's lead webhook as a target of the outbox (`lead_webhook`): the outbox worker claims the lead's
 * delivery with its lease, calls this handler, and retries with its backoff (docs/integration.md,
 * docs/side-flows.md). The request is the one the SPEC's webhook always had: the body is the lead as
 * stored (SPEC §3's fields at its top level, byte for byte), the lead's id, time and HMAC signature are
 * headers (`X-Lead-Id`, `X-Lead-Created-At`, `X-Lead-Timestamp`, `X-Lead-Signature`; infra/webhook).
 */

/** The configured webhook, or null: without LEAD_WEBHOOK_URL the leads' deliveries wait, nothing lost. */
export function leadWebhookTarget(config: Pick<Config, 'leadWebhookUrl' | 'leadWebhookSecret' | 'leadDelivery'>): WebhookTarget | null {
  if (!config.leadWebhookUrl || !config.leadWebhookSecret) return null;
  return { url: config.leadWebhookUrl, secret: config.leadWebhookSecret, timeoutMs: config.leadDelivery.timeoutMs };
}

/**
 * What an answer means to the outbox. Delivered: 2xx with `success: true`. Tried again: no answer, 408,
 * 429, 5xx, and a 2xx without `success: true` (the receiver is there but did not take it yet). A redirect
 * or another 4xx will not get better by itself: flagged for an operator, as the provider's webhook does.
 */
export function outcomeOfLeadPost(result: WebhookResult): DeliveryOutcome {
  if (result.ok) return { kind: 'delivered', statusCode: result.status };
  const { status, error } = result;
  const statusCode = status === undefined ? {} : { statusCode: status };
  if (status === undefined || (status >= 200 && status <= 299) || status === 408 || status === 429 || status >= 500) return { kind: 'retry', error, ...statusCode };
  if (status >= 300 && status <= 399) return { kind: 'flag', error: `${error}: reindirizzamento non seguito (correggere LEAD_WEBHOOK_URL)`, ...statusCode };
  return { kind: 'flag', error, ...statusCode };
}

export function createLeadWebhookHandler(db: Db, target: WebhookTarget): DeliveryHandler {
  return async (delivery, signal) => {
    const lead = await selectStoredLead(db, delivery.event.subjectId);
    if (!lead) return { kind: 'flag', error: 'contatto non trovato nel database' };
    return outcomeOfLeadPost(await postWebhook(target, { id: lead.id, createdAt: lead.created_at, rawBody: lead.payload_json }, { signal }));
  };
}

/** The outbox handler of the configured lead webhook (none without LEAD_WEBHOOK_URL). */
export function leadWebhookHandlers({ db, config }: { db: Db; config: Config }): DeliveryHandlers {
  const target = leadWebhookTarget(config);
  return target ? { lead_webhook: createLeadWebhookHandler(db, target) } : {};
}
