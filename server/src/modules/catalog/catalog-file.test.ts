import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUSINESS_FREE_ROUTER_CONTRACT_CODE, OPTION_IDS, routersForSpeed } from '@checkout/contract';
import { isVoucherOffer } from '@checkout/contract/rules/voucher';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogError, DEFAULT_CATALOG_FILE, jsonPath, readCatalogFile, SPEC_OPTION_CATEGORIES } from './catalog-file';

const catalog = readCatalogFile(DEFAULT_CATALOG_FILE);
const offer = (id: number) => catalog.byId.get(id)!;
const optionIds = (id: number) => offer(id).options.map((o) => o.id);

describe('the shipped catalogue', () => {
  it('validates', () => {
    expect(catalog.offers.length).toBeGreaterThanOrEqual(9);
  });

  it.each([...SPEC_OPTION_CATEGORIES])('has SPEC §3 option %i as %s', (id, category) => {
    const found = catalog.offers.flatMap((o) => o.options).filter((o) => o.id === id);
    expect(found.length).toBeGreaterThan(0);
    for (const option of found) expect(option.category).toBe(category);
  });

  it('has every kind of offer the screens need', () => {
    const names = (pred: (o: (typeof catalog.offers)[number]) => boolean) => catalog.offers.filter(pred).map((o) => o.name);
    expect(names((o) => o.highlights.includes('preferred') && o.customer_type === 'privato')).toEqual(['Fibra Viva Casa 1 Giga']);
    expect(names((o) => o.highlights.includes('ultra10g'))).toEqual(['Fibra Viva Ultra 10G']);
    expect(names((o) => o.highlights.includes('extreme'))).toEqual(['Fibra Viva Extreme 2.5G']);
    expect(names((o) => o.highlights.includes('promo'))).toHaveLength(1);
    expect(names(isVoucherOffer)).toEqual(['Fibra Viva Business Voucher']);
    expect(offer(103).technologies).toEqual(['FTTH']);
    for (const t of ['FTTH', 'FTTC', 'FWA'] as const) expect(names((o) => o.technologies.includes(t)).length).toBeGreaterThan(0);
  });

  it('gives the free router ROUTER_LIBERO on business offers only', () => {
    for (const o of catalog.offers) {
      const free = o.options.find((x) => x.id === OPTION_IDS.freeRouter);
      if (!free) continue;
      expect(free.contract_code === BUSINESS_FREE_ROUTER_CONTRACT_CODE).toBe(o.customer_type === 'business');
    }
  });

  it('filters the included 1 Gbit/s router out when a faster upgrade is chosen', () => {
    const options = offer(101).options;
    const routers = (upgradeId: number | null) =>
      routersForSpeed(options, upgradeId === null ? null : { id: upgradeId }).map((r) => r.id);
    expect(routers(null)).toContain(20);
    for (const upgrade of [50, 51]) {
      expect(routers(upgrade)).not.toContain(20);
      expect(routers(upgrade)).toEqual(expect.arrayContaining([OPTION_IDS.routerTopOneOff, OPTION_IDS.routerTopRental]));
    }
  });

  it('pairs every repeater with a router tag of the same offer', () => {
    for (const o of catalog.offers) {
      const tags = new Set(o.options.filter((x) => x.category === 'router').map((x) => x.compatibility_tag));
      for (const r of o.options.filter((x) => x.category === 'repeater')) expect(tags, `${o.id}/${r.id}`).toContain(r.compatible_with_tag);
    }
  });

  it('lets the customer use their own modem at no cost on every offer, and declares each technology\'s speeds', () => {
    for (const o of catalog.offers) {
      const own = o.options.find((x) => x.id === OPTION_IDS.freeRouter);
      expect(own, `${o.id}`).toMatchObject({ category: 'router', hidden_public: false, recurrent_cost: 0, cash_amount: 0, name: 'Uso il mio modem' });
      expect(o.speeds.map((s) => s.technology)).toEqual(o.technologies);
    }
  });

  it('keeps an agents-only option', () => {
    expect(catalog.offers.some((o) => o.options.some((x) => x.hidden_public))).toBe(true);
    expect(optionIds(101)).toContain(45);
  });
});

