import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * How long a promo's monthly discount lasts, in months from activation; null: for as long as the
 * contract (the screens and the contract say "per sempre"). A code stored before this column reads as
 * null, which is what its discount did: nothing ever ended it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promo_codes').addColumn('discount_months', 'integer', (c) => c.check(sql`discount_months is null or discount_months > 0`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promo_codes').dropColumn('discount_months').execute();
}
