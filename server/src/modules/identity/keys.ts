import { importJWK } from 'jose';
import type { CryptoKey, JWK, KeyObject } from 'jose';
import type { IdentityConfig } from '../../config';

/*
 * The relying party's keys, from configuration. Every key of a set is published; the first signing key
 * signs. Rotation: publish the new key second, wait for the federation's statements to expire, move it first.
 */

type ConfiguredJwks = IdentityConfig['rpJwks'];
export type Key = CryptoKey | KeyObject | Uint8Array;

export interface SigningKey { kid: string; alg: string; key: Key }
export interface KeySet {
  signing: SigningKey;
  /** The public half of every key, as metadata and entity configurations publish them. */
  publicJwks: { keys: JWK[] };
  /** Decryption keys by kid (RSA, use `enc`): userinfo comes encrypted to one of them. */
  decryption: ReadonlyMap<string, JWK>;
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

export const publicJwk = (jwk: Record<string, unknown>): JWK =>
  Object.fromEntries(Object.entries(jwk).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as JWK;

export const signingAlgOf = (jwk: { kty: string; alg?: string | undefined }): string => jwk.alg ?? (jwk.kty === 'EC' ? 'ES256' : 'RS256');

export async function loadKeySet(jwks: ConfiguredJwks): Promise<KeySet> {
  const signer = jwks.keys.find((k) => k.use !== 'enc');
  if (!signer) throw new Error('identity: no signing key configured');
  const alg = signingAlgOf(signer);
  return {
    signing: { kid: signer.kid, alg, key: await importJWK(signer as JWK, alg) },
    publicJwks: { keys: jwks.keys.map((k) => publicJwk(k)) },
    decryption: new Map(jwks.keys.filter((k) => k.use === 'enc').map((k) => [k.kid, k as JWK])),
  };
}
