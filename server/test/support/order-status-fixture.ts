import type { OrderStatus } from '@checkout/contract';
import type { Db } from '../../src/db';

/**
 * Puts an order straight into `status`, as the product's moves would leave its row, without the moves'
 * history, audit or events: a fixture for tests of what an order in that status accepts or refuses. The
 * moves themselves are tested through the one status function (orders/order-status.test.ts).
 */
export async function forceOrderStatus(db: Db, orderId: string, status: OrderStatus, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  const workflow = status === 'signed' || status === 'withdrawn' || status === 'cancelled' ? { workflow_status: status } : {};
  await db.updateTable('orders').set({ status, updated_at: at, ...workflow, ...(status === 'signed' ? { signed_at: at } : {}) })
    .where('id', '=', orderId).execute();
}
