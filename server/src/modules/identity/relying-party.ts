import { createHash, randomBytes } from 'node:crypto';
import { EID_ATTRIBUTES, IDENTITY_LEVEL_2, IDENTITY_LEVEL_3 } from '@checkout/contract';
import type { ReleasedIdentity } from '@checkout/contract';
import { compactDecrypt, createLocalJWKSet, errors as joseErrors, importJWK, jwtVerify, SignJWT } from 'jose';
import type { JSONWebKeySet, JWTPayload } from 'jose';
import { z } from 'zod';
import type { IdentityConfig } from '../../config';
import { SIGNATURE_ALGS } from './federation';
import type { ProviderMetadata } from './federation';
import type { KeySet } from './keys';

/*
 * The relying party's side of the SPID/CIE OpenID Connect profile: the signed request object with PKCE, the
 * token call authenticated by private_key_jwt, and the checks on what comes back. Each refusal carries a
 * `reason` the service turns into a 4xx and tests assert one by one.
 */

export type RefusalReason =
  | 'token_exchange' | 'id_token_signature' | 'id_token_expired' | 'issuer' | 'audience' | 'nonce' | 'level'
  | 'id_token_claims' | 'userinfo' | 'claims';

export class RelyingPartyRefusal extends Error {
  constructor(readonly reason: RefusalReason, detail: string) { super(detail); this.name = 'RelyingPartyRefusal'; }
}

/** Levels by rank: the profile's acr values (CIE id's low/substantial/high use the same three). */
const LEVEL_RANK: Record<string, number> = { 'https://www.spid.gov.it/SpidL1': 1, [IDENTITY_LEVEL_2]: 2, [IDENTITY_LEVEL_3]: 3 };
/** What this checkout asks: level 2 or above, in order of preference (the provider may authenticate higher). */
export const ACR_VALUES = `${IDENTITY_LEVEL_2} ${IDENTITY_LEVEL_3}`;
export const MIN_LEVEL = IDENTITY_LEVEL_2;
const REQUEST_OBJECT_TTL_S = 300;
const CLIENT_ASSERTION_TTL_S = 60;
const FISCAL_NUMBER = `${EID_ATTRIBUTES}/fiscal_number`;

/** The profile asks for at least 32 alphanumeric characters: 64 hex digits. */
export const randomAlphanumeric = (): string => randomBytes(32).toString('hex');
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
export const newCodeVerifier = (): string => randomBytes(32).toString('base64url');

/** SPID releases attributes only at userinfo; asking them there serves CIE id too. */
const REQUESTED_CLAIMS = {
  userinfo: {
    given_name: { essential: true },
    family_name: { essential: true },
    [FISCAL_NUMBER]: { essential: true },
    birthdate: { essential: true },
    place_of_birth: null,
    email: null,
    phone_number: null,
  },
};

export interface AuthorizationInput { state: string; nonce: string; codeVerifier: string; now: Date }

export async function authorizationUrl(cfg: IdentityConfig, keys: KeySet, op: ProviderMetadata, input: AuthorizationInput): Promise<string> {
  const iat = Math.floor(input.now.getTime() / 1000);
  const scope = 'openid';
  const params = {
    client_id: cfg.entityId,
    response_type: 'code',
    scope,
    redirect_uri: cfg.redirectUri,
    state: input.state,
    nonce: input.nonce,
    code_challenge: s256(input.codeVerifier),
    code_challenge_method: 'S256',
    acr_values: ACR_VALUES,
    prompt: 'consent login',
    claims: REQUESTED_CLAIMS,
    ui_locales: 'it',
  };
  const request = await new SignJWT(params)
    .setProtectedHeader({ alg: keys.signing.alg, kid: keys.signing.kid })
    .setIssuer(cfg.entityId).setAudience(op.issuer)
    .setIssuedAt(iat).setExpirationTime(iat + REQUEST_OBJECT_TTL_S).setJti(randomAlphanumeric())
    .sign(keys.signing.key);
  const url = new URL(op.authorization_endpoint);
  // scope, client_id and response_type travel in the query too, equal to the request object's (the profile's rule).
  for (const [name, value] of Object.entries({ client_id: cfg.entityId, response_type: 'code', scope, code_challenge: params.code_challenge, code_challenge_method: 'S256', request })) {
    url.searchParams.set(name, value);
  }
  return url.toString();
}

const tokenResponseSchema = z.object({ access_token: z.string().min(1).max(10_000), id_token: z.string().min(1).max(20_000) });

export async function exchangeCode(cfg: IdentityConfig, keys: KeySet, op: ProviderMetadata, code: string, codeVerifier: string, now: Date): Promise<z.output<typeof tokenResponseSchema>> {
  const iat = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: keys.signing.alg, kid: keys.signing.kid })
    .setIssuer(cfg.entityId).setSubject(cfg.entityId).setAudience(op.token_endpoint)
    .setIssuedAt(iat).setExpirationTime(iat + CLIENT_ASSERTION_TTL_S).setJti(randomAlphanumeric())
    .sign(keys.signing.key);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: cfg.redirectUri,
    client_id: cfg.entityId,
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
    code_verifier: codeVerifier,
  });
  let res: Response;
  try {
    res = await fetch(op.token_endpoint, { method: 'POST', body, signal: AbortSignal.timeout(cfg.httpTimeoutMs), redirect: 'error' });
  } catch {
    throw new RelyingPartyRefusal('token_exchange', 'token endpoint unreachable');
  }
  const json: unknown = await res.json().catch(() => null);
  const parsed = tokenResponseSchema.safeParse(json);
  if (!res.ok || !parsed.success) throw new RelyingPartyRefusal('token_exchange', `token endpoint answered ${res.status}`);
  return parsed.data;
}

