import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Promo codes only: the catalogue itself is a validated data file (modules/catalog/catalog.json).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    // Stored upper-case; lookups upper-case the visitor's code (codes are case-insensitive).
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'integer')
    .addColumn('customer_type', 'text', (c) => c.notNull())
    // Comma-separated Open Fiber clusters (`C,D`); null: any cluster.
    .addColumn('clusters', 'text')
    .addColumn('recurrent_discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cash_discount', 'integer', (c) => c.notNull().defaultTo(0))
    // ISO dates (`2026-12-01`), inclusive, Italian calendar day; null: open-ended.
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addCheckConstraint('promo_codes_customer_type', sql`customer_type in ('privato', 'business')`)
    .addCheckConstraint('promo_codes_discounts', sql`recurrent_discount >= 0 and cash_discount >= 0`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promo_codes').execute();
}
