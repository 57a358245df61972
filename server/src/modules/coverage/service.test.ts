import { CompiledQuery } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../../db';
import { describeEachDialect } from '../../../test/support/dialects';
import { preparedArrays } from '../../db';
import { addressSearchQuery, nextStreetKeyQuery, searchAddressRows, streetCivicsQuery, upsertAddresses } from './repository';
import type { NewAddress } from './repository';
import { searchAddresses } from './service';
import { canonicalCivic, civicNumberRanges, streetKeys } from './street-search';

const ROMA = '058091';
const MILANO = '015146';

let seq = 0;
const address = (idComune: string, type: string, name: string, number: string): NewAddress => {
  const civic = canonicalCivic(number);
  if (!civic) throw new Error(number);
  seq++;
  return {
    id_egon_civico: `T${String(seq).padStart(6, '0')}`, id_building: null, street_type: type, street_name: name,
    ...streetKeys(type, name), ...civic, id_comune: idComune, city: idComune === ROMA ? 'Roma' : 'Milano',
    province: idComune === ROMA ? 'RM' : 'MI', zip_code: '00100',
  };
};

async function fixture(db: Db): Promise<void> {
  await upsertAddresses(db, [
    // Inserted out of order on purpose: the order comes from the query.
    ...['10', '2', '1', '3A', '3', '21', '100'].map((n) => address(ROMA, 'Via', 'Roma', n)),
    ...['1', '5'].map((n) => address(ROMA, 'Piazza', 'Roma', n)),
    address(ROMA, 'Via', 'Romagna', '1'),
    address(ROMA, 'Viale', 'Romania', '4'),
    address(ROMA, 'Via', "Sant'Antonio", '7'),
    address(ROMA, 'Viale', 'della Libertà', '9'),
    address(ROMA, 'Corso', 'Garibaldi', '12'),
    address(MILANO, 'Via', 'Roma', '1'),
    ...Array.from({ length: 30 }, (_, i) => address(ROMA, 'Via', 'Lunga', String(i + 1))),
  ]);
}

const labels = async (db: Db, text: string, idComune = ROMA) =>
  (await searchAddresses(db, { address: text, id_comune: idComune })).map((h) => `${h.street} ${h.number}`);

