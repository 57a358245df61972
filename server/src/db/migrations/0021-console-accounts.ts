import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The operator console's accounts: operators, their one-time setup links and recovery codes (only
 * SHA-256 hashes of the tokens and codes are stored), sessions (the cookie's token hashed, the CSRF token
 * beside it, idle and absolute expiry), failed sign-ins (for the growing waits), and the audit log.
 *
 * `audit_log` is append-only: a trigger refuses every UPDATE and DELETE on both dialects (and TRUNCATE on
 * PostgreSQL), so no code path of the app, by mistake or by design, can rewrite who did what.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('operators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // argon2id PHC string; null until the setup link is completed.
    .addColumn('password_hash', 'text')
    // Base32 TOTP secret; null until confirmed through a setup link.
    .addColumn('totp_secret', 'text')
    // The TOTP time step of the last accepted code: a code of that step (or older) is refused.
    .addColumn('totp_last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text')
    .execute();

  await db.schema
    .createTable('operator_setup_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The TOTP secret offered by `begin`, confirmed (copied to the operator) by `complete`.
    .addColumn('pending_totp_secret', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('operator_setup_tokens_operator_idx').on('operator_setup_tokens').column('operator_id').execute();

  await db.schema
    .createTable('operator_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('operator_recovery_codes_operator_idx').on('operator_recovery_codes').columns(['operator_id', 'code_hash']).execute();

  await db.schema
    .createTable('console_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('idle_expires_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('console_sessions_operator_idx').on('console_sessions').columns(['operator_id', 'revoked_at']).execute();

  // One row per failed sign-in, counted under the account (`email:<sha256>`) and the client address (`ip:<ip>`).
  await db.schema
    .createTable('console_sign_in_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_sign_in_failures_key_idx').on('console_sign_in_failures').columns(['key', 'created_at']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text')
    .addColumn('operator_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('detail_json', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_operator_idx').on('audit_log').columns(['operator_id', 'at']).execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_id', 'at']).execute();

  if (isPostgres) {
    await sql`create function audit_log_refuse_change() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_refuse_change()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_refuse_change()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('audit_log').execute();
  if (isPostgres) await sql`drop function if exists audit_log_refuse_change()`.execute(db);
  await db.schema.dropTable('console_sign_in_failures').execute();
  await db.schema.dropTable('console_sessions').execute();
  await db.schema.dropTable('operator_recovery_codes').execute();
  await db.schema.dropTable('operator_setup_tokens').execute();
  await db.schema.dropTable('operators').execute();
}