function joseRefusal(err: unknown, what: 'id_token' | 'userinfo'): RelyingPartyRefusal {
  if (err instanceof joseErrors.JWTExpired) return new RelyingPartyRefusal(what === 'id_token' ? 'id_token_expired' : 'userinfo', err.message);
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return new RelyingPartyRefusal('issuer', err.message);
    if (err.claim === 'aud') return new RelyingPartyRefusal('audience', err.message);
    return new RelyingPartyRefusal(what === 'id_token' ? 'id_token_claims' : 'userinfo', err.message);
  }
  // Bad signature, alg `none` or HMAC, unknown kid, not a JWS at all.
  return new RelyingPartyRefusal(what === 'id_token' ? 'id_token_signature' : 'userinfo', (err as Error).message);
}

export interface IdTokenExpectations { nonce: string; now: Date; accessToken: string }

export async function validateIdToken(cfg: IdentityConfig, op: ProviderMetadata, idToken: string, expect: IdTokenExpectations): Promise<JWTPayload & { sub: string; acr: string }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, createLocalJWKSet(op.jwks as JSONWebKeySet), {
      algorithms: SIGNATURE_ALGS, issuer: op.issuer, audience: cfg.entityId, currentDate: expect.now,
      requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce'],
    }));
  } catch (err) {
    throw joseRefusal(err, 'id_token');
  }
  if (payload.nonce !== expect.nonce) throw new RelyingPartyRefusal('nonce', 'nonce differs from the one sent');
  if (typeof payload.at_hash === 'string') {
    const digest = createHash('sha256').update(expect.accessToken).digest();
    if (payload.at_hash !== digest.subarray(0, digest.length / 2).toString('base64url')) throw new RelyingPartyRefusal('id_token_claims', 'at_hash differs');
  }
  const acr = typeof payload.acr === 'string' ? payload.acr : '';
  if ((LEVEL_RANK[acr] ?? 0) < LEVEL_RANK[MIN_LEVEL]!) throw new RelyingPartyRefusal('level', `level ${acr || 'absent'} below ${MIN_LEVEL}`);
  return payload as JWTPayload & { sub: string; acr: string };
}

const userinfoClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  given_name: z.string().trim().min(1).max(200),
  family_name: z.string().trim().min(1).max(200),
  [FISCAL_NUMBER]: z.string().regex(/^TINIT-[A-Z0-9]{16}$/),
  birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  place_of_birth: z.object({ locality: z.string().max(10), region: z.string().max(10).optional() }).optional(),
  email: z.string().max(254).optional(),
  phone_number: z.string().max(30).optional(),
});

/** The profile's userinfo is a JWS in a JWE: decrypted with our key, then verified with the provider's. */
export async function fetchUserinfo(cfg: IdentityConfig, keys: KeySet, op: ProviderMetadata, accessToken: string, subject: string, now: Date): Promise<ReleasedIdentity> {
  let res: Response;
  try {
    res = await fetch(op.userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(cfg.httpTimeoutMs), redirect: 'error' });
  } catch {
    throw new RelyingPartyRefusal('userinfo', 'userinfo endpoint unreachable');
  }
  const text = (await res.text()).trim();
  if (!res.ok || text.length > 100_000 || text.split('.').length !== 5) throw new RelyingPartyRefusal('userinfo', 'userinfo is not an encrypted JWT');
  let inner: string;
  try {
    const { plaintext } = await compactDecrypt(text, async (header) => {
      const jwk = header.kid ? keys.decryption.get(header.kid) : [...keys.decryption.values()][0];
      if (!jwk || !header.alg) throw new Error('no decryption key');
      return importJWK(jwk, header.alg);
    }, { keyManagementAlgorithms: ['RSA-OAEP', 'RSA-OAEP-256'], contentEncryptionAlgorithms: ['A128CBC-HS256', 'A256CBC-HS512'] });
    inner = new TextDecoder().decode(plaintext);
  } catch (err) {
    throw new RelyingPartyRefusal('userinfo', `userinfo not decrypted: ${(err as Error).message}`);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(inner, createLocalJWKSet(op.jwks as JSONWebKeySet), {
      algorithms: SIGNATURE_ALGS, issuer: op.issuer, audience: cfg.entityId, currentDate: now,
    }));
  } catch (err) {
    throw joseRefusal(err, 'userinfo');
  }
  const claims = userinfoClaimsSchema.safeParse(payload);
  if (!claims.success) throw new RelyingPartyRefusal('claims', 'userinfo lacks the identity the checkout needs');
  if (claims.data.sub !== subject) throw new RelyingPartyRefusal('claims', 'userinfo is about another subject');
  const c = claims.data;
  return {
    given_name: c.given_name,
    family_name: c.family_name,
    fiscal_code: c[FISCAL_NUMBER].slice('TINIT-'.length),
    birth_date: c.birthdate,
    birth_place: c.place_of_birth ? { locality: c.place_of_birth.locality, region: c.place_of_birth.region ?? null } : null,
    email: c.email ?? null,
    phone: c.phone_number ?? null,
  };
}
