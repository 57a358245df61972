import { randomUUID } from 'node:crypto';
import { ERROR_CODES, IDENTITY_RETURN_STEPS } from '@checkout/contract';
import type { identityEndpoints } from '@checkout/contract';
import type { z } from 'zod';
import type { IdentityConfig } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { EDITABLE_STATUSES, requireOrderByHash } from '../orders';
import { TrustChainError } from './federation';
import type { TrustResolver } from './federation';
import type { KeySet } from './keys';
import {
  authorizationUrl, exchangeCode, fetchUserinfo, MIN_LEVEL, newCodeVerifier, randomAlphanumeric, RelyingPartyRefusal, sha256Hex, validateIdToken,
} from './relying-party';
import type { RefusalReason } from './relying-party';
import { insertIdentityRequest, insertOrderIdentification, orderStateOf, spendIdentityRequest } from './repository';

/** The time a visitor has at the provider before the request is spent. */
const REQUEST_TTL_MS = 10 * 60_000;

type StartBody = z.output<(typeof identityEndpoints)['identityStart']['request']>;
type StartAnswer = z.input<(typeof identityEndpoints)['identityStart']['response']>;
type CallbackBody = z.output<(typeof identityEndpoints)['identityCallback']['request']>;
type CallbackAnswer = z.input<(typeof identityEndpoints)['identityCallback']['response']>;

/** Every refusal is a 4xx with the envelope; `reason` says which check refused (tests and logs read it). */
type Reason = RefusalReason | 'state' | 'provider_error' | 'untrusted_provider' | 'unknown_provider' | 'order_locked';
const MESSAGE: Record<Reason, string> = {
  state: 'La richiesta di accesso non è valida o è scaduta: riprova ad accedere con CIE id o SPID.',
  provider_error: 'L\'accesso presso il gestore dell\'identità è stato annullato o non è riuscito: riprova.',
  untrusted_provider: 'Questo gestore di identità non è riconosciuto dalla federazione SPID/CIE: scegline un altro.',
  unknown_provider: 'Gestore di identità non disponibile.',
  order_locked: 'L\'ordine non si può più modificare: non serve accedere con CIE id o SPID.',
  issuer: 'La risposta non viene dal gestore di identità scelto: riprova ad accedere.',
  level: 'Serve un accesso con SPID di livello 2 o CIE id di livello significativo o superiore.',
  token_exchange: 'Il gestore di identità non ha confermato l\'accesso: riprova.',
  id_token_signature: 'La conferma del gestore di identità non è valida: riprova ad accedere.',
  id_token_expired: 'La conferma del gestore di identità è scaduta: riprova ad accedere.',
  audience: 'La conferma del gestore di identità non è destinata a questo sito: riprova ad accedere.',
  nonce: 'La conferma del gestore di identità non corrisponde alla richiesta: riprova ad accedere.',
  id_token_claims: 'La conferma del gestore di identità non è valida: riprova ad accedere.',
  userinfo: 'I dati del gestore di identità non sono validi: riprova ad accedere.',
  claims: 'Il gestore di identità non ha fornito nome, cognome, codice fiscale e data di nascita: riprova e acconsenti al loro invio.',
};
const STATUS: Partial<Record<Reason, number>> = { unknown_provider: 404, order_locked: 409, untrusted_provider: 403, issuer: 403 };

export const refusal = (reason: Reason): AppError => {
  const status = STATUS[reason] ?? 400;
  const code = status === 404 ? ERROR_CODES.notFound : status === 409 ? ERROR_CODES.conflict : ERROR_CODES.badRequest;
  return new AppError(code, status, MESSAGE[reason], undefined, { reason });
};

export interface IdentityServiceDeps {
  db: Db;
  now: () => Date;
  cfg: IdentityConfig;
  rpKeys: KeySet;
  resolver: TrustResolver;
  log: (detail: Record<string, unknown>, message: string) => void;
}

