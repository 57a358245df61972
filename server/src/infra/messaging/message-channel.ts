/** One way of reaching a person: an email (SMTP), an SMS (provider API) or the development outbox. */

export type ChannelKind = 'email' | 'sms';

/** A file sent with an email (the signed contract, a calendar entry). */
export interface OutgoingAttachment {
  filename: string;
  content: Buffer;
  /** `application/pdf`, `text/calendar; method=PUBLISH; charset=utf-8`… */
  contentType: string;
}

export interface OutgoingMessage {
  /** An email address or an E.164 phone number (`+393331234567`). */
  to: string;
  /** Email only. */
  subject?: string;
  /** The whole message as plain text (an email's text part; an SMS). */
  text: string;
  /** Email only: the HTML part, saying what `text` says. */
  html?: string;
  /** Email only. */
  attachments?: OutgoingAttachment[];
}

export interface SendOptions {
  /** Aborts a send still waiting for the provider (the server is stopping). */
  signal?: AbortSignal;
}

export interface MessageChannel {
  readonly kind: ChannelKind;
  /** True for the development outbox: nothing leaves the server. */
  readonly isOutbox: boolean;
  /** Resolves once the provider accepted the message; rejects with `MessageDeliveryError` otherwise. */
  send(message: OutgoingMessage, options?: SendOptions): Promise<void>;
}

/**
 * The provider refused or did not answer. The message is safe to show in logs: no recipient, no text.
 * `permanent`: the provider refused this message for good (an SMTP 5xx for the recipient or the content,
 * an SMS gateway's 4xx): sending it again would be refused again. Otherwise a later try may succeed.
 */
export class MessageDeliveryError extends Error {
  readonly permanent: boolean;
  /** The provider's answer code (SMTP reply code, HTTP status), when there was one. */
  readonly statusCode: number | undefined;

  constructor(message: string, options?: { cause?: unknown; permanent?: boolean; statusCode?: number }) {
    super(message, options);
    this.name = 'MessageDeliveryError';
    this.permanent = options?.permanent ?? false;
    this.statusCode = options?.statusCode;
  }
}
