import { isDeepStrictEqual } from 'node:util';
import type { CompiledQuery, Insertable, Selectable } from 'kysely';
import { dialectOf, literalLimit, preparedArrays, unplannedInteger, unplannedText } from '../../db';
import { civicNumberRanges } from './street-search';
import type { Db, PreparedArrays } from '../../db';
import type { Addresses as AddressesTable, AddressServices as AddressServicesTable, Buildings as BuildingsTable } from '../../db/types';

/*
 * Coverage tables. Every function takes the database or a transaction (`Transaction<Database>` is a `Db`).
 */

export type AddressRow = Selectable<AddressesTable>;
export type BuildingRow = Selectable<BuildingsTable>;
export type ServiceRow = Selectable<AddressServicesTable>;
export type NewAddress = Insertable<AddressesTable>;
export type NewBuilding = Insertable<BuildingsTable>;
export type NewService = Insertable<AddressServicesTable>;

export type SearchColumn = 'street_search' | 'street_name_search';

/** What an address hit shows (`toAddressHit`): the search answers only these columns. */
export const ADDRESS_HIT_COLUMNS = [
  'id_egon_civico', 'id_building', 'street_type', 'street_name', 'number', 'zip_code', 'id_comune', 'city', 'province',
] as const;
export type AddressHitRow = Pick<AddressRow, (typeof ADDRESS_HIT_COLUMNS)[number]>;

export interface AddressSearch {
  id_comune: string;
  /** Which key the prefix applies to (see street-search.ts). */
  column: SearchColumn;
  /** Normalised street prefix, non-empty. */
  prefix: string;
  /** Canonical civic number prefix (`1` matches 1, 1A, 10…), or null. */
  number: string | null;
  limit: number;
}

/**
 * Upper bound of a prefix range: every string starting with `prefix` sorts below `prefix + U+FFFF` when
 * comparing bytewise (SQLite BINARY, PostgreSQL COLLATE "C"; the keys are normalised, mostly ASCII).
 * A range, unlike LIKE, uses the index on both dialects.
 */
export const prefixUpperBound = (prefix: string): string => `${prefix}\uffff`;

/**
 * The address search as a query builder (the EXPLAIN test inspects the same query).
 * WHERE id_comune = ? AND <key> in [prefix, prefix+U+FFFF) ORDER BY the rest of that key's index:
 * an index range scan already in order, so LIMIT stops it after 20 rows.
 */
export function addressSearchQuery(db: Db, s: AddressSearch) {
  // The hit's columns only: with better-sqlite3, building the row objects is a good part of the search
  // (9 columns instead of 12 measured the statement about 12 % faster on the demo data).
  // Values the planner must not read, and a written LIMIT: see unplannedText (db/prepared.ts).
  let q = db
    .selectFrom('addresses')
    .select(ADDRESS_HIT_COLUMNS)
    .where('id_comune', '=', unplannedText(s.id_comune))
    .where(s.column, '>=', unplannedText(s.prefix))
    .where(s.column, '<', unplannedText(prefixUpperBound(s.prefix)));
  // The civic prefix as a range, like the street: a condition on an index column, which both databases
  // test on the index entry itself, so non-matching civics cost no row lookup (a LIKE is tested only
  // after reading the row; PostgreSQL's `number` is bytewise for this, migration 0008). Stored and typed
  // numbers are both canonical (digits and upper-case letters, canonicalCivic), so no case folding is needed.
  if (s.number !== null) q = q.where('number', '>=', unplannedText(s.number)).where('number', '<', unplannedText(prefixUpperBound(s.number)));
  q = s.column === 'street_search'
    ? q.orderBy('street_search').orderBy('number_num').orderBy('number')
    : q.orderBy('street_name_search').orderBy('street_search').orderBy('number_num').orderBy('number');
  return q.limit(literalLimit(s.limit));
}

/** One street of a prefix range: its street_search, and its street_name_search when that is the searched key. */
export interface StreetKey { name: string | null; street: string }

/** The streets a civic search walks, one at a time (see searchAddressRows). */
export interface StreetKeyStep {
  id_comune: string;
  column: SearchColumn;
  prefix: string;
  /** The street just handled: the next one is after it; null for the first street of the prefix range. */
  after: StreetKey | null;
}

/**
 * The first street of the prefix range (after `after`), in the search's order: one seek in the search
 * key's index, which holds the answer (covering). By name, a street is the pair (name, street_search):
 * `garibaldi` holds Corso and Via Garibaldi.
 */
