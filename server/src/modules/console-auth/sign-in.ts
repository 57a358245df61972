import { randomUUID } from 'node:crypto';
import { CONSOLE_ERROR_CODES } from '@checkout/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { signInSchema } from '@checkout/contract';
import type { Config } from '../../config';
import type { Database, Db } from '../../db';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit';
import type { AuditEntryInput } from '../audit';
import { DEVICE_COOKIE_MS, deviceCookieKey, newDeviceCookie, verifyDeviceCookie } from './device-cookie';
import {
  countDeviceFailure, findLiveDeviceCookie, insertDeviceCookie, pruneDeviceCookies, renewDeviceCookie, revokeDeviceCookie,
} from './device-repository';
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
import {
  DEVICE_MAX_FAILURES, FAILURE_WINDOW_MS, PER_ACCOUNT, PER_ADDRESS, accountKey, addressKey, deviceLockKey, secondsLeft, waitText,
} from './sign-in-delay';
import { totpStep } from './totp';

export type SignInInput = z.output<typeof signInSchema>;
export interface ClientInfo { ip: string | null; userAgent: string | null }
type SignInConfig = Pick<Config, 'console' | 'otpPepper'>;

export interface SignedIn {
  token: string;
  session: LiveSession;
  /** The device cookie's value for the answer: a new one, or the known one again (its 180 days start over). */
  deviceCookie: string;
}

export const SIGN_IN_MESSAGES = {
  invalid: 'Email, password o codice non corretti. Se hai appena usato questo codice, attendi il prossimo dell’app.',
  lockedOut: (seconds: number) => `Troppi tentativi di accesso non riusciti: riprova tra ${waitText(seconds)}.`,
} as const;

const lockedOut = (seconds: number): AppError =>
  new AppError(CONSOLE_ERROR_CODES.lockedOut, 429, SIGN_IN_MESSAGES.lockedOut(seconds), undefined, { retry_after_seconds: seconds });
/** Every wrong credential, a right TOTP code used twice included, answers this. */
const invalidCredentials = (): AppError => new AppError(CONSOLE_ERROR_CODES.invalidCredentials, 401, SIGN_IN_MESSAGES.invalid);

/** The running waits of an untrusted client, in seconds: the typed email's and the client address's. */
interface Waits { email: number; address: number }
interface Keys { account: string; address: string }

async function waitsOf(db: Db, keys: Keys, now: Date): Promise<Waits> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const [account, address] = await Promise.all([tallyFailures(db, keys.account, since), tallyFailures(db, keys.address, since)]);
  return { email: secondsLeft(account, PER_ACCOUNT, now), address: secondsLeft(address, PER_ADDRESS, now) };
}

/** A wait that was not running and now is: a lock-out, in the audit log with the client's address and user agent. */
async function recordWaitsStarted(db: Db, audit: Omit<AuditEntryInput, 'action'>, before: Waits, after: Waits, now: Date): Promise<void> {
  for (const scope of ['email', 'address'] as const) {
    if (before[scope] === 0 && after[scope] > 0) {
      await recordAudit(db, { ...audit, action: 'locked_out', detail: { scope, retry_after_seconds: after[scope] } }, now);
    }
  }
}

/** Failures past the window and expired device cookies no longer count: dropped now and then, by the calls that write them. */
async function pruneNowAndThen(db: Db, now: Date): Promise<void> {
  if (Math.random() >= 0.02) return;
  await pruneFailures(db, new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString());
  await pruneDeviceCookies(db, now.toISOString());
}

type Verdict =
  | { ok: true; operator: OperatorRow; recovery: boolean; remaining?: number }
  | { ok: false; reason: 'credentials' | 'code_reused' };

/**
 * Password and second factor. A wrong password, a wrong code and a right code used twice take the same
 * work where it costs nothing to make it so: the TOTP step is computed for any known operator, a code
 * already used is told from the row in hand (no extra query), and a recovery-shaped code always runs its
 * one update (with a hash no code has when the password is wrong). Only a good code writes more.
 */
