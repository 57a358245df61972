import { createLocalJWKSet, decodeJwt, jwtVerify, SignJWT } from 'jose';
import type { JSONWebKeySet, JWTPayload } from 'jose';
import { z } from 'zod';
import type { IdentityConfig } from '../../config';
import type { KeySet } from './keys';

/*
 * OpenID Federation 1.0 as the SPID/CIE profile asks of a relying party: its own entity configuration, and the
 * trust chain of each provider up to the configured trust anchor, whose keys come from configuration (never
 * from the network). A provider's self-signed configuration is believed only with the keys its superior's
 * subordinate statement gives for it, so a provider the federation does not vouch for fails here.
 */

export const ENTITY_STATEMENT_TYPE = 'entity-statement+jwt';
const WELL_KNOWN = '/.well-known/openid-federation';
/** The entity configuration's lifetime: the federation re-reads it within a day after a key change. */
const ENTITY_CONFIGURATION_TTL_S = 24 * 3600;
/** Intermediates allowed between a provider and the trust anchor (the profile uses at most one). */
const MAX_CHAIN_DEPTH = 3;
const MAX_STATEMENT_BYTES = 200_000;
/** The profile's signature algorithms; `none` and HMAC are never accepted. */
export const SIGNATURE_ALGS = ['RS256', 'RS512', 'ES256', 'ES512', 'PS256', 'PS512'];

export class TrustChainError extends Error {
  constructor(message: string) { super(message); this.name = 'TrustChainError'; }
}

const jwksSchema = z.object({ keys: z.array(z.looseObject({ kty: z.string().max(10), kid: z.string().max(200).optional() })).min(1).max(20) });
const statementSchema = z.looseObject({
  iss: z.string().max(500),
  sub: z.string().max(500),
  jwks: jwksSchema,
  authority_hints: z.array(z.string().max(500)).max(10).optional(),
  metadata: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  metadata_policy: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.unknown()))).optional(),
});
type Statement = z.output<typeof statementSchema> & { exp: number };

/** A provider's metadata after the federation's policies, with what the relying party needs checked present. */
export const providerMetadataSchema = z.looseObject({
  issuer: z.string().max(500),
  authorization_endpoint: z.url().max(500),
  token_endpoint: z.url().max(500),
  userinfo_endpoint: z.url().max(500),
  jwks: jwksSchema,
});
export type ProviderMetadata = z.output<typeof providerMetadataSchema>;

export interface ResolvedProvider {
  entityId: string;
  metadata: ProviderMetadata;
  /** The earliest expiry in the chain: the chain must be resolved again after it. */
  expiresAt: Date;
}

/** The relying party's entity configuration (`application/entity-statement+jwt`), signed with its federation key. */
export async function entityConfiguration(cfg: IdentityConfig, federationKeys: KeySet, rpKeys: KeySet, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    jwks: federationKeys.publicJwks,
    authority_hints: cfg.authorityHints,
    ...(cfg.trustMarks.length > 0 ? { trust_marks: cfg.trustMarks } : {}),
    metadata: {
      federation_entity: {
        organization_name: cfg.organizationName,
        homepage_uri: cfg.homepageUri,
        policy_uri: cfg.policyUri,
        contacts: cfg.contacts,
      },
      openid_relying_party: {
        client_id: cfg.entityId,
        client_registration_types: ['automatic'],
        application_type: 'web',
        client_name: cfg.organizationName,
        contacts: cfg.contacts,
        redirect_uris: [cfg.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        jwks: rpKeys.publicJwks,
        token_endpoint_auth_method: 'private_key_jwt',
        id_token_signed_response_alg: 'RS256',
        userinfo_signed_response_alg: 'RS256',
        userinfo_encrypted_response_alg: 'RSA-OAEP-256',
        userinfo_encrypted_response_enc: 'A256CBC-HS512',
      },
    },
  })
    .setProtectedHeader({ alg: federationKeys.signing.alg, kid: federationKeys.signing.kid, typ: ENTITY_STATEMENT_TYPE })
    .setIssuer(cfg.entityId).setSubject(cfg.entityId)
    .setIssuedAt(iat).setExpirationTime(iat + ENTITY_CONFIGURATION_TTL_S)
    .sign(federationKeys.signing.key);
}

async function fetchStatement(url: string, timeoutMs: number): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch {
    throw new TrustChainError(`unreachable: ${url}`);
  }
  const text = await res.text();
  if (!res.ok) throw new TrustChainError(`${url} answered ${res.status}`);
  if (text.length > MAX_STATEMENT_BYTES) throw new TrustChainError(`${url}: statement too large`);
  return text.trim();
}

async function verifyStatement(jwt: string, jwks: unknown, now: Date, expect: { iss: string; sub: string }): Promise<Statement> {
  const keys = jwksSchema.safeParse(jwks);
  if (!keys.success) throw new TrustChainError(`no keys to verify ${expect.sub}`);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(jwt, createLocalJWKSet(keys.data as JSONWebKeySet), {
      typ: ENTITY_STATEMENT_TYPE, algorithms: SIGNATURE_ALGS, currentDate: now, requiredClaims: ['iss', 'sub', 'iat', 'exp'],
      issuer: expect.iss, subject: expect.sub,
    }));
  } catch (err) {
    throw new TrustChainError(`statement about ${expect.sub} by ${expect.iss} refused: ${(err as Error).message}`);
  }
  const parsed = statementSchema.safeParse(payload);
  if (!parsed.success) throw new TrustChainError(`statement about ${expect.sub} malformed`);
  return { ...parsed.data, exp: payload.exp! };
}

const unverifiedJwks = (jwt: string): unknown => {
  try { return decodeJwt(jwt).jwks; } catch { throw new TrustChainError('not a JWT'); }
};

