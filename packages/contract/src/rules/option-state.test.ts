import { describe, expect, it } from 'vitest';
import type { AddedOption } from '../schemas/offer';
import {
  addOption, cleanVoipOptions, emptyOptionsState, removeOption, resetOptions, selectSpeedUpgrade,
  toggleAdditionalVariant, type OptionsState,
} from './option-state';

const added = (id: number, category: AddedOption['category'], recurrent_cost = 100, cash_amount = 0): AddedOption =>
  ({ id, category, recurrent_cost, cash_amount });
const ids = (state: OptionsState) => state.options.map((option) => option.id);
const items = (state: OptionsState) => state.analyticsItems.map((item) => item.item_id);
const build = (...options: AddedOption[]) => options.reduce(addOption, emptyOptionsState());

describe('addOption / removeOption', () => {
  it.each([
    ['adds', [added(2, 'other')], [2]],
    ['adds once', [added(2, 'other'), added(2, 'other')], [2]],
    ['several of a free category', [added(2, 'other'), added(4, 'other'), added(28, 'repeater')], [2, 4, 28]],
    ['voip is a radio category', [added(8, 'voip'), added(2, 'other'), added(10, 'voip')], [2, 10]],
    ['router is a radio category', [added(22, 'router'), added(23, 'router')], [23]],
  ])('%s', (_name, options, expected) => {
    const state = build(...options);
    expect(ids(state)).toEqual(expected);
    expect(items(state)).toEqual(expected.map(String));
  });

  it('a speed upgrade added as an option becomes the speed upgrade', () => {
    const state = build(added(50, 'speed_upgrade'), added(51, 'speed_upgrade'));
    expect(ids(state)).toEqual([51]);
    expect(state.speedUpgrade?.id).toBe(51);
  });

  it('removes an option, its analytics item and, if it was it, the speed upgrade', () => {
    const state = build(added(2, 'other'), added(50, 'speed_upgrade'));
    expect(removeOption(state, 2)).toMatchObject({ options: [added(50, 'speed_upgrade')], analyticsItems: [{ item_id: '50' }] });
    expect(removeOption(state, 50)).toMatchObject({ options: [added(2, 'other')], speedUpgrade: null });
    expect(removeOption(state, 99)).toEqual(state);
  });
});

describe('selectSpeedUpgrade', () => {
  it.each([
    ['first choice', [], added(50, 'speed_upgrade'), [50], 50],
    ['replaces the previous one', [added(50, 'speed_upgrade'), added(2, 'other')], added(51, 'speed_upgrade'), [2, 51], 51],
    ['null removes it', [added(50, 'speed_upgrade'), added(2, 'other')], null, [2], null],
  ] as const)('%s', (_name, before, choice, expectedIds, expectedSpeed) => {
    const state = selectSpeedUpgrade(build(...before), choice);
    expect(ids(state)).toEqual(expectedIds);
    expect(state.speedUpgrade?.id ?? null).toBe(expectedSpeed);
  });
});

describe('cleanVoipOptions and resetOptions', () => {
  it('removes every voip option and keeps the rest', () => {
    const state = { ...build(added(2, 'other'), added(10, 'voip')), options: [added(2, 'other'), added(10, 'voip'), added(29, 'voip')] };
    expect(ids(cleanVoipOptions(state))).toEqual([2]);
    expect(items(cleanVoipOptions(state))).toEqual(['2']);
  });

  it('reset clears options, speed upgrade, variants and analytics items', () => {
    let state = selectSpeedUpgrade(build(added(2, 'other')), added(50, 'speed_upgrade'));
    state = toggleAdditionalVariant(state, 'marble');
    expect(state.additionalVariants).toEqual(['marble']);
    expect(resetOptions()).toEqual({ options: [], speedUpgrade: null, additionalVariants: [], analyticsItems: [] });
    expect(toggleAdditionalVariant(state, 'marble').additionalVariants).toEqual([]);
  });
});
