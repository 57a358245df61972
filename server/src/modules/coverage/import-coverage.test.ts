import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { createDb, migrate } from '../../db';
import { describeEachDialect, testConfig } from '../../../test/support/dialects';
import { coverageCliCommands } from './cli-commands';
import { ALL_COLUMNS, REQUIRED_COLUMNS } from './coverage-row';
import { writeCoverageCsv } from './generate-coverage-csv';
import { ImportFileError, importCoverageFile, summaryLines } from './import-coverage';
import { countCoverage, findAddress, findBuilding, listServices } from './repository';
import { searchAddresses } from './service';

const dir = mkdtempSync(path.join(tmpdir(), 'coverage-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;
const csvFile = (lines: string[]): string => {
  const file = path.join(dir, `f${++fileNo}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
};

const HEADER = REQUIRED_COLUMNS.join(',');
// id_egon_civico,id_building,street_type,street_name,number,id_comune,city,province,zip_code,technology,network,max_download,max_upload,cabinet_distance,available,building_cluster,building_status
const GOOD = [
  'E1,B1,Via,Garibaldi,1,015146,Milano,MI,20121,FTTH,Open Fiber,1000,300,,1,C,active',
  'E1,B1,Via,Garibaldi,1,015146,Milano,MI,20121,FTTC,FiberCop,100,20,180,1,C,active',
  'E2,B1,Via,Garibaldi,1/A,015146,Milano,MI,20121,FTTH,Open Fiber,1000,300,,1,C,active',
  '"E3",,Piazza,"Sant\'Ambrogio",5,015146,Milano,mi,20123,FWA,EOLO,100,20,,si,,',
  'E4,,Via,Dante,7,015146,Milano,MI,20121,,,,,,,,',
];

const collector = () => {
  const chunks: string[] = [];
  return { chunks, write: (c: string) => { chunks.push(c); return true; } };
};

describeEachDialect('coverage import', (dialect) => {
  const fresh = async (): Promise<Db> => (await dialect.createDb()).db;

  it('imports good rows, with progress on the given stream', async () => {
    const db = await fresh();
    const progress = collector();
    const s = await importCoverageFile(db, csvFile([HEADER, ...GOOD]), { progress, batchSize: 2 });
    expect(s).toMatchObject({
      rows: 5, good: 5, badCount: 0, applied: true,
      addresses: { inserted: 4, updated: 0, unchanged: 0 },
      services: { inserted: 4, updated: 0, unchanged: 0 },
      buildings: { inserted: 1, updated: 0, unchanged: 0 },
    });
    expect(await countCoverage(db)).toEqual({ buildings: 1, addresses: 4, services: 4 });
    expect(await findBuilding(db, 'B1')).toEqual({ id_building: 'B1', network: 'Open Fiber', cluster: 'C', status: 'active' });
    expect(await findAddress(db, 'E2')).toMatchObject({ number: '1A', number_num: 1, street_search: 'via garibaldi', id_building: 'B1' });
    expect(await findAddress(db, 'E3')).toMatchObject({ street_name: "Sant'Ambrogio", province: 'MI', id_building: null });
    expect((await listServices(db, 'E3'))[0]).toMatchObject({ technology: 'FWA', available: 1, cabinet_distance: null });
    expect(await listServices(db, 'E4')).toEqual([]);
    expect((await searchAddresses(db, { address: 'sant ambrogio', id_comune: '015146' })).map((h) => h.id_egon_civico)).toEqual(['E3']);
    // The `\r` progress line: both passes, percentage by bytes, rows per second, a newline at the end.
    const out = progress.chunks.join('');
    expect(out).toMatch(/\rVerifica\s+\[#+\] 100%\s+5 righe\s+[\d.]+ righe\/s\s*\n/);
    expect(out).toMatch(/\rImportazione\s+\[#+\] 100%\s+5 righe/);
  });

  it('is idempotent: the same file again changes nothing', async () => {
    const db = await fresh();
    const file = csvFile([HEADER, ...GOOD]);
    await importCoverageFile(db, file);
    const before = await countCoverage(db);
    const again = await importCoverageFile(db, file);
    expect(again).toMatchObject({
      applied: true,
      addresses: { inserted: 0, updated: 0, unchanged: 4 },
      services: { inserted: 0, updated: 0, unchanged: 4 },
      buildings: { inserted: 0, updated: 0, unchanged: 1 },
    });
    expect(await countCoverage(db)).toEqual(before);
    // A changed row updates in place.
    const changed = await importCoverageFile(db, csvFile([HEADER, GOOD[1]!.replace('100,20,180', '200,20,90')]));
    expect(changed.services).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(changed.addresses).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    expect((await listServices(db, 'E1')).find((x) => x.technology === 'FTTC')).toMatchObject({ max_download: 200, cabinet_distance: 90 });
    expect(await countCoverage(db)).toEqual(before);
  });

  it('names the bad lines and changes nothing', async () => {
    const db = await fresh();
    await importCoverageFile(db, csvFile([HEADER, GOOD[0]!]));
    const before = await countCoverage(db);
    const file = csvFile([
      HEADER,
      GOOD[2]!,
      'E5,,Via,Roma,abc,015146,Milano,MI,20121,FTTH,Open Fiber,1000,300,,1,,', // line 3: civic
      GOOD[3]!,
      'E6,,Via,Roma,2,999999,Milano,MI,20121,FTTX,,fast,300,,maybe,,', // line 5: several fields
      'E7,,Via,Roma,3', // line 6: columns
      '',
      'E8,,Via,"Roma,4,015146,Milano,MI,20121,,,,,,,,', // line 8: quotes
      'E9,,Via,Roma,5,058091,Roma,MI,00185,,,,,,,,', // line 9: province of the comune
      'E10,,Via,Roma,6,015146,Milano,MI,20121,,,,,,,Z,', // line 10: building data without a building
    ]);
    const s = await importCoverageFile(db, file);
    expect(s).toMatchObject({ rows: 8, good: 2, badCount: 6, applied: false });
    expect(s.bad.map((b) => b.line)).toEqual([3, 5, 6, 8, 9, 10]);
    const byLine = new Map(s.bad.map((b) => [b.line, b.errors.join(' | ')]));
    expect(byLine.get(3)).toContain('number: Numero civico non valido');
    expect(byLine.get(5)).toMatch(/technology: .*max_download: .*available: /);
    expect(byLine.get(6)).toContain('Numero di colonne errato: 5 invece di 17');
    expect(byLine.get(8)).toContain('Virgolette non chiuse');
    expect(byLine.get(9)).toContain('province: La provincia del comune 058091 è RM');
    expect(byLine.get(10)).toContain('id_building');
    expect(await countCoverage(db)).toEqual(before);
    expect(await findAddress(db, 'E2')).toBeUndefined();
    const report = summaryLines(s);
    expect(report[0]).toMatch(/^Riga 3: number: /);
    expect(report.join('\n')).toContain('Importazione annullata: nessuna modifica al database.');

    // --skip-bad: the good rows go in, the bad ones are still reported.
    const skipped = await importCoverageFile(db, file, { skipBad: true });
    expect(skipped).toMatchObject({ applied: true, badCount: 6, addresses: { inserted: 2, updated: 0, unchanged: 0 } });
    expect(await findAddress(db, 'E2')).toBeDefined();
    expect(await findAddress(db, 'E5')).toBeUndefined();
  });

  it('refuses an unusable file before reading rows', async () => {
    const db = await fresh();
    await expect(importCoverageFile(db, csvFile(['id_egon_civico,street_name', 'E1,Roma']))).rejects.toThrow(/Colonne mancanti nell'intestazione: id_building, street_type/);
    await expect(importCoverageFile(db, path.join(dir, 'missing.csv'))).rejects.toThrow(ImportFileError);
    const empty = path.join(dir, 'empty.csv');
    writeFileSync(empty, '');
    await expect(importCoverageFile(db, empty)).rejects.toThrow('Il file è vuoto');
    expect(await countCoverage(db)).toEqual({ buildings: 0, addresses: 0, services: 0 });
  });

  it('reads a spreadsheet export: BOM, semicolons, CRLF, columns in any order', async () => {
    const db = await fresh();
    const cols = [...ALL_COLUMNS].reverse();
    const values: Record<string, string> = {
      id_egon_civico: 'S1', id_building: 'FC1', street_type: 'Corso', street_name: 'Italia', number: '12 b', id_comune: '058091',
      city: 'Roma', province: 'RM', zip_code: '00198', technology: 'ftth', network: 'FiberCop', max_download: '2500', max_upload: '1000',
      cabinet_distance: '', available: 'true', building_cluster: '', building_status: 'planned', building_network: 'FiberCop',
    };
    const file = path.join(dir, 'excel.csv');
    writeFileSync(file, `\uFEFF${cols.join(';')}\r\n${cols.map((c) => values[c]).join(';')}\r\n`);
    const s = await importCoverageFile(db, file);
    expect(s).toMatchObject({ rows: 1, good: 1, applied: true });
    expect(await findAddress(db, 'S1')).toMatchObject({ number: '12B', street_search: 'corso italia' });
    expect(await findBuilding(db, 'FC1')).toEqual({ id_building: 'FC1', network: 'FiberCop', cluster: null, status: 'planned' });
  });

  it('imports what generate-coverage-csv writes', async () => {
    const db = await fresh();
    const file = path.join(dir, 'generated.csv');
    const written = await writeCoverageCsv(file, { rows: 300 });
    expect(written.rows).toBe(300);
    expect(readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(301);
    const s = await importCoverageFile(db, file, { batchSize: 64 });
    expect(s).toMatchObject({ rows: 300, badCount: 0, applied: true });
    expect(s.addresses.inserted).toBe(written.addresses);
    expect(s.addresses.inserted + s.addresses.unchanged).toBe(written.addresses);
    const counts = await countCoverage(db);
    expect(counts.addresses).toBe(written.addresses);
    // Rows without technology are addresses without coverage.
    expect(counts.services).toBeLessThan(300);
    const [hit] = await searchAddresses(db, { address: 'via roma 4', id_comune: '058091' });
    expect(hit?.id_egon_civico).toBe('0580910000004');
    expect((await listServices(db, '0580910000004'))[0]).toMatchObject({ technology: 'FTTC', cabinet_distance: 900 });
  });

  it('reads a stream source, commits per batch when asked, and reports its progress by phase', async () => {
    const db = await fresh();
    const text = `${[HEADER, ...GOOD, 'E9,,Via,Roma,1,999999,Nowhere,XX,123,,,,,,,,'].join('\n')}\n`;
    const source = { size: Buffer.byteLength(text), open: () => Readable.from([Buffer.from(text)]) };
    const seen: { phase: string; rows: number; bytes: number; good: number; bad: number }[] = [];
    const s = await importCoverageFile(db, source, {
      skipBad: true, batchSize: 2, commit: 'per-batch',
      onProgress: async (p) => { seen.push({ phase: p.phase, rows: p.rows, bytes: p.bytes, good: p.good, bad: p.bad }); },
    });
    expect(s).toMatchObject({ rows: 6, good: 5, badCount: 1, applied: true, addresses: { inserted: 4 } });
    expect(await countCoverage(db)).toEqual({ buildings: 1, addresses: 4, services: 4 });
    // Every 2 rows, then at each phase's end (bytes: the whole file).
    expect(seen.filter((p) => p.phase === 'check').map((p) => p.rows)).toEqual([2, 4, 6, 6]);
    expect(seen.at(-1)).toMatchObject({ phase: 'write', rows: 6, bytes: source.size, good: 5, bad: 1 });
    const bytes = seen.filter((p) => p.phase === 'check').map((p) => p.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
  });
});

describe('coverage CLI commands', () => {
  it('import-coverage: summary, exit codes, progress on its stream', async () => {
    const dbFile = path.join(dir, 'cli.db');
    const config = testConfig({ databaseUrl: `sqlite:${dbFile}` });
    const progress = collector();
    const commands = coverageCliCommands(progress);
    const run = async (...args: string[]) => {
      const out: string[] = [];
      const code = await commands['import-coverage']!.run(args, { config, out: (l) => out.push(l) });
      return { code, out: out.join('\n') };
    };
    const ok = await run(csvFile([HEADER, ...GOOD]));
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/Righe lette: 5 \(valide 5, non valide 0\)\nIndirizzi: 4 inseriti, 0 aggiornati, 0 invariati\nServizi: 4 inseriti.*\nEdifici: 1 inseriti.*\nTempo: [\d,]+ s/);
    expect(progress.chunks.join('')).toContain('Importazione');

    const bad = await run(csvFile([HEADER, GOOD[0]!, 'X,,Via,Roma,abc,015146,Milano,MI,20121,,,,,,,,']));
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/^Riga 3: number: Numero civico non valido/);
    expect(bad.out).toContain('Importazione annullata');

    expect((await run(path.join(dir, 'nope.csv'))).code).toBe(1);
    expect((await run()).code).toBe(2);
    expect((await run('a.csv', '--unknown')).code).toBe(2);

    const handle = createDb(config.databaseUrl);
    await migrate(handle.db);
    expect(await countCoverage(handle.db)).toEqual({ buildings: 1, addresses: 4, services: 4 });
    await handle.destroy();
  });

  it('generate-coverage-csv writes the requested rows', async () => {
    const commands = coverageCliCommands(collector());
    const file = path.join(dir, 'gen-cli.csv');
    const out: string[] = [];
    const ctx = { config: testConfig(), out: (l: string) => out.push(l) };
    expect(await commands['generate-coverage-csv']!.run([file, '--rows', '50'], ctx)).toBe(0);
    expect(out[0]).toMatch(/^Scritte 50 righe \(\d+ indirizzi\)/);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(ALL_COLUMNS.join(','));
    expect(lines).toHaveLength(51);
    expect(await commands['generate-coverage-csv']!.run([file, '--rows', 'many'], ctx)).toBe(2);
  });
});
