import { describe, expect, it } from 'vitest';
import { isSameLocation } from './same-location';

const here = { pathname: '/attiva/step-1', search: '', hash: '' };

describe('isSameLocation', () => {
  it.each<[unknown, boolean]>([
    ['/attiva/step-1', true],
    ['/attiva/step-1/', true],
    [{ pathname: '/attiva/step-1' }, true],
    [{ search: '' }, true],
    ['/attiva/step-2', false],
    ['/attiva/step-1?promo=x', false],
    ['/attiva/step-1#top', false],
    ['step-1', false],
    [-1, false],
    [null, false],
  ])('%j → %s', (target, expected) => {
    expect(isSameLocation(here, target as Parameters<typeof isSameLocation>[1])).toBe(expected);
  });
});
