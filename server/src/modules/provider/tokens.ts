import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ERROR_CODES, PROVIDER_SCOPES, PROVIDER_TOKEN_NAME_MAX, PROVIDER_TOKEN_PATTERN, PROVIDER_TOKEN_PREFIX, PROVIDER_TOKEN_SHOWN_CHARS } from '@checkout/contract';
import type { ConsoleProviderToken, ProviderScope, ProviderTokenInfo } from '@checkout/contract';
import type { Db } from '../../db';
import { AppError, MESSAGES, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { insertToken, markTokenRevoked, selectToken, selectTokenByHash, selectTokens, selectTokensWithCreators, touchToken } from './repository';
import type { TokenRow, TokenWithCreatorRow } from './repository';

/*
 * The provider's bearer tokens: 256 random bits, shown once when made, kept only as SHA-256 (a token has
 * all the entropy a slow hash would add), each with its scopes, revocable, with the time of its last use.
 */

/** A token as the server hands it around (contract providerTokenSchema: never the secret). */
export type ProviderToken = ProviderTokenInfo;

/** Who makes or revokes a token, for the audit log: an operator, or the CLI (null operator). */
export interface TokenAdmin { operatorId: string | null; operatorEmail: string | null; ip: string | null; userAgent: string | null }

export const hashProviderToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

const isScope = (v: unknown): v is ProviderScope => typeof v === 'string' && (PROVIDER_SCOPES as readonly string[]).includes(v);

function toToken(row: TokenRow): ProviderToken {
  let scopes: unknown;
  try { scopes = JSON.parse(row.scopes_json); } catch { scopes = []; }
  return {
    id: row.id, name: row.name, token_prefix: row.token_prefix, scopes: Array.isArray(scopes) ? scopes.filter(isScope) : [],
    created_at: row.created_at, created_by: row.created_by, last_used_at: row.last_used_at, revoked_at: row.revoked_at,
  };
}

/** Makes a token; the secret is in the answer and nowhere else. */
export async function createProviderToken(
  db: Db, input: { name: string; scopes: readonly string[] }, admin: TokenAdmin, now: Date,
): Promise<{ token: string; record: ProviderToken }> {
  const name = input.name.trim();
  const fields: Record<string, string> = {};
  if (name === '' || name.length > PROVIDER_TOKEN_NAME_MAX) fields.name = `Un nome da 1 a ${PROVIDER_TOKEN_NAME_MAX} caratteri.`;
  const scopes = [...new Set(input.scopes)];
  if (scopes.length === 0 || !scopes.every(isScope)) fields.scopes = `Almeno un permesso tra: ${PROVIDER_SCOPES.join(', ')}.`;
  if (Object.keys(fields).length > 0) throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, fields);

  const token = `${PROVIDER_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row: TokenRow = {
    id: randomUUID(), name, token_hash: hashProviderToken(token), token_prefix: token.slice(0, PROVIDER_TOKEN_SHOWN_CHARS),
    scopes_json: JSON.stringify(scopes), created_at: now.toISOString(), created_by: admin.operatorId ?? 'cli', last_used_at: null, revoked_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await insertToken(trx, row);
    await recordAudit(trx, {
      action: 'provider_token_created', operatorId: admin.operatorId, operatorEmail: admin.operatorEmail, targetType: 'provider_token', targetId: row.id,
      detail: { name, scopes, token_prefix: row.token_prefix }, ip: admin.ip, userAgent: admin.userAgent,
    }, now);
  });
  return { token, record: toToken(row) };
}

export const listProviderTokens = async (db: Db): Promise<ProviderToken[]> => (await selectTokens(db)).map(toToken);

/** Revokes a token at once (the next call with it is a 401); a token already revoked keeps its first revocation. */
export async function revokeProviderToken(db: Db, id: string, admin: TokenAdmin, now: Date): Promise<{ record: ProviderToken; revoked: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await selectToken(trx, id);
    if (!row) throw notFound('Token non trovato');
    const revoked = await markTokenRevoked(trx, id, now.toISOString());
    if (revoked) {
      await recordAudit(trx, {
        action: 'provider_token_revoked', operatorId: admin.operatorId, operatorEmail: admin.operatorEmail, targetType: 'provider_token', targetId: id,
        detail: { name: row.name, token_prefix: row.token_prefix }, ip: admin.ip, userAgent: admin.userAgent,
      }, now);
    }
    return { record: toToken((await selectToken(trx, id))!), revoked };
  });
}

/** A token as the console lists it: who made it by name, never by id. */
function toConsoleToken(row: TokenWithCreatorRow): ConsoleProviderToken {
  const { created_by: createdBy, ...token } = toToken(row);
  return { ...token, created_from: createdBy === 'cli' ? 'cli' : 'console', created_by_name: row.created_by_name?.slice(0, 200) ?? null };
}

export const listConsoleProviderTokens = async (db: Db): Promise<ConsoleProviderToken[]> =>
  (await selectTokensWithCreators(db)).map(toConsoleToken);

/** The console's calls: the same making and revoking as the CLI's (and audited the same way), answered as the console lists tokens. */
export async function createConsoleProviderToken(
  db: Db, input: { name: string; scopes: readonly string[] }, admin: TokenAdmin, now: Date,
): Promise<{ token: string; item: ConsoleProviderToken }> {
  const { token, record } = await createProviderToken(db, input, admin, now);
  return { token, item: await consoleTokenOf(db, record.id) };
}

export async function revokeConsoleProviderToken(db: Db, id: string, admin: TokenAdmin, now: Date): Promise<{ item: ConsoleProviderToken; newly_revoked: boolean }> {
  const { record, revoked } = await revokeProviderToken(db, id, admin, now);
  return { item: await consoleTokenOf(db, record.id), newly_revoked: revoked };
}

async function consoleTokenOf(db: Db, id: string): Promise<ConsoleProviderToken> {
  const [row] = await selectTokensWithCreators(db, id);
  if (!row) throw notFound('Token non trovato');
  return toConsoleToken(row);
}

/** Why a call's credentials were refused (the audit log says which). */
export type AuthFailure = 'missing' | 'malformed' | 'unknown' | 'revoked';

export type Authenticated =
  | { ok: true; token: ProviderToken }
  | { ok: false; reason: AuthFailure; token?: ProviderToken; shown?: string };

const LAST_USED_EVERY_MS = 60_000;

/**
 * The token of an `Authorization` header: `Bearer <token>` (the scheme in any case, RFC 9110 §11.1).
 * Anything but a live token of ours is refused: the public api key, a console session, a revoked token.
 */
export async function authenticateProviderToken(db: Db, header: string | undefined, now: Date): Promise<Authenticated> {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing' };
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const secret = match?.[1];
  if (!secret || !PROVIDER_TOKEN_PATTERN.test(secret)) return { ok: false, reason: 'malformed' };
  const shown = secret.slice(0, PROVIDER_TOKEN_SHOWN_CHARS);
  const row = await selectTokenByHash(db, hashProviderToken(secret));
  if (!row) return { ok: false, reason: 'unknown', shown };
  if (row.revoked_at !== null) return { ok: false, reason: 'revoked', token: toToken(row), shown };
  await touchToken(db, row.id, now.toISOString(), new Date(now.getTime() - LAST_USED_EVERY_MS).toISOString());
  return { ok: true, token: toToken(row) };
}
