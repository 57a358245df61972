import { describe, expect, it } from 'vitest';
import type { Option } from '../schemas/offer';
import { chosenRouter, compatibleRepeaters, routersForSpeed } from './router-compatibility';

const opt = (id: number, extra: Partial<Option>): Option => ({
  id, name: `o${id}`, description: '', category: 'other', included: false, hidden_public: false,
  recurrent_cost: 0, cash_amount: 0, max_download_speed: null, compatibility_tag: null, compatible_with_tag: null,
  contract_code: `C${id}`, instalments: null, ...extra,
});

const included = opt(27, { category: 'router', included: true, compatibility_tag: 'base', max_download_speed: 1000 });
const top = opt(22, { category: 'router', compatibility_tag: 'top', max_download_speed: 10000 });
const rental = opt(23, { category: 'router', compatibility_tag: 'top', max_download_speed: 2500 });
const repeaterBase = opt(40, { category: 'repeater', compatible_with_tag: 'base' });
const repeaterTop = opt(28, { category: 'repeater', compatible_with_tag: 'top' });
const repeaterAny = opt(41, { category: 'repeater', compatible_with_tag: null });
const speed2500 = opt(50, { category: 'speed_upgrade', max_download_speed: 2500 });
const speed10g = opt(51, { category: 'speed_upgrade', max_download_speed: 10000 });
const offerOptions = [included, top, rental, repeaterBase, repeaterTop, repeaterAny, speed2500, speed10g];

describe('chosenRouter', () => {
  it.each([
    ['the included router when none is added', [], 27],
    ['the added router', [{ id: 22, category: 'router' as const }], 22],
    ['ignores added non-routers', [{ id: 28, category: 'repeater' as const }], 27],
    ['ignores an added router not in the offer', [{ id: 99, category: 'router' as const }], 27],
  ])('%s', (_name, addedOptions, expected) => {
    expect(chosenRouter(offerOptions, addedOptions)?.id).toBe(expected);
  });

  it('is null when the offer has no included router and none is added', () => {
    expect(chosenRouter([top, rental], [])).toBeNull();
  });
});

describe('compatibleRepeaters', () => {
  it.each([
    ['base router', included, [40]],
    ['top router', top, [28]],
    ['no router', null, []],
    ['router without a tag', opt(60, { category: 'router', compatibility_tag: null }), []],
  ])('%s', (_name, router, expected) => {
    expect(compatibleRepeaters(offerOptions, router).map((option) => option.id)).toEqual(expected);
  });
});

describe('routersForSpeed', () => {
  const unlimited = opt(61, { category: 'router', max_download_speed: null });
  it.each([
    ['no speed upgrade: every router', null, [27, 22, 23, 61]],
    ['2.5 Gbit/s', speed2500, [22, 23, 61]],
    ['10 Gbit/s', speed10g, [22, 61]],
    ['an added option, looked up by id', { id: 51 }, [22, 61]],
    ['an upgrade with no speed', { id: 99, max_download_speed: null }, [27, 22, 23, 61]],
  ])('%s', (_name, speedUpgrade, expected) => {
    expect(routersForSpeed([...offerOptions, unlimited], speedUpgrade).map((option) => option.id)).toEqual(expected);
  });
});