describeEachDialect('coverage address search', (dialect) => {
  it('orders by street, then civic number (numeric part first)', async () => {
    const { db } = await dialect.createDb();
    await fixture(db);
    expect(await labels(db, 'via roma')).toEqual([
      'Via Roma 1', 'Via Roma 2', 'Via Roma 3', 'Via Roma 3A', 'Via Roma 10', 'Via Roma 21', 'Via Roma 100',
      'Via Romagna 1',
    ]);
    // Without a type word the name decides, then the type: Piazza Roma before Via Roma.
    expect(await labels(db, 'roma')).toEqual([
      'Piazza Roma 1', 'Piazza Roma 5',
      'Via Roma 1', 'Via Roma 2', 'Via Roma 3', 'Via Roma 3A', 'Via Roma 10', 'Via Roma 21', 'Via Roma 100',
      'Via Romagna 1', 'Viale Romania 4',
    ]);
  });

  it('parses a civic number and matches it as a prefix', async () => {
    const { db } = await dialect.createDb();
    await fixture(db);
    expect(await labels(db, 'via roma 1')).toEqual(['Via Roma 1', 'Via Roma 10', 'Via Roma 100', 'Via Romagna 1']);
    expect(await labels(db, 'roma 2')).toEqual(['Via Roma 2', 'Via Roma 21']);
    expect(await labels(db, 'Via Roma, 3/a')).toEqual(['Via Roma 3A']);
    expect(await labels(db, 'via roma 999')).toEqual([]);
  });

  it('ignores case, accents and apostrophes, and knows abbreviations', async () => {
    const { db } = await dialect.createDb();
    await fixture(db);
    expect(await labels(db, 'VIA SANT’ANTONIO')).toEqual(["Via Sant'Antonio 7"]);
    expect(await labels(db, 'sant antonio 7')).toEqual(["Via Sant'Antonio 7"]);
    expect(await labels(db, 'v.le della libertà')).toEqual(['Viale della Libertà 9']);
    expect(await labels(db, 'della liberta')).toEqual(['Viale della Libertà 9']);
    expect(await labels(db, 'viale')).toEqual(['Viale della Libertà 9', 'Viale Romania 4']);
  });

  it('retries without a wrong street type', async () => {
    const { db } = await dialect.createDb();
    await fixture(db);
    expect(await labels(db, 'via garibaldi 12')).toEqual(['Corso Garibaldi 12']);
    expect(await labels(db, 'c.so garibaldi')).toEqual(['Corso Garibaldi 12']);
  });

  it('stays inside the comune and answers at most 20', async () => {
    const { db } = await dialect.createDb();
    await fixture(db);
    expect(await labels(db, 'via roma 1', MILANO)).toEqual(['Via Roma 1']);
    const lunga = await labels(db, 'via lunga');
    expect(lunga).toHaveLength(20);
    expect(lunga[0]).toBe('Via Lunga 1');
    expect(lunga[19]).toBe('Via Lunga 20');
    expect(await labels(db, 'nessuna via')).toEqual([]);
    expect(await labels(db, '   ')).toEqual([]);
    expect(await labels(db, 'roma', '000000')).toEqual([]);
  });

  it('answers the same rows prepared on the driver as through the query builder, for every shape', async () => {
    const { db } = await dialect.createDb();
    await fixture(db);
    // The driver's prepared statement serves the database itself; a transaction goes through Kysely.
    expect(preparedArrays(db, 'probe', 'SELECT 1')).not.toBeNull();
    for (const column of ['street_search', 'street_name_search'] as const) {
      for (const [prefix, number] of [
        ['via roma', '1'], ['roma', null], ['via', '3'], ['lunga', null],
        // Several streets under one prefix and one name (Piazza / Via Roma), a first street without the civic.
        ['roma', '1'], ['rom', '4'], ['via roma', '3'], ['garibaldi', '12'], ['r', '1'], ['lunga', '1'], ['lunga', '3A'],
      ] as const) {
        const s = { id_comune: ROMA, column, prefix, number, limit: 20 };
        const expected = await addressSearchQuery(db, s).execute();
        expect(await searchAddressRows(db, s)).toEqual(expected);
        expect(await db.transaction().execute((trx) => searchAddressRows(trx, s))).toEqual(expected);
      }
    }
  });

  it('answers hits with a readable label', async () => {
    const { db } = await dialect.createDb();
    await fixture(db);
    const [hit] = await searchAddresses(db, { address: 'piazza roma 5', id_comune: ROMA });
    expect(hit).toMatchObject({ street: 'Piazza Roma', number: '5', id_comune: ROMA, city: 'Roma', province: 'RM', zip_code: '00100', id_building: null, label: 'Piazza Roma 5, 00100 Roma (RM)' });
  });

  const planOf = (db: Db, compiled: CompiledQuery) => db.transaction().execute(async (trx) => {
    if (dialect.name === 'postgres') {
      // With a few rows PostgreSQL rightly prefers a sequential scan; forbid it to see whether the index can serve.
      await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
      await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_bitmapscan = off'));
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    const rows = await trx.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
    return rows.rows.map((r) => r.detail).join('\n');
  });

  it('without a civic number is an index range scan, never a full scan or a sort', async () => {
    const { db } = await dialect.createDb();
    await fixture(db);
    for (const column of ['street_search', 'street_name_search'] as const) {
      const plan = await planOf(db, addressSearchQuery(db, { id_comune: ROMA, column, prefix: 'via roma', number: null, limit: 20 }).compile());
      const index = column === 'street_search' ? 'addresses_comune_street_idx' : 'addresses_comune_street_name_idx';
      if (dialect.name === 'postgres') {
        expect(plan).toContain(`Index Scan using ${index}`);
        expect(plan).toMatch(new RegExp(`Index Cond: .*${column} >= `));
        expect(plan).not.toMatch(/Seq Scan|Sort/);
      } else {
        expect(plan).toContain(`SEARCH addresses USING INDEX ${index} (id_comune=? AND ${column}>? AND ${column}<?)`);
        expect(plan).not.toMatch(/SCAN addresses|TEMP B-TREE/);
      }
    }
  });

  it('with a civic number seeks each street, then each numeric range of the civic (SQLite), never a full scan or a sort', async () => {
    const { db } = await dialect.createDb();
    await fixture(db);
    for (const column of ['street_search', 'street_name_search'] as const) {
      const byName = column === 'street_name_search';
      const index = byName ? 'addresses_comune_street_name_idx' : 'addresses_comune_street_idx';
      if (dialect.name === 'postgres') {
        // PostgreSQL runs the one range scan (see searchAddressRows), the civic range tested on the index entries.
        const plan = await planOf(db, addressSearchQuery(db, { id_comune: ROMA, column, prefix: 'via roma', number: '1', limit: 20 }).compile());
        expect(plan).toContain(`Index Scan using ${index}`);
        expect(plan).toMatch(new RegExp(`Index Cond: .*${column} >= .*number >= `));
        expect(plan).not.toMatch(/Seq Scan|Sort/);
        continue;
      }
      const key = { name: byName ? 'roma' : null, street: 'via roma' };
      const streetPlans = [
        await planOf(db, nextStreetKeyQuery(db, { id_comune: ROMA, column, prefix: 'roma', after: null }).compile()),
        await planOf(db, nextStreetKeyQuery(db, { id_comune: ROMA, column, prefix: 'roma', after: key }).compile()),
      ];
      for (const plan of streetPlans) {
        expect(plan).toContain(`SEARCH addresses USING COVERING INDEX ${index}`);
        expect(plan).not.toMatch(/SCAN addresses|TEMP B-TREE/);
      }
      const civicPlan = await planOf(db, streetCivicsQuery(db, { id_comune: ROMA, key, number: '1', ranges: civicNumberRanges('1'), limit: 20 }).compile());
      const seek = byName ? 'id_comune=? AND street_name_search=? AND street_search=? AND number_num>? AND number_num<?' : 'id_comune=? AND street_search=? AND number_num>? AND number_num<?';
      expect(civicPlan.split(`SEARCH addresses USING INDEX ${index} (${seek})`)).toHaveLength(civicNumberRanges('1').length + 1);
      expect(civicPlan).not.toMatch(/SCAN addresses|TEMP B-TREE/);
    }
  });
});
