import { ADDITIONAL_VARIANT_CASH_CENTS, ROUTER_COLOUR_NAMES } from '../constants';
import { promoDurationWording, type PromoTerms } from './offer-terms';
import type { AddedOption, Offer, Option, Promo } from '../schemas/offer';
import { chosenRouter } from './router-compatibility';
import { routerColourOf, routerTakesColours } from './selection';

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

/** One line of an order as the summary box, the step-5 review and the contract print it. */
export interface PriceLine {
  /** Stable key: `offer`, `included-<id>`, `option-<id>`, `cover-<colour>`, `promo-monthly`, `promo-one-off`. */
  key: string;
  kind: 'offer' | 'included' | 'option' | 'cover' | 'promo';
  optionId: number | null;
  name: string;
  /** The router's colour (Italian name) on the line of the router that ships; otherwise null. */
  colour: string | null;
  /** Cents a month; a promo line is negative. */
  monthly: number;
  /** One-off cents; a promo line is negative. */
  oneOff: number;
}

export interface PricedOrder {
  lines: PriceLine[];
  totals: OrderTotals;
  /** The promo as applied to this order, with its duration and the monthly total after it; null without one. */
  promo: PromoTerms | null;
}

export interface PricingInput {
  /** Option ids: names and prices are the offer's, whatever else the caller carries. */
  options: readonly { id: number }[];
  additionalVariants: readonly string[];
  routerVariant?: string;
}

/** The promo applies to this offer: a promo for every offer, or for this one. */
export const promoAppliesTo = (promo: Pick<Promo, 'offer_id'>, offer: Pick<Offer, 'id'>): boolean =>
  promo.offer_id === null || promo.offer_id === offer.id;

/**
 * The one price computation of an order (SPEC §9): the offer, the options it includes (its router
 * unless another is chosen), the chosen options at the catalogue's prices, each additional cover at
 * 5 € one-off, and a promo's discounts (never below zero). The summary box, the step-5 review, the
 * stored order and the contract all print these lines and these totals.
 */
export function priceOrder(offer: Offer, input: PricingInput, { promo = null }: { promo?: Promo | null } = {}): PricedOrder {
  const byId = new Map(offer.options.map((o) => [o.id, o]));
  const chosen = [...new Set(input.options.map((o) => o.id))].map((id) => byId.get(id)).filter((o): o is Option => o !== undefined);
  const addedRouter = chosen.some((o) => o.category === 'router');
  const included = offer.options.filter((o) => o.included && !chosen.includes(o) && !(addedRouter && o.category === 'router'));
  const router = chosenRouter(offer.options, chosen);
  const colour = routerColourOf(input.routerVariant);
  const colourOn = (o: Option): string | null =>
    router?.id === o.id && routerTakesColours(router) && colour ? ROUTER_COLOUR_NAMES[colour] : null;

  const lines: PriceLine[] = [
    { key: 'offer', kind: 'offer', optionId: null, name: offer.name, colour: null, monthly: offer.recurrent_cost, oneOff: offer.cash_amount },
    ...included.map((o): PriceLine => ({
      key: `included-${o.id}`, kind: 'included', optionId: o.id, name: o.name, colour: colourOn(o), monthly: o.recurrent_cost, oneOff: o.cash_amount,
    })),
    ...chosen.map((o): PriceLine => ({
      key: `option-${o.id}`, kind: 'option', optionId: o.id, name: o.name, colour: colourOn(o), monthly: o.recurrent_cost, oneOff: o.cash_amount,
    })),
    ...input.additionalVariants.map(routerColourOf).filter((c) => c !== null).map((c): PriceLine => ({
      key: `cover-${c}`, kind: 'cover', optionId: null, name: `Cover aggiuntiva ${ROUTER_COLOUR_NAMES[c]}`, colour: null,
      monthly: 0, oneOff: ADDITIONAL_VARIANT_CASH_CENTS,
    })),
  ];
  const sum = (key: 'monthly' | 'oneOff') => lines.reduce((total, line) => total + line[key], 0);
  let terms: PromoTerms | null = null;
  if (promo && promoAppliesTo(promo, offer)) {
    const full = sum('monthly');
    const monthly = Math.min(promo.recurrent_discount, full);
    const oneOff = Math.min(promo.cash_discount, sum('oneOff'));
    // The monthly discount's line says how long it lasts and what is paid after it (the order's total without it).
    terms = { code: promo.code, monthlyDiscount: monthly, oneOffDiscount: oneOff, months: promo.discount_months, monthlyAfter: full };
    if (monthly > 0) {
      lines.push({
        key: 'promo-monthly', kind: 'promo', optionId: null, name: `Promozione ${promo.code}: sconto mensile ${promoDurationWording(terms)}`,
        colour: null, monthly: -monthly, oneOff: 0,
      });
    }
    if (oneOff > 0) lines.push({ key: 'promo-one-off', kind: 'promo', optionId: null, name: `Promozione ${promo.code}: sconto sull'attivazione`, colour: null, monthly: 0, oneOff: -oneOff });
    if (monthly === 0 && oneOff === 0) terms = null;
  }
  return { lines, totals: { monthly: sum('monthly'), oneOff: sum('oneOff') }, promo: terms };
}

/** A line's label as every screen and the contract print it: the router's colour and "incluso" are part of it. */
export const priceLineLabel = (line: Pick<PriceLine, 'name' | 'colour' | 'kind'>): string =>
  `${line.name}${line.colour ? ` (colore: ${line.colour})` : ''}${line.kind === 'included' ? ' - incluso' : ''}`;

export { formatEuro } from './format-euro';
