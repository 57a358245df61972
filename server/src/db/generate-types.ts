import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { createDb } from './create-db';
import { migrate } from './migrate';

/*
 * db/types.ts from the migrated schema (kysely-codegen): the migrations run on a fresh SQLite file, and
 * codegen reads its tables. `npm run -w server db:types` rewrites the file; db-types.test.ts fails when it
 * differs from what the migrations give.
 */

export const TYPES_FILE = fileURLToPath(new URL('./types.ts', import.meta.url));

/**
 * What the schema cannot say and the code relies on: text columns that only ever hold these values
 * (the contract's enums; SQLite has no enum type and the migrations write no CHECK).
 */
const NARROWED: Record<string, string> = {
  'promo_codes.customer_type': '"privato" | "business"',
  'orders.customer_type': '"privato" | "business"',
  'address_services.technology': '"FTTH" | "FTTC" | "FWA"',
  'contract_documents.kind': '"preview" | "summary" | "signed"',
  'signature_otps.channel': '"sms" | "email"',
  'signature_evidence.channel': '"sms" | "email"',
  'dev_outbox.channel': '"sms" | "email"',
  'otp_destination_sends.pool': '"known" | "anonymous"',
  'withdrawals.channel': '"sms" | "email"',
  'consent_changes.channel': '"sms" | "email"',
  'premade_unlocks.channel': '"sms" | "email"',
  'mobile_number_changes.channel': '"sms" | "email"',
  'tracking_unlocks.channel': '"sms" | "email"',
  'order_timeline.kind': '"status" | "note" | "document" | "review"',
  'document_reviews.decision': '"approved" | "rejected"',
  'operators.role': '"admin" | "backoffice" | "viewer"',
  'operators.status': '"pending" | "active" | "disabled"',
  'reference_jobs.kind': '"coverage" | "ateco"',
  'reference_jobs.status': '"queued" | "running" | "done" | "failed"',
  'reference_jobs.phase': '"check" | "write" | null',
};

/**
 * Columns added by a later migration that filled them for every existing row: SQLite cannot add a NOT NULL
 * column without a default, so the schema says nullable where no row is.
 */
const FILLED: Record<string, string> = {
  'orders.order_number': 'string',
};

interface ColumnInfo { name: string; type: string; notnull: number; pk: number }

/**
 * SQLite lets a primary key other than INTEGER hold NULL (a compatibility quirk, sqlite.org/lang_createtable.html),
 * so codegen reads every text key as nullable; the app always writes them and PostgreSQL refuses NULL there.
 * An INTEGER PRIMARY KEY is the rowid: generated, never null.
 */
function primaryKeyOverrides(file: string): Record<string, string> {
  const sqlite = new SqliteDatabase(file, { readonly: true });
  try {
    const overrides: Record<string, string> = {};
    const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'").all() as Array<{ name: string }>;
    for (const { name } of tables) {
      for (const column of sqlite.prepare(`pragma table_info("${name}")`).all() as ColumnInfo[]) {
        if (column.pk === 0 || column.notnull === 1) continue;
        overrides[`${name}.${column.name}`] = /^integer$/i.test(column.type) ? 'Generated<number>' : 'string';
      }
    }
    return overrides;
  } finally {
    sqlite.close();
  }
}

/** Writes the table types of the migrated schema to `outFile`. */
export async function generateDbTypes(outFile: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'db-types-'));
  const file = path.join(dir, 'schema.db');
  try {
    const handle = createDb(`sqlite:${file}`);
    try { await migrate(handle.db); } finally { await handle.destroy(); }
    const overrides = { columns: { ...primaryKeyOverrides(file), ...NARROWED, ...FILLED } };
    const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('kysely-codegen/package.json')), 'dist/cli/bin.js');
    execFileSync(process.execPath, [
      bin, '--dialect', 'sqlite', '--url', file, '--out-file', outFile, '--overrides', JSON.stringify(overrides), '--log-level', 'error',
    ], { stdio: ['ignore', 'ignore', 'inherit'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await generateDbTypes(TYPES_FILE);
}
