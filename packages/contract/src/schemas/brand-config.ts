/**
 * Where the brand's legal pages live (LEGAL_PAGES_URL): the footer and the privacy checkboxes link to
 * `<url>/privacy`, `/cookie-policy`, `/condizioni-generali`, `/carta-dei-servizi`, `/trasparenza-tariffaria`.
 */
export const DEFAULT_LEGAL_PAGES_URL = 'https://www.fibraviva.it/legale';

/** SPEC §3/§7 `is_{brand}_customer`: the already-a-customer flag under the brand's own name. */
export const brandCustomerField = (brandKey: string): string => `is_${brandKey}_customer`;
