import { describe, expect, it } from 'vitest';
import { countrySchema } from '@checkout/contract';
import { findCountry, listCountries } from './countries';

describe('listCountries', () => {
  it('lists the ISO countries in Italian, Italy first then alphabetical', async () => {
    const list = await listCountries();
    expect(list.length).toBeGreaterThanOrEqual(249);
    expect(list[0]).toEqual({ code: 'IT', name: 'Italia', belfiore: null });
    const rest = list.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'it')));
    for (const c of list) expect(countrySchema.parse(c)).toEqual(c);
  });

  it.each([
    ['DE', 'Germania', 'Z112'],
    ['FR', 'Francia', 'Z110'],
    ['AL', 'Albania', 'Z100'],
    ['SM', 'San Marino', 'Z130'],
    ['US', "Stati Uniti d'America", 'Z404'],
  ])('%s is %s with Belfiore %s', async (code, name, belfiore) => {
    const list = await listCountries();
    expect(list.find((c) => c.code === code)).toEqual({ code, name, belfiore });
  });

  it('knows the Z-code of most countries', async () => {
    const list = await listCountries();
    expect(list.filter((c) => c.belfiore !== null).length).toBeGreaterThan(190);
    expect(list.every((c) => c.belfiore === null || /^Z\d{3}$/.test(c.belfiore))).toBe(true);
  });
});

describe('findCountry', () => {
  it.each([
    ['de', 'DE'],
    ['Z112', 'DE'],
    ['germania', 'DE'],
    ['  Città del Vaticano ', 'VA'],
    ['citta del vaticano', 'VA'],
    ['Atlantide', null],
    ['', null],
  ])('%j → %j', async (input, code) => {
    expect((await findCountry(input))?.code ?? null).toBe(code);
  });
});
