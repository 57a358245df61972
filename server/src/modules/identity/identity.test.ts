import { createHash } from 'node:crypto';
import { identityEndpoints } from '@checkout/contract';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import type { IdentityConfig } from '../../config';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { createInjectClient } from '../../../test/support/inject-client';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import {
  LEVEL, MARIO_ROSSI, newKeyPair, signInAtProvider, startBareEntity, startProvider, startTrustAnchor,
} from '../../../test/support/identity-federation';
import type { KeyPair, TestProvider, TestTrustAnchor } from '../../../test/support/identity-federation';
import { catalogModule } from '../catalog';
import { findOrderByHash, ordersModule } from '../orders';
import { identityModule, orderIdentifications } from './index';

/*
 * The relying party against a real OpenID provider (oidc-provider) in a real federation (a trust anchor), all
 * on 127.0.0.1: the happy path, then each refusal the profile asks of a relying party, one check at a time.
 */

const RP_ENTITY_ID = 'http://127.0.0.1:1/rp';
const REDIRECT_URI = 'http://127.0.0.1:1/identita/ritorno';

interface Wire { status: number; body: { result: boolean; data?: unknown; error?: { code: string; message: string; reason?: string } } }

type Name = keyof typeof identityEndpoints;
async function call(app: FastifyInstance, name: Name, body: Record<string, unknown>, params: Record<string, string> = {}): Promise<Wire> {
  const url = identityEndpoints[name].path.replace(/\{([a-z_]+)\}/g, (_m, p: string) => params[p]!);
  const res = await app.inject({ method: 'POST', url, payload: { api_key: DEMO_PUBLIC_API_KEY, ...body } });
  return { status: res.statusCode, body: res.json() };
}

interface Federation {
  anchor: TestTrustAnchor;
  rogueAnchor: TestTrustAnchor;
  op: TestProvider;
  untrusted: Awaited<ReturnType<typeof startBareEntity>>;
  vouchedByRogue: Awaited<ReturnType<typeof startBareEntity>>;
  impostor: Awaited<ReturnType<typeof startBareEntity>>;
  rpSig: KeyPair;
  rpSigNext: KeyPair;
  rpEnc: KeyPair;
  fed: KeyPair;
  config: IdentityConfig;
}

async function startFederation(): Promise<Federation> {
  const [anchor, rogueAnchor, rpSig, rpSigNext, rpEnc, fed] = await Promise.all([
    startTrustAnchor(), startTrustAnchor(), newKeyPair('RS256'), newKeyPair('ES256'), newKeyPair('RSA-OAEP-256'), newKeyPair('RS256'),
  ]);
  const rpPublic = { keys: [rpSig.publicJwk, rpSigNext.publicJwk, rpEnc.publicJwk] };
  const op = await startProvider({ authorityHints: [anchor.url], rp: { entityId: RP_ENTITY_ID, redirectUri: REDIRECT_URI, publicJwks: rpPublic } });
  anchor.vouchFor(op.url, { keys: [op.federationKey.publicJwk] }, { openid_provider: { code_challenge_methods_supported: { subset_of: ['S256'] } } });
  const untrusted = await startBareEntity([anchor.url]);
  const vouchedByRogue = await startBareEntity([rogueAnchor.url]);
  rogueAnchor.vouchFor(vouchedByRogue.url, { keys: [vouchedByRogue.key.publicJwk] });
  // Vouched for, but signing its configuration with a key the anchor never vouched for.
  const impostor = await startBareEntity([anchor.url]);
  anchor.vouchFor(impostor.url, { keys: [(await newKeyPair()).publicJwk] });
  const config: IdentityConfig = {
    trustAnchor: anchor.url,
    trustAnchorJwks: anchor.publicJwks as IdentityConfig['trustAnchorJwks'],
    entityId: RP_ENTITY_ID,
    authorityHints: [anchor.url],
    federationJwks: { keys: [fed.privateJwk] } as IdentityConfig['federationJwks'],
    rpJwks: { keys: [rpSig.privateJwk, rpSigNext.privateJwk, rpEnc.privateJwk] } as IdentityConfig['rpJwks'],
    providers: [
      { entity_id: op.url, kind: 'cie', name: 'CIE id (test)' },
      { entity_id: untrusted.url, kind: 'spid', name: 'Fuori federazione' },
      { entity_id: vouchedByRogue.url, kind: 'spid', name: 'Altra federazione' },
      { entity_id: impostor.url, kind: 'spid', name: 'Chiavi non riconosciute' },
    ],
    redirectUri: REDIRECT_URI,
    trustMarks: [],
    httpTimeoutMs: 5000,
    organizationName: 'Fibra Viva',
    contacts: ['assistenza@fibraviva.it'],
    homepageUri: 'http://127.0.0.1:1',
    policyUri: 'http://127.0.0.1:1/privacy',
  };
  return { anchor, rogueAnchor, op, untrusted, vouchedByRogue, impostor, rpSig, rpSigNext, rpEnc, fed, config };
}

