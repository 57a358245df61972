import type { CustomerType } from '../constants';

/*
 * Whether an order's prices include VAT: a consumer reads prices with VAT, a business without (the
 * catalogue's prices are kept that way, and the contract, its summary, the summary box, the console and
 * the provider's systems all say which). One rule, so no surface says "IVA inclusa" of a business price.
 */
export const pricesIncludeVat = (customerType: CustomerType): boolean => customerType !== 'business';

/** The words beside a price: "IVA inclusa" or "IVA esclusa". */
export const vatWording = (customerType: CustomerType): 'IVA inclusa' | 'IVA esclusa' => (pricesIncludeVat(customerType) ? 'IVA inclusa' : 'IVA esclusa');