export function nextStreetKeyQuery(db: Db, s: StreetKeyStep) {
  const byName = s.column === 'street_name_search';
  const from = () => db.selectFrom('addresses')
    .select(byName ? ['street_name_search', 'street_search'] : ['street_search'])
    .where('id_comune', '=', unplannedText(s.id_comune));
  const upper = unplannedText(prefixUpperBound(s.prefix));
  const after = s.after;
  let q;
  if (after === null) q = from().where(s.column, '>=', unplannedText(s.prefix)).where(s.column, '<', upper);
  else if (!byName) q = from().where('street_search', '>', unplannedText(after.street)).where('street_search', '<', upper);
  else {
    // The next street of the same name, or the first of the next name: two seeks (a row value
    // `(name, street) > (?, ?)` is a seek on the name alone in SQLite, which then reads the name's civics).
    const name = unplannedText(after.name ?? '');
    q = from().where('street_name_search', '=', name).where('street_search', '>', unplannedText(after.street))
      .unionAll(from().where('street_name_search', '>', name).where('street_name_search', '<', upper));
  }
  return (byName ? q.orderBy('street_name_search') : q).orderBy('street_search').limit(literalLimit(1));
}

export interface StreetCivicSearch {
  id_comune: string;
  key: StreetKey;
  /** Canonical civic prefix. */
  number: string;
  /** Its numeric parts, civicNumberRanges(number). */
  ranges: ReadonlyArray<readonly [number, number]>;
  limit: number;
}

/**
 * The civics of one street whose number starts with `number`, in the search's order (number_num, then
 * number). The street is equal, so each numeric range of the prefix is a seek in the search key's index,
 * already in order: the ranges are read one after the other (UNION ALL, merged in order) and LIMIT stops
 * them, so only the rows answered are read. The text range stays the rule (`12A` vs `12B` share number_num
 * 12); the numeric ranges only make it a seek.
 */
export function streetCivicsQuery(db: Db, s: StreetCivicSearch) {
  const arm = ([low, high]: readonly [number, number]) => {
    let q = db.selectFrom('addresses')
      .select([...ADDRESS_HIT_COLUMNS, 'number_num'])
      .where('id_comune', '=', unplannedText(s.id_comune));
    if (s.key.name !== null) q = q.where('street_name_search', '=', unplannedText(s.key.name));
    return q.where('street_search', '=', unplannedText(s.key.street))
      .where('number_num', '>=', unplannedInteger(low))
      .where('number_num', '<=', unplannedInteger(high))
      .where('number', '>=', unplannedText(s.number))
      .where('number', '<', unplannedText(prefixUpperBound(s.number)));
  };
  const [first, ...rest] = s.ranges;
  if (!first) throw new Error('streetCivicsQuery: no civic range');
  return rest.reduce((q, range) => q.unionAll(arm(range)), arm(first))
    .orderBy('number_num').orderBy('number').limit(literalLimit(s.limit));
}

/*
 * The search runs three statements, each compiled once per database and prepared on the driver, answering
 * rows as arrays (preparedArrays), so neither the query builder nor the driver's object per row is on the
 * request path. Building the hit from an array costs less than the driver's generic row object (measured
 * with better-sqlite3), and that cost grows with the number of hits, which grows with the data.
 */
interface PreparedStatement { compiled: CompiledQuery; run: PreparedArrays | null }
const preparedStatements = new WeakMap<Db, Map<string, PreparedStatement>>();

/** Stand-ins that mark where each value lands among the compiled parameters. */
const SLOT = { comune: '\u0000comune', prefix: '\u0000prefix', name: '\u0000name', street: '\u0000street', number: '\u0000number' } as const;

/**
 * `build` (run once per database and name) compiles the statement from the SLOT stand-ins and gives the
 * parameter list made for those stand-ins by the same function as at run time: the order is checked, not trusted.
 */
function prepared(db: Db, name: string, build: () => { compiled: CompiledQuery; slots: readonly unknown[] }): PreparedStatement {
  let statements = preparedStatements.get(db);
  if (!statements) preparedStatements.set(db, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) {
    const { compiled, slots } = build();
    if (!isDeepStrictEqual(compiled.parameters, slots)) throw new Error(`${name}: unexpected parameter order`);
    statement = { compiled, run: preparedArrays(db, name, compiled.sql) };
    statements.set(name, statement);
  }
  return statement;
}

/** Rows as arrays, columns in the SELECT's order, through the driver or (a transaction) through Kysely. */
async function rowsOf(db: Db, statement: PreparedStatement, parameters: unknown[]): Promise<unknown[][]> {
  if (statement.run) return statement.run(parameters);
  return (await db.executeQuery<Record<string, unknown>>({ ...statement.compiled, parameters })).rows.map((r) => Object.values(r));
}

const rangeParameters = (s: Pick<AddressSearch, 'id_comune' | 'prefix' | 'number'>): unknown[] =>
  s.number === null
    ? [s.id_comune, s.prefix, prefixUpperBound(s.prefix)]
    : [s.id_comune, s.prefix, prefixUpperBound(s.prefix), s.number, prefixUpperBound(s.number)];
