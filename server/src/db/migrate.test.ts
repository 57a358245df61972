import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/support/dialects';
import { dialectOf } from './create-db';
import { getMeta, setMeta } from './meta';
import { migrate } from './migrate';
import { migrations } from './migrations';

describeEachDialect('database', (dialect) => {
  it('migrations run twice idempotently', async () => {
    const { db, destroy } = await dialect.createDb(); // already migrated once
    expect(await migrate(db)).toEqual([]);
    expect(await migrate(db)).toEqual([]);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    await destroy();
  });

  it('knows its dialect', async () => {
    const { db, destroy, dialect: name } = await dialect.createDb();
    expect(name).toBe(dialect.name);
    expect(dialectOf(db)).toBe(dialect.name);
    await destroy();
  });

  it('app_meta upserts', async () => {
    const { db, destroy } = await dialect.createDb();
    expect(await getMeta(db, 'k')).toBeUndefined();
    await setMeta(db, 'k', 'one');
    await setMeta(db, 'k', 'two');
    expect(await getMeta(db, 'k')).toBe('two');
    await destroy();
  });

  it('returns counts as numbers on every dialect', async () => {
    const { db, destroy } = await dialect.createDb();
    await setMeta(db, 'a', '1');
    const row = await db.selectFrom('app_meta').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(row.n).toBe(1);
    await destroy();
  });
});
