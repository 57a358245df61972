import type { Option } from '../schemas/offer';

/** SPEC §9: offer options by monthly cost, then one-off cost, ascending. */
type Priced = Pick<Option, 'recurrent_cost' | 'cash_amount'>;

export const byCostAscending = (a: Priced, b: Priced): number =>
  a.recurrent_cost - b.recurrent_cost || a.cash_amount - b.cash_amount;

/** A sorted copy (the sort is stable: equal prices keep the catalogue's order). */
export const sortOptions = <T extends Priced>(options: readonly T[]): T[] => [...options].sort(byCostAscending);

/** SPEC §9: voip options by monthly cost descending (the unlimited plan first). */
export const sortVoipOptions = <T extends Pick<Option, 'recurrent_cost'>>(options: readonly T[]): T[] =>
  [...options].sort((a, b) => b.recurrent_cost - a.recurrent_cost);

/** Options the public checkout may show: `hidden_public` ones are for agents only. */
export const publicOptions = <T extends Pick<Option, 'hidden_public'>>(options: readonly T[]): T[] =>
  options.filter((option) => !option.hidden_public);

/** The options of an offer as the offer page lists them: public, non-voip ascending, then voip descending. */
export const sortOfferOptions = <T extends Priced & Pick<Option, 'category' | 'hidden_public'>>(options: readonly T[]): T[] => {
  const visible = publicOptions(options);
  return [
    ...sortOptions(visible.filter((option) => option.category !== 'voip')),
    ...sortVoipOptions(visible.filter((option) => option.category === 'voip')),
  ];
};