interface Link {
  /** Keys the federation vouches for this entity (the trust anchor's from configuration). */
  jwks: unknown;
  configuration: Statement;
  /** Policies from the anchor down to this entity's superior, in that order. */
  policies: Array<Record<string, Record<string, unknown>>>;
  exp: number;
}

function fetchEndpointOf(statement: Statement): string {
  const endpoint = statement.metadata?.federation_entity?.federation_fetch_endpoint;
  if (typeof endpoint !== 'string') throw new TrustChainError(`${statement.sub} has no federation_fetch_endpoint`);
  return endpoint;
}

export function createTrustResolver(cfg: IdentityConfig) {
  const cache = new Map<string, ResolvedProvider>();

  async function link(entity: string, depth: number, now: Date): Promise<Link> {
    const jwt = await fetchStatement(`${entity}${WELL_KNOWN}`, cfg.httpTimeoutMs);
    if (entity === cfg.trustAnchor) {
      const configuration = await verifyStatement(jwt, cfg.trustAnchorJwks, now, { iss: entity, sub: entity });
      return { jwks: cfg.trustAnchorJwks, configuration, policies: [], exp: configuration.exp };
    }
    // Self-signed: proves the document is whole; trust comes only from the superior below.
    const self = await verifyStatement(jwt, unverifiedJwks(jwt), now, { iss: entity, sub: entity });
    if (depth >= MAX_CHAIN_DEPTH) throw new TrustChainError(`${entity}: chain longer than ${MAX_CHAIN_DEPTH}`);
    const problems: string[] = [];
    for (const hint of (self.authority_hints ?? []).slice(0, 5)) {
      try {
        const superior = await link(hint, depth + 1, now);
        const url = new URL(fetchEndpointOf(superior.configuration));
        url.searchParams.set('sub', entity);
        const subordinate = await verifyStatement(await fetchStatement(url.toString(), cfg.httpTimeoutMs), superior.jwks, now, { iss: hint, sub: entity });
        // The entity's own configuration must be signed by a key its superior vouches for.
        const configuration = await verifyStatement(jwt, subordinate.jwks, now, { iss: entity, sub: entity });
        const policy = subordinate.metadata_policy;
        return {
          jwks: subordinate.jwks,
          configuration,
          policies: [...superior.policies, ...(policy ? [policy] : [])],
          exp: Math.min(superior.exp, subordinate.exp, configuration.exp),
        };
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    throw new TrustChainError(`${entity}: no trust chain to ${cfg.trustAnchor}${problems.length ? ` (${problems.join('; ')})` : ''}`);
  }

  /** The provider's metadata through a verified chain to the trust anchor; kept until the chain's earliest expiry. */
  async function resolveProvider(entityId: string, now: Date): Promise<ResolvedProvider> {
    const kept = cache.get(entityId);
    if (kept && kept.expiresAt > now) return kept;
    const chain = await link(entityId, 0, now);
    const declared = chain.configuration.metadata?.openid_provider;
    if (!declared) throw new TrustChainError(`${entityId} is not an OpenID provider`);
    let metadata: Record<string, unknown> = { ...declared };
    for (const policy of chain.policies) {
      if (policy.openid_provider) metadata = applyMetadataPolicy(metadata, policy.openid_provider);
    }
    const parsed = providerMetadataSchema.safeParse(metadata);
    if (!parsed.success) throw new TrustChainError(`${entityId}: provider metadata incomplete`);
    // The profile's issuer is the entity id: one identifier per provider (the `iss` check against mix-up relies on it).
    if (parsed.data.issuer.replace(/\/+$/, '') !== entityId) throw new TrustChainError(`${entityId}: issuer ${parsed.data.issuer} differs from the entity id`);
    const resolved = { entityId, metadata: parsed.data, expiresAt: new Date(chain.exp * 1000) };
    cache.set(entityId, resolved);
    return resolved;
  }

  return { resolveProvider };
}
export type TrustResolver = ReturnType<typeof createTrustResolver>;

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/**
 * OpenID Federation 1.0 §6.1.3's standard operators, applied one superior's policy at a time from the anchor
 * down (the specification merges the policies first; applying them in turn gives the same result for the
 * policies the SPID/CIE federation publishes, which never conflict). An unknown operator marked critical would
 * be refused; none is here, so unknown operators are ignored.
 */
export function applyMetadataPolicy(metadata: Record<string, unknown>, policy: Record<string, unknown>): Record<string, unknown> {
  const out = { ...metadata };
  for (const [param, rawOps] of Object.entries(policy)) {
    const ops = (rawOps ?? {}) as Record<string, unknown>;
    if ('value' in ops) { out[param] = ops.value; continue; }
    if ('add' in ops) out[param] = [...new Set([...asArray(out[param]), ...asArray(ops.add)])];
    if ('default' in ops && out[param] === undefined) out[param] = ops.default;
    if ('one_of' in ops && out[param] !== undefined && !asArray(ops.one_of).includes(out[param])) {
      throw new TrustChainError(`metadata policy: ${param} is not one of the allowed values`);
    }
    if ('subset_of' in ops && out[param] !== undefined) {
      const allowed = asArray(ops.subset_of);
      out[param] = asArray(out[param]).filter((v) => allowed.includes(v));
    }
    if ('superset_of' in ops && out[param] !== undefined) {
      const values = asArray(out[param]);
      if (!asArray(ops.superset_of).every((v) => values.includes(v))) throw new TrustChainError(`metadata policy: ${param} lacks required values`);
    }
    if (ops.essential === true && (out[param] === undefined || (Array.isArray(out[param]) && (out[param] as unknown[]).length === 0))) {
      throw new TrustChainError(`metadata policy: ${param} is essential`);
    }
  }
  return out;
}
