import { describe, expect, it } from 'vitest';
import { resumeUrl } from './resume-url';

describe('resumeUrl', () => {
  it.each([
    [1, undefined, '/attiva/step-1'],
    [2, 'PROMO', '/attiva/step-2'],
    [3, null, '/attiva/step-3'],
    [4, '', '/attiva/step-4'],
    [5, 'PROMO', '/attiva/firma'],
    [0, undefined, '/attiva/verifica-copertura'],
    [0, '', '/attiva/verifica-copertura'],
    [0, 'ESTATE24', '/attiva/verifica-copertura/ESTATE24'],
    [6, 'a b', '/attiva/verifica-copertura/a%20b'],
    [2.5, null, '/attiva/verifica-copertura'],
    [-1, null, '/attiva/verifica-copertura'],
  ])('maxStep %s, promo %j → %s', (maxStep, promo, expected) => {
    expect(resumeUrl(maxStep, promo)).toBe(expected);
  });
});
