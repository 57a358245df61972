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
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject ?? '', text: message.text });
      } catch (err) {
        throw new MessageDeliveryError(`SMTP: invio non riuscito (${err instanceof Error ? err.message : String(err)})`, { cause: err });
      }
    },
    close: () => transport.close(),
  };
}
