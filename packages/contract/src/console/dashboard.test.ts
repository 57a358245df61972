import { describe, expect, it } from 'vitest';
import {
  addCounts, dashboardRange, dropOff, emptyCounts, formatRate, periodOf, periodsBetween, rate, reviewAgeBucket, seriesOf, withdrawalRate,
} from './dashboard';
import { dashboardQuerySchema, DASHBOARD_MAX_DAYS, daysInRange } from './schemas-dashboard';
import type { DashboardCounts } from './schemas-dashboard';

const counts = (c: Partial<DashboardCounts>): DashboardCounts => ({ ...emptyCounts(), ...c });

describe('the dashboard periods', () => {
  it.each([
    ['2026-03-02', 'day', '2026-03-02'],
    ['2026-03-02', 'week', '2026-03-02'], // a Monday
    ['2026-03-08', 'week', '2026-03-02'], // its Sunday
    ['2026-03-09', 'week', '2026-03-09'],
    ['2026-01-01', 'week', '2025-12-29'], // across the year
  ] as const)('%s by %s is %s', (day, granularity, period) => {
    expect(periodOf(day, granularity)).toBe(period);
  });

  it('lists every period of the range, the first week starting on its Monday', () => {
    expect(periodsBetween('2026-02-27', '2026-03-02', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(periodsBetween('2026-03-04', '2026-03-16', 'week')).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
  });

  it('rolls days up into weeks and fills the periods without orders with zeros', () => {
    const series = seriesOf([
      { day: '2026-03-03', counts: counts({ created: 2, signed: 1 }) },
      { day: '2026-03-08', counts: counts({ created: 1 }) },
      { day: '2026-03-20', counts: counts({ created: 5 }) },
    ], '2026-03-02', '2026-03-22', 'week');
    expect(series.map((s) => [s.period, s.created, s.signed])).toEqual([['2026-03-02', 3, 1], ['2026-03-09', 0, 0], ['2026-03-16', 5, 0]]);
  });
});

describe('the dashboard range', () => {
  it('defaults to the last 30 days up to today', () => {
    expect(dashboardRange({}, '2026-03-31')).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(dashboardRange({ from: '2026-03-10' }, '2026-03-31')).toEqual({ from: '2026-03-10', to: '2026-03-31' });
    expect(dashboardRange({ to: '2026-01-30' }, '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-01-30' });
    // A start alone long ago counts the longest period from it, not every day since.
    expect(dashboardRange({ from: '1900-01-01' }, '2026-03-31')).toEqual({ from: '1900-01-01', to: '1901-01-01' });
    expect(dashboardRange({ from: '2025-03-31' }, '2026-03-31')).toEqual({ from: '2025-03-31', to: '2026-03-31' });
    expect(dashboardRange({ from: '2026-05-01' }, '2026-03-31')).toEqual({ from: '2026-05-01', to: '2026-05-01' });
  });

  it('refuses a range longer than the maximum, reversed, or with an unreal date', () => {
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(dashboardQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(DASHBOARD_MAX_DAYS).toBe(366);
    expect(dashboardQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-02' }).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    for (const unreal of ['0000-00-00', '2026-02-30', '2026-13-01']) expect(dashboardQuerySchema.safeParse({ to: unreal }).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ from: 'ieri', to: '2026-03-01' }).success).toBe(false);
  });
});

describe('the dashboard rates', () => {
  it('has no rate of nothing', () => {
    expect(rate(1, 0)).toBeNull();
    expect(withdrawalRate({ withdrawn: 1, signed: 4 })).toBe(0.25);
    expect(formatRate(0.125)).toBe('12,5 %');
    expect(formatRate(null)).toBe('—');
  });

  it('counts the orders lost between each stage and the next', () => {
    const c = counts({ created: 10, contact: 8, personal: 8, address: 6, payment: 5, document: 4, signed: 3, activated: 1 });
    const d = dropOff(c);
    expect(d.map((s) => [s.stage, s.reached, s.dropped])).toEqual([
      ['created', 10, 2], ['contact', 8, 0], ['personal', 8, 2], ['address', 6, 1], ['payment', 5, 1], ['document', 4, 1],
      ['signed', 3, 2], ['activated', 1, null],
    ]);
    expect(d[0]!.dropRate).toBe(0.2);
    expect(d[6]!.ofCreated).toBe(0.3);
    expect(dropOff(emptyCounts())[0]!.dropRate).toBeNull();
  });

  it('adds counts key by key', () => {
    expect(addCounts(counts({ created: 1, withdrawn: 1 }), counts({ created: 2, cancelled: 1 }))).toEqual(counts({ created: 3, withdrawn: 1, cancelled: 1 }));
  });

  it.each([[0, 'lt1d'], [23.9, 'lt1d'], [24, 'd1to3'], [71, 'd1to3'], [72, 'd3to7'], [168, 'gt7d']] as const)('a wait of %s h is %s', (hours, bucket) => {
    expect(reviewAgeBucket(hours * 3_600_000)).toBe(bucket);
  });
});
