import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import type { ChannelKind, MessageChannel } from './message-channel';

/**
 * Development outbox: with no SMTP or SMS provider configured, messages are kept in the `dev_outbox`
 * table instead of being sent, so people trying the demo and the end-to-end tests can read the code
 * (`GET /api/dev/outbox`, never served in production). The log says only that a message was kept.
 */

export interface OutboxLogger {
  info(obj: Record<string, unknown>, msg: string): void;
}

export interface OutboxEntry {
  channel: ChannelKind;
  destination: string;
  text: string;
  created_at: string;
}

export function createDevOutboxChannel(db: Db, kind: ChannelKind, log?: OutboxLogger, now: () => Date = () => new Date()): MessageChannel {
  return {
    kind,
    isOutbox: true,
    async send(message) {
      const id = randomUUID();
      // The subject and the attachments' names are folded into the text: the outbox shows what the person
      // would read (the text part; the HTML part says the same).
      const files = message.attachments?.map((a) => a.filename) ?? [];
      const text = [message.subject, message.text, files.length > 0 ? `Allegati: ${files.join(', ')}` : undefined]
        .filter((part): part is string => part !== undefined && part !== '').join('\n\n');
      await db.insertInto('dev_outbox').values({ id, channel: kind, destination: message.to, text, created_at: now().toISOString() }).execute();
      log?.info({ channel: kind, outbox_id: id }, 'message kept in the development outbox (no channel configured)');
    },
  };
}

export const OUTBOX_LIST_LIMIT = 50;

/** Newest first; `to` filters on the exact destination (an email or an E.164 number). */
export async function listOutbox(db: Db, options: { to?: string | undefined; limit?: number } = {}): Promise<OutboxEntry[]> {
  let query = db.selectFrom('dev_outbox').select(['channel', 'destination', 'text', 'created_at']);
  if (options.to) query = query.where('destination', '=', options.to);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit ?? OUTBOX_LIST_LIMIT).execute();
}
