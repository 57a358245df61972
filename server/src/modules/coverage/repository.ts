import { isDeepStrictEqual } from 'node:util';
import type { CompiledQuery, Insertable, Selectable } from 'kysely';
import { preparedArrays } from '../../db';
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
  // (9 columns instead of 12 measured the statement about 12 % faster on the demo data, issue 6).
  let q = db
    .selectFrom('addresses')
    .select(ADDRESS_HIT_COLUMNS)
    .where('id_comune', '=', s.id_comune)
    .where(s.column, '>=', s.prefix)
    .where(s.column, '<', prefixUpperBound(s.prefix));
  // The civic prefix as a range, like the street: a condition on an index column, which both databases
  // test on the index entry itself, so non-matching civics cost no row lookup (a LIKE is tested only
  // after reading the row; PostgreSQL's `number` is bytewise for this, migration 0008). Stored and typed
  // numbers are both canonical (digits and upper-case letters, canonicalCivic), so no case folding is needed.
  if (s.number !== null) q = q.where('number', '>=', s.number).where('number', '<', prefixUpperBound(s.number));
  q = s.column === 'street_search'
    ? q.orderBy('street_search').orderBy('number_num').orderBy('number')
    : q.orderBy('street_name_search').orderBy('street_search').orderBy('number_num').orderBy('number');
  return q.limit(s.limit);
}

/*
 * The search has four shapes (which key × with or without a civic number), and its SQL depends on nothing
 * else: each shape is compiled once per database and prepared on the driver, answering rows as arrays
 * (preparedArrays), so neither the query builder nor the driver's object per row is on the request path.
 * Building the hit from an array costs less than the driver's generic row object (measured with
 * better-sqlite3), and that cost grows with the number of hits, which grows with the data.
 */
type SearchShape = `${SearchColumn}|${'civic' | 'street'}`;
interface PreparedSearch { compiled: CompiledQuery<AddressHitRow>; run: PreparedArrays | null }
const preparedSearches = new WeakMap<Db, Map<SearchShape, PreparedSearch>>();

/** Stand-ins that mark where each value lands among the compiled parameters. */
const SLOT = { comune: '\u0000comune', prefix: '\u0000prefix', number: '\u0000number', limit: -1 } as const;

/** The search's parameters in the order of its SQL: id_comune, the key's range, the civic's range, limit. */
const searchParameters = (s: Pick<AddressSearch, 'id_comune' | 'prefix' | 'number' | 'limit'>): unknown[] =>
  s.number === null
    ? [s.id_comune, s.prefix, prefixUpperBound(s.prefix), s.limit]
    : [s.id_comune, s.prefix, prefixUpperBound(s.prefix), s.number, prefixUpperBound(s.number), s.limit];

function preparedSearch(db: Db, column: SearchColumn, withNumber: boolean): PreparedSearch {
  let shapes = preparedSearches.get(db);
  if (!shapes) preparedSearches.set(db, (shapes = new Map()));
  const shape: SearchShape = `${column}|${withNumber ? 'civic' : 'street'}`;
  let prepared = shapes.get(shape);
  if (!prepared) {
    const slots = { id_comune: SLOT.comune, column, prefix: SLOT.prefix, number: withNumber ? SLOT.number : null, limit: SLOT.limit };
    const compiled = addressSearchQuery(db, slots).compile();
    // The parameter order above must be the builder's: checked once per shape, not trusted.
    if (!isDeepStrictEqual(compiled.parameters, searchParameters(slots))) throw new Error(`address search ${shape}: unexpected parameter order`);
    prepared = { compiled, run: preparedArrays(db, `address_search_${column}_${withNumber ? 'civic' : 'street'}`, compiled.sql) };
    shapes.set(shape, prepared);
  }
  return prepared;
}

/** A row of the prepared search: the columns of ADDRESS_HIT_COLUMNS, in that order. */
const hitRowOf = (r: unknown[]): AddressHitRow => ({
  id_egon_civico: r[0] as string, id_building: r[1] as string | null, street_type: r[2] as string, street_name: r[3] as string,
  number: r[4] as string, zip_code: r[5] as string, id_comune: r[6] as string, city: r[7] as string, province: r[8] as string,
});

export async function searchAddressRows(db: Db, s: AddressSearch): Promise<AddressHitRow[]> {
  const { compiled, run } = preparedSearch(db, s.column, s.number !== null);
  const parameters = searchParameters(s);
  if (run) return (await run(parameters)).map(hitRowOf);
  return (await db.executeQuery<AddressHitRow>({ ...compiled, parameters })).rows;
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
