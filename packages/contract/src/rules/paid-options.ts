import type { PriceLine, PricedOrder } from './totals';

/*
 * Codice del Consumo art. 65 c. 2 (Directive 2011/83/EU art. 22): consent to a payment beyond the main
 * price needs the consumer's own act, never a default. On the offer page each paid option is the visitor's
 * click; on a pre-made order the agent chose them, so the customer confirms each one before the code that
 * signs is sent (send-otp's `confirmed_paid_options`, by price-line key).
 */

/** The lines of the order that cost something beyond the offer: chosen options and router covers. */
export const paidOptionLines = (priced: Pick<PricedOrder, 'lines'>): PriceLine[] =>
  priced.lines.filter((l) => (l.kind === 'option' || l.kind === 'cover') && (l.monthly > 0 || l.oneOff > 0));

/** The paid lines not among the confirmed keys (`option-<id>`, `cover-<colour>`), in the order's order. */
export const unconfirmedPaidOptions = (priced: Pick<PricedOrder, 'lines'>, confirmed: readonly string[]): PriceLine[] => {
  const given = new Set(confirmed);
  return paidOptionLines(priced).filter((l) => !given.has(l.key));
};
