import { SIGNED_TOKEN_PATTERN, createSignedTokens, deriveLinkKey } from '../../infra/signed-links';

/*
 * Short-lived links to an order's files for the provider (`order.signed`, `order.document_uploaded`):
 * `<PUBLIC_BASE_URL>/api/events/files/<token>`, where the token (infra/signed-links) names one file and its
 * expiry and carries an HMAC-SHA256 over both. No database row: a link cannot be guessed or altered (128-bit MAC), it dies
 * on its own, and a delivery retried days later carries fresh ones (links are made at each delivery).
 * The key is derived from WEBHOOK_SECRET (HKDF, its own label), the secret the receiver already guards.
 */

/** Long enough for a provider's batch to fetch the files after a weekend; short enough not to linger. */
export const FILE_LINK_TTL_MS = 7 * 86_400_000;

export type FileRef =
  | { kind: 'contract'; orderId: string }
  | { kind: 'summary'; orderId: string }
  | { kind: 'document'; orderId: string; documentId: string };

const KINDS = [['contract', 16], ['summary', 16], ['document', 32]] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const uuidBytes = (id: string): Buffer => {
  if (!UUID.test(id)) throw new Error(`file links name UUIDs only: ${id}`);
  return Buffer.from(id.replaceAll('-', ''), 'hex');
};
const uuidOf = (bytes: Buffer): string => {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** The route refuses anything else before any work. */
export const FILE_TOKEN_PATTERN = SIGNED_TOKEN_PATTERN;

export type VerifiedLink = { ok: true; ref: FileRef; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export interface FileLinks {
  /** The URL of `ref`, valid until `now + FILE_LINK_TTL_MS`. */
  link: (ref: FileRef, now: Date) => { url: string; expiresAt: Date };
  verify: (token: string, now: Date) => VerifiedLink;
}

/** `secret` is WEBHOOK_SECRET (`whsec_<base64>`); `baseUrl` the site's origin (links are paths without it). */
export function createFileLinks(secret: string, baseUrl: string, ttlMs = FILE_LINK_TTL_MS): FileLinks {
  // The token's payload: the order's UUID, then the document's (documents only).
  const tokens = createSignedTokens(deriveLinkKey(Buffer.from(secret.replace(/^whsec_/, ''), 'base64'), 'checkout event file links v1'), KINDS);
  return {
    link(ref, now) {
      const expiresAt = new Date(Math.floor((now.getTime() + ttlMs) / 1000) * 1000);
      const payload = Buffer.concat([uuidBytes(ref.orderId), ...(ref.kind === 'document' ? [uuidBytes(ref.documentId)] : [])]);
      return { url: `${baseUrl}/api/events/files/${tokens.sign(ref.kind, payload, expiresAt)}`, expiresAt };
    },
    verify(token, now) {
      const verified = tokens.verify(token, now);
      if (!verified.ok) return verified;
      const orderId = uuidOf(verified.payload.subarray(0, 16));
      const ref: FileRef = verified.kind === 'document'
        ? { kind: 'document', orderId, documentId: uuidOf(verified.payload.subarray(16, 32)) }
        : { kind: verified.kind, orderId };
      return { ok: true, ref, expiresAt: verified.expiresAt };
    },
  };
}
