import { COOKIE_LIFETIME_DAYS } from '@checkout/contract';

const DAY_SECONDS = 24 * 60 * 60;

export interface CookieOptions {
  days?: number;
  path?: string;
  now?: Date;
}

/** The cookie string written by setCookie; split out so its lifetime can be checked. */
export const serializeCookie = (name: string, value: string, options: CookieOptions = {}): string => {
  const days = options.days ?? COOKIE_LIFETIME_DAYS;
  const now = options.now ?? new Date();
  const expires = new Date(now.getTime() + days * DAY_SECONDS * 1000);
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  return `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${days * DAY_SECONDS}; Expires=${expires.toUTCString()}; Path=${options.path ?? '/'}; SameSite=Lax${secure}`;
};

export const setCookie = (name: string, value: string, options: CookieOptions = {}, doc: Document = document): string => {
  const cookie = serializeCookie(name, value, options);
  doc.cookie = cookie;
  return cookie;
};

export const getCookie = (name: string, doc: Document = document): string | null => {
  const key = `${encodeURIComponent(name)}=`;
  for (const part of doc.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(key)) return decodeURIComponent(item.slice(key.length));
  }
  return null;
};

export const deleteCookie = (name: string, doc: Document = document): void => {
  doc.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Lax`;
};

export const ORIGIN_COOKIE = 'provenienza';
export const REFERER_CODE_COOKIE = 'referer_code';

export interface VisitOrigin {
  provenienza: string | null;
  refererCode: string | null;
}

/**
 * The origin of a visit: `provenienza` from the `/from/:provenienza` route param or the query,
 * `referer_code` from the query. Both outlive the session (14 days) so that a visitor who comes
 * back later is still attributed to whoever sent them.
 */
export const originFromLocation = (search: string, params: Record<string, string | undefined>): VisitOrigin => {
  const query = new URLSearchParams(search);
  const pick = (...values: (string | null | undefined)[]) => values.find((v) => v != null && v.trim() !== '')?.trim() ?? null;
  return {
    provenienza: pick(params.provenienza, query.get('provenienza')),
    refererCode: pick(params.referer_code, query.get('referer_code')),
  };
};

/** Saves whatever the visit carries and returns the remembered origin (new values win). */
export const rememberOrigin = (origin: VisitOrigin, doc: Document = document): VisitOrigin => {
  if (origin.provenienza) setCookie(ORIGIN_COOKIE, origin.provenienza, {}, doc);
  if (origin.refererCode) setCookie(REFERER_CODE_COOKIE, origin.refererCode, {}, doc);
  return { provenienza: getCookie(ORIGIN_COOKIE, doc), refererCode: getCookie(REFERER_CODE_COOKIE, doc) };
};
