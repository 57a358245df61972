import { describe, expect, it } from 'vitest';
import { stepFromPath, stepPath, stepRedirect } from './step-guard';

describe('stepRedirect', () => {
  it.each([
    // step, maxStep, hasOrder, expected
    [1, 0, false, null],
    [2, 0, false, '/attiva/verifica-copertura'],
    [3, 1, true, '/attiva/step-1'],
    [4, 2, true, '/attiva/step-2'],
    [3, 3, true, null],
    [2, 5, true, null],
    [5, 4, true, null],
    [2, 2, false, '/attiva/step-1'],
  ])('step %i with maxStep %i (order: %s) → %s', (step, maxStep, hasOrder, expected) => {
    expect(stepRedirect({ step, maxStep, hasOrder })).toBe(expected);
  });

  it('resumes the coverage check with the promo', () => {
    expect(stepRedirect({ step: 3, maxStep: 0, hasOrder: false, promo: 'ESTATE' })).toBe('/attiva/verifica-copertura/ESTATE');
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
