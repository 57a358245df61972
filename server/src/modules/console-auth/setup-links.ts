import { randomUUID } from 'node:crypto';
import { CONSOLE_ERROR_CODES, CONSOLE_SETUP_PATH, ERROR_CODES } from '@checkout/contract';
import type { OperatorRole } from '@checkout/contract';
import type { Transaction } from 'kysely';
import type { Config } from '../../config';
import type { Database, Db } from '../../db';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit';
import { hashPassword, isCommonPassword } from './passwords';
import { newRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from './recovery-codes';
import {
  findOperatorById, findSetupToken, insertSetupToken, replaceRecoveryCodes, setPendingTotpSecret,
  updateOperatorRow, useSetupToken, voidSetupTokens,
} from './repository';
import type { OperatorRow, SetupTokenRow } from './repository';
import { newToken, sha256Hex } from './secrets';
import type { SessionStore } from './session-store';
import { revokeAllSessions } from './sessions';
import type { ClientInfo } from './sign-in';
import { newTotpSecret, qrSvg, totpStep, totpUri } from './totp';

/*
 * Setup links: how an operator sets (or sets again) a password and two-factor. An admin (console or CLI)
 * gets a link valid 24 hours; the operator opens it, scans a QR code (`begin`), and sends a password with
 * a first TOTP code (`complete`), which answers the recovery codes once and activates the account. A link
 * works once; a new link voids the operator's earlier ones.
 */
export const SETUP_LINK_VALIDITY_MS = 24 * 3_600_000;

export const SETUP_MESSAGES = {
  invalid: 'Il link di attivazione non è valido: chiedi un nuovo link a un amministratore.',
  expired: 'Il link di attivazione è scaduto o è già stato usato: chiedi un nuovo link a un amministratore.',
  beginFirst: 'Prima inquadra il codice QR con la tua app di autenticazione.',
  wrongCode: 'Il codice non è corretto: controlla l\u2019ora del telefono e inserisci il codice attuale.',
  common: 'Questa password è tra le più usate o comparsa in furti di dati: scegline un\u2019altra.',
} as const;

type Executor = Db | Transaction<Database>;

export const setupUrl = (config: Pick<Config, 'publicBaseUrl'>, token: string): string => `${config.publicBaseUrl}${CONSOLE_SETUP_PATH}/${token}`;

/** A new link for `operatorId` (voiding older ones), inside the caller's transaction. */
export async function issueSetupToken(db: Executor, config: Pick<Config, 'publicBaseUrl'>, operatorId: string, now: Date): Promise<{ setup_url: string; expires_at: string }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_VALIDITY_MS).toISOString();
  await voidSetupTokens(db, operatorId, now.toISOString());
  await insertSetupToken(db, {
    id: randomUUID(), operator_id: operatorId, token_hash: sha256Hex(token), pending_totp_secret: null,
    created_at: now.toISOString(), expires_at: expiresAt, used_at: null,
  });
  return { setup_url: setupUrl(config, token), expires_at: expiresAt };
}

/** The link's row and operator while it may be used; 404 for an unknown link, 410 for a used or expired one. */
async function openLink(db: Db, token: string, now: Date): Promise<{ link: SetupTokenRow; operator: OperatorRow }> {
  const link = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await findSetupToken(db, sha256Hex(token)) : undefined;
  const operator = link ? await findOperatorById(db, link.operator_id) : undefined;
  if (!link || !operator) throw new AppError(CONSOLE_ERROR_CODES.setupLinkInvalid, 404, SETUP_MESSAGES.invalid);
  if (link.used_at !== null || Date.parse(link.expires_at) <= now.getTime() || operator.status === 'disabled') {
    throw new AppError(CONSOLE_ERROR_CODES.setupLinkInvalid, 410, SETUP_MESSAGES.expired);
  }
  return { link, operator };
}

export async function setupInfo(db: Db, token: string, now: Date): Promise<{ email: string; name: string; role: OperatorRole; expires_at: string }> {
  const { link, operator } = await openLink(db, token, now);
  return { email: operator.email, name: operator.name, role: operator.role, expires_at: link.expires_at };
}

/** A new TOTP secret for the link (each call replaces the previous one), as a URI, a QR code and text. */
export async function setupBegin(db: Db, issuer: string, token: string, now: Date): Promise<{ otpauth_uri: string; qr_svg: string; secret: string }> {
  const { link, operator } = await openLink(db, token, now);
  const secret = newTotpSecret();
  await setPendingTotpSecret(db, link.id, secret);
  const uri = totpUri(secret, operator.email, issuer);
  return { otpauth_uri: uri, qr_svg: await qrSvg(uri), secret };
}

/**
 * Password and the first TOTP code: the account becomes active with them, its sessions end (a reset
 * must lock out whoever had the old password), and the new recovery codes are answered, once.
 */
export async function setupComplete(
  db: Db, sessions: SessionStore, token: string, input: { password: string; code: string }, client: ClientInfo, now: Date,
): Promise<{ recovery_codes: string[] }> {
  const { link, operator } = await openLink(db, token, now);
  if (!link.pending_totp_secret) throw new AppError(ERROR_CODES.validation, 422, SETUP_MESSAGES.beginFirst, { code: SETUP_MESSAGES.beginFirst });
  if (await isCommonPassword(input.password)) throw new AppError(CONSOLE_ERROR_CODES.passwordCommon, 422, SETUP_MESSAGES.common, { password: SETUP_MESSAGES.common });
  const step = totpStep(link.pending_totp_secret, input.code, now);
  if (step === null) throw new AppError(ERROR_CODES.validation, 422, SETUP_MESSAGES.wrongCode, { code: SETUP_MESSAGES.wrongCode });
  const passwordHash = await hashPassword(input.password);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await useSetupToken(trx, link.id, at))) throw new AppError(CONSOLE_ERROR_CODES.setupLinkInvalid, 410, SETUP_MESSAGES.expired);
    await updateOperatorRow(trx, operator.id, {
      password_hash: passwordHash, totp_secret: link.pending_totp_secret, totp_last_step: step, status: 'active', updated_at: at,
    });
    await replaceRecoveryCodes(trx, operator.id, codes.map(recoveryCodeHash), at, randomUUID);
    await revokeAllSessions(sessions, trx, operator.id, now);
    await recordAudit(trx, {
      action: 'setup_completed', operatorId: operator.id, operatorEmail: operator.email, targetType: 'operator', targetId: operator.id,
      ip: client.ip, userAgent: client.userAgent,
    }, now);
  });
  return { recovery_codes: codes };
}
