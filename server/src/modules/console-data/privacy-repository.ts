import { sql } from 'kysely';
import type { Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db';

/*
 * A customer's rows, found by codice fiscale or email. Orders keep the customer's data in the merged
 * `fields_json`: a LIKE narrows the rows (a scan: a privacy request is rare and admin-only), and the
 * service keeps only those whose fields hold the value exactly.
 */

export type Conn = Db | Transaction<Database>;
export type OrderRow = Selectable<Database['orders']>;

/** `%value%` with LIKE's own characters taken literally (escape `\`). */
const containing = (value: string): string => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Candidate orders whose fields contain `value` (the caller checks the fields). */
export const ordersContaining = (db: Conn, value: string, limit: number): Promise<OrderRow[]> =>
  db.selectFrom('orders').selectAll()
    .where(sql<boolean>`fields_json like ${containing(value)} escape '\\'`)
    .orderBy('created_at', 'desc').limit(limit).execute();

export const leadsContaining = (db: Conn, email: string, limit: number) =>
  db.selectFrom('leads').selectAll()
    .where(sql<boolean>`lower(payload_json) like ${containing(email.toLowerCase())} escape '\\'`)
    .orderBy('created_at', 'desc').limit(limit).execute();

export const mobileOrdersOfHolder = (db: Conn, cf: string, limit: number) =>
  db.selectFrom('mobile_orders').selectAll()
    .where((eb) => eb.or([
      eb('holder_cf', '=', cf),
      eb('id', 'in', eb.selectFrom('mobile_mnp_corrections').select('mobile_order_id').where('holder_cf', '=', cf)),
    ]))
    .orderBy('created_at', 'desc').limit(limit).execute();

export const mnpCorrectionsOf = (db: Conn, mobileOrderIds: string[]) =>
  mobileOrderIds.length === 0 ? Promise.resolve([]) :
    db.selectFrom('mobile_mnp_corrections').selectAll().where('mobile_order_id', 'in', mobileOrderIds).orderBy('created_at').execute();

export const findOrder = (db: Conn, id: string): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

/** Whether the order holds evidence of a signature, a withdrawal or a consent change (kept whatever its status). */
export async function hasEvidence(db: Conn, orderId: string): Promise<boolean> {
  const [a, b, c] = await Promise.all([
    db.selectFrom('signature_evidence').select('id').where('order_id', '=', orderId).limit(1).executeTakeFirst(),
    db.selectFrom('withdrawals').select('id').where('order_id', '=', orderId).limit(1).executeTakeFirst(),
    db.selectFrom('consent_changes').select('id').where('order_id', '=', orderId).limit(1).executeTakeFirst(),
  ]);
  return a !== undefined || b !== undefined || c !== undefined;
}

export async function countDocuments(db: Conn, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('medias').select(['order_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('order_id', 'in', orderIds).groupBy('order_id').execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.n)]));
}

/** Every row of one order that belongs in the customer's export. Secrets (code hashes) stay out. */
export async function orderExportRows(db: Conn, orderId: string) {
  const [steps, medias, contracts, consents, otps, evidence, withdrawals, consentChanges, unlocks, numberChanges, timeline] = await Promise.all([
    db.selectFrom('order_steps').select(['step_name', 'payload_json', 'submitted_at']).where('order_id', '=', orderId).orderBy('submitted_at').execute(),
    db.selectFrom('medias').select(['id', 'kind', 'filename', 'mime', 'size', 'stored_name', 'created_at']).where('order_id', '=', orderId).orderBy('created_at').execute(),
    db.selectFrom('contract_documents').select(['id', 'kind', 'path', 'content_hash', 'created_at']).where('order_id', '=', orderId).orderBy('id').execute(),
    db.selectFrom('consent_events').selectAll().where('order_id', '=', orderId).orderBy('recorded_at').execute(),
    db.selectFrom('signature_otps').select(['id', 'channel', 'masked_destination', 'acceptances_json', 'ip', 'created_at', 'expires_at', 'used_at', 'invalidated_at']).where('order_id', '=', orderId).orderBy('created_at').execute(),
    db.selectFrom('signature_evidence').selectAll().where('order_id', '=', orderId).execute(),
    db.selectFrom('withdrawals').select(['id', 'channel', 'masked_destination', 'ip', 'user_agent', 'created_at', 'confirmed_at']).where('order_id', '=', orderId).orderBy('created_at').execute(),
    db.selectFrom('consent_changes').select(['id', 'channel', 'masked_destination', 'ip', 'user_agent', 'created_at', 'confirmed_at']).where('order_id', '=', orderId).orderBy('created_at').execute(),
    db.selectFrom('premade_unlocks').select(['id', 'channel', 'masked_destination', 'ip', 'user_agent', 'created_at', 'confirmed_at']).where('order_id', '=', orderId).orderBy('created_at').execute(),
    db.selectFrom('mobile_number_changes').select(['id', 'channel', 'masked_destination', 'mobile_phone_number', 'ip', 'user_agent', 'created_at', 'confirmed_at']).where('order_id', '=', orderId).orderBy('created_at').execute(),
    // The console's timeline: status changes, document decisions and operators' notes about the order.
    db.selectFrom('order_timeline').select(['kind', 'at', 'operator_name', 'from_status', 'to_status', 'text']).where('order_id', '=', orderId).orderBy('at').execute(),
  ]);
  return { steps, medias, contracts, consents, otps, evidence, withdrawals, consentChanges, unlocks, numberChanges, timeline };
}
