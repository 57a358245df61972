import { randomUUID } from 'node:crypto';
import type { OrderListQuery } from '@checkout/contract';
import { orderListQuerySchema } from '@checkout/contract';
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../server/src/db';
import type { Medias, Orders } from '../../server/src/db/types';
import { listStatements, selectOrderPage, selectReviewQueue } from '../../server/src/modules/console-orders/repository';
import type { OrderFilters } from '../../server/src/modules/console-orders/repository';
import { searchTermOf } from '../../server/src/modules/console-orders/search-term';
import { mulberry32 } from '../../server/src/modules/coverage/demo-generator';
import { orderSearchColumns } from '../../server/src/modules/orders';
import type { BenchRow } from '../lib/report';
import { percentile, round, sortNumbers } from '../lib/stats';
import { postgresScaleDb, sqliteScaleDb } from '../scale/scale-db';
import type { ScaleDb } from '../scale/scale-db';

/*
 * The operator console's order list at 100,000 orders: a filtered search (a name prefix, a surname such
 * as D'Angelo typed with the keyboard's apostrophe, a codice fiscale, an email, a phone number, an order
 * number, a street, an IBAN's last digits, with and without a status or customer type filter), one page of 25 and its total, through the list's own repository function. The plan of each
 * kind of search is kept in the results: an index, never a scan of the orders.
 */

const QUERIES = 1_000;
const WARMUP = 100;
const BATCH = 500;

const FIRST = ['Mario', 'Luca', 'Giulia', 'Francesca', 'Marco', 'Anna', 'Paolo', 'Sara', 'Giuseppe', 'Elena', 'Andrea', 'Chiara', 'Davide',
  'Laura', 'Matteo', 'Valentina', 'Stefano', 'Martina', 'Alessandro', 'Federica', 'Niccolò', 'Simone', 'Silvia', 'Roberto', 'Alessia',
  'Fabio', 'Elisa', 'Antonio', 'Ilaria', 'Lorenzo'];
const LAST = ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti',
  'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi',
  'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone', 'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola',
  'De Santis', "D'Angelo", 'Marchetti', 'Parisi', 'Villa', 'Conte', 'Ferraro', 'Ferri', 'Fabbri', 'Bianco', 'Marini', 'Grasso', 'Valentini'];
const STATUSES: Array<[string, string | null, number]> = [
  ['draft', null, 0.15], ['in_progress', null, 0.15], ['ready_to_sign', null, 0.05], ['signed', 'signed', 0.15], ['signed', 'in_review', 0.1],
  ['signed', 'documents_to_redo', 0.05], ['signed', 'verified', 0.1], ['signed', 'activating', 0.05], ['signed', 'active', 0.15],
  ['cancelled', 'cancelled', 0.03], ['withdrawn', 'withdrawn', 0.02],
];
const STREETS = ['Via Roma', 'Via Garibaldi', 'Corso Vittorio Emanuele II', 'Piazza Duomo', 'Viale Europa', "Via Sant'Antonio", 'Via Dante',
  'Largo Aldo Moro', 'Via dei Mille', 'Via Nazionale', 'Viale della Libertà', 'Via XX Settembre', 'Piazza Garibaldi', 'Via Mazzini'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

interface Sample { name: string; cf: string; email: string; phone: string; orderNumber: string; street: string; iban: string }

async function seedOrders(db: Db, count: number, log: (l: string) => void): Promise<{ seconds: number; sample: Sample[] }> {
  const rng = mulberry32(15);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
  const chars = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rng() * alphabet.length)]).join('');
  const start = Date.parse('2025-01-01T00:00:00Z');
  const span = Date.parse('2026-11-01T00:00:00Z') - start;
  const sample: Sample[] = [];
  const t0 = performance.now();
  for (let done = 0; done < count; done += BATCH) {
    const orders: Insertable<Orders>[] = [];
    const medias: Insertable<Medias>[] = [];
    for (let i = done; i < Math.min(count, done + BATCH); i++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const cf = `${chars(LETTERS, 6)}${String(Math.floor(rng() * 100)).padStart(2, '0')}${pick([...LETTERS])}${String(Math.floor(rng() * 100)).padStart(2, '0')}${chars(LETTERS, 1)}${String(Math.floor(rng() * 1000)).padStart(3, '0')}${chars(LETTERS, 1)}`;
      const email = `${first}.${last}.${i}@example.it`.toLowerCase().replace(/[^a-z0-9.@]/g, '');
      const phone = `+39 3${String(Math.floor(rng() * 1e9)).padStart(9, '0')}`;
      const business = rng() < 0.15;
      const street = pick(STREETS);
      const civic = String(1 + Math.floor(rng() * 200));
      const iban = `IT${String(Math.floor(rng() * 100)).padStart(2, '0')}X05428${String(Math.floor(rng() * 1e5)).padStart(5, '0')}${String(Math.floor(rng() * 1e12)).padStart(12, '0')}`;
      const fields = {
        first_name: first, last_name: last, email, mobile_phone_number: phone, cf: business ? '' : cf, address: street, number: civic, iban,
        ...(business ? { ragione_sociale: `${last} ${pick(['S.r.l.', 'S.p.A.', 'S.n.c.'])}`, company_tax_code: String(Math.floor(rng() * 1e11)).padStart(11, '0') } : {}),
        technology: pick(['FTTH', 'FTTH', 'FTTC', 'FWA']), promo: rng() < 0.2 ? pick(['ESTATE', 'WELCOME', 'AMICO']) : '',
      };
      let r = rng();
      const [status, workflow] = (STATUSES.find(([, , share]) => (r -= share) < 0) ?? STATUSES[0]!).slice(0, 2) as [string, string | null];
      const created = new Date(start + Math.floor((i / count) * span)).toISOString();
      const orderNumber = `FV-${created.slice(0, 4)}-${chars(ALNUM, 6)}${i.toString(36).toUpperCase()}`;
      const id = randomUUID();
      orders.push({
        id, hash: randomUUID().replaceAll('-', '').slice(0, 24), status, workflow_status: workflow, offer_id: pick([101, 102, 103, 104]),
        customer_type: business ? 'business' as const : 'privato' as const, is_brand_customer: 0, referer_code: null,
        fields_json: JSON.stringify(fields), step_data_json: '{}', created_at: created, updated_at: created,
        premade_code: rng() < 0.05 ? chars(ALNUM, 10) : null, monthly_cents: 2990, one_off_cents: 0, order_number: orderNumber,
        signed_at: workflow ? created : null, ...orderSearchColumns(fields),
      });
      if (workflow && rng() < 0.6) {
        medias.push({ id: randomUUID(), order_id: id, kind: 'identity_document', filename: 'documento.jpg', stored_name: `${randomUUID().replaceAll('-', '')}.jpg`, mime: 'image/jpeg', size: 1000, sha256: '0'.repeat(64), created_at: created });
      }
      if (i % Math.floor(count / 200) === 0) sample.push({ name: `${first} ${last}`, cf, email, phone, orderNumber, street: `${street} ${civic}`, iban });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('orders').values(orders).execute();
      if (medias.length > 0) await trx.insertInto('medias').values(medias).execute();
    });
    if ((done / BATCH) % 40 === 0) log(`  ${(done + BATCH).toLocaleString('en')} orders…`);
  }
  return { seconds: (performance.now() - t0) / 1000, sample: sample.filter((s) => s.cf !== '') };
}

