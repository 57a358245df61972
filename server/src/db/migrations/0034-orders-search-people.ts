import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The console's search finds people however their name was typed: `dangelo`, `D'Angelo` and `D’Angelo`
 * are one key (apostrophes and dots dropped, other punctuation a space), and two more kinds are searched,
 * each a prefix range on one partial index as in 0022-console-orders and 0028-orders-partial-indexes:
 *
 * - `search_street`: the activation street and civic number folded, without the street-type word
 *   (`Via Roma 1` → `roma 1`);
 * - `search_iban_rev`: the IBAN upper-cased and reversed, so its last digits are a prefix.
 *
 * Existing orders get the new columns, their names folded again by the new rule, and their phone's digits
 * read again (a written `+39` is now the country's code at any length).
 */

/** The normalisation of orders/order-search.ts when this migration was written, copied (a migration is frozen history). */
const fold = (s: string): string =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/['’‘ʼ`´′]/g, '').replace(/\./g, '')
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .replace(/\s+/g, ' ').trim();
const STREET_TYPES: ReadonlySet<string> = new Set([
  'via', 'v', 'viale', 'vle', 'piazza', 'pza', 'pzza', 'p', 'piazzale', 'ple', 'piazzetta', 'corso', 'cso', 'largo', 'lgo',
  'vicolo', 'vic', 'vico', 'strada', 'str', 'localita', 'loc', 'contrada', 'cda', 'borgo', 'lungomare', 'lungotevere', 'lungarno',
  'salita', 'galleria', 'traversa', 'circonvallazione', 'frazione', 'fraz', 'calle', 'campo', 'fondamenta', 'viuzza', 'rione',
]);
function streetKey(s: string): string {
  const words = fold(s).split(' ');
  return (words.length > 1 && STREET_TYPES.has(words[0]!) ? words.slice(1) : words).join(' ');
}
function phoneDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('0039')) digits = digits.slice(4);
  else if (digits.startsWith('39') && (digits.length >= 11 || raw.trim().startsWith('+'))) digits = digits.slice(2);
  return digits;
}
const ibanKey = (raw: string): string => [...raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase()].reverse().join('');
const text = (f: Record<string, unknown>, key: string): string => (typeof f[key] === 'string' ? (f[key] as string).trim() : '');
const orNull = (s: string): string | null => (s === '' ? null : s);

function searchColumns(fieldsJson: string) {
  let parsed: unknown;
  try { parsed = JSON.parse(fieldsJson); } catch { parsed = {}; }
  const f = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const first = text(f, 'first_name');
  const last = text(f, 'last_name');
  const company = text(f, 'ragione_sociale');
  const street = text(f, 'address');
  return {
    search_name: orNull(fold(company || `${first} ${last}`)),
    search_name_rev: orNull(fold(company ? `${first} ${last}` : `${last} ${first}`)),
    search_phone: orNull(phoneDigits(text(f, 'mobile_phone_number') || text(f, 'phone_number'))),
    search_street: street === '' ? null : orNull(streetKey(`${street} ${text(f, 'number')}`)),
    search_iban_rev: orNull(ibanKey(text(f, 'iban'))),
  };
}

const NEW_COLUMNS = ['search_street', 'search_iban_rev'] as const;
const PAGE = 1_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const column of NEW_COLUMNS) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
    // Bytewise, so a range is a prefix (as the other search columns, 0022-console-orders).
    if (isPostgres) await sql`alter table orders alter column ${sql.ref(column)} type text collate "C"`.execute(db);
  }

  // Pages in id order; only the rows whose keys change are written.
  let after = '';
  for (;;) {
    const rows = await sql<{ id: string; fields_json: string; search_name: string | null; search_name_rev: string | null; search_phone: string | null }>`
      select id, fields_json, search_name, search_name_rev, search_phone from orders where id > ${after} order by id limit ${PAGE}`.execute(db);
    for (const row of rows.rows) {
      const c = searchColumns(row.fields_json);
      const same = c.search_name === row.search_name && c.search_name_rev === row.search_name_rev && c.search_phone === row.search_phone;
      if (same && c.search_street === null && c.search_iban_rev === null) continue;
      await sql`update orders set search_name = ${c.search_name}, search_name_rev = ${c.search_name_rev}, search_phone = ${c.search_phone},
        search_street = ${c.search_street}, search_iban_rev = ${c.search_iban_rev} where id = ${row.id}`.execute(db);
    }
    if (rows.rows.length < PAGE) break;
    after = rows.rows[rows.rows.length - 1]!.id;
  }

  for (const column of NEW_COLUMNS) {
    await db.schema.createIndex(`orders_${column}_idx`).on('orders').column(column).where(sql.ref(column), 'is not', null).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of NEW_COLUMNS) {
    await db.schema.dropIndex(`orders_${column}_idx`).execute();
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
