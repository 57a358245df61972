import { describe, expect, it } from 'vitest';
import type { CoverageResult } from '@checkout/contract';
import { coverageFields, hasOpenFiber, isNoCoverage, offerPath } from './coverage-outcome';

const address = { id_egon_civico: '0580910000001', id_building: null, street: 'Via Roma', number: '1', zip_code: '00185', id_comune: '058091', city: 'Roma', province: 'RM', label: 'Via Roma 1' };
const ftth = { technology: 'FTTH' as const, network: 'Open Fiber', max_download: 10000, max_upload: 1000, cabinet_distance: null, available: true };
const result = (patch: Partial<CoverageResult>): CoverageResult => ({ address, services: [ftth], suggested_technology: 'FTTH', openfiber_cluster: 'A', offer_ids: [101], ...patch });

describe('coverage outcome', () => {
  it.each([
    ['covered', result({}), false],
    ['no services', result({ services: [] }), true],
    ['only planned services', result({ services: [{ ...ftth, available: false }] }), true],
    ['no suggested technology', result({ suggested_technology: null }), true],
    ['no offers', result({ offer_ids: [] }), true],
  ])('%s → no coverage %s', (_name, r, expected) => {
    expect(isNoCoverage(r)).toBe(expected);
  });

  it('fills technology, cluster and services from the result', () => {
    expect(coverageFields(result({}))).toEqual({
      services_coverage: [ftth], suggested_technology: 'FTTH', technology: 'FTTH', openfiber_cluster: 'A', cluster: 'A',
    });
    expect(coverageFields(result({ openfiber_cluster: null }))).toMatchObject({ openfiber_cluster: '', cluster: '' });
  });

  it('knows Open Fiber addresses', () => {
    expect(hasOpenFiber(result({}))).toBe(true);
    expect(hasOpenFiber(result({ services: [{ ...ftth, network: 'FiberCop' }] }))).toBe(false);
  });

  it('keeps the promo in the offer link', () => {
    expect(offerPath('')).toBe('/attiva/offerta');
    expect(offerPath('ESTATE')).toBe('/attiva/offerta/ESTATE');
  });
});
