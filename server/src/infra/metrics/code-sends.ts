import type { MessageChannels } from '../messaging/channels';
import type { MessageChannel } from '../messaging/message-channel';
import type { AppMetrics } from './registry';

/**
 * The channels a module sends one-time codes through, counting each send as sent or failed by channel.
 * Only code senders wrap their channels: the customer's notifications go through the outbox, counted there.
 */
export function countingCodeSends(channels: MessageChannels, metrics: Pick<AppMetrics, 'codesSent' | 'codesFailed'>): MessageChannels {
  const counted = (channel: MessageChannel | null): MessageChannel | null => channel && {
    kind: channel.kind,
    isOutbox: channel.isOutbox,
    async send(message, options) {
      try {
        await channel.send(message, options);
      } catch (err) {
        metrics.codesFailed.inc({ channel: channel.kind });
        throw err;
      }
      metrics.codesSent.inc({ channel: channel.kind });
    },
  };
  return { email: counted(channels.email), sms: counted(channels.sms), close: () => channels.close() };
}
