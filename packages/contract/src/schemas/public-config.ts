import { z } from 'zod';

/**
 * What the server tells the browser about itself: the public api key (SPEC §6), branding and the GTM
 * container. Written into every served page as `<meta name="app-config" content="{json}">` (no inline
 * script: the CSP is script-src 'self') and answered by `GET /api/public-config`.
 */
export const publicConfigSchema = z.object({
  apiKey: z.string().min(1),
  brandName: z.string().min(1),
  /** BRAND_KEY: the brand in SPEC §3's field names (`is_{brandKey}_customer`). */
  brandKey: z.string().regex(/^[a-z][a-z0-9]{0,29}$/).default('fibraviva'),
  productName: z.string().min(1),
  gtmId: z.string().nullable(),
});
export type ServerPublicConfig = z.infer<typeof publicConfigSchema>;

/** SPEC §3/§7 `is_{brand}_customer`: the already-a-customer flag under the brand's own name. */
export const brandCustomerField = (brandKey: string): string => `is_${brandKey}_customer`;
