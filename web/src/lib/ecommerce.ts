import { priceLineLabel, priceOrder, type AddedOption, type Offer, type Promo } from '@checkout/contract';

export interface EcommerceContext {
  /** fields.routerVariant: the router line is named with its colour, as in the summary. */
  routerVariant?: string;
  /** A promo get-promo accepted: its discounts lower the value, its code is the GA4 coupon. */
  promo?: Promo | null;
}

/**
 * GA4 ecommerce payload of the order in the store, from the contract's `priceOrder` (the lines and
 * totals the summary and the contract print): one item per chosen option and per extra cover, named
 * as the summary names them; the value is the first monthly fee plus the one-off costs after the
 * promo, in euro.
 */
export const ecommerceOf = (
  offer: Offer, options: readonly AddedOption[], additionalVariants: readonly string[] = [], { routerVariant, promo = null }: EcommerceContext = {},
) => {
  const { lines, totals } = priceOrder(offer, { options, additionalVariants, routerVariant }, { promo });
  const promoLines = lines.filter((l) => l.kind === 'promo');
  const items = lines.flatMap((line) => {
    const name = priceLineLabel(line);
    switch (line.kind) {
      case 'offer': return [{ item_id: String(offer.id), item_name: name, price: line.monthly / 100, quantity: 1 }];
      case 'option': return [{
        item_id: String(line.optionId), item_name: name, item_category: offer.options.find((o) => o.id === line.optionId)?.category ?? 'other',
        price: (line.monthly > 0 ? line.monthly : line.oneOff) / 100, quantity: 1,
      }];
      case 'cover': return [{ item_id: line.key, item_name: name, item_category: 'cover', price: line.oneOff / 100, quantity: 1 }];
      default: return [];
    }
  });
  return {
    currency: 'EUR',
    value: (totals.monthly + totals.oneOff) / 100,
    ...(promo && promoLines.length > 0 ? { coupon: promo.code } : {}),
    items,
  };
};

/**
 * The GA4 transaction_id of an order. The order code is the order hash, which is also the secret that
 * opens the order and its signed contract (docs/orders.md): it must not travel to a third party. Its
 * SHA-256 is stable (GA deduplicates purchases by it) and says nothing about the hash.
 */
export const analyticsOrderId = async (orderCode: string): Promise<string> => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(orderCode));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
};
