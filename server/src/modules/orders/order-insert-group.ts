import type { Db } from '../../db';
import { insertOrdersUnlessNumberTaken } from './repository';
import type { NewOrderRow } from './repository';

/*
 * New orders are written in groups: the orders/new requests that reach the insert in the same turn of the
 * event loop share one multi-row INSERT, so one commit. On SQLite each commit writes every page it changed
 * to the WAL, and the orders table's ~20 indexes make ~16 pages for a single order, mostly the same tail
 * pages for every order (created_at, status, the empty search columns): shared, they are written once per
 * group. On PostgreSQL the group is one round trip: the client's work per statement (pg's protocol, the
 * pool) was a quarter of the request's CPU. Durability is unchanged: each request answers only after the
 * commit holding its order returned (docs/decisions.md).
 */

interface Pending {
  row: NewOrderRow;
  fields: Record<string, unknown>;
  resolve: (inserted: boolean) => void;
  reject: (err: unknown) => void;
}

/** Rows per INSERT: few statement shapes to keep prepared, far below SQLite's bound-parameter limit. */
const MAX_GROUP = 64;

/** Per database: the orders waiting for the next group, and whether a group is being written. */
interface Groups { queue: Pending[]; scheduled: boolean; writing: boolean }
const groupsByDb = new WeakMap<Db, Groups>();

async function insertGroup(db: Db, group: Pending[]): Promise<void> {
  try {
    const inserted = await insertOrdersUnlessNumberTaken(db, group);
    for (const p of group) p.resolve(inserted.has(p.row.hash));
  } catch (err) {
    if (group.length === 1) { group[0]!.reject(err); return; }
    // One bad row must not fail the others: each is tried alone, and only its own request sees its error.
    await Promise.all(group.map((p) => insertGroup(db, [p])));
  }
}

/**
 * One group at a time per database: the orders that come while a group is being written wait for it and go
 * out together in the next (on PostgreSQL a group is a round trip away; SQLite writes a group before the next
 * turn, so there nothing waits). After the poll phase: every request whose body arrived in this turn has
 * queued its order by then.
 */
function schedule(db: Db, groups: Groups): void {
  if (groups.scheduled || groups.writing || groups.queue.length === 0) return;
  groups.scheduled = true;
  setImmediate(() => {
    groups.scheduled = false;
    void flush(db, groups);
  });
}

async function flush(db: Db, groups: Groups): Promise<void> {
  const queue = groups.queue;
  groups.queue = [];
  groups.writing = true;
  try {
    for (let i = 0; i < queue.length; i += MAX_GROUP) await insertGroup(db, queue.slice(i, i + MAX_GROUP));
  } finally {
    groups.writing = false;
    schedule(db, groups);
  }
}

/**
 * Inserts the order unless its number is taken (false: draw another number), together with the other
 * orders created in the same turn of the event loop, or while the previous group was being written.
 */
export function insertNewOrder(db: Db, row: NewOrderRow, fields: Record<string, unknown>): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let groups = groupsByDb.get(db);
    if (!groups) groupsByDb.set(db, (groups = { queue: [], scheduled: false, writing: false }));
    groups.queue.push({ row, fields, resolve, reject });
    schedule(db, groups);
  });
}
