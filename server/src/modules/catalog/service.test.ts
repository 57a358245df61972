import { OPTION_IDS } from '@checkout/contract';
import type { Technology } from '@checkout/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { describeEachDialect } from '../../../test/support/dialects';
import { countPromoCodes, findPromoCode, insertPromoCodes } from './promo-codes-repository';
import { seedPromoCodes } from './seed';
import { getPromo, getPublicOffer, italianDate, loadCatalog, normaliseCluster, offersForCoverage } from './service';

/** The demo "today" (DESIGN: the seed's dates are written around it). */
const NOW = new Date('2026-11-21T10:00:00Z');

const rejection = async (p: Promise<unknown> | (() => unknown)) => {
  try { await (typeof p === 'function' ? p() : p); } catch (err) { return err as AppError; }
  throw new Error('expected a rejection');
};

describe('loadCatalog', () => {
  it('caches the validated catalogue', () => {
    expect(loadCatalog()).toBe(loadCatalog());
  });
});

describe('getPublicOffer', () => {
  it('sorts options by monthly then one-off cost and drops hidden_public ones', () => {
    const offer = getPublicOffer(101);
    const keys = offer.options.map((o) => [o.recurrent_cost, o.cash_amount] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);
    expect(offer.options.some((o) => o.hidden_public)).toBe(false);
    expect(offer.options.map((o) => o.id)).not.toContain(45);
    expect(offer).not.toHaveProperty('clusters');
  });

  it('keeps catalogue-only fields out of every offer', () => {
    expect(getPublicOffer(103)).not.toHaveProperty('clusters');
  });

  it('answers 404 for an unknown offer', () => {
    const err = (() => { try { getPublicOffer(999); } catch (e) { return e as AppError; } })();
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'not_found', status: 404, message: 'Offerta non trovata' });
  });

  it('refuses an offer of the other customer type', () => {
    expect(() => getPublicOffer(201, { customerType: 'privato' })).toThrow(/clienti business/);
    expect(getPublicOffer(201, { customerType: 'business' }).id).toBe(201);
  });

  it('adds the promo highlight when the promo is tied to the offer', () => {
    expect(getPublicOffer(101, { promo: { offer_id: 101 } }).highlights).toEqual(['preferred', 'promo']);
    expect(getPublicOffer(101, { promo: { offer_id: null } }).highlights).toEqual(['preferred']);
    expect(getPublicOffer(106, { promo: { offer_id: 106 } }).highlights).toEqual(['promo']);
  });
});

