import { CREATED_AT_HEADER, ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signWebhook } from './webhook-signature';

export interface WebhookTarget {
  url: string;
  secret: string;
  timeoutMs: number;
}

/** `status`: the receiver's HTTP status when it answered (absent when it did not: down, timeout, stopped). */
export type WebhookResult = { ok: true; status: number } | { ok: false; error: string; status?: number; aborted?: boolean };

/**
 * One signed POST. Delivered means: a 2xx answer AND a JSON body with `success: true` (SPEC §7: the
 * webhook succeeds when the response's success is true). Anything else is a failure, described in
 * `error` for the operator (the console's "Contatti", `list-leads`); the lead webhook's outbox handler
 * decides from `status` whether it is tried again.
 */
export async function postWebhook(
  target: WebhookTarget,
  message: { id: string; rawBody: string; createdAt?: string },
  options: { signal?: AbortSignal; now?: () => Date } = {},
): Promise<WebhookResult> {
  const timestamp = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const timeout = AbortSignal.timeout(target.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [ID_HEADER]: message.id,
        ...(message.createdAt ? { [CREATED_AT_HEADER]: message.createdAt } : {}),
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(target.secret, message.id, timestamp, message.rawBody),
      },
      body: message.rawBody,
      signal,
      redirect: 'manual',
    });
  } catch (err) {
    if (options.signal?.aborted) return { ok: false, error: 'interrotto (arresto del server)', aborted: true };
    if (timeout.aborted) return { ok: false, error: `nessuna risposta entro ${target.timeoutMs} ms` };
    const cause = err instanceof Error ? ((err.cause as { code?: string } | undefined)?.code ?? err.message) : String(err);
    return { ok: false, error: `non raggiungibile (${cause})` };
  }
  let text = '';
  try { text = await response.text(); } catch { /* the status still tells */ }
  const { status } = response;
  if (status < 200 || status > 299) return { ok: false, status, error: `HTTP ${status}` };
  let json: unknown;
  try { json = JSON.parse(text); } catch { return { ok: false, status, error: `HTTP ${status}, risposta non JSON` }; }
  if (typeof json !== 'object' || json === null || (json as { success?: unknown }).success !== true) {
    return { ok: false, status, error: `HTTP ${status}, success non è true` };
  }
  return { ok: true, status };
}
