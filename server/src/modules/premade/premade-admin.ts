import type { Selectable } from 'kysely';
import type { Orders } from '../../db/types';
import { EDITABLE_STATUSES } from '../orders';
import type { Conn } from '../orders';
import { normalisePremadeCode } from './premade-order';

/*
 * Staff's view of the pre-made orders: list them, give a code more days, or end it now. A code's state
 * follows from the order: open while the order is editable and not expired; used once signed; closed
 * when cancelled or withdrawn.
 */

const isEditable = (status: string): boolean => (EDITABLE_STATUSES as readonly string[]).includes(status);

export type PremadeState = 'open' | 'expired' | 'used' | 'closed';
export type PremadeRow = Selectable<Orders> & { premade_code: string };

export const premadeState = (row: Pick<Selectable<Orders>, 'status' | 'expires_at'>, now: Date): PremadeState => {
  if (row.status === 'signed') return 'used';
  if (!isEditable(row.status)) return 'closed';
  return row.expires_at !== null && row.expires_at <= now.toISOString() ? 'expired' : 'open';
};

export interface PremadeListFilter { state?: PremadeState; q?: string; now: Date }

const filtered = (db: Conn, f: PremadeListFilter) => {
  const nowIso = f.now.toISOString();
  let q = db.selectFrom('orders').where('premade_code', 'is not', null);
  const editable = [...EDITABLE_STATUSES];
  if (f.state === 'open') q = q.where('status', 'in', editable).where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]));
  if (f.state === 'expired') q = q.where('status', 'in', editable).where('expires_at', '<=', nowIso);
  if (f.state === 'used') q = q.where('status', '=', 'signed');
  if (f.state === 'closed') q = q.where('status', 'not in', [...editable, 'signed']);
  if (f.q) {
    const code = normalisePremadeCode(f.q);
    const number = f.q.trim().toUpperCase();
    q = q.where((eb) => eb.or([eb('premade_code', '=', code ?? ''), eb('order_number', '=', number)]));
  }
  return q;
};

export async function listPremadeOrders(db: Conn, f: PremadeListFilter, offset: number, limit: number): Promise<{ rows: PremadeRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows as PremadeRow[], total: Number(count?.n ?? 0) };
}

export async function findPremadeById(db: Conn, id: string): Promise<PremadeRow | null> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).where('premade_code', 'is not', null).executeTakeFirst();
  return (row as PremadeRow | undefined) ?? null;
}

export type PremadeChange = { ok: true; row: PremadeRow } | { ok: false; reason: 'missing' | 'not_editable' | 'not_open'; row: PremadeRow | null };

/**
 * Gives the code `days` more days from its expiry, or from now when it already expired. Only while the
 * order is editable (a signed or cancelled order stays as it is); compare-and-set on the expiry read.
 */
export async function extendPremadeOrder(db: Conn, id: string, days: number, now: Date): Promise<PremadeChange> {
  const row = await findPremadeById(db, id);
  if (!row) return { ok: false, reason: 'missing', row: null };
  if (!isEditable(row.status)) return { ok: false, reason: 'not_editable', row };
  const from = row.expires_at !== null && row.expires_at > now.toISOString() ? new Date(row.expires_at) : now;
  const expiresAt = new Date(from.getTime() + days * 86_400_000).toISOString();
  return setExpiry(db, row, expiresAt, now);
}

/** Ends an open code now: the customer's link answers as for any unknown code. */
export async function expirePremadeOrder(db: Conn, id: string, now: Date): Promise<PremadeChange> {
  const row = await findPremadeById(db, id);
  if (!row) return { ok: false, reason: 'missing', row: null };
  if (premadeState(row, now) !== 'open') return { ok: false, reason: 'not_open', row };
  return setExpiry(db, row, now.toISOString(), now);
}

async function setExpiry(db: Conn, row: PremadeRow, expiresAt: string, now: Date): Promise<PremadeChange> {
  let q = db.updateTable('orders').set({ expires_at: expiresAt, updated_at: now.toISOString() })
    .where('id', '=', row.id).where('status', 'in', [...EDITABLE_STATUSES]);
  q = row.expires_at === null ? q.where('expires_at', 'is', null) : q.where('expires_at', '=', row.expires_at);
  const r = await q.executeTakeFirst();
  const current = await findPremadeById(db, row.id);
  if (Number(r.numUpdatedRows) !== 1 || !current) return { ok: false, reason: 'not_editable', row: current };
  return { ok: true, row: current };
}
