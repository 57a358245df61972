import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
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

/** Where the rows come from when not a local file: a stream opened once per pass (the console's stored upload). */
export interface ImportSource {
  size: number;
  open: () => Readable;
}

/** Where an import is, for a caller that records it (the console's job row). */
export interface ImportProgress {
  phase: 'check' | 'write';
  /** Data rows read in this phase. */
  rows: number;
  bytes: number;
  totalBytes: number;
  /** Good and bad rows so far (the check phase counts them; the write phase repeats the totals). */
  good: number;
  bad: number;
}

export interface ImportOptions {
  /** Import the good rows even when some are bad. */
  skipBad?: boolean;
  /** Rows per batch of writes (default 1,000). */
  batchSize?: number;
  /** Where the `\r` progress line goes (the CLI: stderr); null: none. */
  progress?: ProgressStream | null;
  /** Called every `batchSize` rows of each phase and at each phase's end, and awaited. */
  onProgress?: (progress: ImportProgress) => Promise<void>;
  /**
   * `once` (the default, the CLI): every batch in one transaction, nothing half-applied.
   * `per-batch`: a transaction per batch, with a turn of the event loop between batches. For an import
   * inside the server on SQLite, whose one connection a long transaction would hold away from every
   * request for the whole import; a failure half-way leaves the batches before it applied, which
   * importing the same file again completes (the import is idempotent).
   */
  commit?: 'once' | 'per-batch';
}

export const MAX_REPORTED_BAD = 1_000;
const DEFAULT_BATCH = 1_000;

interface Row { line: number; record: CoverageRecord }

interface Header { columns: string[]; sep: CsvSeparator }

/** Streams the file: the header, then each data row parsed and validated. */
async function* readRows(
  source: ImportSource,
  progress: Progress | null,
): AsyncGenerator<{ kind: 'header'; header: Header } | { kind: 'good'; row: Row; bytes: number } | { kind: 'bad'; bad: BadRow; bytes: number }> {
  const stream = source.open();
  stream.setEncoding('utf8');
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
      if (!parsed.ok) { yield { kind: 'bad', bad: { line: lineNo, errors: [parsed.error] }, bytes }; continue; }
      if (parsed.fields.length !== header.columns.length) {
        yield { kind: 'bad', bad: { line: lineNo, errors: [`Numero di colonne errato: ${parsed.fields.length} invece di ${header.columns.length}.`] }, bytes };
        continue;
      }
      const raw: Record<string, string> = {};
      header.columns.forEach((c, i) => { if ((ALL_COLUMNS as readonly string[]).includes(c)) raw[c] = parsed.fields[i] as string; });
      const result = parseCoverageRecord(raw);
      if (result.ok) yield { kind: 'good', row: { line: lineNo, record: result.record }, bytes };
      else yield { kind: 'bad', bad: { line: lineNo, errors: result.errors }, bytes };
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

const fileSource = (file: string): ImportSource => {
  let size: number;
  try { size = statSync(file).size; } catch { throw new ImportFileError(`File non trovato: ${file}`); }
  return { size, open: () => createReadStream(file) };
};

/**
 * Validates, then imports a coverage CSV (see the file comment): a local file, or a source that opens a
 * stream (a stored upload). Throws ImportFileError for an unusable file.
 */
export async function importCoverageFile(db: Db, file: string | ImportSource, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const source = typeof file === 'string' ? fileSource(file) : file;
  const size = source.size;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const report = async (phase: ImportProgress['phase'], rows: number, bytes: number): Promise<void> => {
    await options.onProgress?.({ phase, rows, bytes, totalBytes: size, good: summary.good, bad: summary.badCount });
  };
  const summary: ImportSummary = {
    rows: 0, good: 0, badCount: 0, bad: [], applied: false,
    buildings: emptyCounts(), addresses: emptyCounts(), services: emptyCounts(), seconds: 0,
  };
  const finish = (): ImportSummary => ({ ...summary, seconds: (performance.now() - started) / 1000 });

  // Pass 1: validate everything, write nothing.
  const check = options.progress ? new Progress(options.progress, 'Verifica', size) : null;
  let lastBytes = 0;
  for await (const item of readRows(source, check)) {
    if (item.kind === 'header') continue;
    summary.rows++;
    lastBytes = item.bytes;
    if (item.kind === 'good') summary.good++;
    else {
      summary.badCount++;
      if (summary.bad.length < MAX_REPORTED_BAD) summary.bad.push(item.bad);
    }
    if (summary.rows % batchSize === 0) await report('check', summary.rows, item.bytes);
  }
  await report('check', summary.rows, Math.max(lastBytes, size));
  if (summary.badCount > 0 && !options.skipBad) return finish();
  if (summary.good === 0) { summary.applied = true; return finish(); }

  // Pass 2: write, in one transaction.
  const write = options.progress ? new Progress(options.progress, 'Importazione', size) : null;
  const seen: Seen = { buildings: new Set(), addresses: new Set(), services: new Set() };
  const writeAll = async (apply: (batch: Row[]) => Promise<void>): Promise<void> => {
    let batch: Row[] = [];
    let rows = 0;
    for await (const item of readRows(source, write)) {
      if (item.kind === 'header') continue;
      rows++;
      if (item.kind === 'good') batch.push(item.row);
      if (batch.length >= batchSize) {
        await apply(batch);
        batch = [];
        await report('write', rows, item.bytes);
      }
    }
    if (batch.length > 0) await apply(batch);
    await report('write', rows, size);
  };
  if (options.commit === 'per-batch') {
    await writeAll(async (batch) => {
      await db.transaction().execute((trx) => applyBatch(trx, batch, seen, summary));
      // Lets the requests waiting for the connection and the event loop go first.
      await nextTurn();
    });
  } else {
    await db.transaction().execute((trx) => writeAll((batch) => applyBatch(trx, batch, seen, summary)));
  }
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