const nextKeyParameters = (s: StreetKeyStep): unknown[] => {
  const upper = prefixUpperBound(s.prefix);
  if (s.after === null) return [s.id_comune, s.prefix, upper];
  if (s.column === 'street_search') return [s.id_comune, s.after.street, upper];
  const name = s.after.name ?? '';
  return [s.id_comune, name, s.after.street, s.id_comune, name, upper];
};
const civicParameters = (s: Omit<StreetCivicSearch, 'limit'>): unknown[] => s.ranges.flatMap(([low, high]) => [
  s.id_comune, ...(s.key.name === null ? [] : [s.key.name]), s.key.street, low, high, s.number, prefixUpperBound(s.number),
]);

/** A row of the hit statements: the columns of ADDRESS_HIT_COLUMNS, in that order. */
const hitRowOf = (r: unknown[]): AddressHitRow => ({
  id_egon_civico: r[0] as string, id_building: r[1] as string | null, street_type: r[2] as string, street_name: r[3] as string,
  number: r[4] as string, zip_code: r[5] as string, id_comune: r[6] as string, city: r[7] as string, province: r[8] as string,
});

/** addressSearchQuery itself: one range scan in index order, which LIMIT stops after `limit` rows. */
async function streetRangeRows(db: Db, s: AddressSearch): Promise<AddressHitRow[]> {
  const civic = s.number === null ? 'street' : 'civic';
  const statement = prepared(db, `address_search_${s.column}_${civic}_range_${s.limit}`, () => {
    const slots = { id_comune: SLOT.comune, column: s.column, prefix: SLOT.prefix, number: s.number === null ? null : SLOT.number, limit: s.limit };
    return { compiled: addressSearchQuery(db, slots).compile(), slots: rangeParameters(slots) };
  });
  return (await rowsOf(db, statement, rangeParameters(s))).map(hitRowOf);
}

async function nextStreetKey(db: Db, s: StreetKeyStep): Promise<StreetKey | null> {
  const byName = s.column === 'street_name_search';
  const statement = prepared(db, `address_search_${s.column}_${s.after === null ? 'first' : 'next'}_street`, () => {
    const after = s.after === null ? null : { name: byName ? SLOT.name : null, street: SLOT.street };
    const slots = { id_comune: SLOT.comune, column: s.column, prefix: SLOT.prefix, after };
    return { compiled: nextStreetKeyQuery(db, slots).compile(), slots: nextKeyParameters(slots) };
  });
  const [row] = await rowsOf(db, statement, nextKeyParameters(s));
  if (!row) return null;
  return byName ? { name: row[0] as string, street: row[1] as string } : { name: null, street: row[0] as string };
}

async function streetCivicRows(db: Db, s: StreetCivicSearch): Promise<AddressHitRow[]> {
  const byName = s.key.name !== null;
  const statement = prepared(db, `address_search_${byName ? 'street_name_search' : 'street_search'}_civics_${s.ranges.length}_${s.limit}`, () => {
    // Distinct integer stand-ins for the ranges' bounds.
    const ranges = s.ranges.map((_, i): [number, number] => [-2 * i - 1, -2 * i - 2]);
    const slots = { id_comune: SLOT.comune, key: { name: byName ? SLOT.name : null, street: SLOT.street }, number: SLOT.number, ranges, limit: s.limit };
    return { compiled: streetCivicsQuery(db, slots).compile(), slots: civicParameters(slots) };
  });
  return (await rowsOf(db, statement, civicParameters(s))).map(hitRowOf);
}

/**
 * The rows of addressSearchQuery. With a civic number on SQLite, street by street in the search's order
 * (each found by one index seek), each street's civics by a seek per numeric range of the prefix, until
 * `limit` rows: the rows read are the streets' keys and the rows answered. The range scan of
 * addressSearchQuery reads every civic of the streets to keep those of the prefix, and a street holds
 * more civics the more data there is (350 on average at 1M demo addresses, for 1 to 20 kept).
 * PostgreSQL keeps that one statement: there each statement is a network round trip, three of them cost
 * more than the scan, which PostgreSQL runs on the index entries alone (its growth stayed within budget).
 */
export async function searchAddressRows(db: Db, s: AddressSearch): Promise<AddressHitRow[]> {
  if (s.number === null || dialectOf(db) === 'postgres') return streetRangeRows(db, s);
  const step = { id_comune: s.id_comune, column: s.column, prefix: s.prefix };
  const civic = { id_comune: s.id_comune, number: s.number, ranges: civicNumberRanges(s.number), limit: s.limit };
  const rows: AddressHitRow[] = [];
  let key = await nextStreetKey(db, { ...step, after: null });
  while (key !== null) {
    // Always `limit` rows at most (one statement per limit, see literalLimit); the surplus is dropped.
    rows.push(...await streetCivicRows(db, { ...civic, key }));
    if (rows.length >= s.limit) return rows.slice(0, s.limit);
    key = await nextStreetKey(db, { ...step, after: key });
  }
  return rows;
}

