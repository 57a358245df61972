import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Webhook signatures (docs/side-flows.md): `X-Lead-Signature: sha256=<hex>` where the HMAC-SHA256 key is
 * the shared secret and the message is `<id>.<unix seconds>.<raw body>`. Binding the id and the
 * timestamp lets a receiver refuse replays (old timestamp) and ids swapped between bodies.
 */

export const SIGNATURE_HEADER = 'x-lead-signature';
export const ID_HEADER = 'x-lead-id';
export const TIMESTAMP_HEADER = 'x-lead-timestamp';
/** When the lead was made (ISO-8601): delivery metadata travels in headers, the body is the lead itself. */
export const CREATED_AT_HEADER = 'x-lead-created-at';

export function signWebhook(secret: string, id: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${id}.${timestamp}.${rawBody}`).digest('hex')}`;
}

export interface VerifyOptions {
  /** Refuse timestamps further than this from `now` (seconds); default 300. */
  toleranceSeconds?: number;
  now?: Date;
}

/** What a receiver does (the tests use it as the receiver would): true only for an exact, fresh signature. */
export function verifyWebhookSignature(
  secret: string,
  headers: { id: string | undefined; timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  { toleranceSeconds = 300, now = new Date() }: VerifyOptions = {},
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, id, Number(timestamp), rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
