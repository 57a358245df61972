import type { Config } from '../../config';
import { ConfigError, messagingProblems } from '../../config';
import type { Db } from '../../db';
import { createDevOutboxChannel } from './dev-outbox';
import type { OutboxLogger } from './dev-outbox';
import type { ChannelKind, MessageChannel } from './message-channel';
import { createSmsHttpChannel } from './sms-http-channel';
import { createSmtpChannel } from './smtp-channel';

export type MessagingConfig = Pick<Config, 'nodeEnv' | 'smtpUrl' | 'smtpFrom' | 'smsApiUrl' | 'smsApiToken' | 'brandName'>;

export interface MessageChannels {
  /** null: this kind has no channel (production with only the other one configured). */
  email: MessageChannel | null;
  sms: MessageChannel | null;
  close: () => void;
}

/** The production refusal of config.ts for no real channel, for a configuration built without `loadConfig`. */
export function assertMessagingConfigured(config: MessagingConfig): void {
  const problems = messagingProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
}

/**
 * The channel of each kind: the configured provider, else (outside production) the development outbox.
 * Production never falls back to the outbox: a code kept in a table would reach nobody.
 */
export function createMessageChannels(config: MessagingConfig, db: Db, log?: OutboxLogger): MessageChannels {
  const fallback = (kind: ChannelKind): MessageChannel | null =>
    config.nodeEnv === 'production' ? null : createDevOutboxChannel(db, kind, log);
  const smtp = config.smtpUrl ? createSmtpChannel({ url: config.smtpUrl, from: config.smtpFrom }) : null;
  const sms = config.smsApiUrl && config.smsApiToken
    ? createSmsHttpChannel({ url: config.smsApiUrl, token: config.smsApiToken, sender: config.brandName.slice(0, 11) })
    : null;
  return {
    email: smtp ?? fallback('email'),
    sms: sms ?? fallback('sms'),
    close: () => smtp?.close(),
  };
}
