import { randomUUID } from 'node:crypto';
import { CONSOLE_ERROR_CODES } from '@checkout/contract';
import type { z } from 'zod';
import type { signInSchema } from '@checkout/contract';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit';
import { oneAtATime } from './one-at-a-time';
import { verifyPassword } from './passwords';
import { looksLikeRecoveryCode, recoveryCodeHash } from './recovery-codes';
import {
  claimTotpStep, clearFailures, countUnusedRecoveryCodes, findOperatorByEmail, insertSignInFailures, pruneFailures, tallyFailures,
  updateOperatorRow, useRecoveryCode,
} from './repository';
import type { OperatorRow } from './repository';
import { sha256Hex } from './secrets';
import { createSession } from './sessions';
import type { LiveSession, SessionStore } from './sessions';
import { FAILURE_WINDOW_MS, PER_ACCOUNT, PER_ADDRESS, accountKey, addressKey, secondsLeft, waitText } from './sign-in-delay';
import { totpStep } from './totp';

export type SignInInput = z.output<typeof signInSchema>;
export interface ClientInfo { ip: string | null; userAgent: string | null }

export const SIGN_IN_MESSAGES = {
  invalid: 'Email, password o codice non corretti.',
  reused: 'Questo codice è già stato usato: attendi il prossimo codice della tua app di autenticazione.',
  lockedOut: (seconds: number) => `Troppi tentativi di accesso non riusciti: riprova tra ${waitText(seconds)}.`,
} as const;

const lockedOut = (seconds: number): AppError =>
  new AppError(CONSOLE_ERROR_CODES.lockedOut, 429, SIGN_IN_MESSAGES.lockedOut(seconds), undefined, { retry_after_seconds: seconds });

async function waitFor(db: Db, keys: { account: string; address: string }, now: Date): Promise<number> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const [account, address] = await Promise.all([tallyFailures(db, keys.account, since), tallyFailures(db, keys.address, since)]);
  return Math.max(secondsLeft(account, PER_ACCOUNT, now), secondsLeft(address, PER_ADDRESS, now));
}

/** Failures past the window no longer count: dropped now and then, by the calls that write them. */
async function pruneNowAndThen(db: Db, now: Date): Promise<void> {
  if (Math.random() < 0.02) await pruneFailures(db, new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString());
}

/** How the second factor checked out. */
type SecondFactor = { ok: true; recovery: boolean; remaining?: number } | { ok: false; reused: boolean };

async function checkSecondFactor(db: Db, operator: OperatorRow, code: string, now: Date): Promise<SecondFactor> {
  if (looksLikeRecoveryCode(code)) {
    const used = await useRecoveryCode(db, operator.id, recoveryCodeHash(code), now.toISOString());
    return used ? { ok: true, recovery: true, remaining: await countUnusedRecoveryCodes(db, operator.id) } : { ok: false, reused: false };
  }
  if (!operator.totp_secret) return { ok: false, reused: false };
  const step = totpStep(operator.totp_secret, code.trim(), now);
  if (step === null) return { ok: false, reused: false };
  return (await claimTotpStep(db, operator.id, step)) ? { ok: true, recovery: false } : { ok: false, reused: true };
}

/**
 * Email, password and a TOTP (or recovery) code in one call. While a wait runs for the account or the
 * client address nothing is checked (429). Every refusal says the same, except a right code used twice
 * (reachable only with the right password), and counts as a failure; a success clears the account's
 * failures. Every outcome is in the audit log.
 */
export async function signIn(db: Db, sessions: SessionStore, config: Pick<Config, 'console'>, input: SignInInput, client: ClientInfo, now: Date): Promise<{ token: string; session: LiveSession }> {
  const keys = { account: accountKey(sha256Hex(input.email)), address: addressKey(client.ip ?? 'unknown') };
  // One attempt at a time per account and per address: the waits see every earlier failure.
  return oneAtATime(keys.account, () => oneAtATime(keys.address, () => attempt(db, sessions, config, input, client, keys, now)));
}

async function attempt(
  db: Db, sessions: SessionStore, config: Pick<Config, 'console'>, input: SignInInput, client: ClientInfo, keys: { account: string; address: string }, now: Date,
): Promise<{ token: string; session: LiveSession }> {
  const wait = await waitFor(db, keys, now);
  if (wait > 0) throw lockedOut(wait);

  const operator = await findOperatorByEmail(db, input.email);
  const passwordOk = await verifyPassword(operator?.password_hash ?? null, input.password);
  const factor: SecondFactor = operator && passwordOk && operator.status === 'active'
    ? await checkSecondFactor(db, operator, input.code, now)
    : { ok: false, reused: false };
  const audit = { operatorId: operator?.id ?? null, operatorEmail: input.email, ip: client.ip, userAgent: client.userAgent };

  if (!operator || !factor.ok) {
    const at = now.toISOString();
    await db.transaction().execute(async (trx) => {
      await insertSignInFailures(trx, [keys.account, keys.address], at, randomUUID);
      await recordAudit(trx, { ...audit, action: 'sign_in_failed', detail: { reason: !factor.ok && factor.reused ? 'code_reused' : 'credentials' } }, now);
    });
    await pruneNowAndThen(db, now);
    const after = await waitFor(db, keys, now);
    if (after > 0) await recordAudit(db, { ...audit, action: 'locked_out', detail: { retry_after_seconds: after } }, now);
    if (!factor.ok && factor.reused) throw new AppError(CONSOLE_ERROR_CODES.codeReused, 401, SIGN_IN_MESSAGES.reused);
    throw new AppError(CONSOLE_ERROR_CODES.invalidCredentials, 401, SIGN_IN_MESSAGES.invalid);
  }

  const created = await createSession(sessions, config, operator, client, now);
  await db.transaction().execute(async (trx) => {
    await clearFailures(trx, keys.account);
    await updateOperatorRow(trx, operator.id, { last_sign_in_at: now.toISOString() });
    await recordAudit(trx, { ...audit, action: 'sign_in', targetType: 'session', targetId: created.session.operator.sessionId, detail: { second_factor: factor.recovery ? 'recovery_code' : 'totp' } }, now);
    if (factor.recovery) {
      await recordAudit(trx, { ...audit, action: 'recovery_code_used', detail: { remaining: factor.remaining ?? 0 } }, now);
    }
  });
  await pruneNowAndThen(db, now);
  return created;
}
