import type { OptionCategory } from '../constants';
import type { AddedOption } from '../schemas/offer';

/** SPEC §3/§4: the options the visitor added, kept beside the form fields. */
export interface OptionsState {
  options: AddedOption[];
  speedUpgrade: AddedOption | null;
  /** Router colours bought on top of the included one (each ADDITIONAL_VARIANT_CASH_CENTS). */
  additionalVariants: string[];
  /** Ecommerce items for analytics, one per added option (item_id = option id). */
  analyticsItems: { item_id: string }[];
}

/** Categories where adding one option replaces the previous one (like radio buttons). */
export const RADIO_CATEGORIES: readonly OptionCategory[] = ['voip', 'speed_upgrade', 'router'];

export const emptyOptionsState = (): OptionsState => ({ options: [], speedUpgrade: null, additionalVariants: [], analyticsItems: [] });

/** SPEC §4: reset clears options, speed upgrade, additional variants and analytics items. */
export const resetOptions = (): OptionsState => emptyOptionsState();

const itemId = (id: number) => String(id);

const withoutIds = (state: OptionsState, ids: ReadonlySet<number>): OptionsState => ({
  ...state,
  options: state.options.filter((option) => !ids.has(option.id)),
  speedUpgrade: state.speedUpgrade && ids.has(state.speedUpgrade.id) ? null : state.speedUpgrade,
  analyticsItems: state.analyticsItems.filter((item) => ![...ids].some((id) => itemId(id) === item.item_id)),
});

const idsWhere = (state: OptionsState, keep: (option: AddedOption) => boolean): Set<number> =>
  new Set(state.options.filter(keep).map((option) => option.id));

export const removeOption = (state: OptionsState, id: number): OptionsState => withoutIds(state, new Set([id]));

/** SPEC §4: cleaning voip options removes every voip option. */
export const cleanVoipOptions = (state: OptionsState): OptionsState =>
  withoutIds(state, idsWhere(state, (option) => option.category === 'voip'));

/**
 * Adds an option (once). In a radio category it replaces the option of that category already
 * there; a speed upgrade also becomes `speedUpgrade`.
 */
export const addOption = (state: OptionsState, option: AddedOption): OptionsState => {
  if (state.options.some((added) => added.id === option.id)) return state;
  const replaced = RADIO_CATEGORIES.includes(option.category)
    ? withoutIds(state, idsWhere(state, (added) => added.category === option.category))
    : state;
  return {
    ...replaced,
    options: [...replaced.options, option],
    speedUpgrade: option.category === 'speed_upgrade' ? option : replaced.speedUpgrade,
    analyticsItems: [...replaced.analyticsItems, { item_id: itemId(option.id) }],
  };
};

/** SPEC §4: selecting a speed upgrade replaces any previous one (also in `options`); null removes it. */
export const selectSpeedUpgrade = (state: OptionsState, option: AddedOption | null): OptionsState => {
  const cleared = withoutIds(state, new Set([
    ...idsWhere(state, (added) => added.category === 'speed_upgrade'),
    ...(state.speedUpgrade ? [state.speedUpgrade.id] : []),
  ]));
  return option ? addOption(cleared, { ...option, category: 'speed_upgrade' }) : cleared;
};

/** Adds a router colour variant, or removes it when already chosen. */
export const toggleAdditionalVariant = (state: OptionsState, variant: string): OptionsState => ({
  ...state,
  additionalVariants: state.additionalVariants.includes(variant)
    ? state.additionalVariants.filter((chosen) => chosen !== variant)
    : [...state.additionalVariants, variant],
});
