import { Webhook } from 'standardwebhooks';
import type { WebhookEnvelope } from '@checkout/contract';
import type { DeliveryHandler, DeliveryOutcome } from '../../infra/outbox';
import { deliveredData } from './delivered-data';
import type { FileLinks } from './file-links';

/*
 * The provider's webhook: one POST per event, signed as Standard Webhooks specifies
 * (https://www.standardwebhooks.com/): `webhook-id` is the event's id (the same on every retry: the
 * receiver de-duplicates on it), `webhook-timestamp` this attempt's time, `webhook-signature`
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. The body is the envelope `{type, timestamp, data}`.
 */

export interface WebhookHandlerOptions {
  url: string;
  /** `whsec_<base64>` (config refuses any other form). */
  secret: string;
  timeoutMs: number;
  /** Links to the order's files, added to `order.signed` and `order.document_uploaded`; null: none. */
  links: FileLinks | null;
  /** The app's clock: the file links run from it (the signature's timestamp is always the real time of sending). */
  now?: () => Date;
}

/** The receiver's own words, a little of them, for the operator. */
const BODY_EXCERPT = 200;

/** What an answer means: 2xx delivered; 408, 429, 5xx try again; a redirect or another 4xx will not get better by itself. */
export function outcomeOfStatus(status: number, body: string, location: string | null): DeliveryOutcome {
  if (status >= 200 && status <= 299) return { kind: 'delivered', statusCode: status };
  const said = body.trim() ? `: ${body.trim().slice(0, BODY_EXCERPT)}` : '';
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', error: `HTTP ${status}${said}`, statusCode: status };
  if (status >= 300 && status <= 399) {
    return { kind: 'flag', error: `HTTP ${status}: reindirizzamento${location ? ` verso ${location.slice(0, 300)}` : ''} non seguito (correggere WEBHOOK_URL)`, statusCode: status };
  }
  return { kind: 'flag', error: `HTTP ${status}${said}`, statusCode: status };
}

/** The start of the answer's body (never all of it: a receiver could answer gigabytes), its connection freed. */
async function excerptOf(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < 4096) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // The status tells enough.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createWebhookHandler(o: WebhookHandlerOptions): DeliveryHandler {
  const signer = new Webhook(o.secret);
  const now = o.now ?? (() => new Date());
  return async (delivery, stop) => {
    const envelope: WebhookEnvelope = { type: delivery.event.type, timestamp: delivery.event.createdAt, data: deliveredData(delivery.event, o.links, now()) };
    // The receiver compares the timestamp with its own clock (5 minutes' tolerance): the real time of this request.
    const sentAt = new Date();
    const body = JSON.stringify(envelope);
    const timeout = AbortSignal.timeout(o.timeoutMs);
    const signal = AbortSignal.any([stop, timeout]);
    let response: Response;
    try {
      response = await fetch(o.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': delivery.event.id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signer.sign(delivery.event.id, sentAt, body),
        },
        body,
        signal,
        // A redirect would send the signed event where nobody configured it to go.
        redirect: 'manual',
      });
    } catch (err) {
      if (stop.aborted) return { kind: 'retry', error: 'interrotto (arresto del server)' };
      if (timeout.aborted) return { kind: 'retry', error: `nessuna risposta entro ${o.timeoutMs} ms` };
      const cause = err instanceof Error ? ((err.cause as { code?: string } | undefined)?.code ?? err.message) : String(err);
      return { kind: 'retry', error: `non raggiungibile (${cause})` };
    }
    return outcomeOfStatus(response.status, await excerptOf(response), response.headers.get('location'));
  };
}
