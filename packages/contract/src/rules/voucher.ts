import type { Offer } from '../schemas/offer';

/**
 * SPEC §1: the business-voucher offer is recognised by its name (the catalogue has no flag for it),
 * so server and web must agree on this one test.
 */
export const isVoucherOffer = (offer: Pick<Offer, 'name'>): boolean => /voucher/i.test(offer.name);
