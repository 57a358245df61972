/**
 * Public runtime configuration. The server writes it into the served HTML as
 * `<meta name="app-config" content="{json}">` (no inline script: the CSP is script-src 'self');
 * without it (Vite dev server, tests) the Vite env or the demo defaults apply.
 */
export interface PublicConfig {
  apiKey: string;
  brand: string;
  product: string;
  gtmId: string | null;
  /** Prefix of every API path; '' means same origin. */
  apiBaseUrl: string;
}

type Check = (value: unknown) => boolean;
const nonEmpty: Check = (v) => typeof v === 'string' && v.length > 0;
const text: Check = (v) => typeof v === 'string';
const textOrNull: Check = (v) => v === null || typeof v === 'string';

/**
 * Each field, the names it may carry in the tag (the server's are brandName/productName, see
 * server/src/http/public-config.ts) and its check. Hand-written rather than a zod schema: this
 * runs on every page before anything else, and zod is not part of the first screen's JavaScript.
 */
const FIELDS: { key: keyof PublicConfig; names: string[]; valid: Check }[] = [
  { key: 'apiKey', names: ['apiKey'], valid: nonEmpty },
  { key: 'brand', names: ['brandName', 'brand'], valid: nonEmpty },
  { key: 'product', names: ['productName', 'product'], valid: nonEmpty },
  { key: 'gtmId', names: ['gtmId'], valid: textOrNull },
  { key: 'apiBaseUrl', names: ['apiBaseUrl'], valid: text },
];

/** The fields the tag gives; null when it is not an object or any given field is malformed. */
export const parsePublicConfig = (value: unknown): Partial<PublicConfig> | null => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const given: Record<string, unknown> = {};
  for (const field of FIELDS) {
    for (const name of field.names) {
      const v = (value as Record<string, unknown>)[name];
      if (v === undefined) continue;
      if (!field.valid(v)) return null;
      given[field.key] ??= v;
    }
  }
  return given as Partial<PublicConfig>;
};

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
  const given = parsePublicConfig(parsed);
  return given ? { ...fallback, ...given } : fallback;
};

let cached: PublicConfig | undefined;
/** The page's config, read once. */
export const getPublicConfig = (): PublicConfig => (cached ??= readPublicConfig());
/** Hook form for components; the config never changes during a page's life. */
export const usePublicConfig = (): PublicConfig => getPublicConfig();
