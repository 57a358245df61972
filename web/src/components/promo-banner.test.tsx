import { describe, expect, it } from 'vitest';
import { promoModalOf } from './promo-banner';

describe('the seasonal promos open their SPEC §2 page', () => {
  it.each([
    ['BLACKFRIDAY', 'black-friday'],
    ['blackfriday26', 'black-friday'],
    ['XMAS26', 'xmas'],
    ['NATALE2026', 'xmas'],
    ['CLUSTERC', null],
    ['BUSINESS10', null],
  ])('%s → %s', (code, modal) => {
    expect(promoModalOf(code)).toBe(modal);
  });
});
