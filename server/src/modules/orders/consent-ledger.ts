import { createHash, randomUUID } from 'node:crypto';
import { CONSENT_NAMES, CONSENT_TEXTS, CONSENT_TEXT_VERSION } from '@checkout/contract';
import type { ConsentName } from '@checkout/contract';
import type { Conn } from './repository';

/*
 * The consent ledger: a row for each consent the first time it is answered and each time the answer
 * changes, with the text's version and SHA-256. Rows are only inserted (repository.test.ts style checks
 * keep UPDATE and DELETE of `consent_events` out of the code base).
 */

const textSha256 = (name: ConsentName): string => createHash('sha256').update(CONSENT_TEXTS[name]).digest('hex');

export interface ConsentState {
  consent: ConsentName;
  granted: boolean;
  text_version: string;
  text_sha256: string;
  recorded_at: string;
}

/** Every row of the order's ledger, oldest first: the history an evidence bundle carries. */
export const consentHistory = (db: Conn, orderId: string) =>
  db.selectFrom('consent_events').select(['consent', 'granted', 'text_version', 'text_sha256', 'channel', 'recorded_at'])
    .where('order_id', '=', orderId).orderBy('recorded_at').orderBy('id').execute();

/** Each consent's latest answer, in the order of CONSENT_NAMES (a consent never answered is left out). */
export async function currentConsents(db: Conn, orderId: string): Promise<ConsentState[]> {
  const rows = await db.selectFrom('consent_events').selectAll().where('order_id', '=', orderId)
    .orderBy('recorded_at').orderBy('id').execute();
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) latest.set(row.consent, row);
  return CONSENT_NAMES.flatMap((consent) => {
    const row = latest.get(consent);
    return row ? [{ consent, granted: row.granted === 1, text_version: row.text_version, text_sha256: row.text_sha256, recorded_at: row.recorded_at }] : [];
  });
}

/** Records the consents `values` answers (booleans only) whose answer differs from the ledger's latest, in one insert. */
export async function recordConsents(trx: Conn, orderId: string, values: Record<string, unknown>, at: string, channel = 'checkout'): Promise<void> {
  const current = new Map((await currentConsents(trx, orderId)).map((c) => [c.consent, c.granted]));
  const rows = CONSENT_NAMES.flatMap((consent) => {
    const value = values[consent];
    if (typeof value !== 'boolean' || current.get(consent) === value) return [];
    return [{
      id: randomUUID(), order_id: orderId, consent, granted: value ? 1 : 0,
      text_version: CONSENT_TEXT_VERSION, text_sha256: textSha256(consent), channel, recorded_at: at,
    }];
  });
  if (rows.length > 0) await trx.insertInto('consent_events').values(rows).execute();
}
