import { createHash } from 'node:crypto';
import { createSignedTokens, deriveLinkKey } from '../../infra/signed-links';

/*
 * The customer's links to the signed contract and the evidence bundle: `?link=<token>` beside the order's
 * hash, valid one hour. The hash alone no longer opens them: it is a permanent capability, kept in the
 * browser that made the order, and the bundle holds the signer's address and browser. The thank-you page
 * gets fresh links with the signature; later, the tracking page gives the files to whoever proves to be
 * the customer with a code. The token binds the kind and a digest of the hash (never the hash, never the
 * order's internal id); the key is derived from the code pepper (HKDF, its own label).
 */

export const CUSTOMER_FILE_LINK_TTL_MS = 60 * 60_000;

export type CustomerFile = 'signed_contract' | 'evidence_bundle';
const KINDS = [['signed_contract', 16], ['evidence_bundle', 16]] as const;

const hashDigest = (orderHash: string): Buffer => createHash('sha256').update(`customer-file-link:${orderHash}`).digest().subarray(0, 16);

export interface CustomerFileLinks {
  /** The token for `file` of the order `orderHash`, and when it expires. */
  issue: (file: CustomerFile, orderHash: string, now: Date) => { token: string; expiresAt: Date };
  /** Whether `token` opens `file` of `orderHash` now: 'expired' for a genuine link past its hour. */
  check: (token: string | undefined, file: CustomerFile, orderHash: string, now: Date) => 'ok' | 'expired' | 'invalid';
}

export function createCustomerFileLinks(pepper: string, ttlMs = CUSTOMER_FILE_LINK_TTL_MS): CustomerFileLinks {
  const tokens = createSignedTokens(deriveLinkKey(pepper, 'checkout customer file links v1'), KINDS);
  return {
    issue(file, orderHash, now) {
      const expiresAt = new Date(Math.floor((now.getTime() + ttlMs) / 1000) * 1000);
      return { token: tokens.sign(file, hashDigest(orderHash), expiresAt), expiresAt };
    },
    check(token, file, orderHash, now) {
      if (token === undefined) return 'invalid';
      const verified = tokens.verify(token, now);
      if (!verified.ok) return verified.reason;
      return verified.kind === file && verified.payload.equals(hashDigest(orderHash)) ? 'ok' : 'invalid';
    },
  };
}
