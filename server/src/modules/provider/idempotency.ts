import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_TTL_HOURS, PROVIDER_ERROR_CODES } from '@checkout/contract';
import stringify from 'safe-stable-stringify';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { deleteKeysBefore, releaseKey, reserveKey, retakeKey, selectKey, storeAnswer } from './repository';

/*
 * `Idempotency-Key` (IETF draft-ietf-httpapi-idempotency-key-header) for the provider's POST and PATCH: a
 * provider that did not hear our answer (a timeout, a dropped connection) sends the same request with the
 * same key and gets the first answer again, instead of a second note or a 409 for its own move. The key is
 * taken before the call runs, so a second request with it while the first still runs is refused rather
 * than run twice; a refusal the call made (404, 409, 422 of the service) is an answer and replays too; a
 * failure of ours (5xx) gives the key back.
 */

/** After this long, a key whose request never finished (its process died mid-call) may be taken again. */
const ABANDONED_AFTER_MS = 60_000;

/** The header's key; undefined without one. A malformed key is a 400. */
export function readIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? undefined : value;
  if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(PROVIDER_ERROR_CODES.idempotencyKeyInvalid, 400,
      `L'intestazione ${IDEMPOTENCY_KEY_HEADER} dev'essere una sola, da 1 a 255 caratteri ASCII stampabili senza spazi.`);
  }
  return key;
}

/**
 * What identifies a request: method, path and the body as the call's schema read it (keys in any order;
 * fields the call does not know, and the spaces it trims, make no difference). The parsed body is bounded by
 * its schema, so hashing it cannot recurse as deep as a hostile raw body nests.
 */
export const requestHashOf = (method: string, path: string, input: unknown): string =>
  createHash('sha256').update(`${method} ${path}\n${stringify(input ?? null) ?? ''}`, 'utf8').digest('hex');

export type KeyClaim = { kind: 'run' } | { kind: 'replay'; status: number; body: string };

/** Takes the key for this request, or answers what the first request with it answered. */
export async function claimKey(db: Db, tokenId: string, key: string, requestHash: string, now: Date): Promise<KeyClaim> {
  const at = now.toISOString();
  await deleteKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000).toISOString());
  if (await reserveKey(db, { token_id: tokenId, key, request_hash: requestHash, created_at: at })) return { kind: 'run' };
  const row = await selectKey(db, tokenId, key);
  // Gone between the two statements (expired): take it afresh.
  if (!row) return (await reserveKey(db, { token_id: tokenId, key, request_hash: requestHash, created_at: at })) ? { kind: 'run' } : busy();
  if (row.request_hash !== requestHash) {
    throw new AppError(PROVIDER_ERROR_CODES.idempotencyKeyReused, 422,
      `Questa ${IDEMPOTENCY_KEY_HEADER} è già stata usata per una richiesta diversa: usa una chiave nuova per ogni richiesta.`);
  }
  if (row.status_code === 0) {
    const abandoned = Date.parse(row.created_at) < now.getTime() - ABANDONED_AFTER_MS;
    if (abandoned && await retakeKey(db, row, requestHash, at)) return { kind: 'run' };
    return busy();
  }
  return { kind: 'replay', status: row.status_code, body: row.response_json };
}

const busy = (): never => {
  throw new AppError(PROVIDER_ERROR_CODES.idempotencyInProgress, 409,
    `Una richiesta con questa ${IDEMPOTENCY_KEY_HEADER} è ancora in corso: riprova tra qualche secondo.`, undefined, { retry_after_seconds: 5 });
};

export const finishKey = (db: Db, tokenId: string, key: string, status: number, body: string): Promise<void> => storeAnswer(db, tokenId, key, status, body);
export const abandonKey = (db: Db, tokenId: string, key: string): Promise<void> => releaseKey(db, tokenId, key);
