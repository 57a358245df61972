import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import type { JWK } from 'jose';
import Provider from 'oidc-provider';

/*
 * A SPID/CIE federation on this machine for the identity module's tests, on real HTTP ports of 127.0.0.1:
 * a trust anchor (entity configuration and fetch endpoint, on jose) and OpenID providers run by oidc-provider
 * configured as the profile asks (signed request objects required, PKCE, private_key_jwt, acr values, the
 * claims parameter, userinfo signed then encrypted). oidc-provider has no OpenID Federation support, so each
 * provider's entity configuration is served beside it, and the relying party is registered with the keys
 * its own entity configuration publishes (what automatic registration would do after its trust chain).
 * Refusal tests change one thing on the wire (`tamperIdToken`) or in the provider's behaviour (`acr`).
 */

export const FISCAL_NUMBER = 'https://attributes.eid.gov.it/fiscal_number';
export const LEVEL = {
  L1: 'https://www.spid.gov.it/SpidL1',
  L2: 'https://www.spid.gov.it/SpidL2',
  L3: 'https://www.spid.gov.it/SpidL3',
} as const;

export interface KeyPair { privateJwk: JWK & { kid: string }; publicJwk: JWK & { kid: string } }

export async function newKeyPair(alg: 'RS256' | 'ES256' | 'RSA-OAEP-256' = 'RS256'): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const use = alg === 'RSA-OAEP-256' ? 'enc' : 'sig';
  return { privateJwk: { ...(await exportJWK(privateKey)), kid, use, alg }, publicJwk: { ...publicJwk, kid, use, alg } };
}

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: http.Server): Promise<void> => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });

export async function signStatement(key: KeyPair, payload: Record<string, unknown>, lifetimeS = 3600): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: key.privateJwk.kid, typ: 'entity-statement+jwt' })
    .setIssuedAt(iat).setExpirationTime(iat + lifetimeS)
    .sign(await importJWK(key.privateJwk, 'RS256'));
}

const sendJwt = (res: http.ServerResponse, jwt: string): void => {
  res.writeHead(200, { 'content-type': 'application/entity-statement+jwt' }).end(jwt);
};

export interface TestTrustAnchor {
  url: string;
  key: KeyPair;
  publicJwks: { keys: JWK[] };
  /** Vouch for a subordinate: its federation keys go in the subordinate statement the fetch endpoint gives. */
  vouchFor: (entityId: string, jwks: { keys: JWK[] }, metadataPolicy?: Record<string, unknown>) => void;
  close: () => Promise<void>;
}

