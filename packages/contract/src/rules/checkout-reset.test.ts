import { describe, expect, it } from 'vitest';
import { FIELDS_SCHEMA_VERSION } from '../constants';
import { defaultFormFields, defaultPersistentState } from '../schemas/checkout-defaults';
import type { PersistentState } from '../schemas/checkout-state';
import type { FormFields } from '../schemas/form-fields';
import { FIELDS_KEPT_ON_NEW_ORDER, rehydrate, rehydrateFields, resetCoverage, startNewOrder } from './checkout-reset';

const coverage = [{ technology: 'FTTH' as const, network: 'OF', max_download: 2500, max_upload: 500, cabinet_distance: null, available: true }];
const kept: Partial<FormFields> = {
  address: 'Via Roma', number: '1', city: 'Roma', zip_code: '00100', province: 'RM', id_comune: '058091',
  id_building: 'B1', id_egon_civico: 'E1', services_coverage: coverage, suggested_technology: 'FTTH',
  openfiber_cluster: 'A', cluster: 'A', technology: 'FTTH', customer_type: 'business', promo: 'ESTATE', provenienza: 'sito',
};
const fields: FormFields = {
  ...defaultFormFields(), ...kept,
  first_name: 'Anna', email: 'anna@example.it', iban: 'IT60X0542811101000000123456', recall: true,
  options: [{ id: 2, category: 'other', recurrent_cost: 500, cash_amount: 0 }],
};
const state: PersistentState = {
  currentStep: 3, maxStep: 4, orderStartTime: '2024-01-01T00:00:00.000Z', currentOrderData: { id: 'o1', hash: 'h1' },
  isFromWholesale: true, lastOfferId: 5, hasOpenFiber: true, hasPortability: true, isBrandCustomer: true,
  isBrandPop: true, hasInternetFTTCPortability: true, alreadySentOtp: true,
};
const now = new Date('2025-03-04T05:06:07.000Z');
const clearedState = {
  currentStep: 0, maxStep: 0, currentOrderData: { id: null, hash: null }, isFromWholesale: false, lastOfferId: null,
  hasOpenFiber: false, hasPortability: false, isBrandCustomer: false, isBrandPop: false,
  hasInternetFTTCPortability: false, alreadySentOtp: false,
};

describe('startNewOrder', () => {
  it('keeps address, coverage, customer type, promo and origin; clears the rest', () => {
    const next = startNewOrder({ fields, state }, { now });
    expect(next.fields).toEqual({ ...defaultFormFields(), ...kept });
    expect(next.state).toEqual({ ...clearedState, orderStartTime: state.orderStartTime });
  });

  it('a full reset forgets everything and starts the clock', () => {
    const next = startNewOrder({ fields, state }, { fullReset: true, now });
    expect(next.fields).toEqual(defaultFormFields());
    expect(next.state).toEqual({ ...clearedState, orderStartTime: '2025-03-04T05:06:07.000Z' });
  });

  it('does not share arrays with the previous fields', () => {
    const next = startNewOrder({ fields, state }, { now });
    expect(next.fields.services_coverage).not.toBe(fields.services_coverage);
    expect(FIELDS_KEPT_ON_NEW_ORDER).toHaveLength(16);
  });
});

describe('resetCoverage', () => {
  it('clears services, technologies and recall and keeps the rest', () => {
    expect(resetCoverage(fields)).toEqual({ ...fields, services_coverage: [], technology: '', suggested_technology: '', recall: false });
  });
});

describe('rehydrate', () => {
  const defaults = { fields: defaultFormFields(), state: defaultPersistentState() };
  it.each([
    ['same version, valid', FIELDS_SCHEMA_VERSION, { fields, state }, { fields, state }],
    ['another version', 28, { fields, state }, defaults],
    ['no version', undefined, { fields, state }, defaults],
    ['version as a string', '29', { fields, state }, defaults],
    ['fields that do not parse', FIELDS_SCHEMA_VERSION, { fields: { ...fields, customer_type: 'alieno' }, state }, defaults],
    ['state that does not parse', FIELDS_SCHEMA_VERSION, { fields, state: { ...state, maxStep: 9 } }, defaults],
    ['garbage', FIELDS_SCHEMA_VERSION, 'garbage', defaults],
    ['missing parts get defaults', FIELDS_SCHEMA_VERSION, {}, defaults],
    ['old stores gain new defaults', FIELDS_SCHEMA_VERSION, { fields: { first_name: 'Anna' } }, { ...defaults, fields: { ...defaultFormFields(), first_name: 'Anna' } }],
  ])('%s', (_name, version, stored, expected) => {
    expect(rehydrate(version, stored)).toEqual(expected);
  });

  it.each([
    [FIELDS_SCHEMA_VERSION, fields, fields],
    [1, fields, defaultFormFields()],
    [FIELDS_SCHEMA_VERSION, { sex: 'X' }, defaultFormFields()],
  ])('rehydrateFields %#', (version, stored, expected) => {
    expect(rehydrateFields(version, stored)).toEqual(expected);
  });
});
