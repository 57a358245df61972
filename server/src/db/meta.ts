import type { Db } from './create-db';

export async function getMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setMeta(db: Db, key: string, value: string): Promise<void> {
  const updated_at = new Date().toISOString();
  await db
    .insertInto('app_meta')
    .values({ key, value, updated_at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at }))
    .execute();
}
