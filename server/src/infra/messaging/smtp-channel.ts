import { createTransport } from 'nodemailer';
import type { MessageChannel } from './message-channel';
import { MessageDeliveryError } from './message-channel';

export interface SmtpChannelOptions {
  /** `smtp://user:pass@host:587` or `smtps://…` (nodemailer's connection URL). */
  url: string;
  /** The From header, e.g. `Fibra Viva <no-reply@fibraviva.it>`. */
  from: string;
  /** Connection, greeting and socket timeouts in milliseconds. */
  timeoutMs?: number;
}

/** What nodemailer puts on its errors (smtp-connection's `_formatError`). */
interface SmtpFailure { code?: unknown; command?: unknown; responseCode?: unknown }

/**
 * A refusal is permanent when the server answered 5xx to the recipient (RCPT TO: no such mailbox) or to the
 * message itself (DATA: too large, refused content): that message would be refused again. A 5xx elsewhere
 * (AUTH, MAIL FROM) is our configuration, which an operator fixes, and every 4xx is temporary (greylisting,
 * full mailbox): those are tried again, like a server that is down or slow.
 */
export function smtpFailure(err: unknown): MessageDeliveryError {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpFailure;
  const code = typeof e.code === 'string' ? e.code : 'errore';
  const command = typeof e.command === 'string' ? e.command : null;
  const reply = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const permanent = reply !== undefined && reply >= 500 && reply < 600 && (command === 'RCPT TO' || command === 'DATA');
  // Built from codes only: the server's own words may repeat the recipient's address.
  const detail = [code, command, reply].filter((v) => v !== null && v !== undefined).join(' ');
  return new MessageDeliveryError(`SMTP: invio non riuscito (${detail})`, { cause: err, permanent, ...(reply === undefined ? {} : { statusCode: reply }) });
}

/** Email through any SMTP server (nodemailer). */
export function createSmtpChannel(options: SmtpChannelOptions): MessageChannel & { close: () => void } {
  const timeout = options.timeoutMs ?? 10_000;
  const url = new URL(options.url);
  for (const [key, value] of [['connectionTimeout', timeout], ['greetingTimeout', timeout], ['socketTimeout', timeout]] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  const transport = createTransport(url.toString());
  return {
    kind: 'email',
    isOutbox: false,
    async send(message, sendOptions) {
      // nodemailer cannot abort a conversation under way (its timeouts bound it); one not yet started is not started.
      if (sendOptions?.signal?.aborted) throw new MessageDeliveryError('SMTP: invio annullato (il server si sta fermando)');
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.attachments && message.attachments.length > 0
            ? { attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) }
            : {}),
        });
      } catch (err) {
        throw smtpFailure(err);
      }
    },
    close: () => transport.close(),
  };
}
