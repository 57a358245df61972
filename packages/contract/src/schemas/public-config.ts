import { z } from 'zod';

// Without zod, for the pages' first screen; re-exported here where they were always found.
export { DEFAULT_LEGAL_PAGES_URL, brandCustomerField } from './brand-config';

/**
 * What the server tells the browser about itself: the public api key (SPEC §6), branding, the GTM
 * container and where the legal pages are. Written into every served page as `<meta name="app-config" content="{json}">` (no inline
 * script: the CSP is script-src 'self') and answered by `GET /api/public-config`.
 */
export const publicConfigSchema = z.object({
  apiKey: z.string().min(1),
  brandName: z.string().min(1),
  /** BRAND_KEY: the brand in SPEC §3's field names (`is_{brandKey}_customer`). */
  brandKey: z.string().regex(/^[a-z][a-z0-9]{0,29}$/).default('fibraviva'),
  productName: z.string().min(1),
  gtmId: z.string().nullable(),
  legalPagesUrl: z.url({ protocol: /^https?$/ }).max(500),
});
export type ServerPublicConfig = z.infer<typeof publicConfigSchema>;

