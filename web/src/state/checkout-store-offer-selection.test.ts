import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_STORE_KEY, FIELDS_SCHEMA_VERSION, addOption, emptyOptionsState, selectSpeedUpgrade, toggleAdditionalVariant } from '@checkout/contract';
import { createCheckoutStore, optionsStateOf } from './checkout-store';
import { parseStored, parseStoredOfferSelection } from './stored-checkout';

afterEach(() => localStorage.clear());

const speed = { id: 50, category: 'speed_upgrade' as const, recurrent_cost: 500, cash_amount: 0 };
const repeater = { id: 40, category: 'repeater' as const, recurrent_cost: 150, cash_amount: 0 };

describe('checkout store: offer selection slice', () => {
  it('keeps the options state (fields.options + extras) across a reload', () => {
    const a = createCheckoutStore(() => localStorage, parseStored);
    const state = toggleAdditionalVariant(addOption(selectSpeedUpgrade(emptyOptionsState(), speed), repeater), 'wood');
    a.getState().setOptionsState(state);
    a.getState().setAvailableOfferIds([101, 102]);
    const b = createCheckoutStore(() => localStorage, parseStored).getState();
    expect(optionsStateOf(b)).toEqual(state);
    expect(b.fields.options).toEqual([speed, repeater]);
    expect(b.availableOfferIds).toEqual([101, 102]);
  });

  it('resetOptions clears options, speed upgrade, variants and analytics items', () => {
    const s = createCheckoutStore(() => localStorage, parseStored);
    s.getState().setOptionsState(toggleAdditionalVariant(selectSpeedUpgrade(emptyOptionsState(), speed), 'wood'));
    s.getState().resetOptions();
    expect(optionsStateOf(s.getState())).toEqual(emptyOptionsState());
  });

  it('resetCoverage also forgets the offers sold at the old address', () => {
    const s = createCheckoutStore(() => localStorage, parseStored);
    s.getState().setAvailableOfferIds([101]);
    s.getState().resetCoverage();
    expect(s.getState().availableOfferIds).toEqual([]);
  });

  it('a malformed stored selection starts empty and leaves the rest alone', () => {
    localStorage.setItem(CHECKOUT_STORE_KEY, JSON.stringify({ version: FIELDS_SCHEMA_VERSION, state: { fields: { first_name: 'Maria' }, availableOfferIds: ['x'], optionExtras: {} } }));
    const s = createCheckoutStore(() => localStorage, parseStored).getState();
    expect(s.fields.first_name).toBe('Maria');
    expect(s.availableOfferIds).toEqual([]);
    expect(parseStoredOfferSelection(null)).toEqual({ availableOfferIds: [], optionExtras: { speedUpgrade: null, additionalVariants: [], analyticsItems: [] } });
  });
});
