import { z } from 'zod';

/**
 * Public runtime configuration. The server writes it into the served HTML as
 * `<meta name="app-config" content="{json}">` (no inline script: the CSP is script-src 'self');
 * without it (Vite dev server, tests) the Vite env or the demo defaults apply.
 */
export const publicConfigSchema = z.object({
  apiKey: z.string().min(1),
  brand: z.string().min(1),
  product: z.string().min(1),
  gtmId: z.string().nullable(),
  /** Prefix of every API path; '' means same origin. */
  apiBaseUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

const env = import.meta.env;
const envOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.length > 0 ? value : fallback;

export const fallbackPublicConfig = (): PublicConfig => ({
  apiKey: envOr(env.VITE_PUBLIC_API_KEY, 'demo-public-key'),
  brand: envOr(env.VITE_BRAND_NAME, 'Fibra Viva'),
  product: envOr(env.VITE_PRODUCT_NAME, 'Fibra Viva Casa'),
  gtmId: envOr(env.VITE_GTM_ID, '') || null,
  apiBaseUrl: envOr(env.VITE_API_BASE_URL, ''),
});

/** Reads the meta tag; any field missing or malformed falls back one by one. */
export const readPublicConfig = (doc: Document = document): PublicConfig => {
  const fallback = fallbackPublicConfig();
  const raw = doc.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!raw) return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return fallback;
  }
  const partial = publicConfigSchema.partial().safeParse(parsed);
  if (!partial.success) return fallback;
  const given = Object.fromEntries(Object.entries(partial.data).filter(([, v]) => v !== undefined));
  return { ...fallback, ...given };
};

let cached: PublicConfig | undefined;
/** The page's config, read once. */
export const getPublicConfig = (): PublicConfig => (cached ??= readPublicConfig());
/** Hook form for components; the config never changes during a page's life. */
export const usePublicConfig = (): PublicConfig => getPublicConfig();
