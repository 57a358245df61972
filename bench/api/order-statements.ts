/*
 * `npx tsx api/order-statements.ts [postgres://…]`: the SQL statements one orders/new and each of the five
 * step saves send (BEGIN and COMMIT included), counted through Kysely's log on the real app. Without a
 * URL the app runs on a temporary SQLite file, as the API bench's does. `--sql` prints each statement.
 */
import { mkdirSync, rmSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { LogEvent } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { migrate } from '../../server/src/db';
import type { Database } from '../../server/src/db';
import { withStatementCache } from '../../server/src/db/statement-cache';
import { seedDemoData } from '../../server/src/demo-seed';
import { BENCH_API_KEY, removeSqliteFiles, tempPath } from '../lib/paths';

const STEPS: Record<string, Record<string, unknown>> = {
  'step-contact': {
    first_name: 'Mario', last_name: 'Rossi', email: 'mario.rossi@example.it', mobile_phone_number: '+39 333 123 4567',
    privacy_consent: true, marketing_consent: false,
  },
  'step-personal': {
    cf: 'RSSMRA80A01H501U', sex: 'M', birth_date: '1980-01-01', birth_city: 'Roma', birth_province: 'RM', country: 'IT',
    nationality: 'italiana', residenza_indirizzo: 'Via del Corso', residenza_civico: '10', residenza_comune: 'Roma',
    residenza_cap: '00186', residenza_provincia: 'RM',
  },
  'step-address': {
    address: 'Via Roma', number: '1', city: 'Roma', zip_code: '00185', province: 'RM', shipping_same_as_activation: true,
    portability_phone: false,
  },
  'step-payment': { sepa_first_name: 'Mario', sepa_last_name: 'Rossi', iban: 'IT60X0542811101000000123456' },
  'step-document': {
    document_type: 'carta_identita', document_number: 'CA12345AB', document_issue_date: '2020-06-15',
    document_expiry_date: '2031-06-15', document_issuer: 'Comune di Roma', document_issue_comune: 'Roma', document_issue_province: 'RM',
  },
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const printSql = args.includes('--sql');
  const pgUrl = args.find((a) => a.startsWith('postgres'));
  const seen: string[] = [];
  // The app's timers (outbox deliveries, reference-job clean-up) share the connection: not the request's.
  const background = /"(outbox_deliveries|outbox_events|reference_jobs)"/;
  const log = (e: LogEvent): void => { if (!background.test(e.query.sql)) seen.push(e.query.sql); };
  const file = tempPath('checkout-order-statements', '.db');
  let db: Kysely<Database>;
  if (pgUrl) {
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgUrl, max: 2 }) }), log });
  } else {
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log });
  }
  const storage = tempPath('checkout-order-statements-storage');
  mkdirSync(storage, { recursive: true });
  try {
    await migrate(db);
    await seedDemoData(db);
    const config = loadConfig({
      NODE_ENV: 'development', PUBLIC_API_KEY: BENCH_API_KEY, DATABASE_URL: pgUrl ?? `sqlite:${file}`, LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000000', STORAGE_DIR: storage, WEB_DIST_DIR: tempPath('checkout-order-statements-no-web'),
    });
    const app = await buildApp(config, { db });
    const post = async (label: string, url: string, body: Record<string, unknown>): Promise<unknown> => {
      seen.length = 0;
      const res = await app.inject({ method: 'POST', url, payload: { api_key: BENCH_API_KEY, ...body } });
      const out = res.json() as { data?: { hash?: string } };
      process.stdout.write(`${label.padEnd(16)} ${res.statusCode}  ${seen.length} statements\n`);
      if (printSql) for (const s of seen) process.stdout.write(`    ${s}\n`);
      return out.data?.hash;
    };
    const hash = await post('orders/new', '/api/orders/new', { offer_id: 101, id_egon_civico: '0580910000001', customer_type: 'privato', is_brand_customer: false });
    for (const [name, body] of Object.entries(STEPS)) await post(name, `/api/orders/${String(hash)}/${name}`, body);
    await app.close();
  } finally {
    await db.destroy();
    removeSqliteFiles(file);
    rmSync(storage, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