interface Search { kind: string; query: OrderListQuery }

/** What an operator types and picks: mostly a search, half the time with a status or customer type filter. */
function searchesFor(sample: readonly Sample[], n: number): Search[] {
  const rng = mulberry32(21);
  const out: Search[] = [];
  for (let i = 0; i < n; i++) {
    const s = sample[Math.floor(rng() * sample.length)]!;
    const kind = ['name', 'surname', 'cf', 'email', 'phone', 'order_number', 'street', 'iban_digits'][i % 8]!;
    const q = kind === 'name' ? s.name.slice(0, 4 + Math.floor(rng() * (s.name.length - 4)))
      : kind === 'surname' ? s.name.split(' ').slice(1).join(' ')
        : kind === 'cf' ? s.cf : kind === 'email' ? s.email.slice(0, 8) : kind === 'phone' ? s.phone.slice(4, 12)
          : kind === 'street' ? s.street : kind === 'iban_digits' ? s.iban.slice(-6) : s.orderNumber;
    const filter = rng() < 0.25 ? { status: 'in_review' } : rng() < 0.33 ? { customer_type: 'privato' } : rng() < 0.5 ? { documents_to_review: '1' } : {};
    out.push({ kind, query: orderListQuerySchema.parse({ q, ...filter }) });
  }
  return out;
}

const filtersOf = (query: OrderListQuery): OrderFilters => {
  const { sort: _s, dir: _d, page: _p, page_size: _ps, q, ...rest } = query;
  return { ...rest, term: q ? searchTermOf(q) : null };
};

async function explain(db: Db, dialect: ScaleDb['dialect'], query: OrderListQuery): Promise<string> {
  const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  // The list runs two statements (the total, the page): both are explained.
  const { count, page } = listStatements(db, query, filtersOf(query));
  const plans: string[] = [];
  for (const compiled of [count.compile(), page.compile()]) {
    const res = await db.executeQuery<Record<string, unknown>>({ ...compiled, sql: prefix + compiled.sql });
    plans.push(res.rows.map((r) => String(r.detail ?? r['QUERY PLAN'] ?? JSON.stringify(r))).join(' | '));
  }
  return plans.join('  ||  ');
}

export interface ConsoleBenchOptions { size: number; postgresUrl: string | undefined; log: (line: string) => void }