describe('helpers', () => {
  it.each([['C', 'C'], [' c ', 'C'], ['Cluster D', 'D'], ['', null], [null, null], [undefined, null]])('normaliseCluster(%j) = %j', (input, expected) => {
    expect(normaliseCluster(input)).toBe(expected);
  });

  it('uses the Italian calendar day', () => {
    expect(italianDate(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(italianDate(new Date('2026-11-30T22:30:00Z'))).toBe('2026-11-30');
  });
});

describeEachDialect('catalogue service', (dialect) => {
  let db: Db;
  beforeAll(async () => {
    db = (await dialect.createDb()).db;
    await seedPromoCodes(db);
  });

  it('seeds the demo promo codes once', async () => {
    expect(await countPromoCodes(db)).toBe(5);
    await seedPromoCodes(db);
    expect(await countPromoCodes(db)).toBe(5);
  });

  it('stores codes upper-case and finds them whatever the case', async () => {
    await insertPromoCodes(db, [{ code: 'estate27', description: 'x', offer_id: null, customer_type: 'privato', clusters: null, recurrent_discount: 0, cash_discount: 0, valid_from: null, valid_until: null }]);
    expect((await findPromoCode(db, ' Estate27 '))?.code).toBe('ESTATE27');
  });

  const cases: Array<[string, Technology[], 'privato' | 'business' | null, string | null, number[]]> = [
    ['FTTH in cluster A, privato', ['FTTH', 'FTTC', 'FWA'], 'privato', 'A', [103, 102, 101, 106, 104, 105]],
    ['FTTH without a cluster: no Ultra 10G', ['FTTH'], 'privato', null, [102, 101, 106]],
    ['FTTH in cluster C: no Ultra 10G', ['FTTH'], 'privato', 'Cluster C', [102, 101, 106]],
    ['FTTC only', ['FTTC'], 'privato', null, [104]],
    ['FWA only', ['FWA'], 'privato', null, [105]],
    ['nothing', [], 'privato', 'A', []],
    ['business FTTH', ['FTTH', 'FTTC'], 'business', null, [201, 203, 202]],
    ['business FTTC: the voucher offer works on FTTC too', ['FTTC'], 'business', null, [203, 202]],
    ['business FWA', ['FWA'], 'business', null, []],
    ['both customer types', ['FTTC'], null, null, [203, 104, 202]],
  ];
  it.each(cases)('offersForCoverage: %s', async (_name, technologies, customerType, cluster, expected) => {
    expect(await offersForCoverage(db, { technologies, customerType, cluster })).toEqual(expected);
  });

  it('getPromo answers a valid code, case-insensitively', async () => {
    const promo = await getPromo(db, { promo_code: 'blackFriday', customer_type: 'privato', cluster: null }, NOW);
    expect(promo).toEqual({
      code: 'BLACKFRIDAY', description: expect.any(String), offer_id: 101, recurrent_discount: 500, cash_discount: 3990, discount_months: 12, valid_until: '2026-12-01',
    });
    // Valid through its last day, Italian time.
    await expect(getPromo(db, { promo_code: 'BLACKFRIDAY', customer_type: 'privato' }, new Date('2026-12-01T22:59:00Z'))).resolves.toBeTruthy();
  });

  const failures: Array<[string, { promo_code: string; customer_type: 'privato' | 'business'; cluster?: string | null }, Date, string, number]> = [
    ['unknown', { promo_code: 'NONESISTE', customer_type: 'privato' }, NOW, 'promo_not_found', 404],
    ['expired', { promo_code: 'scaduto', customer_type: 'privato' }, NOW, 'promo_expired', 422],
    ['expired the day after its last day', { promo_code: 'BLACKFRIDAY', customer_type: 'privato' }, new Date('2026-12-01T23:00:00Z'), 'promo_expired', 422],
    ['not yet valid', { promo_code: 'XMAS26', customer_type: 'privato' }, new Date('2026-11-01T12:00:00Z'), 'promo_not_yet_valid', 422],
    ['business code for privato', { promo_code: 'BUSINESS10', customer_type: 'privato' }, NOW, 'promo_wrong_customer_type', 422],
    ['privato code for business', { promo_code: 'XMAS26', customer_type: 'business' }, NOW, 'promo_wrong_customer_type', 422],
    ['wrong cluster', { promo_code: 'CLUSTERC', customer_type: 'privato', cluster: 'A' }, NOW, 'promo_wrong_cluster', 422],
    ['cluster unknown', { promo_code: 'CLUSTERC', customer_type: 'privato' }, NOW, 'promo_wrong_cluster', 422],
  ];
  it.each(failures)('getPromo refuses a code: %s', async (_name, query, now, code, status) => {
    const err = await rejection(getPromo(db, query, now));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code, status });
    expect(err.message).toMatch(/[a-z]/);
  });

  it('getPromo accepts a cluster-limited code in its clusters', async () => {
    for (const cluster of ['C', 'd', 'Cluster C']) {
      expect((await getPromo(db, { promo_code: 'clusterc', customer_type: 'privato', cluster }, NOW)).code).toBe('CLUSTERC');
    }
  });

  it('the demo codes are valid on the demo day', async () => {
    for (const [code, type] of [['BLACKFRIDAY', 'privato'], ['XMAS26', 'privato'], ['BUSINESS10', 'business']] as const) {
      expect((await getPromo(db, { promo_code: code, customer_type: type }, NOW)).code).toBe(code);
    }
    expect(OPTION_IDS.freeRouter).toBe(27);
  });
});
