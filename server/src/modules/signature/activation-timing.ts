import type { ActivationTiming, CustomerType } from '@checkout/contract';
import { findEvidence } from './repository';
import type { Conn } from './repository';

/*
 * When a signed order's service may start: the signature and the consumer's express request to start
 * within the 14 days, both read from the signature's evidence (the acceptances bound to the code), never
 * from the browser's word afterwards.
 */

/** The acceptances recorded with a code, as name and ISO time. */
export const parseAcceptances = (json: string | null): Array<[string, string]> => {
  const value: unknown = json ? JSON.parse(json) : {};
  return typeof value === 'object' && value !== null
    ? Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string')
    : [];
};

export const EARLY_ACTIVATION_ACCEPTANCE = 'early_activation_requested';

type EvidenceFacts = { signed_at: string; acceptances_json: string | null };

/** The timing an order's evidence records; an order without evidence (not signed) has none to wait for. */
const timingFrom = (customerType: CustomerType, evidence: EvidenceFacts | undefined): ActivationTiming => ({
  customerType,
  signedAt: evidence ? new Date(evidence.signed_at) : null,
  earlyActivationRequested: !!evidence && parseAcceptances(evidence.acceptances_json).some(([name]) => name === EARLY_ACTIVATION_ACCEPTANCE),
});

/** The order's activation timing. */
export async function activationTimingOf(db: Conn, order: { id: string; customer_type: CustomerType }): Promise<ActivationTiming> {
  return timingFrom(order.customer_type, await findEvidence(db, order.id));
}

/** The timings of several orders in one read (the review queue's page). */
export async function activationTimingsOf(db: Conn, orders: ReadonlyArray<{ id: string; customer_type: CustomerType }>): Promise<Map<string, ActivationTiming>> {
  if (orders.length === 0) return new Map();
  const rows = await db.selectFrom('signature_evidence').select(['order_id', 'signed_at', 'acceptances_json'])
    .where('order_id', 'in', orders.map((o) => o.id)).execute();
  const byOrder = new Map(rows.map((r) => [r.order_id, r]));
  return new Map(orders.map((o) => [o.id, timingFrom(o.customer_type, byOrder.get(o.id))]));
}