describe('a broken catalogue', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalog-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const good = () => JSON.parse(readFileSync(DEFAULT_CATALOG_FILE, 'utf8')) as { offers: Array<Record<string, unknown> & { options: Array<Record<string, unknown>> }> };

  const cases: Array<[string, (c: ReturnType<typeof good>) => unknown, RegExp]> = [
    ['a negative price', (c) => { c.offers[2]!.options[5]!.recurrent_cost = -1; return c; }, /offers\[2\]\.options\[5\]\.recurrent_cost: /],
    ['a price in euro, not cents', (c) => { c.offers[0]!.recurrent_cost = 26.9; return c; }, /offers\[0\]\.recurrent_cost: /],
    ['a misspelt key', (c) => { c.offers[0]!.options[0]!.hidden_publc = true; return c; }, /offers\[0\]\.options\[0\]: .*hidden_publc/],
    ['an unknown category', (c) => { c.offers[1]!.options[0]!.category = 'modem'; return c; }, /offers\[1\]\.options\[0\]\.category: /],
    ['a SPEC id in the wrong category', (c) => { const o = c.offers[0]!.options.find((x) => x.id === 10)!; o.category = 'other'; return c; }, /offers\[0\]\.options\[\d+\]\.category: .*voip/],
    ['a repeated offer id', (c) => { c.offers[1]!.id = c.offers[0]!.id; return c; }, /offers\[1\]\.id: offerta 101 ripetuta/],
    ['a business free router without ROUTER_LIBERO', (c) => {
      const i = c.offers.findIndex((o) => o.customer_type === 'business');
      c.offers[i]!.options.find((x) => x.id === 27)!.contract_code = 'ALTRO';
      return c;
    }, /offers\[6\]\.options\[\d+\]\.contract_code: .*ROUTER_LIBERO/],
    ['an offer without modem libero', (c) => { c.offers[4]!.options = c.offers[4]!.options.filter((x) => x.id !== 27); return c; }, /offers\[4\]\.options: manca l'opzione pubblica 27/],
    ['a modem libero that costs', (c) => { c.offers[0]!.options.find((x) => x.id === 27)!.recurrent_cost = 100; return c; }, /offers\[0\]\.options\[\d+\]: il modem del cliente non può avere costi/],
    ['a migration cost above the monthly fee', (c) => { c.offers[0]!.exit_cost_migration = 5000; return c; }, /offers\[0\]\.exit_cost_migration: .*un canone mensile/],
    ['a cessation cost above the monthly fee', (c) => { c.offers[0]!.exit_cost_cessation = 5000; return c; }, /offers\[0\]\.exit_cost_cessation: .*un canone mensile/],
    ['an offer that does not state its cessation cost', (c) => { delete c.offers[0]!.exit_cost_cessation; return c; }, /offers\[0\]\.exit_cost_cessation: /],
    ['a voucher share without a voucher', (c) => { c.offers[0]!.early_exit_charge = 'voucher_share'; return c; }, /offers\[0\]\.early_exit_charge: .*voucher/],
    ['a voucher share over other months than the commitment', (c) => {
      const o = c.offers.find((x) => x.voucher)!;
      o.commitment_months = 12;
      return c;
    }, /offers\[\d+\]\.early_exit_charge: .*stessa durata del vincolo/],
    ['a commitment beyond 24 months', (c) => { c.offers[0]!.commitment_months = 36; return c; }, /offers\[0\]\.commitment_months: /],
    ['no consumer offer of 12 months or less', (c) => { for (const o of c.offers) if (o.customer_type === 'privato') o.commitment_months = 24; return c; }, /almeno un'offerta privato con vincolo di al massimo 12 mesi/],
    ['no speeds for a technology the offer uses', (c) => { c.offers[3]!.speeds = [{ technology: 'FTTH', download: { minimum: 1, normal: 2, maximum: 3 }, upload: { minimum: 1, normal: 1, maximum: 1 } }]; return c; }, /offers\[3\]\.speeds: mancano le velocità dichiarate per FTTC/],
    ['a minimum above the normal speed', (c) => { (c.offers[0]!.speeds as Array<{ download: { minimum: number } }>)[0]!.download.minimum = 950; return c; }, /offers\[0\]\.speeds\[0\]\.download: .*minima/],
    ['no offers', () => ({ offers: [] }), /offers: /],
    ['not JSON', () => '{ "offers": [', /JSON non leggibile/],
  ];

  it.each(cases)('%s: names the file and the JSON path', (_name, breakIt, expected) => {
    const file = path.join(dir, 'broken-catalog.json');
    const content = breakIt(good());
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    let error: unknown;
    try { readCatalogFile(file); } catch (err) { error = err; }
    expect(error).toBeInstanceOf(CatalogError);
    const message = (error as Error).message;
    expect(message).toMatch(/broken-catalog\.json: /);
    expect(message).toMatch(expected);
  });

  it('reports a missing file', () => {
    expect(() => readCatalogFile(path.join(dir, 'missing.json'))).toThrow(/missing\.json: file non trovato/);
  });
});

describe('jsonPath', () => {
  it.each([
    [['offers', 2, 'options', 5, 'recurrent_cost'], 'offers[2].options[5].recurrent_cost'],
    [['offers'], 'offers'],
    [[], '(radice)'],
  ])('%j → %s', (segments, expected) => {
    expect(jsonPath(segments)).toBe(expected);
  });
});
