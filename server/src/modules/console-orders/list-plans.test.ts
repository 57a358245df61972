import { orderListQuerySchema } from '@checkout/contract';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { SelectQueryNode, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dialectOf } from '../../db';
import type { Db, DbHandle } from '../../db';
import { describeEachDialect } from '../../../test/support/dialects';
import { listPremadeOrders } from '../premade';
import { selectOrderPage } from './repository';
import { searchTermOf } from './search-term';

/*
 * The columns a new order leaves null have partial indexes (WHERE column IS NOT NULL, migrations
 * 0028-orders-partial-indexes and 0034-orders-search-people): each filter and search of the lists must still be answered by its index.
 * PostgreSQL is asked with sequential scans priced out (its tables here are empty, where a scan is
 * cheapest): a plan that still scans `orders` means no index can answer.
 */

/** Keeps every SELECT the code under test runs, to explain it afterwards. */
class SelectRecorder implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (SelectQueryNode.is(node)) this.nodes.push(node);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> { return result; }
}

async function plansOf(db: Db, run: (db: Db) => Promise<unknown>): Promise<string[]> {
  const recorder = new SelectRecorder();
  await run(db.withPlugin(recorder));
  const postgres = dialectOf(db) === 'postgres';
  return db.transaction().execute(async (trx) => {
    if (postgres) await sql`set local enable_seqscan = off`.execute(trx);
    const plans: string[] = [];
    for (const node of recorder.nodes) {
      const compiled = trx.getExecutor().compileQuery(node, { queryId: 'explain' });
      const res = await trx.executeQuery<Record<string, unknown>>({ ...compiled, sql: `${postgres ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${compiled.sql}` });
      plans.push(res.rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join(' | '));
    }
    return plans;
  });
}

const list = (params: Record<string, string>) => (db: Db) => {
  const { sort: _s, dir: _d, page: _p, page_size: _ps, q, ...rest } = orderListQuerySchema.parse(params);
  return selectOrderPage(db, orderListQuerySchema.parse(params), { ...rest, term: q ? searchTermOf(q) : null });
};

const CASES: ReadonlyArray<[what: string, run: (db: Db) => Promise<unknown>, indexes: string[]]> = [
  ['back-office status', list({ status: 'in_review' }), ['orders_workflow_created_idx']],
  ['documents to review', list({ documents_to_review: '1' }), ['orders_workflow_created_idx']],
  ['technology', list({ technology: 'ftth' }), ['orders_technology_created_idx']],
  ['promo', list({ promo: 'estate' }), ['orders_promo_created_idx']],
  ['email', list({ q: 'mario.rossi@' }), ['orders_search_email_idx']],
  ['fiscal code', list({ q: 'RSSMRA80A01H501U' }), ['orders_search_fiscal_code_idx']],
  ['phone', list({ q: '333 123' }), ['orders_search_phone_idx']],
  ['tax code or phone or IBAN digits', list({ q: '12345678901' }), ['orders_search_fiscal_code_idx', 'orders_search_phone_idx', 'orders_search_iban_rev_idx']],
  ['phone or IBAN digits', list({ q: '3456' }), ['orders_search_phone_idx', 'orders_search_iban_rev_idx']],
  ['IBAN', list({ q: 'IT60X0542811101000000123456' }), ['orders_search_iban_rev_idx']],
  ['name or street', list({ q: 'mario ross' }), ['orders_search_name_idx', 'orders_search_name_rev_idx', 'orders_search_street_idx']],
  ['name with an apostrophe', list({ q: "D'Angelo" }), ['orders_search_name_idx', 'orders_search_name_rev_idx', 'orders_search_street_idx']],
  ['street with its type', list({ q: 'via roma 1' }), ['orders_search_street_idx']],
  ['name or email or pre-made code', list({ q: 'rossi' }), ['orders_search_name_idx', 'orders_search_name_rev_idx', 'orders_search_email_idx']],
  ['pre-made list', (db) => listPremadeOrders(db, { now: new Date() }, 0, 25), ['orders_premade_created_idx']],
];

describeEachDialect('console lists: the partial indexes still answer', (dialect) => {
  let handle: DbHandle;
  beforeAll(async () => { handle = await dialect.createDb(); });
  afterAll(async () => handle.destroy());

  it.each(CASES)('%s', async (_what, run, indexes) => {
    const plans = await plansOf(handle.db, run);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(plan).not.toMatch(/SCAN orders(?! USING)|Seq Scan on orders/);
    // The total may be counted on another index (the pre-made list's, on premade_code's unique one).
    for (const index of indexes) expect(plans.join(' || ')).toContain(index);
  });
});