export const findAddress = (db: Db, id: string): Promise<AddressRow | undefined> =>
  db.selectFrom('addresses').selectAll().where('id_egon_civico', '=', id).executeTakeFirst();

export const listServices = (db: Db, id: string): Promise<ServiceRow[]> =>
  db.selectFrom('address_services').selectAll().where('id_egon_civico', '=', id).execute();

export const findBuilding = (db: Db, id: string): Promise<BuildingRow | undefined> =>
  db.selectFrom('buildings').selectAll().where('id_building', '=', id).executeTakeFirst();

/** A building's civic numbers, by street and number (a building has a handful; 500 caps a bad import). */
export const listBuildingAddresses = (db: Db, idBuilding: string): Promise<AddressRow[]> =>
  db.selectFrom('addresses').selectAll().where('id_building', '=', idBuilding)
    .orderBy('street_search').orderBy('number_num').orderBy('number').limit(500).execute();

export async function hasAddresses(db: Db): Promise<boolean> {
  return (await db.selectFrom('addresses').select('id_egon_civico').limit(1).executeTakeFirst()) !== undefined;
}

export interface CoverageCounts { buildings: number; addresses: number; services: number }

export async function countCoverage(db: Db): Promise<CoverageCounts> {
  const count = async (table: 'buildings' | 'addresses' | 'address_services') =>
    (await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return { buildings: await count('buildings'), addresses: await count('addresses'), services: await count('address_services') };
}

/*
 * Batched writes. Rows per statement stay far below the bound-parameter limits
 * (SQLite 32,766, PostgreSQL 65,535): 12 address columns × 500 rows = 6,000.
 */
export const WRITE_CHUNK = 500;

function* chunks<T>(rows: readonly T[], size = WRITE_CHUNK): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** Insert or replace buildings by id_building. */
export async function upsertBuildings(db: Db, rows: readonly NewBuilding[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db.insertInto('buildings').values(part)
      .onConflict((oc) => oc.column('id_building').doUpdateSet((eb) => ({
        network: eb.ref('excluded.network'), cluster: eb.ref('excluded.cluster'), status: eb.ref('excluded.status'),
      })))
      .execute();
  }
}

/** Insert or replace addresses by id_egon_civico. */
export async function upsertAddresses(db: Db, rows: readonly NewAddress[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db.insertInto('addresses').values(part)
      .onConflict((oc) => oc.column('id_egon_civico').doUpdateSet((eb) => ({
        id_building: eb.ref('excluded.id_building'),
        street_type: eb.ref('excluded.street_type'),
        street_name: eb.ref('excluded.street_name'),
        street_search: eb.ref('excluded.street_search'),
        street_name_search: eb.ref('excluded.street_name_search'),
        number: eb.ref('excluded.number'),
        number_num: eb.ref('excluded.number_num'),
        id_comune: eb.ref('excluded.id_comune'),
        city: eb.ref('excluded.city'),
        province: eb.ref('excluded.province'),
        zip_code: eb.ref('excluded.zip_code'),
      })))
      .execute();
  }
}

/** Insert or replace services by (id_egon_civico, technology, network). */
export async function upsertServices(db: Db, rows: readonly NewService[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db.insertInto('address_services').values(part)
      .onConflict((oc) => oc.columns(['id_egon_civico', 'technology', 'network']).doUpdateSet((eb) => ({
        max_download: eb.ref('excluded.max_download'),
        max_upload: eb.ref('excluded.max_upload'),
        cabinet_distance: eb.ref('excluded.cabinet_distance'),
        available: eb.ref('excluded.available'),
      })))
      .execute();
  }
}

/** Existing rows with these keys (for the import's inserted / updated / unchanged counts). */
export async function existingBuildings(db: Db, ids: readonly string[]): Promise<BuildingRow[]> {
  const out: BuildingRow[] = [];
  for (const part of chunks(ids)) out.push(...await db.selectFrom('buildings').selectAll().where('id_building', 'in', part).execute());
  return out;
}

export async function existingAddresses(db: Db, ids: readonly string[]): Promise<AddressRow[]> {
  const out: AddressRow[] = [];
  for (const part of chunks(ids)) out.push(...await db.selectFrom('addresses').selectAll().where('id_egon_civico', 'in', part).execute());
  return out;
}

export async function existingServices(db: Db, addressIds: readonly string[]): Promise<ServiceRow[]> {
  const out: ServiceRow[] = [];
  for (const part of chunks(addressIds)) out.push(...await db.selectFrom('address_services').selectAll().where('id_egon_civico', 'in', part).execute());
  return out;
}