export function createIdentityService({ db, now, cfg, rpKeys, resolver, log }: IdentityServiceDeps) {
  const providerOf = (entityId: string) => cfg.providers.find((p) => p.entity_id === entityId.replace(/\/+$/, ''));

  async function resolve(entityId: string, at: Date) {
    try {
      return await resolver.resolveProvider(entityId, at);
    } catch (err) {
      if (!(err instanceof TrustChainError)) throw err;
      log({ provider: entityId, detail: err.message }, 'identity provider refused: no trust chain');
      throw refusal('untrusted_provider');
    }
  }

  async function start(orderHash: string, body: StartBody): Promise<StartAnswer> {
    const order = await requireOrderByHash(db, orderHash);
    if (!EDITABLE_STATUSES.includes(order.status)) throw refusal('order_locked');
    const provider = providerOf(body.provider);
    if (!provider) throw refusal('unknown_provider');
    const at = now();
    const op = await resolve(provider.entity_id, at);
    const state = randomAlphanumeric();
    const nonce = randomAlphanumeric();
    const codeVerifier = newCodeVerifier();
    const expiresAt = new Date(at.getTime() + REQUEST_TTL_MS).toISOString();
    await insertIdentityRequest(db, {
      state_hash: sha256Hex(state), order_id: order.id, provider: provider.entity_id, acr: MIN_LEVEL, nonce, code_verifier: codeVerifier,
      return_step: body.return_step, created_at: at.toISOString(), expires_at: expiresAt,
    });
    const url = await authorizationUrl(cfg, rpKeys, op.metadata, { state, nonce, codeVerifier, now: at });
    return { authorization_url: url, provider: provider.entity_id, expires_at: expiresAt };
  }

  async function callback(body: CallbackBody): Promise<CallbackAnswer> {
    const at = now();
    const request = await spendIdentityRequest(db, sha256Hex(body.state), at.toISOString());
    if (!request) throw refusal('state');
    const provider = providerOf(request.provider);
    if (!provider) throw refusal('unknown_provider');
    if (body.error || !body.code) {
      log({ provider: request.provider, error: body.error }, 'identity provider answered an error');
      throw refusal('provider_error');
    }
    // RFC 9207: the answer names its issuer; it must be the provider this state was sent to (mix-up). CIE
    // always sends it; a SPID provider that does not is checked by the ID token's issuer below.
    if (body.iss !== undefined ? body.iss.replace(/\/+$/, '') !== request.provider : provider.kind === 'cie') throw refusal('issuer');
    const op = await resolve(request.provider, at);
    try {
      const tokens = await exchangeCode(cfg, rpKeys, op.metadata, body.code, request.code_verifier, at);
      const idToken = await validateIdToken(cfg, op.metadata, tokens.id_token, { nonce: request.nonce, now: at, accessToken: tokens.access_token });
      const identity = await fetchUserinfo(cfg, rpKeys, op.metadata, tokens.access_token, idToken.sub, at);
      const order = await orderStateOf(db, request.order_id);
      if (!order || !(EDITABLE_STATUSES as readonly string[]).includes(order.status)) throw refusal('order_locked');
      const identifiedAt = at.toISOString();
      await insertOrderIdentification(db, {
        id: randomUUID(), order_id: request.order_id, provider: request.provider, provider_kind: provider.kind, level: idToken.acr,
        subject: idToken.sub, identified_at: identifiedAt, id_token_sha256: sha256Hex(tokens.id_token), claims_json: JSON.stringify(identity),
      });
      const returnStep = IDENTITY_RETURN_STEPS.find((s) => s === request.return_step) ?? IDENTITY_RETURN_STEPS[0];
      return {
        order: order.hash, return_step: returnStep, provider: request.provider, provider_kind: provider.kind,
        level: idToken.acr, identified_at: identifiedAt, identity,
      };
    } catch (err) {
      if (!(err instanceof RelyingPartyRefusal)) throw err;
      log({ provider: request.provider, reason: err.reason, detail: err.message }, 'identity answer refused');
      throw refusal(err.reason);
    }
  }

  return { start, callback, providers: () => cfg.providers };
}
