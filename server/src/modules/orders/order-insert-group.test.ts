import { afterAll, beforeAll, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { InsertQueryNode } from 'kysely';
import type { DbHandle } from '../../db';
import { describeEachDialect } from '../../../test/support/dialects';
import { seedTestCoverage, TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import { insertNewOrder } from './order-insert-group';
import { insertOrdersUnlessNumberTaken } from './repository';
import { createOrder } from './order-write';
import type { OrderRef } from './order-write';

const NOW = new Date('2026-03-01T10:00:00Z');
const BODY = { offer_id: 101, id_egon_civico: TEST_ADDRESS_ID, customer_type: 'privato' as const, is_brand_customer: false };

/** Counts the INSERT statements sent through it. */
class InsertCounter implements KyselyPlugin {
  inserts = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (InsertQueryNode.is(node)) this.inserts++;
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> { return result; }
}

/** Counts the INSERT statements, and holds the answer of the first one until `release` (a slow round trip). */
class HeldFirstInsert extends InsertCounter {
  release!: () => void;
  private readonly held = new Promise<void>((resolve) => { this.release = resolve; });
  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.inserts === 1) await this.held;
    return args.result;
  }
}

const nextTurn = (): Promise<void> => new Promise((resolve) => { setImmediate(resolve); });

const row = (hash: string, orderNumber: string) => ({
  id: `id-${hash}`, hash, status: 'draft', offer_id: 101, customer_type: 'privato' as const, is_brand_customer: 0, referer_code: null,
  fields_json: '{}', step_data_json: '{}', created_at: NOW.toISOString(), updated_at: NOW.toISOString(), premade_code: null,
  monthly_cents: 0, one_off_cents: 0, order_number: orderNumber,
});

