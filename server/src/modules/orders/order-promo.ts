import type { PricedOrder } from '@checkout/contract';
import type { OrderFields } from './service';

/**
 * The promo code an order keeps is the one its price applies (get-promo's rules for the order's customer type,
 * cluster, offer and day), written as the catalogue writes it; any other code is stored as none. The code
 * travels from the promo link through the checkout with no field the visitor could correct, so a code that is
 * unknown, expired, not yet valid or for another offer is not a reason to refuse the order: it is priced without
 * it, as the offer page shows it (get-promo says why), and nothing of it is stored. Set in place.
 */
export function keepAppliedPromo(fields: OrderFields, priced: Pick<PricedOrder, 'promo'>): OrderFields {
  if (fields.promo === undefined) return fields;
  fields.promo = priced.promo?.code ?? '';
  return fields;
}