async function checkCredentials(db: Db, operator: OperatorRow | undefined, input: SignInInput, now: Date): Promise<Verdict> {
  const passwordOk = await verifyPassword(operator?.password_hash ?? null, input.password);
  const eligible = operator !== undefined && passwordOk && operator.status === 'active';
  if (looksLikeRecoveryCode(input.code)) {
    const used = await useRecoveryCode(db, operator?.id ?? '', eligible ? recoveryCodeHash(input.code) : '', now.toISOString());
    if (!eligible || !used) return { ok: false, reason: 'credentials' };
    return { ok: true, operator, recovery: true, remaining: await countUnusedRecoveryCodes(db, operator.id) };
  }
  const step = operator?.totp_secret ? totpStep(operator.totp_secret, input.code.trim(), now) : null;
  if (!eligible || step === null) return { ok: false, reason: 'credentials' };
  if (operator.totp_last_step !== null && operator.totp_last_step >= step) return { ok: false, reason: 'code_reused' };
  // The conditional update decides between two sign-ins racing with one code.
  return (await claimTotpStep(db, operator.id, step)) ? { ok: true, operator, recovery: false } : { ok: false, reason: 'code_reused' };
}

/**
 * Email, password and a TOTP (or recovery) code in one call, following OWASP's device cookies
 * (device-cookie.ts). A browser presenting a live device cookie of the operator whose email is typed is a
 * known browser: it is judged by its own count only (DEVICE_MAX_FAILURES wrong tries since its last good
 * one revoke its cookie), so no stranger's failures ever make it wait. Any other client is untrusted: the
 * typed email's and the address's growing waits hold it, and a call refused by a wait still counts against
 * the address. Every refusal of the credentials answers the same; every checked outcome, every wait that
 * starts and every revoked cookie is in the audit log.
 */
export async function signIn(
  db: Db, sessions: SessionStore, config: SignInConfig, input: SignInInput, client: ClientInfo, deviceCookie: string | null, now: Date,
): Promise<SignedIn> {
  const keys: Keys = { account: accountKey(sha256Hex(input.email)), address: addressKey(client.ip ?? 'unknown') };
  const key = deviceCookieKey(config);
  // One attempt at a time per account and per address: the waits see every earlier failure.
  const untrusted = () => oneAtATime(keys.account, () => oneAtATime(keys.address, () => untrustedAttempt(db, sessions, config, input, client, keys, now)));
  const claim = deviceCookie ? verifyDeviceCookie(key, deviceCookie) : null;
  if (!claim || !deviceCookie) return untrusted();
  const nonceHash = sha256Hex(claim.nonce);
  // The device's lock is taken first and the others inside it, always in this order: no two calls wait on each other.
  return oneAtATime(deviceLockKey(nonceHash), async () => {
    const operator = await findOperatorByEmail(db, input.email);
    const known = operator?.id === claim.operatorId && await findLiveDeviceCookie(db, nonceHash, claim.operatorId, now.toISOString());
    if (!operator || !known) return untrusted();
    return knownDeviceAttempt(db, sessions, config, input, client, operator, { nonceHash, value: deviceCookie }, now);
  });
}

