import { expect, it } from 'vitest';
import { getMeta } from './db';
import { seedDemoData } from './demo-seed';
import { describeEachDialect } from '../test/support/dialects';

describeEachDialect('demo seed', (dialect) => {
  it('seeds the demo data once', async () => {
    const { db, destroy } = await dialect.createDb();
    expect(await seedDemoData(db)).toBe(true);
    expect(await seedDemoData(db)).toBe(false);
    expect(await getMeta(db, 'demo_seeded_at')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await destroy();
  });
});
