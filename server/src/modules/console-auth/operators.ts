import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@checkout/contract';
import type { ConsoleOperator, createOperatorSchema, OperatorRole, updateOperatorSchema } from '@checkout/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { hashPassword } from './passwords';
import { findOperatorByEmail, findOperatorById, insertOperator, listOperatorRows, replaceRecoveryCodes, updateOperatorRow } from './repository';
import type { SessionStore } from './session-store';
import { revokeAllSessions } from './sessions';
import type { OperatorRow } from './repository';
import { issueSetupToken } from './setup-links';

/** Who acts (null: the CLI, run by whoever has the server's shell) and from where, for the audit log. */
export interface Actor { operatorId: string | null; operatorEmail: string | null; ip: string | null; userAgent: string | null }

export const OPERATOR_MESSAGES = {
  emailTaken: 'Esiste già un operatore con questa email.',
  notSetUp: "L'operatore non ha ancora completato l'attivazione: inviagli un nuovo link.",
  notYourself: 'Non puoi cambiare il tuo ruolo o il tuo stato: chiedilo a un altro amministratore.',
} as const;

export const toConsoleOperator = (row: OperatorRow): ConsoleOperator => ({
  id: row.id, email: row.email, name: row.name, role: row.role, status: row.status, created_at: row.created_at, last_sign_in_at: row.last_sign_in_at,
});

const auditOf = (actor: Actor) => ({ operatorId: actor.operatorId, operatorEmail: actor.operatorEmail, ip: actor.ip, userAgent: actor.userAgent });

export async function listOperators(db: Db): Promise<ConsoleOperator[]> {
  return (await listOperatorRows(db)).map(toConsoleOperator);
}

async function operatorOr404(db: Db, id: string): Promise<OperatorRow> {
  const row = await findOperatorById(db, id);
  if (!row) throw notFound('Operatore non trovato.');
  return row;
}

/** A pending operator and a setup link for them (24 hours, once). */
export async function createOperator(
  db: Db, config: Pick<Config, 'publicBaseUrl'>, input: z.output<typeof createOperatorSchema>, actor: Actor, now: Date,
): Promise<{ operator: ConsoleOperator; setup_url: string; expires_at: string }> {
  if (await findOperatorByEmail(db, input.email)) {
    throw new AppError(ERROR_CODES.validation, 422, OPERATOR_MESSAGES.emailTaken, { email: OPERATOR_MESSAGES.emailTaken });
  }
  const at = now.toISOString();
  const row: OperatorRow = {
    id: randomUUID(), email: input.email, name: input.name, role: input.role, status: 'pending', password_hash: null, totp_secret: null,
    totp_last_step: null, created_at: at, updated_at: at, last_sign_in_at: null,
  };
  const link = await db.transaction().execute(async (trx) => {
    await insertOperator(trx, row);
    const issued = await issueSetupToken(trx, config, row.id, now);
    await recordAudit(trx, { ...auditOf(actor), action: 'operator_created', targetType: 'operator', targetId: row.id, detail: { email: row.email, role: row.role } }, now);
    await recordAudit(trx, { ...auditOf(actor), action: 'setup_link_issued', targetType: 'operator', targetId: row.id, detail: { expires_at: issued.expires_at } }, now);
    return issued;
  }).catch(async (err: unknown) => {
    // Two admins creating the same email at once: the unique index refuses the second.
    if (await findOperatorByEmail(db, input.email)) throw new AppError(ERROR_CODES.validation, 422, OPERATOR_MESSAGES.emailTaken, { email: OPERATOR_MESSAGES.emailTaken });
    throw err;
  });
  return { operator: toConsoleOperator(row), ...link };
}

/** Role and status; disabling ends the operator's sessions. An admin cannot change their own. */
export async function updateOperator(db: Db, sessions: SessionStore, id: string, input: z.output<typeof updateOperatorSchema>, actor: Actor, now: Date): Promise<ConsoleOperator> {
  const row = await operatorOr404(db, id);
  if (actor.operatorId === id && (input.role !== undefined || input.status !== undefined)) {
    throw new AppError(ERROR_CODES.validation, 422, OPERATOR_MESSAGES.notYourself, { [input.role !== undefined ? 'role' : 'status']: OPERATOR_MESSAGES.notYourself });
  }
  const role = input.role ?? row.role;
  let status = row.status;
  if (input.status === 'disabled') status = 'disabled';
  if (input.status === 'active' && row.status !== 'active') {
    // A disabled operator who had set up comes back as they were; one who never did needs a setup link.
    if (!row.password_hash || !row.totp_secret) throw new AppError(ERROR_CODES.validation, 422, OPERATOR_MESSAGES.notSetUp, { status: OPERATOR_MESSAGES.notSetUp });
    status = 'active';
  }
  if (role === row.role && status === row.status) return toConsoleOperator(row);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await updateOperatorRow(trx, id, { role, status, updated_at: at });
    // A role change ends the sessions too: their permissions were the old role's.
    await revokeAllSessions(sessions, trx, id, now);
    await recordAudit(trx, {
      ...auditOf(actor), action: 'operator_updated', targetType: 'operator', targetId: id,
      detail: { email: row.email, from: { role: row.role, status: row.status }, to: { role, status } },
    }, now);
  });
  return toConsoleOperator({ ...row, role, status, updated_at: at });
}

/**
 * A new setup link: the password, the TOTP secret and the recovery codes are wiped and the sessions end,
 * so the operator sets everything again (a lost phone, a forgotten password). The operator is pending until
 * the link is completed, a disabled one too: issuing a link is how an admin gives access back.
 */
export async function issueSetupLink(db: Db, sessions: SessionStore, config: Pick<Config, 'publicBaseUrl'>, id: string, actor: Actor, now: Date): Promise<{ setup_url: string; expires_at: string }> {
  const row = await operatorOr404(db, id);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await updateOperatorRow(trx, id, {
      password_hash: null, totp_secret: null, totp_last_step: null, status: 'pending', updated_at: at,
    });
    await replaceRecoveryCodes(trx, id, [], at, randomUUID);
    await revokeAllSessions(sessions, trx, id, now);
    const issued = await issueSetupToken(trx, config, id, now);
    await recordAudit(trx, { ...auditOf(actor), action: 'two_factor_reset', targetType: 'operator', targetId: id, detail: { email: row.email } }, now);
    await recordAudit(trx, { ...auditOf(actor), action: 'setup_link_issued', targetType: 'operator', targetId: id, detail: { expires_at: issued.expires_at } }, now);
    return issued;
  });
}

/**
 * An active operator with a password and a TOTP secret, without a setup link: for tests and tools that
 * need a signed-in operator (the console's own way is createOperator and the link).
 */
export async function createActiveOperator(
  db: Db, input: { email: string; name: string; role: OperatorRole; password: string; totpSecret: string }, now: Date,
): Promise<ConsoleOperator> {
  const at = now.toISOString();
  const row: OperatorRow = {
    id: randomUUID(), email: input.email.trim().toLowerCase(), name: input.name, role: input.role, status: 'active',
    password_hash: await hashPassword(input.password), totp_secret: input.totpSecret, totp_last_step: null,
    created_at: at, updated_at: at, last_sign_in_at: null,
  };
  await insertOperator(db, row);
  return toConsoleOperator(row);
}
