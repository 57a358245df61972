import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { PromoCodes as PromoCodesTable } from '../../db/types';

/** Every function takes `db` or a transaction (`Transaction<Database>` is a `Db`). */

export type PromoCodeRow = Selectable<PromoCodesTable>;
export type NewPromoCode = Insertable<PromoCodesTable>;

/** Codes are case-insensitive: stored and looked up upper-case, surrounding spaces ignored. */
export const normalisePromoCode = (code: string): string => code.trim().toUpperCase();

export async function findPromoCode(db: Db, code: string): Promise<PromoCodeRow | undefined> {
  return db.selectFrom('promo_codes').selectAll().where('code', '=', normalisePromoCode(code)).executeTakeFirst();
}

export async function insertPromoCodes(db: Db, rows: readonly NewPromoCode[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('promo_codes').values(rows.map((row) => ({ ...row, code: normalisePromoCode(row.code) }))).execute();
}

export async function countPromoCodes(db: Db): Promise<number> {
  const row = await db.selectFrom('promo_codes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
