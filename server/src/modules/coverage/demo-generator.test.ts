import { describe, expect, it } from 'vitest';
import { provinceCapitals } from '../reference';
import { DEMO_ADDRESSES, PROFILE_WEIGHTS, ROMA_ISTAT, fttcSpeed, generateDemoCoverage, mulberry32 } from './demo-generator';
import type { DemoAddress, DemoBranch } from './demo-generator';

const take = (n: number, size?: number): DemoAddress[] => {
  const out: DemoAddress[] = [];
  for (const d of generateDemoCoverage(size === undefined ? {} : { size })) { out.push(d); if (out.length === n) break; }
  return out;
};

describe('demo coverage generator', () => {
  // The full default run, in memory only (the database tests use a small size).
  const all = [...generateDemoCoverage()];

  it('makes at least 20,000 addresses with unique ids and unique civic numbers per street', () => {
    expect(all.length).toBe(20_000);
    expect(new Set(all.map((d) => d.address.id_egon_civico)).size).toBe(all.length);
    expect(new Set(all.map((d) => `${d.address.id_comune}|${d.address.street_search}|${d.address.number}`)).size).toBe(all.length);
  });

  it('covers every province capital', () => {
    expect(new Set(all.map((d) => d.address.id_comune))).toEqual(new Set(provinceCapitals()));
  });

  it('exercises every branch many times, in several capitals', () => {
    for (const [branch] of PROFILE_WEIGHTS) {
      const hits = all.filter((d) => d.branch === branch);
      expect(hits.length, branch).toBeGreaterThan(300);
      expect(new Set(hits.map((d) => d.address.id_comune)).size, branch).toBeGreaterThan(50);
    }
  });

  it('gives each branch its services', () => {
    const has = (d: DemoAddress, tech: string, network?: string, available = 1) =>
      d.services.some((s) => s.technology === tech && (network === undefined || s.network === network) && s.available === available);
    const check: Record<DemoBranch, (d: DemoAddress) => boolean> = {
      ftth_openfiber_a: (d) => has(d, 'FTTH', 'Open Fiber') && d.building?.cluster === 'A',
      ftth_openfiber_b: (d) => has(d, 'FTTH', 'Open Fiber') && d.building?.cluster === 'B',
      ftth_openfiber_c: (d) => has(d, 'FTTH', 'Open Fiber') && d.building?.cluster === 'C',
      ftth_openfiber_d: (d) => has(d, 'FTTH', 'Open Fiber') && d.building?.cluster === 'D',
      ftth_fibercop: (d) => has(d, 'FTTH', 'FiberCop') && d.building?.network === 'FiberCop',
      fttc_short: (d) => d.services.length === 1 && has(d, 'FTTC') && (d.services[0]?.cabinet_distance ?? 0) <= 400,
      fttc_long: (d) => !has(d, 'FTTH') && has(d, 'FTTC') && d.services.every((s) => s.technology !== 'FTTC' || (s.cabinet_distance ?? 0) >= 600),
      fwa_only: (d) => d.services.length === 1 && has(d, 'FWA'),
      none: (d) => d.services.length === 0 && d.building === null,
      planned: (d) => d.building?.status === 'planned' && d.services.every((s) => s.available === 0),
    };
    for (const d of all) expect(check[d.branch](d), `${d.branch} ${d.address.id_egon_civico}`).toBe(true);
    // Buildings only for fibre addresses; every address of a building shares its row.
    for (const d of all) expect(d.address.id_building).toBe(d.building?.id_building ?? null);
  });

  it('starts with the fixed demo addresses in Roma, Via Roma 1..10', () => {
    const first = all.slice(0, DEMO_ADDRESSES.length);
    expect(first.map((d) => [d.address.id_comune, d.address.street_type, d.address.street_name, d.address.number, d.branch])).toEqual(
      DEMO_ADDRESSES.map((d) => [ROMA_ISTAT, 'Via', 'Roma', String(d.number), d.branch]));
    expect(first[0]?.address.id_egon_civico).toBe('0580910000001');
    const viaRoma = all.filter((d) => d.address.id_comune === ROMA_ISTAT && d.address.street_search === 'via roma');
    expect(viaRoma.length).toBeGreaterThan(DEMO_ADDRESSES.length);
    expect(viaRoma.slice(DEMO_ADDRESSES.length).every((d) => d.address.number_num > DEMO_ADDRESSES.length)).toBe(true);
  });

  it('is deterministic and honours size', () => {
    expect(take(500)).toEqual(all.slice(0, 500));
    expect(take(1000, 300)).toHaveLength(300);
    expect(take(1000, 3)).toHaveLength(DEMO_ADDRESSES.length);
    const a = mulberry32(7);
    const b = mulberry32(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it.each([[150, 100], [900, 30], [50, 200], [1500, 20]])('FTTC at %i m gives %i Mbit/s', (distance, down) => {
    expect(fttcSpeed(distance).max_download).toBe(down);
  });
});
