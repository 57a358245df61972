import {
  DASHBOARD_COUNT_KEYS, DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS, FUNNEL_STAGES,
} from './schemas-dashboard';
import type {
  DashboardCounts, DashboardGranularity, DashboardQuery, FunnelStage, ReviewAgeBucket,
} from './schemas-dashboard';

/*
 * The dashboard's arithmetic, pure: the period of a day, the zero-filled series, the rates and the drop-off
 * between stages. The server counts rows by day; everything derived is computed here, once, for the screen
 * and the CSV alike.
 */

const DAY_MS = 86_400_000;
const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const emptyCounts = (): DashboardCounts =>
  Object.fromEntries(DASHBOARD_COUNT_KEYS.map((k) => [k, 0])) as DashboardCounts;

export const addCounts = (into: DashboardCounts, more: DashboardCounts): DashboardCounts => {
  for (const k of DASHBOARD_COUNT_KEYS) into[k] += more[k];
  return into;
};

/** The period a day falls in: the day itself, or the Monday starting its ISO week. */
export const periodOf = (day: string, granularity: DashboardGranularity): string => {
  if (granularity === 'day') return day;
  const ms = dayMs(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return dayOf(ms - weekday * DAY_MS);
};

/** Every period from `from` to `to` (both days included), in order: a chart's axis without gaps. */
export const periodsBetween = (from: string, to: string, granularity: DashboardGranularity): string[] => {
  const out: string[] = [];
  const step = granularity === 'day' ? DAY_MS : 7 * DAY_MS;
  for (let ms = dayMs(periodOf(from, granularity)); ms <= dayMs(to); ms += step) out.push(dayOf(ms));
  return out;
};

/** Counts by day rolled up into the periods of the range, each period present (zeros where nothing happened). */
export const seriesOf = (
  byDay: ReadonlyArray<{ day: string; counts: DashboardCounts }>, from: string, to: string, granularity: DashboardGranularity,
): Array<DashboardCounts & { period: string }> => {
  const periods = new Map(periodsBetween(from, to, granularity).map((p) => [p, emptyCounts()]));
  for (const row of byDay) {
    const bucket = periods.get(periodOf(row.day, granularity));
    if (bucket) addCounts(bucket, row.counts);
  }
  return [...periods].map(([period, counts]) => ({ period, ...counts }));
};

/**
 * The range counted: the query's dates, or the last DASHBOARD_DEFAULT_DAYS days up to `today`. A start
 * alone runs to today, but never past DASHBOARD_MAX_DAYS (the schema checks the span only of two dates).
 */
export const dashboardRange = (query: Pick<DashboardQuery, 'from' | 'to'>, today: string): { from: string; to: string } => {
  const to = query.to ?? (query.from
    ? dayOf(Math.max(dayMs(query.from), Math.min(dayMs(today), dayMs(query.from) + (DASHBOARD_MAX_DAYS - 1) * DAY_MS)))
    : today);
  const from = query.from ?? dayOf(dayMs(to) - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS);
  return { from, to };
};

/** `part / whole`, or null when the whole is 0 (a rate of nothing is not 0 %). */
export const rate = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** Withdrawals of the signed orders. */
export const withdrawalRate = (c: Pick<DashboardCounts, 'withdrawn' | 'signed'>): number | null => rate(c.withdrawn, c.signed);

export interface StageDropOff {
  stage: FunnelStage;
  /** Orders that reached this stage. */
  reached: number;
  /** Of those, how many did not reach the next one (null for the last stage). */
  dropped: number | null;
  /** `dropped / reached`. */
  dropRate: number | null;
  /** Share of the orders created that reached this stage. */
  ofCreated: number | null;
}

/** Each funnel stage with the orders lost before the next one. */
export const dropOff = (c: DashboardCounts): StageDropOff[] => FUNNEL_STAGES.map((stage, i) => {
  const next = FUNNEL_STAGES[i + 1];
  const reached = c[stage];
  const dropped = next === undefined ? null : Math.max(0, reached - c[next]);
  return { stage, reached, dropped, dropRate: dropped === null ? null : rate(dropped, reached), ofCreated: rate(reached, c.created) };
});

/** How long a document has waited, as the backlog groups it. */
export const reviewAgeBucket = (waitedMs: number): ReviewAgeBucket => {
  const days = waitedMs / DAY_MS;
  return days < 1 ? 'lt1d' : days < 3 ? 'd1to3' : days < 7 ? 'd3to7' : 'gt7d';
};

/** A rate as Italian text: `12,5 %`, or `—` for none. */
export const formatRate = (r: number | null): string =>
  r === null ? '—' : `${(Math.round(r * 1000) / 10).toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
