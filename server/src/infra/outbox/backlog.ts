import type { Db } from '../../db';

/** Deliveries of one target still pending, and when the oldest of them was written. */
export interface OutboxBacklog {
  target: string;
  pending: number;
  /** ISO time of the oldest pending delivery. */
  oldestCreatedAt: string;
}

/** What the outbox still has to deliver, per target (the metrics read it at each scrape). */
export async function outboxBacklog(db: Db): Promise<OutboxBacklog[]> {
  const rows = await db.selectFrom('outbox_deliveries')
    .select(['target', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending').groupBy('target').execute();
  return rows.map((r) => ({ target: r.target, pending: Number(r.n), oldestCreatedAt: String(r.oldest) }));
}