export async function startTrustAnchor(): Promise<TestTrustAnchor> {
  const key = await newKeyPair();
  const subordinates = new Map<string, { jwks: { keys: JWK[] }; metadataPolicy?: Record<string, unknown> }>();
  let url = '';
  const { server, url: base } = await listen((req, res) => {
    void (async () => {
      const at = new URL(req.url ?? '/', base);
      if (at.pathname === '/.well-known/openid-federation') {
        return sendJwt(res, await signStatement(key, {
          iss: url, sub: url, jwks: { keys: [key.publicJwk] },
          metadata: { federation_entity: { federation_fetch_endpoint: `${url}/fetch`, organization_name: 'Test trust anchor' } },
        }));
      }
      const sub = at.searchParams.get('sub') ?? '';
      const known = subordinates.get(sub);
      if (at.pathname === '/fetch' && known) {
        return sendJwt(res, await signStatement(key, {
          iss: url, sub, jwks: known.jwks, ...(known.metadataPolicy ? { metadata_policy: known.metadataPolicy } : {}),
        }));
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
    })();
  });
  url = base;
  return {
    url, key, publicJwks: { keys: [key.publicJwk] },
    vouchFor: (entityId, jwks, metadataPolicy) => { subordinates.set(entityId, metadataPolicy ? { jwks, metadataPolicy } : { jwks }); },
    close: () => close(server),
  };
}

export interface TestPerson {
  sub: string;
  given_name: string;
  family_name: string;
  fiscal_number: string;
  birthdate: string;
  place_of_birth: { locality: string; region: string };
  email: string;
  phone_number: string;
}

export const MARIO_ROSSI: TestPerson = {
  sub: 'spid-test-subject-0001',
  given_name: 'Mario',
  family_name: 'Rossi',
  fiscal_number: 'TINIT-RSSMRA80A01H501U',
  birthdate: '1980-01-01',
  place_of_birth: { locality: 'H501', region: 'RM' },
  email: 'mario.rossi@example.it',
  phone_number: '3331234567',
};

export interface RelyingPartyRegistration { entityId: string; redirectUri: string; publicJwks: { keys: JWK[] } }

export interface TestProvider {
  url: string;
  federationKey: KeyPair;
  signingKey: KeyPair;
  /** The level the provider authenticates at (the next logins). */
  acr: string;
  /** Rewrites the next ID tokens before they leave the token endpoint: re-signed with the provider's key, or `none`. */
  tamperIdToken: ((payload: Record<string, unknown>) => Record<string, unknown>) | null;
  unsigned: boolean;
  close: () => Promise<void>;
}

export interface TestProviderOptions {
  authorityHints: string[];
  rp: RelyingPartyRegistration;
  person?: TestPerson;
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startProvider({ authorityHints, rp, person = MARIO_ROSSI }: TestProviderOptions): Promise<TestProvider> {
  const federationKey = await newKeyPair();
  const signingKey = await newKeyPair();
  const state: Pick<TestProvider, 'acr' | 'tamperIdToken' | 'unsigned'> = { acr: LEVEL.L2, tamperIdToken: null, unsigned: false };
  // Made after the port is known (the issuer names it); the handlers run only after that.
  const made: { provider?: Provider } = {};
  let issuer = '';

  const { server, url } = await listen((req, res) => {
    void (async () => {
      const at = new URL(req.url ?? '/', issuer || 'http://127.0.0.1');
      if (at.pathname === '/.well-known/openid-federation') {
        return sendJwt(res, await signStatement(federationKey, {
          iss: issuer, sub: issuer, jwks: { keys: [federationKey.publicJwk] }, authority_hints: authorityHints,
          metadata: {
            openid_provider: {
              issuer,
              authorization_endpoint: `${issuer}/auth`,
              token_endpoint: `${issuer}/token`,
              userinfo_endpoint: `${issuer}/me`,
              jwks: { keys: [signingKey.publicJwk] },
              client_registration_types_supported: ['automatic'],
              request_authentication_methods_supported: { authorization_endpoint: ['request_object'] },
              acr_values_supported: Object.values(LEVEL),
              code_challenge_methods_supported: ['S256'],
              token_endpoint_auth_methods_supported: ['private_key_jwt'],
              userinfo_encryption_alg_values_supported: ['RSA-OAEP', 'RSA-OAEP-256'],
              userinfo_encryption_enc_values_supported: ['A128CBC-HS256', 'A256CBC-HS512'],
            },
            federation_entity: { organization_name: 'Test identity provider' },
          },
        }));
      }
      if (at.pathname.startsWith('/interaction/')) return finishInteraction(req, res);
      if (at.pathname === '/token' && req.method === 'POST' && (state.tamperIdToken || state.unsigned)) tamperAnswer(res);
      return made.provider!.callback()(req, res);
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  issuer = url;

  /** The test user logs in at once and consents to every claim asked: the provider's screens are not under test. */
  async function finishInteraction(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const details = await made.provider!.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await made.provider!.interactionFinished(req, res, { login: { accountId: person.sub, acr: state.acr } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = details.grantId ? (await made.provider!.Grant.find(details.grantId))! : new made.provider!.Grant({ accountId: person.sub, clientId: rp.entityId });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await made.provider!.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  /** Holds the token answer back and rewrites its ID token (the bytes, with the length fixed) before it goes. */
  function tamperAnswer(res: http.ServerResponse): void {
    const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
    (res as unknown as { end: (chunk?: unknown) => void }).end = (chunk?: unknown) => {
      void (async () => {
        const body = JSON.parse(String(chunk)) as Record<string, unknown>;
        if (typeof body.id_token === 'string') {
          const payload = JSON.parse(Buffer.from(body.id_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
          const changed = state.tamperIdToken ? state.tamperIdToken(payload) : payload;
          body.id_token = state.unsigned
            ? `${b64({ alg: 'none', typ: 'JWT' })}.${b64(changed)}.`
            : await new SignJWT(changed).setProtectedHeader({ alg: 'RS256', kid: signingKey.privateJwk.kid }).sign(await importJWK(signingKey.privateJwk, 'RS256'));
        }
        const text = JSON.stringify(body);
        res.setHeader('content-length', Buffer.byteLength(text));
        end(text);
      })();
    };
  }

  const provider = new Provider(issuer, {
    clients: [{
      client_id: rp.entityId,
      redirect_uris: [rp.redirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'RS256',
      jwks: rp.publicJwks as never,
      id_token_signed_response_alg: 'RS256',
      userinfo_signed_response_alg: 'RS256',
      userinfo_encrypted_response_alg: 'RSA-OAEP-256',
      userinfo_encrypted_response_enc: 'A256CBC-HS512',
      request_object_signing_alg: 'RS256',
    }],
    jwks: { keys: [signingKey.privateJwk as never] },
    acrValues: Object.values(LEVEL),
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'birthdate', FISCAL_NUMBER, 'place_of_birth'],
      email: ['email'],
      phone: ['phone_number'],
    },
    scopes: ['openid', 'profile', 'email', 'phone'],
    features: {
      devInteractions: { enabled: false },
      claimsParameter: { enabled: true },
      requestObjects: { enabled: true, requireSignedRequestObject: true },
      encryption: { enabled: true },
      jwtUserinfo: { enabled: true },
      userinfo: { enabled: true },
    },
    pkce: { required: () => true },
    clientAuthMethods: ['private_key_jwt'],
    enabledJWA: {
      userinfoEncryptionAlgValues: ['RSA-OAEP', 'RSA-OAEP-256'],
      userinfoEncryptionEncValues: ['A128CBC-HS256', 'A256CBC-HS512'],
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['identity-test-provider-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx, sub) => (sub === person.sub ? {
      accountId: sub,
      claims: () => {
        const { fiscal_number: fiscal, ...rest } = person;
        return { ...rest, [FISCAL_NUMBER]: fiscal };
      },
    } : undefined),
    renderError: (ctx, out) => { ctx.type = 'json'; ctx.body = out; },
  });
  made.provider = provider;
  // Quiet: oidc-provider logs server errors to the console, which the test run refuses.
  provider.on('server_error', () => {});

  const testProvider: TestProvider = {
    url: issuer, federationKey, signingKey,
    get acr() { return state.acr; }, set acr(v) { state.acr = v; },
    get tamperIdToken() { return state.tamperIdToken; }, set tamperIdToken(v) { state.tamperIdToken = v; },
    get unsigned() { return state.unsigned; }, set unsigned(v) { state.unsigned = v; },
    close: () => close(server),
  };
  return testProvider;
}

/** A provider's entity configuration alone (no OP behind it): enough to be refused at the trust chain. */
export async function startBareEntity(authorityHints: string[]): Promise<{ url: string; key: KeyPair; close: () => Promise<void> }> {
  const key = await newKeyPair();
  let issuer = '';
  const { server, url } = await listen((req, res) => {
    void signStatement(key, {
      iss: issuer, sub: issuer, jwks: { keys: [key.publicJwk] }, authority_hints: authorityHints,
      metadata: { openid_provider: { issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, userinfo_endpoint: `${issuer}/me`, jwks: { keys: [key.publicJwk] } } },
    }).then((jwt) => sendJwt(res, jwt));
  });
  issuer = url;
  return { url, key, close: () => close(server) };
}

/**
 * A browser at the provider: follows redirects from the authorization URL, keeping cookies, until the provider
 * sends it to the redirect URI; returns that URL's query (code, state, iss; or error).
 */
export async function signInAtProvider(authorizationUrl: string, redirectUri: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  let next = authorizationUrl;
  for (let hop = 0; hop < 20; hop += 1) {
    if (next.startsWith(redirectUri)) return Object.fromEntries(new URL(next).searchParams);
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${next}: ${res.status} ${await res.text()}`);
    next = new URL(location, next).toString();
  }
  throw new Error('too many redirects at the provider');
}
