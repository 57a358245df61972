import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Db } from '../../db';
import { ALL_COLUMNS, REQUIRED_COLUMNS, parseCoverageRecord } from './coverage-row';
import type { CoverageRecord } from './coverage-row';
import { detectSeparator, parseCsvLine } from './csv';
import type { CsvSeparator } from './csv';
import { Progress } from './progress';
import type { ProgressStream } from './progress';
import {
  existingAddresses, existingBuildings, existingServices, upsertAddresses, upsertBuildings, upsertServices,
} from './repository';
import type { NewAddress, NewBuilding, NewService } from './repository';

/*
 * `npm run cli -- import-coverage FILE.csv [--skip-bad]` (docs/coverage-import.md).
 *
 * Nothing half-applied:
 * 1. A first streamed pass validates every row. Any bad row → the lines and reasons are reported and
 *    nothing is written (unless --skip-bad: the good rows are imported, the bad ones reported).
 * 2. A second streamed pass upserts the rows in batches, all inside ONE transaction: a failure half-way
 *    (disk full, database gone) rolls everything back. SQLite readers keep reading in WAL mode and
 *    PostgreSQL readers see the old data until the commit.
 * Idempotent: rows are upserted by key and compared first, so importing the same file twice changes
 * nothing the second time (every row counts as unchanged). The import never deletes.
 */

export class ImportFileError extends Error {
  constructor(message: string) { super(message); this.name = 'ImportFileError'; }
}

export interface BadRow { line: number; errors: string[] }

export interface TableCounts { inserted: number; updated: number; unchanged: number }

export interface ImportSummary {
  /** Data rows read (the header excluded, blank lines skipped). */
  rows: number;
  good: number;
  badCount: number;
  /** The first MAX_REPORTED_BAD bad rows. */
  bad: BadRow[];
  /** False when bad rows stopped the import before any write. */
  applied: boolean;
  buildings: TableCounts;
  addresses: TableCounts;
  services: TableCounts;
  seconds: number;
}

export interface ImportOptions {
  /** Import the good rows even when some are bad. */
  skipBad?: boolean;
  /** Rows per batch of writes (default 1,000). */
  batchSize?: number;
  /** Where the `\r` progress line goes (the CLI: stderr); null: none. */
  progress?: ProgressStream | null;
}

export const MAX_REPORTED_BAD = 1_000;
const DEFAULT_BATCH = 1_000;

interface Row { line: number; record: CoverageRecord }

interface Header { columns: string[]; sep: CsvSeparator }

/** Streams the file: the header, then each data row parsed and validated. */
async function* readRows(
  file: string,
  progress: Progress | null,
): AsyncGenerator<{ kind: 'header'; header: Header } | { kind: 'good'; row: Row } | { kind: 'bad'; bad: BadRow }> {
  const stream = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let header: Header | null = null;
  let lineNo = 0;
  let bytes = 0;
  let rows = 0;
  try {
    for await (const rawLine of lines) {
      lineNo++;
      bytes += Buffer.byteLength(rawLine, 'utf8') + 1;
      const line = lineNo === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine;
      if (header === null) {
        header = parseHeader(line);
        yield { kind: 'header', header };
        continue;
      }
      if (line.trim() === '') continue;
      rows++;
      progress?.update(rows, bytes);
      const parsed = parseCsvLine(line, header.sep);
      if (!parsed.ok) { yield { kind: 'bad', bad: { line: lineNo, errors: [parsed.error] } }; continue; }
      if (parsed.fields.length !== header.columns.length) {
        yield { kind: 'bad', bad: { line: lineNo, errors: [`Numero di colonne errato: ${parsed.fields.length} invece di ${header.columns.length}.`] } };
        continue;
      }
      const raw: Record<string, string> = {};
      header.columns.forEach((c, i) => { if ((ALL_COLUMNS as readonly string[]).includes(c)) raw[c] = parsed.fields[i] as string; });
      const result = parseCoverageRecord(raw);
      if (result.ok) yield { kind: 'good', row: { line: lineNo, record: result.record } };
      else yield { kind: 'bad', bad: { line: lineNo, errors: result.errors } };
    }
  } finally {
    lines.close();
    stream.destroy();
  }
  if (header === null) throw new ImportFileError('Il file è vuoto: manca la riga di intestazione.');
  progress?.done(rows, bytes);
}

