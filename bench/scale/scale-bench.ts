import type { CompiledQuery } from 'kysely';
import type { Db } from '../../server/src/db';
import { mulberry32 } from '../../server/src/modules/coverage/demo-generator';
import { addressSearchQuery, nextStreetKeyQuery, streetCivicsQuery } from '../../server/src/modules/coverage/repository';
import { searchAddresses } from '../../server/src/modules/coverage/service';
import { civicNumberRanges, parseAddressQuery } from '../../server/src/modules/coverage/street-search';
import type { BenchRow } from '../lib/report';
import { percentile, round, sortNumbers } from '../lib/stats';
import { loadCoverage } from './load-coverage';
import type { SampleAddress } from './load-coverage';
import { postgresScaleDb, sqliteScaleDb } from './scale-db';
import type { ScaleDb } from './scale-db';

/*
 * Address search at 10k, 100k and 1M addresses (DESIGN §5: at most 2× slower from 10k to 1M: an index,
 * never a scan). The service function the endpoint calls, without HTTP, one query at a time.
 */

export const GROWTH_BUDGET = 2;
const QUERIES = 2_000;
const WARMUP = 200;

export interface ScaleOptions { sizes: number[]; postgresUrl: string | undefined; log: (line: string) => void }

export interface AddressQueryInput { address: string; id_comune: string }

/** What a visitor types for a sampled address: the street with or without its type word, then a civic prefix. */
export function queriesFor(sample: readonly SampleAddress[], count: number, seed = 11): AddressQueryInput[] {
  const rng = mulberry32(seed);
  const out: AddressQueryInput[] = [];
  for (let i = 0; i < count; i++) {
    const a = sample[Math.floor(rng() * sample.length)] as SampleAddress;
    const digits = String(a.number_num);
    const civic = digits.slice(0, 1 + Math.floor(rng() * digits.length));
    const street = rng() < 0.5 ? `${a.street_type} ${a.street_name}` : a.street_name;
    out.push({ address: `${street} ${civic}`.toLowerCase(), id_comune: a.id_comune });
  }
  return out;
}

interface SizeFigures { size: number; loadSeconds: number; services: number; medianMs: number; p99Ms: number; meanHits: number; plan: string }

/**
 * The plans of one typical search, kept in the results so "an index, never a scan" can be checked: the
 * statements the service runs for it (on SQLite with a civic number, the first street's key and that
 * street's civics; otherwise the one range statement).
 */
async function explain(db: Db, dialect: ScaleDb['dialect'], q: AddressQueryInput): Promise<string> {
  const parsed = parseAddressQuery(q.address);
  const search = { id_comune: q.id_comune, column: parsed.typed_type ? 'street_search' : 'street_name_search', prefix: parsed.street } as const;
  const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const plan = async (compiled: CompiledQuery): Promise<string> => {
    const res = await db.executeQuery<Record<string, unknown>>({ ...compiled, sql: prefix + compiled.sql });
    return res.rows.map((r) => String(r.detail ?? r['QUERY PLAN'] ?? JSON.stringify(r))).join(' | ');
  };
  if (dialect !== 'sqlite' || parsed.number === null) {
    return plan(addressSearchQuery(db, { ...search, number: parsed.number, limit: 20 }).compile());
  }
  const first = nextStreetKeyQuery(db, { ...search, after: null });
  const row = (await first.execute())[0] as { street_search: string; street_name_search?: string } | undefined;
  const plans = [`street key: ${await plan(first.compile())}`];
  if (row) {
    const key = { name: row.street_name_search ?? null, street: row.street_search };
    const civics = streetCivicsQuery(db, { id_comune: q.id_comune, key, number: parsed.number, ranges: civicNumberRanges(parsed.number), limit: 20 });
    plans.push(`civics: ${await plan(civics.compile())}`);
  }
  return plans.join(' || ');
}

async function measureSize(make: () => Promise<ScaleDb>, size: number, log: ScaleOptions['log']): Promise<SizeFigures> {
  const scaleDb = await make();
  try {
    const db = scaleDb.handle.db;
    log(`scale: ${scaleDb.dialect} ${size.toLocaleString('en')} addresses: loading…`);
    const loaded = await loadCoverage(db, size, 1_000);
    log(`  loaded ${loaded.addresses.toLocaleString('en')} addresses + ${loaded.services.toLocaleString('en')} services in ${loaded.seconds.toFixed(1)} s`);
    const queries = queriesFor(loaded.sample, WARMUP + QUERIES);
    const times: number[] = [];
    let hits = 0;
    for (const [i, q] of queries.entries()) {
      const t0 = performance.now();
      const rows = await searchAddresses(db, q);
      const dt = performance.now() - t0;
      if (i >= WARMUP) { times.push(dt); hits += rows.length; }
    }
    const sorted = sortNumbers(times);
    const plan = await explain(db, scaleDb.dialect, queries[0] as AddressQueryInput);
    const figures = {
      size, loadSeconds: round(loaded.seconds, 1), services: loaded.services,
      medianMs: round(percentile(sorted, 50), 3), p99Ms: round(percentile(sorted, 99), 3), meanHits: round(hits / QUERIES, 1), plan,
    };
    log(`  search: median ${figures.medianMs} ms, p99 ${figures.p99Ms} ms, ${figures.meanHits} hits per query`);
    return figures;
  } finally {
    await scaleDb.destroy();
  }
}

const label = (n: number): string => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1_000}k`);

export async function runScaleBench(opts: ScaleOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dialects: Array<{ name: ScaleDb['dialect']; make: () => Promise<ScaleDb> }> = [{ name: 'sqlite', make: sqliteScaleDb }];
  const pgUrl = opts.postgresUrl;
  if (pgUrl) dialects.push({ name: 'postgres', make: () => postgresScaleDb(pgUrl) });
  else opts.log('scale: PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');

  for (const d of dialects) {
    const figures: SizeFigures[] = [];
    for (const size of opts.sizes) {
      const f = await measureSize(d.make, size, opts.log);
      figures.push(f);
      rows.push({
        part: 'scale', name: `${d.name} ${label(size)} addresses`, target: '—',
        measured: `median ${f.medianMs} ms, p99 ${f.p99Ms} ms (load ${f.loadSeconds} s)`, met: null, data: { ...f },
      });
    }
    const first = figures[0];
    const last = figures[figures.length - 1];
    if (first && last && last !== first) {
      const growth = last.medianMs / first.medianMs;
      const p99Growth = last.p99Ms / first.p99Ms;
      rows.push({
        part: 'scale', name: `${d.name} growth ${label(first.size)} → ${label(last.size)}`, target: `median ≤ ${GROWTH_BUDGET}×`,
        measured: `${round(growth)}× median, ${round(p99Growth)}× p99`,
        met: growth <= GROWTH_BUDGET,
        ...(last.size < 1_000_000 ? { note: `stopped at ${label(last.size)} (--quick)` } : {}),
        data: { growth: round(growth, 3), p99Growth: round(p99Growth, 3) },
      });
    }
  }
  return rows;
}