async function untrustedAttempt(
  db: Db, sessions: SessionStore, config: SignInConfig, input: SignInInput, client: ClientInfo, keys: Keys, now: Date,
): Promise<SignedIn> {
  const base = { operatorEmail: input.email, ip: client.ip, userAgent: client.userAgent };
  const before = await waitsOf(db, keys, now);
  if (before.email > 0 || before.address > 0) {
    // Refused unchecked, and counted against the address: a stranger who keeps trying keeps their own wait growing.
    await insertSignInFailures(db, [keys.address], now.toISOString(), randomUUID);
    const after = await waitsOf(db, keys, now);
    await recordWaitsStarted(db, { ...base, operatorId: null }, before, after, now);
    throw lockedOut(Math.max(after.email, after.address));
  }

  const operator = await findOperatorByEmail(db, input.email);
  const verdict = await checkCredentials(db, operator, input, now);
  const audit = { ...base, operatorId: operator?.id ?? null };
  if (!verdict.ok) {
    await db.transaction().execute(async (trx) => {
      await insertSignInFailures(trx, [keys.account, keys.address], now.toISOString(), randomUUID);
      await recordAudit(trx, { ...audit, action: 'sign_in_failed', detail: { reason: verdict.reason, client: 'untrusted' } }, now);
    });
    await pruneNowAndThen(db, now);
    await recordWaitsStarted(db, audit, before, await waitsOf(db, keys, now), now);
    throw invalidCredentials();
  }
  // A good sign-in from an untrusted client clears the email's count and makes the browser a known one.
  const device = newDeviceCookie(deviceCookieKey(config), verdict.operator.id);
  const signedIn = await succeed(db, sessions, config, verdict, client, 'untrusted', audit, now, async (trx) => {
    await clearFailures(trx, keys.account);
    await insertDeviceCookie(trx, {
      nonce_hash: sha256Hex(device.nonce), operator_id: verdict.operator.id,
      created_at: now.toISOString(), expires_at: new Date(now.getTime() + DEVICE_COOKIE_MS).toISOString(),
    });
  });
  return { ...signedIn, deviceCookie: device.value };
}

async function knownDeviceAttempt(
  db: Db, sessions: SessionStore, config: SignInConfig, input: SignInInput, client: ClientInfo, operator: OperatorRow,
  device: { nonceHash: string; value: string }, now: Date,
): Promise<SignedIn> {
  const audit = { operatorId: operator.id, operatorEmail: input.email, ip: client.ip, userAgent: client.userAgent };
  const verdict = await checkCredentials(db, operator, input, now);
  if (!verdict.ok) {
    await db.transaction().execute(async (trx) => {
      const failures = await countDeviceFailure(trx, device.nonceHash);
      await recordAudit(trx, { ...audit, action: 'sign_in_failed', detail: { reason: verdict.reason, client: 'known_device' } }, now);
      if (failures >= DEVICE_MAX_FAILURES && await revokeDeviceCookie(trx, device.nonceHash, now.toISOString())) {
        await recordAudit(trx, { ...audit, action: 'locked_out', detail: { scope: 'device', failures } }, now);
      }
    });
    throw invalidCredentials();
  }
  // The email's count is left alone: a stranger's failures are not forgiven because the operator got in.
  const signedIn = await succeed(db, sessions, config, verdict, client, 'known_device', audit, now, (trx) =>
    renewDeviceCookie(trx, device.nonceHash, new Date(now.getTime() + DEVICE_COOKIE_MS).toISOString()));
  return { ...signedIn, deviceCookie: device.value };
}

type ClientKind = 'untrusted' | 'known_device';

async function succeed(
  db: Db, sessions: SessionStore, config: SignInConfig, verdict: Extract<Verdict, { ok: true }>, client: ClientInfo, kind: ClientKind,
  audit: Omit<AuditEntryInput, 'action'>, now: Date, alsoIn: (trx: Transaction<Database>) => Promise<void>,
): Promise<{ token: string; session: LiveSession }> {
  const created = await createSession(sessions, config, verdict.operator, client, now);
  await db.transaction().execute(async (trx) => {
    await alsoIn(trx);
    await updateOperatorRow(trx, verdict.operator.id, { last_sign_in_at: now.toISOString() });
    await recordAudit(trx, {
      ...audit, action: 'sign_in', targetType: 'session', targetId: created.session.operator.sessionId,
      detail: { second_factor: verdict.recovery ? 'recovery_code' : 'totp', client: kind },
    }, now);
    if (verdict.recovery) {
      await recordAudit(trx, { ...audit, action: 'recovery_code_used', detail: { remaining: verdict.remaining ?? 0 } }, now);
    }
  });
  await pruneNowAndThen(db, now);
  return created;
}
