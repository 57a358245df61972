import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@checkout/contract/api/client';
import { useCheckoutStore } from '../../state/checkout-store';
import { loadPremadeIntoCheckout, premadeFields, premadeProblem } from './premade-fill';

const HASH = 'abcdefghijklmnopqrstuvwx';

afterEach(() => {
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

describe('pre-made order', () => {
  it.each([
    ['premade_not_found', 404, 'not_found'],
    ['not_found', 404, 'not_found'],
    ['premade_delayed', 429, 'other'],
    ['rate_limited', 429, 'other'],
  ])('%s (%i) opens the %s page', (code, status, problem) => {
    expect(premadeProblem(new ApiError('x', { code, status }))).toBe(problem);
  });

  it('a failure without an answer is "other"', () => {
    expect(premadeProblem(new ApiError('Network Error', { code: 'network_error' }))).toBe('other');
    expect(premadeProblem(new Error('x'))).toBe('other');
  });

  it('keeps only the fields the contract knows, in their shape', () => {
    expect(premadeFields({ first_name: 'Mario', unknown_field: 'x', technology: 'FTTX', options: [{ id: 10, category: 'voip', recurrent_cost: 0, cash_amount: 0 }], email: null }))
      .toEqual({ first_name: 'Mario', options: [{ id: 10, category: 'voip', recurrent_cost: 0, cash_amount: 0 }] });
  });

  it('replaces the stored checkout and lands at step 1 with the order and offer', () => {
    useCheckoutStore.getState().setFields({ first_name: 'Vecchio', iban: 'IT60X0542811101000000123456' });
    useCheckoutStore.getState().setStep(4);
    loadPremadeIntoCheckout({
      order: { id: HASH, hash: HASH, status: 'draft' },
      offer_id: 101, needs_code: false, masked_phone: null,
      fields: {
        first_name: 'Mario', last_name: 'Rossi', customer_type: 'privato', city: 'Roma',
        options: [{ id: 10, category: 'voip', recurrent_cost: 0, cash_amount: 0 }],
        services_coverage: [{ technology: 'FTTH', network: 'Open Fiber', max_download: 2500, max_upload: 500, cabinet_distance: null, available: true }],
      },
    }, null);
    const s = useCheckoutStore.getState();
    expect(s.persistent).toMatchObject({ currentStep: 1, maxStep: 1, lastOfferId: 101, currentOrderData: { id: HASH, hash: HASH }, hasOpenFiber: true });
    expect(s.fields).toMatchObject({ first_name: 'Mario', last_name: 'Rossi', city: 'Roma', iban: '' });
    expect(s.fields.options.map((o) => o.id)).toEqual([10]);
    expect(s.order).toEqual({ id: HASH, hash: HASH, status: 'draft' });
    expect(s.availableOfferIds).toEqual([101]);
  });
});
