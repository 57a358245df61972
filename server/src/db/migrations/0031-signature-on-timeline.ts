import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The signature is a move of the one status table (ready_to_sign → signed) and writes its own timeline
 * entry; the console and the tracking page no longer make one up from `signed_at`. Orders signed before
 * get that entry now, at their signature's time, with the words the move writes. One set-based statement.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO order_timeline (order_id, kind, at, operator_id, operator_name, from_status, to_status, text, customer_visible)
    SELECT o.id, 'status', o.signed_at, NULL, NULL, 'ready_to_sign', 'signed', 'Firmato online con il codice monouso.', 1
    FROM orders o
    WHERE o.signed_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM order_timeline t WHERE t.order_id = o.id AND t.kind = 'status' AND t.to_status = 'signed')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM order_timeline WHERE kind = 'status' AND from_status = 'ready_to_sign' AND to_status = 'signed'`.execute(db);
}
