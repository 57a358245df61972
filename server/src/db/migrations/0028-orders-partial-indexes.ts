import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * A new order writes a key into every index of `orders`. The console's search and filter columns are null
 * until the customer fills the steps (names, email, phone, fiscal code, promo), until the signature
 * (workflow_status) or for every order but a pre-made one (premade_code): their indexes become partial, on
 * the rows that have a value. Each query on them names the column with a comparison (`=`, `>=`, `in`) or
 * `is not null`, which implies the index's condition on both databases, so each keeps its index; a new
 * order leaves these nine indexes untouched. `signed_at`'s stays whole: the list sorts every order by it.
 */

/** Index, its columns before and after, and the column that must have a value. */
const PARTIAL: ReadonlyArray<[name: string, columns: string[], partialColumns: string[], notNull: string]> = [
  ['orders_workflow_created_idx', ['workflow_status', 'created_at'], ['workflow_status', 'created_at'], 'workflow_status'],
  ['orders_technology_created_idx', ['technology', 'created_at'], ['technology', 'created_at'], 'technology'],
  ['orders_promo_created_idx', ['promo', 'created_at'], ['promo', 'created_at'], 'promo'],
  // The pre-made list (`premade_code is not null`, newest first) reads this one in its order; a code's
  // lookup has premade_code's unique index.
  ['orders_premade_created_idx', ['premade_code', 'created_at'], ['created_at'], 'premade_code'],
  ...['search_name', 'search_name_rev', 'search_fiscal_code', 'search_email', 'search_phone']
    .map((c): [string, string[], string[], string] => [`orders_${c}_idx`, [c], [c], c]),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, , columns, notNull] of PARTIAL) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('orders').columns(columns).where(sql.ref(notNull), 'is not', null).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of PARTIAL) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('orders').columns(columns).execute();
  }
}
