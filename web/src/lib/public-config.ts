import { DEFAULT_LEGAL_PAGES_URL, type ServerPublicConfig } from '@checkout/contract';

/**
 * Public runtime configuration: what the server wrote into the page (`publicConfigSchema`, read from
 * `<meta name="app-config">`) under the names the app uses; without it (Vite dev server, tests) the
 * Vite env or the demo defaults apply.
 */
export interface PublicConfig {
  apiKey: string;
  brand: string;
  /** BRAND_KEY: the brand in SPEC field names (`is_{brandKey}_customer`). */
  brandKey: string;
  product: string;
  gtmId: string | null;
  /** Prefix of every API path; '' means same origin. */
  apiBaseUrl: string;
  /** LEGAL_PAGES_URL: base of the brand's legal pages (lib/legal-links.ts), no trailing slash. */
  legalPagesUrl: string;
}

const filled = (v: unknown): boolean => typeof v === 'string' && v.length > 0;
const isHttpUrl = (v: unknown): boolean => {
  if (typeof v !== 'string' || v.length > 500) return false;
  try {
    return /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};

/**
 * The rules of the contract's publicConfigSchema, field by field (an absent field passes), by hand:
 * every page reads this tag before its first render, and zod would be most of the first screen's
 * JavaScript (DESIGN §5). public-config.test.ts holds the two to the same answers.
 */
const PUBLIC_CONFIG_RULES: { [K in keyof ServerPublicConfig]-?: (v: unknown) => boolean } = {
  apiKey: filled,
  brandName: filled,
  brandKey: (v) => typeof v === 'string' && /^[a-z][a-z0-9]{0,29}$/.test(v),
  productName: filled,
  gtmId: (v) => v === null || typeof v === 'string',
  legalPagesUrl: isHttpUrl,
};

/** The fields the tag gives; null when it is not an object or any given field is malformed. */
export const parsePublicConfig = (value: unknown): Partial<PublicConfig> | null => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const tag = value as Record<string, unknown>;
  for (const [key, valid] of Object.entries(PUBLIC_CONFIG_RULES)) if (tag[key] !== undefined && !valid(tag[key])) return null;
  const { apiKey, brandName, brandKey, productName, gtmId, legalPagesUrl } = tag as Partial<ServerPublicConfig>;
  const given: Partial<PublicConfig> = { apiKey, brand: brandName, brandKey, product: productName, gtmId, legalPagesUrl: legalPagesUrl?.replace(/\/+$/, '') };
  return Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Partial<PublicConfig>;
};

const env = import.meta.env;
const envOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.length > 0 ? value : fallback;

export const fallbackPublicConfig = (): PublicConfig => ({
  apiKey: envOr(env.VITE_PUBLIC_API_KEY, 'demo-public-key'),
  brand: envOr(env.VITE_BRAND_NAME, 'Fibra Viva'),
  brandKey: envOr(env.VITE_BRAND_KEY, 'fibraviva'),
  product: envOr(env.VITE_PRODUCT_NAME, 'Fibra Viva Casa'),
  gtmId: envOr(env.VITE_GTM_ID, '') || null,
  apiBaseUrl: envOr(env.VITE_API_BASE_URL, ''),
  legalPagesUrl: envOr(env.VITE_LEGAL_PAGES_URL, DEFAULT_LEGAL_PAGES_URL).replace(/\/+$/, ''),
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
  const given = parsePublicConfig(parsed);
  return given ? { ...fallback, ...given } : fallback;
};

let cached: PublicConfig | undefined;
/** The page's config, read once. */
export const getPublicConfig = (): PublicConfig => (cached ??= readPublicConfig());
/** Hook form for components; the config never changes during a page's life. */
export const usePublicConfig = (): PublicConfig => getPublicConfig();
