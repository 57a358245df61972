import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/*
 * Short-lived links to an order's files for the provider (`order.signed`, `order.document_uploaded`):
 * `<PUBLIC_BASE_URL>/api/events/files/<token>`, where the token names one file and its expiry and carries
 * an HMAC-SHA256 over both. No database row: a link cannot be guessed or altered (256-bit MAC), it dies
 * on its own, and a delivery retried days later carries fresh ones (links are made at each delivery).
 * The key is derived from WEBHOOK_SECRET (HKDF, its own label), the secret the receiver already guards.
 */

/** Long enough for a provider's batch to fetch the files after a weekend; short enough not to linger. */
export const FILE_LINK_TTL_MS = 7 * 86_400_000;

export type FileRef =
  | { kind: 'contract'; orderId: string }
  | { kind: 'summary'; orderId: string }
  | { kind: 'document'; orderId: string; documentId: string };

const claimsSchema = z.object({
  k: z.enum(['contract', 'summary', 'document']),
  o: z.string().max(64),
  d: z.string().max(64).optional(),
  e: z.number().int().positive(),
});

/** The route refuses anything longer or with other characters before any work. */
export const FILE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{43}$/;

export type VerifiedLink = { ok: true; ref: FileRef; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export interface FileLinks {
  /** The URL of `ref`, valid until `now + FILE_LINK_TTL_MS`. */
  link: (ref: FileRef, now: Date) => { url: string; expiresAt: Date };
  verify: (token: string, now: Date) => VerifiedLink;
}

/** `secret` is WEBHOOK_SECRET (`whsec_<base64>`); `baseUrl` the site's origin (links are paths without it). */
export function createFileLinks(secret: string, baseUrl: string, ttlMs = FILE_LINK_TTL_MS): FileLinks {
  const raw = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const key = Buffer.from(hkdfSync('sha256', raw, Buffer.alloc(0), 'checkout event file links v1', 32));
  const mac = (body: string): Buffer => createHmac('sha256', key).update(body).digest();
  return {
    link(ref, now) {
      const expiresAt = new Date(now.getTime() + ttlMs);
      const claims = { k: ref.kind, o: ref.orderId, ...(ref.kind === 'document' ? { d: ref.documentId } : {}), e: Math.floor(expiresAt.getTime() / 1000) };
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { url: `${baseUrl}/api/events/files/${body}.${mac(body).toString('base64url')}`, expiresAt: new Date(claims.e * 1000) };
    },
    verify(token, now) {
      if (!FILE_TOKEN_PATTERN.test(token)) return { ok: false, reason: 'invalid' };
      const [body = '', tag = ''] = token.split('.');
      const given = Buffer.from(tag, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
      let parsed: z.infer<typeof claimsSchema>;
      try {
        const r = claimsSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
        if (!r.success) return { ok: false, reason: 'invalid' };
        parsed = r.data;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const expiresAt = new Date(parsed.e * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      if (parsed.k === 'document') return parsed.d ? { ok: true, ref: { kind: 'document', orderId: parsed.o, documentId: parsed.d }, expiresAt } : { ok: false, reason: 'invalid' };
      return { ok: true, ref: { kind: parsed.k, orderId: parsed.o }, expiresAt };
    },
  };
}
