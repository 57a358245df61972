import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_STORE_KEY, FIELDS_SCHEMA_VERSION, defaultFormFields, defaultPersistentState } from '@checkout/contract';
import { createCheckoutStore } from './checkout-store';
import { parseStored, parseStoredCheckout } from './stored-checkout';

const store = (state: unknown, version: number) =>
  localStorage.setItem(CHECKOUT_STORE_KEY, JSON.stringify({ state, version }));
const saved = () => JSON.parse(localStorage.getItem(CHECKOUT_STORE_KEY) ?? 'null') as { state: { persistent: { maxStep: number } }; version: number };

afterEach(() => localStorage.clear());

describe('checkout store persistence', () => {
  it('keeps state saved at the current schema version', () => {
    store({ fields: { first_name: 'Maria', promo: 'ESTATE' }, persistent: { maxStep: 3, currentStep: 2 } }, FIELDS_SCHEMA_VERSION);
    const s = createCheckoutStore(() => localStorage, parseStored).getState();
    expect(s.fields.first_name).toBe('Maria');
    expect(s.fields.customer_type).toBe('privato'); // missing fields get their defaults
    expect(s.persistent.maxStep).toBe(3);
  });

  it.each([0, 28, 30])('resets everything when the stored version is %i', (version) => {
    store({ fields: { first_name: 'Maria' }, persistent: { maxStep: 4 }, offer: null, order: { id: 'x', hash: 'y', status: 'draft' } }, version);
    const s = createCheckoutStore(() => localStorage, parseStored).getState();
    expect(s.fields).toEqual(defaultFormFields());
    expect(s.persistent).toEqual(defaultPersistentState());
    expect(s.order).toBeNull();
    expect(saved().version).toBe(FIELDS_SCHEMA_VERSION);
    expect(saved().state.persistent.maxStep).toBe(0);
  });

  it('falls back to defaults when stored fields fail their schema', () => {
    store({ fields: { customer_type: 'alieno' }, persistent: { maxStep: 2 }, offer: null, order: null }, FIELDS_SCHEMA_VERSION);
    const s = createCheckoutStore(() => localStorage, parseStored).getState();
    expect(s.fields).toEqual(defaultFormFields());
    expect(s.persistent).toEqual(defaultPersistentState());
  });

  it('drops an offer or order that fails its schema and keeps the rest', () => {
    store({ fields: { first_name: 'Maria' }, persistent: { maxStep: 2 }, offer: { name: 42 }, order: 'nope' }, FIELDS_SCHEMA_VERSION);
    const s = createCheckoutStore(() => localStorage, parseStored).getState();
    expect(s.fields.first_name).toBe('Maria');
    expect(s.persistent.maxStep).toBe(2);
    expect(s.offer).toBeNull();
    expect(s.order).toBeNull();
  });

  it('survives storage that is not JSON at all', () => {
    localStorage.setItem(CHECKOUT_STORE_KEY, '{not json');
    expect(createCheckoutStore(() => localStorage, parseStored).getState().persistent).toEqual(defaultPersistentState());
  });

  it.each([undefined, null, 'x', 12, { fields: [] }])('parseStoredCheckout(%j) gives defaults', (value) => {
    expect(parseStoredCheckout(value)).toEqual({ fields: defaultFormFields(), persistent: defaultPersistentState(), offer: null, order: null });
  });
});

describe('checkout store actions', () => {
  it('setStep moves currentStep and only ever raises maxStep', () => {
    const s = createCheckoutStore(() => localStorage, parseStored);
    s.getState().setStep(3);
    s.getState().setStep(1);
    expect(s.getState().persistent).toMatchObject({ currentStep: 1, maxStep: 3 });
    expect(saved().state.persistent.maxStep).toBe(3);
  });

  it('startNewOrder keeps address and promo unless a full reset', () => {
    const s = createCheckoutStore(() => localStorage, parseStored);
    s.getState().setFields({ address: 'Via Roma', promo: 'ESTATE', first_name: 'Maria' });
    s.getState().setStep(4);
    s.getState().startNewOrder(false);
    expect(s.getState().fields).toMatchObject({ address: 'Via Roma', promo: 'ESTATE', first_name: '' });
    expect(s.getState().persistent.maxStep).toBe(0);
    s.getState().startNewOrder(true);
    expect(s.getState().fields.address).toBe('');
    expect(s.getState().persistent.orderStartTime).not.toBeNull();
  });

  it('resetCoverage clears the coverage result only', () => {
    const s = createCheckoutStore(() => localStorage, parseStored);
    s.getState().setFields({ address: 'Via Roma', technology: 'FTTH', recall: true });
    s.getState().resetCoverage();
    expect(s.getState().fields).toMatchObject({ address: 'Via Roma', technology: '', recall: false, services_coverage: [] });
  });
});
