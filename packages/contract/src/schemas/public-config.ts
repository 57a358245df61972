import { z } from 'zod';

/**
 * What the server tells the browser about itself: the public api key (SPEC §6), branding and the GTM
 * container. Written into every served page as `<meta name="app-config" content="{json}">` (no inline
 * script: the CSP is script-src 'self') and answered by `GET /api/public-config`.
 */
export const publicConfigSchema = z.object({
  apiKey: z.string().min(1),
  brandName: z.string().min(1),
  productName: z.string().min(1),
  gtmId: z.string().nullable(),
});
export type ServerPublicConfig = z.infer<typeof publicConfigSchema>;
