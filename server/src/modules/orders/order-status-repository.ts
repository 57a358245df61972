import type { ConsoleOrderStatus, CustomerType, WorkflowStatus } from '@checkout/contract';
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

/**
 * Moves the workflow status from `from` to `to` only if it still is `from` (compare and set: of two callers
 * moving the same order, one wins and the other finds 0 rows). `status` also sets the checkout's status
 * (cancelled, withdrawn).
 */
export async function moveWorkflow(
  db: Conn, orderId: string, from: WorkflowStatus, to: WorkflowStatus, at: string, status?: 'cancelled' | 'withdrawn',
): Promise<boolean> {
  const moved = await db.updateTable('orders')
    .set({ workflow_status: to, updated_at: at, ...(status ? { status } : {}) })
    .where('id', '=', orderId).where('workflow_status', '=', from).executeTakeFirst();
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