describeEachDialect('orders/new: the insert', (dialect) => {
  let handle: DbHandle;
  beforeAll(async () => { handle = await dialect.createDb(); await seedTestCoverage(handle.db); });
  afterAll(async () => handle.destroy());

  it('writes the orders created together in one statement, and draws again a number taken within the group', async () => {
    const counter = new InsertCounter();
    const db = handle.db.withPlugin(counter);
    // Two requests draw the same number: one gets it, the other draws again.
    const draws = ['FV-2026-DDDDDD', 'FV-2026-DDDDDD', 'FV-2026-EEEEEE', 'FV-2026-FFFFFF', 'FV-2026-GGGGGG'];
    const drawNumber = (): string => draws.shift() ?? 'FV-2026-HHHHHH';
    const refs = await Promise.all([1, 2, 3, 4].map(() => createOrder(db, BODY, { now: NOW, drawNumber }))) as OrderRef[];
    expect(refs.map((r) => r.order_number).sort()).toEqual(['FV-2026-DDDDDD', 'FV-2026-EEEEEE', 'FV-2026-FFFFFF', 'FV-2026-GGGGGG']);
    const stored = await handle.db.selectFrom('orders').select(['hash', 'order_number']).where('order_number', 'in', refs.map((r) => r.order_number)).execute();
    expect(new Map(stored.map((s) => [s.hash, s.order_number]))).toEqual(new Map(refs.map((r) => [r.hash, r.order_number])));
    // The four in one statement, then the one whose number was taken. On PostgreSQL each request first reads
    // its address's coverage over the network, and the four answers come back in turns of their own: the
    // rows then queue apart (the grouping itself is shown on rows below); the redraw holds all the same.
    if (dialect.name === 'sqlite') expect(counter.inserts).toBe(2);
    else expect(counter.inserts).toBeLessThanOrEqual(5);
  });

  // The grouping itself, on rows: orders/new first reads the address's coverage (a round trip on PostgreSQL)
  // before it queues its row, which would make "three later turns" a race with the database here.
  it('holds the orders created while a group is being written, and writes them together when it returns', async () => {
    const held = new HeldFirstInsert();
    const db = handle.db.withPlugin(held);
    const first = insertNewOrder(db, row('held-hash-first-0000001', 'FV-2026-SSSSS1'), {});
    await nextTurn();
    await nextTurn();
    expect(held.inserts).toBe(1);
    // Three orders in three later turns, while the first group's answer has not come back.
    const later: Array<Promise<boolean>> = [];
    for (let i = 0; i < 3; i++) {
      later.push(insertNewOrder(db, row(`held-hash-later-000000${i}`, `FV-2026-SSSSL${i}`), {}));
      await nextTurn();
    }
    expect(held.inserts).toBe(1);
    held.release();
    expect(await Promise.all([first, ...later])).toEqual([true, true, true, true]);
    expect(held.inserts).toBe(2);
    const stored = await handle.db.selectFrom('orders').select('hash').where('hash', 'like', 'held-hash-%').execute();
    expect(stored).toHaveLength(4);
  });

  it('fails only the request whose row is refused, not the others of its group', async () => {
    await insertNewOrder(handle.db, row('hash-taken-already-00001', 'FV-2026-JJJJJJ'), {});
    const results = await Promise.allSettled([
      insertNewOrder(handle.db, row('hash-fresh-000000000001', 'FV-2026-KKKKKK'), {}),
      // The same hash again: refused by the hash's unique index, which no number clash explains.
      insertNewOrder(handle.db, { ...row('hash-taken-already-00001', 'FV-2026-MMMMMM'), id: 'another-id' }, {}),
      insertNewOrder(handle.db, row('hash-fresh-000000000002', 'FV-2026-NNNNNN'), {}),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([true, true]);
    const numbers = await handle.db.selectFrom('orders').select('order_number').where('hash', 'like', 'hash-%').orderBy('order_number').execute();
    expect(numbers.map((n) => n.order_number)).toEqual(['FV-2026-JJJJJJ', 'FV-2026-KKKKKK', 'FV-2026-NNNNNN']);
  });

  it('writes through the prepared statement exactly the row the query builder writes, search columns included', async () => {
    // handle.db has the driver handle (prepared statement); a transaction has not (the query builder).
    const fields = { first_name: 'Niccolò', last_name: "D'Amico", email: 'N.DAmico@Example.it', mobile_phone_number: '+39 333 123 4567', cf: 'dmcncc80a01h501x', technology: 'FTTH', promo: 'estate', address: 'Via Roma', number: '1', iban: 'IT60X0542811101000000123456' };
    const prepared = { ...row('hash-prepared-0000000001', 'FV-2026-PPPPPP'), referer_code: 'AMICO1', premade_code: 'PRE1', fields_json: JSON.stringify(fields), monthly_cents: 2690, one_off_cents: 3990 };
    const built = { ...prepared, id: 'id-built', hash: 'hash-built-000000000001', order_number: 'FV-2026-QQQQQQ', premade_code: 'PRE2' };
    await Promise.all([insertNewOrder(handle.db, prepared, fields), insertNewOrder(handle.db, { ...prepared, id: 'id-prepared-2', hash: 'hash-prepared-0000000002', order_number: 'FV-2026-RRRRRR', premade_code: null }, {})]);
    await handle.db.transaction().execute((trx) => insertOrdersUnlessNumberTaken(trx, [{ row: built, fields }]));
    const stored = await handle.db.selectFrom('orders').selectAll().where('hash', 'in', [prepared.hash, built.hash]).orderBy('hash').execute();
    expect(stored).toHaveLength(2);
    // The premade code is unique: each row has its own.
    const [viaBuilder, viaPrepared] = stored.map(({ id: _i, hash: _h, order_number: _n, premade_code: _p, ...rest }) => rest);
    expect(viaPrepared).toEqual(viaBuilder);
    expect(stored.map((r) => r.premade_code)).toEqual(['PRE2', 'PRE1']);
    expect(viaPrepared).toMatchObject({ referer_code: 'AMICO1', search_name: 'niccolo damico', search_phone: '3331234567', promo: 'ESTATE',
      search_street: 'roma 1', search_iban_rev: '6543210000001011182450X06TI',
    });
  });
});
