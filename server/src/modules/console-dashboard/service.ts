import {
  addCounts, CODE_PURPOSE_LABELS, DASHBOARD_COUNT_KEYS, DASHBOARD_COUNT_LABELS, DASHBOARD_GRANULARITY_LABELS, dashboardRange, emptyCounts,
  formatRate, REVIEW_AGE_BUCKETS, REVIEW_AGE_LABELS, reviewAgeBucket, seriesOf, withdrawalRate,
} from '@checkout/contract';
import type { Dashboard, DashboardCounts, DashboardQuery } from '@checkout/contract';
import type { Db } from '../../db';
import { csvLine } from '../../infra/csv';
import { loadCatalog } from '../catalog';
import { OTP_MAX_ATTEMPTS } from '../signature';
import { countCodes, countOrders, waitingReviews } from './repository';
import type { GroupRow } from './repository';

export interface DashboardDeps { db: Db; now: () => Date }

const DAY_MS = 86_400_000;
export const NO_PROMO_LABEL = 'Nessuna promo';
export const NO_ORIGIN_LABEL = 'Nessuna provenienza (sito)';

type Group = Dashboard['by_offer'][number];

/** Rows of one breakdown: each value's counts, the most orders first (then by key, so equal counts keep one order). */
function groupBy(rows: readonly GroupRow[], keyOf: (r: GroupRow) => string, labelOf: (key: string) => string): Group[] {
  const groups = new Map<string, DashboardCounts>();
  for (const r of rows) {
    const key = keyOf(r);
    addCounts(groups.get(key) ?? groups.set(key, emptyCounts()).get(key)!, r.counts);
  }
  return [...groups].map(([key, counts]) => ({ key, label: labelOf(key), ...counts }))
    .sort((a, b) => b.created - a.created || a.key.localeCompare(b.key));
}

/** The dashboard for the query's period and filters: every number counted from the records. */
export async function readDashboard({ db, now }: DashboardDeps, query: DashboardQuery): Promise<Dashboard> {
  const at = now();
  const { from, to } = dashboardRange(query, at.toISOString().slice(0, 10));
  const filters = { offerId: query.offer_id, promo: query.promo, provenienza: query.provenienza };
  const scope = { ...filters, start: `${from}T00:00:00.000Z`, end: new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString() };
  const [rows, waiting, codes] = await Promise.all([
    countOrders(db, scope), waitingReviews(db, filters), countCodes(db, scope, OTP_MAX_ATTEMPTS),
  ]);
  const offers = loadCatalog().offers.map((o) => ({ id: o.id, name: o.name }));
  const offerName = new Map(offers.map((o) => [String(o.id), o.name]));
  const totals = rows.reduce((sum, r) => addCounts(sum, r.counts), emptyCounts());
  const ages = new Map(REVIEW_AGE_BUCKETS.map((b) => [b, 0]));
  for (const uploadedAt of waiting) {
    const bucket = reviewAgeBucket(at.getTime() - Date.parse(uploadedAt));
    ages.set(bucket, ages.get(bucket)! + 1);
  }
  return {
    from, to, granularity: query.granularity, generated_at: at.toISOString(), totals,
    series: seriesOf(rows, from, to, query.granularity),
    by_offer: groupBy(rows, (r) => String(r.offer_id), (k) => offerName.get(k) ?? `Offerta ${k}`),
    by_promo: groupBy(rows, (r) => r.promo ?? '', (k) => k || NO_PROMO_LABEL),
    by_origin: groupBy(rows, (r) => r.provenienza ?? '', (k) => k || NO_ORIGIN_LABEL),
    review: {
      waiting: waiting.length,
      oldest_at: waiting.reduce<string | null>((oldest, t) => (oldest === null || t < oldest ? t : oldest), null),
      ages: REVIEW_AGE_BUCKETS.map((bucket) => ({ bucket, count: ages.get(bucket)! })),
    },
    codes,
    offers,
  };
}

/**
 * The same numbers as CSV (infra/csv.ts): the funnel's counts for the whole period, each period, offer,
 * promo code and origin, with the withdrawal rate; then the review backlog; then the codes.
 */
export function dashboardCsvLines(d: Dashboard): string[] {
  const counts = (c: DashboardCounts) => [...DASHBOARD_COUNT_KEYS.map((k) => c[k]), formatRate(withdrawalRate(c))];
  const period = DASHBOARD_GRANULARITY_LABELS[d.granularity].toLowerCase();
  return [
    csvLine(['Cruscotto', `dal ${d.from} al ${d.to} (giorni UTC)`, `calcolato il ${d.generated_at}`]),
    csvLine(['sezione', 'chiave', 'etichetta', ...DASHBOARD_COUNT_KEYS.map((k) => DASHBOARD_COUNT_LABELS[k]), 'Tasso di recesso']),
    csvLine(['totale', '', 'Periodo intero', ...counts(d.totals)]),
    ...d.series.map((s) => csvLine([period, s.period, s.period, ...counts(s)])),
    ...d.by_offer.map((g) => csvLine(['offerta', g.key, g.label, ...counts(g)])),
    ...d.by_promo.map((g) => csvLine(['promo', g.key, g.label, ...counts(g)])),
    ...d.by_origin.map((g) => csvLine(['provenienza', g.key, g.label, ...counts(g)])),
    csvLine([]),
    csvLine(['sezione', 'chiave', 'etichetta', 'Ordini in attesa di verifica']),
    csvLine(['verifica', 'totale', `In attesa ora (il più vecchio dal ${d.review.oldest_at ?? '—'})`, d.review.waiting]),
    ...d.review.ages.map((a) => csvLine(['verifica', a.bucket, REVIEW_AGE_LABELS[a.bucket], a.count])),
    csvLine([]),
    csvLine(['sezione', 'chiave', 'etichetta', 'Inviati', 'Confermati', 'Bloccati (troppi tentativi)', 'Tentativi errati']),
    ...d.codes.map((c) => csvLine(['codici', c.purpose, CODE_PURPOSE_LABELS[c.purpose], c.sent, c.confirmed, c.locked, c.wrong_attempts])),
  ];
}
