import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects';
import { countCoverage, findAddress } from './repository';
import { demoCoverageSize, seedCoverage, setDemoCoverageSize } from './seed';

it('seeds 20,000 demo addresses unless told otherwise', () => {
  expect(demoCoverageSize()).toBe(20_000);
  setDemoCoverageSize(500);
  expect(demoCoverageSize()).toBe(500);
  setDemoCoverageSize(20_000);
});

describeEachDialect('coverage demo seed', (dialect) => {
  it('writes the demo addresses once, only into an empty table', async () => {
    const { db } = await dialect.createDb();
    expect(await db.transaction().execute((trx) => seedCoverage(trx, { size: 2_500 }))).toBe(2_500);
    const counts = await countCoverage(db);
    expect(counts.addresses).toBe(2_500);
    expect(counts.services).toBeGreaterThan(2_500);
    expect(counts.buildings).toBeGreaterThan(0);
    expect(await findAddress(db, '0580910000006')).toMatchObject({ street_name: 'Roma', number: '6', id_comune: '058091' });
    expect(await seedCoverage(db, { size: 100 })).toBe(0);
    expect(await countCoverage(db)).toEqual(counts);
  });
});
