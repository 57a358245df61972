import type { Insertable } from 'kysely';
import type { OrderTimeline } from '../../db/types';
import type { Conn } from './repository';

/*
 * The order's timeline (table `order_timeline`): status moves with who, when and why (order-status.ts writes
 * those), internal notes, document decisions.
 */

export type TimelineEntryInput = Omit<Insertable<OrderTimeline>, 'id'>;

/** Appends an entry; its id (increasing: entries of the same instant keep their order). */
export async function appendTimeline(db: Conn, entry: TimelineEntryInput): Promise<number> {
  const inserted = await db.insertInto('order_timeline').values(entry).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}
