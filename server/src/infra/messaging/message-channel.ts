/** One way of reaching a person: an email (SMTP), an SMS (provider API) or the development outbox. */

export type ChannelKind = 'email' | 'sms';

export interface OutgoingMessage {
  /** An email address or an E.164 phone number (`+393331234567`). */
  to: string;
  /** Email only. */
  subject?: string;
  text: string;
}

export interface MessageChannel {
  readonly kind: ChannelKind;
  /** True for the development outbox: nothing leaves the server. */
  readonly isOutbox: boolean;
  /** Resolves once the provider accepted the message; rejects with `MessageDeliveryError` otherwise. */
  send(message: OutgoingMessage): Promise<void>;
}

/** The provider refused or did not answer. The message is safe to show in logs: no recipient, no text. */
export class MessageDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MessageDeliveryError';
  }
}
