import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { OrderTimeline } from '../../db/types';
import type { Conn } from './repository';

/*
 * The order's timeline (table `order_timeline`): status moves with who, when and why, internal notes,
 * document decisions. The console writes most entries; the documents module writes the one below, in its
 * upload transaction, so the order and its history move together.
 */

export type TimelineEntryInput = Omit<Insertable<OrderTimeline>, 'id'>;

export async function appendTimeline(db: Conn, entry: TimelineEntryInput): Promise<string> {
  const id = randomUUID();
  await db.insertInto('order_timeline').values({ id, ...entry }).execute();
  return id;
}

/**
 * A new identity document while the order waits for one (`documents_to_redo`): the order goes back to
 * `in_review` (contract WORKFLOW_TRANSITIONS) and the timeline says the customer did it. Any other status
 * is left as it is. Call inside the upload's transaction, after the order's row lock.
 */
export async function resumeReviewAfterUpload(trx: Conn, orderId: string, now: Date): Promise<boolean> {
  const moved = await trx.updateTable('orders').set({ workflow_status: 'in_review' })
    .where('id', '=', orderId).where('workflow_status', '=', 'documents_to_redo').executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return false;
  await appendTimeline(trx, {
    order_id: orderId, kind: 'status', at: now.toISOString(), operator_id: null, operator_name: null,
    from_status: 'documents_to_redo', to_status: 'in_review', text: 'Il cliente ha caricato un nuovo documento d’identità',
  });
  return true;
}
