import { describe, expect, it } from 'vitest';
import { technologyWording } from './technology-wording';

describe('AGCOM 292/18/CONS technology wording', () => {
  it.each([
    ['FTTH', 'fibra (FTTH, fibra ottica fino a casa)'],
    ['fttc', 'fibra misto rame (FTTC)'],
    ['FWA', 'fibra misto radio (FWA)'],
    ['ADSL', 'ADSL'],
  ])('%s → %s', (technology, wording) => expect(technologyWording(technology)).toBe(wording));

  it('never calls a mixed line plain "fibra"', () => {
    for (const t of ['FTTC', 'FWA']) expect(technologyWording(t)).toMatch(/^fibra misto (rame|radio)/);
  });
});
