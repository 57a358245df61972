import { SIGNED_TOKEN_PATTERN, createSignedTokens, deriveLinkKey } from '../../infra/signed-links';

/*
 * The link that asks a customer for a new identity document: `/document-upload/<token>`, valid two hours,
 * given by the tracking page after its code (a new one with every opening of the details). The token names
 * the order by its number (never its hash: the hash is a permanent key, kept by the browser that made the
 * order) and the documents calls take it where they take the hash; their answers then name the token, not
 * the hash. The key is derived from the code pepper (HKDF, its own label).
 */

export const UPLOAD_LINK_TTL_MS = 2 * 60 * 60_000;
const KINDS = [['document_upload', 'any']] as const;

export type UploadLinkCheck = { kind: 'order'; orderNumber: string } | { kind: 'expired' } | { kind: 'not_a_link' };

export interface UploadLinks {
  /** The token for the order `orderNumber`, valid from `now` for two hours. */
  issue: (orderNumber: string, now: Date) => string;
  /** What `ref` (a path segment where an order hash may stand) is: a live link's order, an expired link, or no link at all. */
  check: (ref: string, now: Date) => UploadLinkCheck;
}

export function createUploadLinks(pepper: string, ttlMs = UPLOAD_LINK_TTL_MS): UploadLinks {
  const tokens = createSignedTokens(deriveLinkKey(pepper, 'checkout document upload links v1'), KINDS);
  return {
    issue: (orderNumber, now) => tokens.sign('document_upload', Buffer.from(orderNumber, 'utf8'), new Date(Math.floor((now.getTime() + ttlMs) / 1000) * 1000)),
    check(ref, now) {
      if (!SIGNED_TOKEN_PATTERN.test(ref)) return { kind: 'not_a_link' };
      const verified = tokens.verify(ref, now);
      if (verified.ok) return { kind: 'order', orderNumber: verified.payload.toString('utf8') };
      return verified.reason === 'expired' ? { kind: 'expired' } : { kind: 'not_a_link' };
    },
  };
}
