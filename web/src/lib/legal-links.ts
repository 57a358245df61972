/** The brand's legal pages, under the public config's `legalPagesUrl` (LEGAL_PAGES_URL, docs/configuration.md). */
export const LEGAL_PAGES = {
  privacy: 'privacy',
  cookies: 'cookie-policy',
  conditions: 'condizioni-generali',
  serviceCharter: 'carta-dei-servizi',
  tariffTransparency: 'trasparenza-tariffaria',
} as const;
export type LegalPage = keyof typeof LEGAL_PAGES;

export const legalPageUrl = (base: string, page: LegalPage): string => `${base.replace(/\/+$/, '')}/${LEGAL_PAGES[page]}`;
