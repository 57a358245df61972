import type { AddedOption, Offer } from '@checkout/contract';
import { track } from '../../lib/analytics';

/** GA4 ecommerce item of an option: the monthly price when it has one, else the one-off price, in euro. */
export const optionItem = (offer: Offer, option: AddedOption) => ({
  item_id: String(option.id),
  item_name: offer.options.find((o) => o.id === option.id)?.name ?? String(option.id),
  price: (option.recurrent_cost > 0 ? option.recurrent_cost : option.cash_amount) / 100,
});

export const offerItem = (offer: Offer, index?: number) => ({
  item_id: String(offer.id),
  item_name: offer.name,
  price: offer.recurrent_cost / 100,
  ...(index === undefined ? {} : { index }),
});

/** add_to_cart / remove_from_cart, one event per option (track() sends nothing without consent). */
export const trackOptionChanges = (offer: Offer, changes: { added: AddedOption[]; removed: AddedOption[] }): void => {
  for (const option of changes.removed) track('remove_from_cart', { currency: 'EUR', items: [optionItem(offer, option)] });
  for (const option of changes.added) track('add_to_cart', { currency: 'EUR', items: [optionItem(offer, option)] });
};

export const trackOfferList = (offers: readonly Offer[]): void => {
  track('view_item_list', { item_list_id: 'offerte', item_list_name: 'Offerte disponibili', items: offers.map((o, i) => offerItem(o, i)) });
};

export const trackOfferSelected = (offer: Offer): void => {
  track('select_item', { item_list_id: 'offerte', item_list_name: 'Offerte disponibili', items: [offerItem(offer)] });
};
