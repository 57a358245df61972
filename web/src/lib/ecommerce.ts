import { orderTotals, type AddedOption, type Offer } from '@checkout/contract';

/**
 * GA4 ecommerce payload of the order in the store (offer + added options): prices in euro, the
 * value is the first monthly fee plus the one-off costs, as the visitor sees them in the summary.
 */
export const ecommerceOf = (offer: Offer, options: readonly AddedOption[], additionalVariants: readonly string[] = []) => {
  const totals = orderTotals(offer, { options, additionalVariants });
  return {
    currency: 'EUR',
    value: (totals.monthly + totals.oneOff) / 100,
    items: [
      { item_id: String(offer.id), item_name: offer.name, price: offer.recurrent_cost / 100, quantity: 1 },
      ...options.map((o) => ({
        item_id: String(o.id),
        item_name: offer.options.find((x) => x.id === o.id)?.name ?? String(o.id),
        item_category: o.category,
        price: (o.recurrent_cost > 0 ? o.recurrent_cost : o.cash_amount) / 100,
        quantity: 1,
      })),
    ],
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
