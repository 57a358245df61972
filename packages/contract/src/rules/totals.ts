import { ADDITIONAL_VARIANT_CASH_CENTS } from '../constants';
import type { AddedOption, Offer } from '../schemas/offer';

/** SPEC §9 order totals, in integer cents (DESIGN §6.5). */

export const monthlyTotal = (
  offer: Pick<Offer, 'recurrent_cost'>,
  options: readonly Pick<AddedOption, 'recurrent_cost'>[],
): number => options.reduce((sum, option) => sum + option.recurrent_cost, offer.recurrent_cost);

/** The offer's one-off cost, the options' one-off costs and each additional router variant. */
export const oneOffTotal = (
  offer: Pick<Offer, 'cash_amount'>,
  options: readonly Pick<AddedOption, 'cash_amount'>[],
  additionalVariants: number | readonly unknown[] = 0,
): number => {
  const variants = typeof additionalVariants === 'number' ? additionalVariants : additionalVariants.length;
  return options.reduce((sum, option) => sum + option.cash_amount, offer.cash_amount) + variants * ADDITIONAL_VARIANT_CASH_CENTS;
};

export interface OrderTotals { monthly: number; oneOff: number }

export const orderTotals = (
  offer: Pick<Offer, 'recurrent_cost' | 'cash_amount'>,
  state: { options: readonly Pick<AddedOption, 'recurrent_cost' | 'cash_amount'>[]; additionalVariants: readonly unknown[] },
): OrderTotals => ({
  monthly: monthlyTotal(offer, state.options),
  oneOff: oneOffTotal(offer, state.options, state.additionalVariants),
});

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** 2990 → "29,90 €" (Italian format; the space is a no-break space, as Intl writes it). */
export const formatEuro = (cents: number): string => euro.format(cents / 100);