describeEachDialect('identity: sign-in with CIE id or SPID', (dialect) => {
  let f: Federation;
  let t: TestApp;

  beforeAll(async () => {
    f = await startFederation();
    t = await buildTestApp(dialect, { coverage: true, modules: [catalogModule, ordersModule, identityModule], config: { identity: f.config } });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([f?.op.close(), f?.anchor.close(), f?.rogueAnchor.close(), f?.untrusted.close(), f?.vouchedByRogue.close(), f?.impostor.close()]);
  });

  const newOrder = async (): Promise<string> => {
    const created = await createInjectClient(t.app).newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101 });
    if (typeof created === 'string' || !('hash' in created)) throw new Error('order not created');
    return created.hash;
  };

  /** Start for a new order, sign in at the provider, and return what the provider sends back to the redirect URI. */
  const signIn = async (): Promise<{ order: string; answer: Record<string, string>; authorizationUrl: string }> => {
    const order = await newOrder();
    const started = await call(t.app, 'identityStart', { provider: f.op.url, return_step: 'step-personal' }, { order_hash: order });
    expect(started.status).toBe(200);
    const { authorization_url: authorizationUrl } = started.body.data as { authorization_url: string };
    return { order, answer: await signInAtProvider(authorizationUrl, REDIRECT_URI), authorizationUrl };
  };

  const refusedWith = (res: Wire, status: number, reason: string): void => {
    expect({ status: res.status, result: res.body.result, reason: res.body.error?.reason }).toEqual({ status, result: false, reason });
    expect(res.body.error?.message).toMatch(/\S/);
  };

  it('publishes a signed entity configuration with the relying party metadata and every key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/openid-federation' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/entity-statement+jwt');
    const header = decodeProtectedHeader(res.body);
    expect(header).toMatchObject({ typ: 'entity-statement+jwt', kid: f.fed.privateJwk.kid });
    const { payload } = await jwtVerify(res.body, createLocalJWKSet({ keys: [f.fed.publicJwk] }));
    expect(payload).toMatchObject({ iss: RP_ENTITY_ID, sub: RP_ENTITY_ID, authority_hints: [f.anchor.url] });
    const rp = (payload.metadata as Record<string, Record<string, unknown>>).openid_relying_party!;
    expect(rp).toMatchObject({
      client_id: RP_ENTITY_ID, client_registration_types: ['automatic'], redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'private_key_jwt', response_types: ['code'],
    });
    const kids = (rp.jwks as { keys: Array<{ kid: string; d?: string }> }).keys;
    expect(kids.map((k) => k.kid)).toEqual([f.rpSig.publicJwk.kid, f.rpSigNext.publicJwk.kid, f.rpEnc.publicJwk.kid]);
    expect(kids.every((k) => k.d === undefined)).toBe(true);
  });

  it('lists the configured providers', async () => {
    const res = await call(t.app, 'identityProviders', {});
    expect((res.body.data as unknown[]).length).toBe(4);
  });

  it('sends a signed request object with PKCE S256 and level 2, and records the identification', async () => {
    const { order, answer, authorizationUrl } = await signIn();
    const url = new URL(authorizationUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const request = url.searchParams.get('request')!;
    expect(decodeProtectedHeader(request)).toMatchObject({ alg: 'RS256', kid: f.rpSig.privateJwk.kid });
    const { payload } = await jwtVerify(request, createLocalJWKSet({ keys: [f.rpSig.publicJwk] }), { issuer: RP_ENTITY_ID, audience: f.op.url });
    expect(payload).toMatchObject({ client_id: RP_ENTITY_ID, acr_values: `${LEVEL.L2} ${LEVEL.L3}`, prompt: 'consent login', scope: 'openid' });
    expect(String(payload.state)).toMatch(/^[a-f0-9]{64}$/);
    expect(String(payload.nonce)).toMatch(/^[a-f0-9]{64}$/);
    expect(answer.iss).toBe(f.op.url);

    const res = await call(t.app, 'identityCallback', answer);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      order, return_step: 'step-personal', provider: f.op.url, provider_kind: 'cie', level: LEVEL.L2,
      identity: {
        given_name: 'Mario', family_name: 'Rossi', fiscal_code: 'RSSMRA80A01H501U', birth_date: '1980-01-01',
        birth_place: { locality: 'H501', region: 'RM' }, email: MARIO_ROSSI.email, phone: MARIO_ROSSI.phone_number,
      },
    });
    const stored = await orderIdentifications(t.db, (await findOrderByHash(t.db, order))!.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: f.op.url, provider_kind: 'cie', level: LEVEL.L2, subject: MARIO_ROSSI.sub });
    expect(stored[0]!.id_token_sha256).toMatch(/^[a-f0-9]{64}$/);

    // A state is spent once: the same answer again is refused.
    refusedWith(await call(t.app, 'identityCallback', answer), 400, 'state');
  });

  it('refuses an unknown state', async () => {
    const { answer } = await signIn();
    refusedWith(await call(t.app, 'identityCallback', { ...answer, state: createHash('sha256').update('other').digest('hex') }), 400, 'state');
  });

  it('refuses an answer naming another issuer (mix-up)', async () => {
    const { answer } = await signIn();
    refusedWith(await call(t.app, 'identityCallback', { ...answer, iss: f.untrusted.url }), 403, 'issuer');
  });

  describe('ID token checks', () => {
    afterAll(() => { f.op.tamperIdToken = null; f.op.unsigned = false; });
    const withTamper = async (tamper: (p: Record<string, unknown>) => Record<string, unknown>, unsigned = false): Promise<Wire> => {
      const { answer } = await signIn();
      f.op.tamperIdToken = tamper;
      f.op.unsigned = unsigned;
      try { return await call(t.app, 'identityCallback', answer); } finally { f.op.tamperIdToken = null; f.op.unsigned = false; }
    };

    it('refuses a wrong nonce', async () => {
      refusedWith(await withTamper((p) => ({ ...p, nonce: 'a'.repeat(64) })), 400, 'nonce');
    });
    it('refuses an ID token from another issuer', async () => {
      refusedWith(await withTamper((p) => ({ ...p, iss: f.untrusted.url })), 403, 'issuer');
    });
    it('refuses an expired ID token', async () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      refusedWith(await withTamper((p) => ({ ...p, iat: past - 600, exp: past })), 400, 'id_token_expired');
    });
    it('refuses an unsigned ID token (alg none)', async () => {
      refusedWith(await withTamper((p) => p, true), 400, 'id_token_signature');
    });
    it('refuses an ID token for another client', async () => {
      refusedWith(await withTamper((p) => ({ ...p, aud: 'http://127.0.0.1:1/other' })), 400, 'audience');
    });
  });

  it('refuses a level below the one asked', async () => {
    f.op.acr = LEVEL.L1;
    try {
      const { answer } = await signIn();
      refusedWith(await call(t.app, 'identityCallback', answer), 400, 'level');
    } finally {
      f.op.acr = LEVEL.L2;
    }
  });

  it('refuses a provider the trust anchor does not vouch for', async () => {
    const order = await newOrder();
    refusedWith(await call(t.app, 'identityStart', { provider: f.untrusted.url, return_step: 'step-contact' }, { order_hash: order }), 403, 'untrusted_provider');
  });

  it('refuses a provider vouched for by another federation only', async () => {
    const order = await newOrder();
    refusedWith(await call(t.app, 'identityStart', { provider: f.vouchedByRogue.url, return_step: 'step-contact' }, { order_hash: order }), 403, 'untrusted_provider');
  });

  it('refuses a provider whose configuration is signed with keys the anchor did not vouch for', async () => {
    const order = await newOrder();
    refusedWith(await call(t.app, 'identityStart', { provider: f.impostor.url, return_step: 'step-contact' }, { order_hash: order }), 403, 'untrusted_provider');
  });

  it('refuses a provider that is not configured, and an answer carrying the provider\'s error', async () => {
    const order = await newOrder();
    refusedWith(await call(t.app, 'identityStart', { provider: 'http://127.0.0.1:2/op', return_step: 'step-contact' }, { order_hash: order }), 404, 'unknown_provider');
    const { answer } = await signIn();
    refusedWith(await call(t.app, 'identityCallback', { state: answer.state!, error: 'access_denied' }), 400, 'provider_error');
  });
});

describeEachDialect('identity: without configuration', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { modules: [catalogModule, ordersModule, identityModule] }); });
  afterAll(async () => t?.close());

  it('registers nothing', async () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/.well-known/openid-federation' })).toBe(false);
    expect((await call(t.app, 'identityProviders', {})).status).toBe(404);
    expect((await call(t.app, 'identityCallback', { state: 'x', code: 'y' })).status).toBe(404);
  });
});
