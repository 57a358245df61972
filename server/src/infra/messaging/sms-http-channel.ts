import type { MessageChannel } from './message-channel';
import { MessageDeliveryError } from './message-channel';

export interface SmsHttpChannelOptions {
  /** The provider's send endpoint: `POST { to, text }` with `Authorization: Bearer <token>`. */
  url: string;
  token: string;
  timeoutMs?: number;
  /** The sender name some providers show (omitted when empty). */
  sender?: string;
}

/**
 * SMS through a provider's HTTP API. The shape (`{ to, text }`, bearer token, any 2xx = accepted) is the
 * common denominator of Italian SMS gateways; a provider with another shape gets a small adapter here.
 */
export function createSmsHttpChannel(options: SmsHttpChannelOptions): MessageChannel {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    kind: 'sms',
    isOutbox: false,
    async send(message, sendOptions) {
      let response: Response;
      const timeoutSignal = AbortSignal.timeout(timeoutMs);
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${options.token}` },
          body: JSON.stringify({ to: message.to, text: message.text, ...(options.sender ? { sender: options.sender } : {}) }),
          signal: sendOptions?.signal ? AbortSignal.any([timeoutSignal, sendOptions.signal]) : timeoutSignal,
        });
      } catch (err) {
        const timedOut = timeoutSignal.aborted;
        const stopped = sendOptions?.signal?.aborted === true;
        throw new MessageDeliveryError(
          timedOut ? `SMS: nessuna risposta dal provider entro ${timeoutMs} ms` : stopped ? 'SMS: invio annullato (il server si sta fermando)' : 'SMS: provider non raggiungibile',
          { cause: err },
        );
      }
      // Drain the body either way so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) {
        // 400 and 422 refuse this message (a number the gateway does not serve, a text it will not send). Any other
        // answer is temporary or ours to fix (401/403: the token, 404: the URL, 429: come back later): tried again.
        const permanent = response.status === 400 || response.status === 422;
        throw new MessageDeliveryError(`SMS: il provider ha risposto ${response.status}`, { permanent, statusCode: response.status });
      }
    },
  };
}
