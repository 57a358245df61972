import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

/*
 * Coverage model (issue 3): buildings, addresses, services per address.
 *
 * The address search is a prefix range on normalised text (`street_search >= 'via roma' AND
 * street_search < 'via roma\uffff'`), which only matches the index order when the comparison is bytewise:
 * SQLite's default BINARY collation is, PostgreSQL's database collation may not be (en_US sorts ignoring
 * spaces), so the search columns are declared COLLATE "C" there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bytewise = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    (isPostgres ? c.modifyEnd(sql`collate "C"`) : c).notNull();

  await db.schema
    .createTable('buildings')
    .addColumn('id_building', 'text', (c) => c.primaryKey())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('cluster', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id_egon_civico', 'text', (c) => c.primaryKey())
    .addColumn('id_building', 'text')
    .addColumn('street_type', 'text', (c) => c.notNull())
    .addColumn('street_name', 'text', (c) => c.notNull())
    .addColumn('street_search', 'text', bytewise)
    .addColumn('street_name_search', 'text', bytewise)
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('number_num', 'integer', (c) => c.notNull())
    .addColumn('id_comune', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .execute();
  // Same column order as the search's WHERE + ORDER BY: a range scan that is already sorted, LIMIT stops it early.
  await db.schema
    .createIndex('addresses_comune_street_idx')
    .on('addresses')
    .columns(['id_comune', 'street_search', 'number_num', 'number'])
    .execute();
  await db.schema
    .createIndex('addresses_comune_street_name_idx')
    .on('addresses')
    .columns(['id_comune', 'street_name_search', 'street_search', 'number_num', 'number'])
    .execute();
  await db.schema.createIndex('addresses_building_idx').on('addresses').column('id_building').execute();

  await db.schema
    .createTable('address_services')
    .addColumn('id_egon_civico', 'text', (c) => c.notNull())
    .addColumn('technology', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('max_download', 'integer', (c) => c.notNull())
    .addColumn('max_upload', 'integer', (c) => c.notNull())
    .addColumn('cabinet_distance', 'integer')
    .addColumn('available', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('address_services_pk', ['id_egon_civico', 'technology', 'network'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('address_services').execute();
  await db.schema.dropTable('addresses').execute();
  await db.schema.dropTable('buildings').execute();
}