function parseHeader(line: string): Header {
  const sep = detectSeparator(line);
  const parsed = parseCsvLine(line, sep);
  if (!parsed.ok) throw new ImportFileError(`Intestazione non valida: ${parsed.error}`);
  const columns = parsed.fields.map((c) => c.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw new ImportFileError(`Colonne mancanti nell'intestazione: ${missing.join(', ')}.`);
  const dup = columns.find((c, i) => columns.indexOf(c) !== i);
  if (dup) throw new ImportFileError(`Colonna ripetuta nell'intestazione: ${dup}.`);
  return { columns, sep };
}

const emptyCounts = (): TableCounts => ({ inserted: 0, updated: 0, unchanged: 0 });

const sameRow = <T extends object>(a: T, b: T): boolean =>
  (Object.keys(a) as Array<keyof T>).every((k) => (a[k] ?? null) === (b[k] ?? null));

/**
 * Upserts one table's rows of a batch, counting each key once per import (`seen`): the first time a key
 * appears it is compared with what the database held before the import.
 */
async function applyTable<T extends object>(
  rows: Map<string, T>,
  existing: Map<string, T>,
  seen: Set<string>,
  counts: TableCounts,
  write: (rows: T[]) => Promise<void>,
): Promise<void> {
  const changed: T[] = [];
  for (const [key, row] of rows) {
    const before = existing.get(key);
    const differs = before === undefined || !sameRow(row, before);
    if (!seen.has(key)) {
      seen.add(key);
      if (before === undefined) counts.inserted++;
      else if (differs) counts.updated++;
      else counts.unchanged++;
    }
    if (differs) changed.push(row);
  }
  if (changed.length > 0) await write(changed);
}

const serviceKey = (s: Pick<NewService, 'id_egon_civico' | 'technology' | 'network'>): string => `${s.id_egon_civico}\u0000${s.technology}\u0000${s.network}`;

interface Seen { buildings: Set<string>; addresses: Set<string>; services: Set<string> }

async function applyBatch(db: Db, batch: Row[], seen: Seen, summary: ImportSummary): Promise<void> {
  // Later rows win within the file, as they would one by one.
  const buildings = new Map<string, NewBuilding>();
  const addresses = new Map<string, NewAddress>();
  const services = new Map<string, NewService>();
  for (const { record } of batch) {
    if (record.building) buildings.set(record.building.id_building, record.building);
    addresses.set(record.address.id_egon_civico, record.address);
    if (record.service) services.set(serviceKey(record.service), record.service);
  }
  const oldBuildings = new Map((await existingBuildings(db, [...buildings.keys()])).map((b) => [b.id_building, b as NewBuilding]));
  const oldAddresses = new Map((await existingAddresses(db, [...addresses.keys()])).map((a) => [a.id_egon_civico, a as NewAddress]));
  const serviceAddressIds = [...new Set([...services.values()].map((s) => s.id_egon_civico))];
  const oldServices = new Map((await existingServices(db, serviceAddressIds)).map((s) => [serviceKey(s), s as NewService]));
  await applyTable(buildings, oldBuildings, seen.buildings, summary.buildings, (rows) => upsertBuildings(db, rows));
  await applyTable(addresses, oldAddresses, seen.addresses, summary.addresses, (rows) => upsertAddresses(db, rows));
  await applyTable(services, oldServices, seen.services, summary.services, (rows) => upsertServices(db, rows));
}

/** Validates, then imports a coverage CSV (see the file comment). Throws ImportFileError for an unusable file. */
export async function importCoverageFile(db: Db, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  let size: number;
  try { size = statSync(file).size; } catch { throw new ImportFileError(`File non trovato: ${file}`); }
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const summary: ImportSummary = {
    rows: 0, good: 0, badCount: 0, bad: [], applied: false,
    buildings: emptyCounts(), addresses: emptyCounts(), services: emptyCounts(), seconds: 0,
  };
  const finish = (): ImportSummary => ({ ...summary, seconds: (performance.now() - started) / 1000 });

  // Pass 1: validate everything, write nothing.
  const check = options.progress ? new Progress(options.progress, 'Verifica', size) : null;
  for await (const item of readRows(file, check)) {
    if (item.kind === 'header') continue;
    summary.rows++;
    if (item.kind === 'good') summary.good++;
    else {
      summary.badCount++;
      if (summary.bad.length < MAX_REPORTED_BAD) summary.bad.push(item.bad);
    }
  }
  if (summary.badCount > 0 && !options.skipBad) return finish();
  if (summary.good === 0) { summary.applied = true; return finish(); }

  // Pass 2: write, in one transaction.
  const write = options.progress ? new Progress(options.progress, 'Importazione', size) : null;
  const seen: Seen = { buildings: new Set(), addresses: new Set(), services: new Set() };
  await db.transaction().execute(async (trx) => {
    let batch: Row[] = [];
    for await (const item of readRows(file, write)) {
      if (item.kind !== 'good') continue;
      batch.push(item.row);
      if (batch.length >= batchSize) { await applyBatch(trx, batch, seen, summary); batch = []; }
    }
    if (batch.length > 0) await applyBatch(trx, batch, seen, summary);
  });
  summary.applied = true;
  return finish();
}

const fmt = (n: number): string => n.toLocaleString('it-IT');
const counts = (c: TableCounts): string => `${fmt(c.inserted)} inseriti, ${fmt(c.updated)} aggiornati, ${fmt(c.unchanged)} invariati`;

/** The report the CLI prints (Italian, one line each). */
export function summaryLines(s: ImportSummary, options: { skipBad?: boolean } = {}): string[] {
  const lines: string[] = [];
  for (const bad of s.bad) lines.push(`Riga ${bad.line}: ${bad.errors.join('; ')}`);
  if (s.badCount > s.bad.length) lines.push(`… e altre ${fmt(s.badCount - s.bad.length)} righe non valide.`);
  lines.push(`Righe lette: ${fmt(s.rows)} (valide ${fmt(s.good)}, non valide ${fmt(s.badCount)})`);
  if (!s.applied) {
    lines.push('Importazione annullata: nessuna modifica al database. Correggi le righe indicate o usa --skip-bad per importare solo quelle valide.');
  } else {
    if (options.skipBad && s.badCount > 0) lines.push(`Righe non valide saltate: ${fmt(s.badCount)}`);
    lines.push(`Indirizzi: ${counts(s.addresses)}`);
    lines.push(`Servizi: ${counts(s.services)}`);
    lines.push(`Edifici: ${counts(s.buildings)}`);
  }
  lines.push(`Tempo: ${s.seconds.toLocaleString('it-IT', { maximumFractionDigits: 1 })} s`);
  return lines;
}