async function measure(make: () => Promise<ScaleDb>, size: number, log: ConsoleBenchOptions['log']) {
  const scaleDb = await make();
  try {
    const db = scaleDb.handle.db;
    log(`console: ${scaleDb.dialect} ${size.toLocaleString('en')} orders: loading…`);
    const seeded = await seedOrders(db, size, log);
    log(`  loaded in ${seeded.seconds.toFixed(1)} s`);
    // PostgreSQL plans from statistics its autovacuum keeps in production: gathered here at once. SQLite is
    // measured as the app runs it, without ANALYZE (the list's plan must not depend on statistics there).
    if (scaleDb.dialect === 'postgres') await sql`analyze`.execute(db);
    const searches = searchesFor(seeded.sample, WARMUP + QUERIES);
    const times: number[] = [];
    const byKind = new Map<string, number[]>();
    let hits = 0;
    for (const [i, s] of searches.entries()) {
      const t0 = performance.now();
      const page = await selectOrderPage(db, s.query, filtersOf(s.query));
      const dt = performance.now() - t0;
      if (i >= WARMUP) {
        times.push(dt);
        hits += page.total;
        byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), dt]);
      }
    }
    const sorted = sortNumbers(times);
    const plans: Record<string, string> = {};
    for (const kind of ['name', 'surname', 'cf', 'email', 'phone', 'order_number', 'street', 'iban_digits']) {
      const s = searches.find((x) => x.kind === kind && Object.keys(filtersOf(x.query)).length > 1) ?? searches.find((x) => x.kind === kind)!;
      plans[`${kind} ${JSON.stringify({ ...s.query, sort: undefined, dir: undefined, page: undefined, page_size: undefined })}`] = await explain(db, scaleDb.dialect, s.query);
    }
    // Two more screens an operator opens all day: the list's first page without a filter, and the review queue.
    const timeOf = async (fn: () => Promise<unknown>, runs = 50) => {
      const t: number[] = [];
      for (let i = 0; i < runs + 5; i++) { const t0 = performance.now(); await fn(); if (i >= 5) t.push(performance.now() - t0); }
      const st = sortNumbers(t);
      return { p50: round(percentile(st, 50), 3), p99: round(percentile(st, 99), 3) };
    };
    const firstPage = orderListQuerySchema.parse({});
    const unfiltered = await timeOf(() => selectOrderPage(db, firstPage, filtersOf(firstPage)));
    const queue = await timeOf(() => selectReviewQueue(db, 200), 20);
    log(`  first page, no filter: p50 ${unfiltered.p50} ms, p99 ${unfiltered.p99} ms; review queue: p50 ${queue.p50} ms, p99 ${queue.p99} ms`);
    const kinds = Object.fromEntries([...byKind].map(([k, v]) => {
      const ks = sortNumbers(v);
      return [k, { p50: round(percentile(ks, 50), 3), p99: round(percentile(ks, 99), 3) }];
    }));
    const figures = {
      size, loadSeconds: round(seeded.seconds, 1), p50Ms: round(percentile(sorted, 50), 3), p99Ms: round(percentile(sorted, 99), 3),
      meanTotal: round(hits / QUERIES, 1), kinds, plans, unfiltered, queue,
    };
    log(`  filtered search: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.meanTotal} matches per search`);
    for (const [k, v] of Object.entries(kinds)) log(`    ${k}: p50 ${v.p50} ms, p99 ${v.p99} ms`);
    for (const [k, v] of Object.entries(plans)) log(`    plan ${k}: ${v}`);
    return figures;
  } finally {
    await scaleDb.destroy();
  }
}

/** A plan reads every order when it scans the table (SQLite `SCAN orders`, PostgreSQL `Seq Scan on orders`). */
export const scansOrders = (plan: string): boolean => /SCAN orders(?! USING)|Seq Scan on orders/.test(plan);

export async function runConsoleOrdersBench(opts: ConsoleBenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dialects: Array<{ name: ScaleDb['dialect']; make: () => Promise<ScaleDb> }> = [{ name: 'sqlite', make: sqliteScaleDb }];
  if (opts.postgresUrl) { const url = opts.postgresUrl; dialects.push({ name: 'postgres', make: () => postgresScaleDb(url) }); }
  else opts.log('console: PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  for (const d of dialects) {
    const f = await measure(d.make, opts.size, opts.log);
    const scans = Object.entries(f.plans).filter(([, plan]) => scansOrders(plan)).map(([k]) => k.split(' ')[0]);
    rows.push({
      part: 'console', name: `${d.name} order search, ${opts.size / 1000}k orders`, target: 'an index, not a scan',
      measured: `p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms`, met: scans.length === 0,
      ...(scans.length > 0 ? { note: `scans orders: ${scans.join(', ')}` } : {}),
      data: { ...f },
    });
    rows.push({
      part: 'console', name: `${d.name} first page and review queue, ${opts.size / 1000}k orders`, target: '—',
      measured: `list p50 ${f.unfiltered.p50} ms, p99 ${f.unfiltered.p99} ms; queue p50 ${f.queue.p50} ms, p99 ${f.queue.p99} ms`, met: null,
    });
  }
  return rows;
}
