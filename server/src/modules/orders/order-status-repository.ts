import type { ConsoleOrderStatus, CustomerType } from '@checkout/contract';
import type { Conn } from './repository';

/*
 * The rows a status move reads and writes: the order's status, the review claim a move out of review ends,
 * and the appointment slots still offered when the order ends.
 */

/** The order's status as the console shows it (the workflow's after the signature), its number and customer type. */
export async function selectWorkflowState(db: Conn, orderId: string): Promise<{ status: ConsoleOrderStatus; order_number: string; customer_type: CustomerType } | undefined> {
  const row = await db.selectFrom('orders').select(['status', 'workflow_status', 'order_number', 'customer_type']).where('id', '=', orderId).executeTakeFirst();
  return row ? { status: (row.workflow_status ?? row.status) as ConsoleOrderStatus, order_number: row.order_number, customer_type: row.customer_type as CustomerType } : undefined;
}

const CHECKOUT: readonly ConsoleOrderStatus[] = ['draft', 'in_progress', 'ready_to_sign'];

/**
 * Moves the order from `from` to `to` only if it still is `from` (compare and set: of two callers moving
 * the same order, one wins and the other finds 0 rows). The status lives in two columns: `status`, the
 * checkout's (the public API's `status`), and `workflow_status`, the back office's from the signature on.
 * This is the one place that knows how a move lands in them: the checkout's moves write `status`; the
 * signature writes both and the signature's time; a later move writes `workflow_status`, and `status`
 * too when it ends the contract (cancelled, withdrawn).
 */
export async function moveStatus(db: Conn, orderId: string, from: ConsoleOrderStatus, to: ConsoleOrderStatus, at: string): Promise<boolean> {
  const update = db.updateTable('orders').where('id', '=', orderId);
  const moved = CHECKOUT.includes(from)
    ? await update
      .set(to === 'signed' ? { status: 'signed', workflow_status: 'signed', signed_at: at, updated_at: at } : { status: to, updated_at: at })
      .where('status', '=', from).where('workflow_status', 'is', null).executeTakeFirst()
    : await update
      .set({ workflow_status: to, updated_at: at, ...(to === 'cancelled' || to === 'withdrawn' ? { status: to } : {}) })
      .where('workflow_status', '=', from).executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Ends the document review's claim on the order. */
export async function releaseClaim(db: Conn, orderId: string): Promise<void> {
  await db.deleteFrom('review_claims').where('order_id', '=', orderId).execute();
}

/** An order that ends (active, cancelled, withdrawn) no longer offers appointment slots; a booked one stays on record. */
export async function withdrawOfferedSlots(db: Conn, orderId: string, at: string): Promise<void> {
  await db.updateTable('appointment_slots').set({ status: 'withdrawn', updated_at: at })
    .where('order_id', '=', orderId).where('status', '=', 'offered').execute();
}
