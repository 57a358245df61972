import type { Kysely } from 'kysely';

/*
 * The review's checklist (names match, not expired, readable, photo present) kept with each decision's rows:
 * a JSON object of the contract's REVIEW_CHECKS to booleans, parsed on read. Null for decisions taken before
 * the checklist existed: nobody ticked anything then, and inventing ticks would misstate what was checked.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('document_reviews').addColumn('checklist_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('document_reviews').dropColumn('checklist_json').execute();
}
