import { describe, expect, it } from 'vitest';
import { defaultFormFields, type FormFields } from '@checkout/contract';
import { firstIncompleteStep, stepFromPath, stepPath, stepRedirect } from './step-guard';

describe('stepRedirect', () => {
  it.each([
    // step, maxStep, hasOrder, expected
    [1, 0, false, null],
    [2, 0, false, '/attiva/verifica-copertura'],
    [3, 1, true, '/attiva/step-1'],
    [4, 2, true, '/attiva/step-2'],
    // The step after the one reached is not open yet: the reached one is still to send.
    [3, 2, true, '/attiva/step-2'],
    [5, 4, true, '/attiva/step-4'],
    [4, 0, false, '/attiva/verifica-copertura'],
    [3, 3, true, null],
    [2, 5, true, null],
    [5, 5, true, null],
    [2, 2, false, '/attiva/step-1'],
  ])('step %i with maxStep %i (order: %s) → %s', (step, maxStep, hasOrder, expected) => {
    expect(stepRedirect({ step, maxStep, hasOrder })).toBe(expected);
  });

  it('resumes the coverage check with the promo', () => {
    expect(stepRedirect({ step: 3, maxStep: 0, hasOrder: false, promo: 'ESTATE' })).toBe('/attiva/verifica-copertura/ESTATE');
  });
});

describe('firstIncompleteStep', () => {
  const contact: Partial<FormFields> = {
    first_name: 'Mario', last_name: 'Rossi', email: 'mario.rossi@example.com', mobile_phone_number: '3331234567', privacy_consent: true,
  };
  const fields = (patch: Partial<FormFields> = {}): FormFields => ({ ...defaultFormFields(), ...patch });

  it.each([
    ['nothing given, before step 5', fields(), 5, 1],
    ['nothing given, on step 1', fields(), 1, null],
    ['contact given, before step 2', fields(contact), 2, null],
    ['contact given, before step 5', fields(contact), 5, 2],
    ['a business with its contact given, before step 5', fields({ ...contact, customer_type: 'business' }), 5, 2],
    ['contact without the privacy consent', fields({ ...contact, privacy_consent: false }), 5, 1],
  ])('%s → %s', (_, f, before, expected) => {
    expect(firstIncompleteStep(f, before)).toBe(expected);
  });
});

describe('step paths', () => {
  it.each([['/attiva/step-1', 1], ['/attiva/step-4', 4], ['/attiva/step-5/', 5], ['/attiva/altro', 1]])('%s → %i', (path, step) => {
    expect(stepFromPath(path)).toBe(step);
  });
  it.each([[1, '/attiva/step-1'], [5, '/attiva/step-5'], [6, '/attiva/firma']])('%i → %s', (step, path) => {
    expect(stepPath(step)).toBe(path);
  });
});
