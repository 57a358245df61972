import { randomUUID } from 'node:crypto';
import { CONSOLE_ERROR_CODES, ERROR_CODES, REFERENCE_FILE_MAX_BYTES, REFERENCE_JOB_MAX_ROW_ERRORS } from '@checkout/contract';
import type { ReferenceFileKind, ReferenceJob, referenceUploadQuerySchema } from '@checkout/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { dialectOf } from '../../db';
import type { Db } from '../../db';
import type { FileStorage } from '../../infra/storage';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit';
import { ImportFileError, importCoverageFile, summaryLines } from '../coverage';
import type { ImportProgress, ImportSummary } from '../coverage';
import { importAtecoText } from '../reference';
import {
  countActiveJobs, failActiveJob, findJob, insertJob, latestJobs, staleActiveJobs, updateJob,
} from './jobs-repository';
import type { JobPatch, JobRow } from './jobs-repository';
import type { Actor } from './actor';

/*
 * Reference files uploaded in the console: the upload is streamed into storage (never held in memory),
 * a job row answers at once, and the import runs in this process in the background through the same
 * services the CLI calls (coverage: importCoverageFile; ATECO: importAtecoText). The job row carries the
 * progress (written at most every PROGRESS_INTERVAL_MS), then the outcome and the row-level error report,
 * so a reloaded page finds it. One import at a time.
 */

/** An active job's row moves at least this often (progress, else a heartbeat)… */
const HEARTBEAT_MS = 10_000;
/** …so one that has not moved for this long ran in a process that is gone. */
export const STALE_AFTER_MS = 60_000;
const PROGRESS_INTERVAL_MS = 500;

export const JOB_MESSAGES = {
  running: "Un'importazione è già in corso: attendi che finisca, poi carica il file.",
  empty: 'Il file è vuoto.',
  tooLarge: (kind: ReferenceFileKind) => `Il file supera la dimensione massima di ${Math.round(REFERENCE_FILE_MAX_BYTES[kind] / (1024 * 1024))} MB.`,
  interrupted: "Interrotta: il server si è fermato durante l'importazione. Carica di nuovo il file: ripetere l'importazione è sicuro (le righe già scritte risultano invariate).",
  stopped: "Interrotta: il server si sta fermando. Carica di nuovo il file quando è ripartito.",
  internal: "Importazione non riuscita per un errore del server (dettagli nel log). Nessun dato è stato scritto se l'errore è avvenuto durante la verifica.",
  notFound: 'Importazione non trovata.',
  ateco: 'Il file non è un CSV di testo leggibile (UTF-8).',
} as const;

const storageKeyOf = (id: string): string => `reference-files/${id}.csv`;

interface JobResult {
  counts: ReferenceJob['counts'];
  imported: number | null;
  row_errors: ReferenceJob['row_errors'];
  report: string[];
}

const parseResult = (json: string | null): JobResult => {
  const empty: JobResult = { counts: null, imported: null, row_errors: [], report: [] };
  if (!json) return empty;
  try { return { ...empty, ...(JSON.parse(json) as Partial<JobResult>) }; } catch { return empty; }
};

export const toJob = (row: JobRow): ReferenceJob => {
  const result = parseResult(row.result_json);
  return {
    id: row.id,
    kind: row.kind,
    filename: row.filename,
    size_bytes: row.size_bytes,
    skip_bad: row.skip_bad === 1,
    status: row.status,
    phase: row.phase,
    progress: Math.min(1, Math.max(0, row.progress_permille / 1000)),
    rows_read: row.rows_read,
    rows_good: row.rows_good,
    rows_bad: row.rows_bad,
    applied: row.applied === null ? null : row.applied === 1,
    counts: result.counts,
    imported: result.imported,
    row_errors: result.row_errors,
    report: result.report,
    message: row.message,
    operator_email: row.operator_email,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
};

/** The request body, counted on the way: past `max` bytes the upload stops with 413. */
async function* limited(body: AsyncIterable<Uint8Array>, max: number, kind: ReferenceFileKind): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) throw new AppError(ERROR_CODES.payloadTooLarge, 413, JOB_MESSAGES.tooLarge(kind));
    yield chunk;
  }
}

class ImportStopped extends Error {}

export interface JobRunnerOptions {
  /** Tests: runs after each progress write, and the import waits for it (to read a job half-way). */
  afterProgress?: (jobId: string) => Promise<void>;
  /** Default PROGRESS_INTERVAL_MS; 0 writes every batch. */
  progressIntervalMs?: number;
  /** Rows per batch of the coverage import (default its own, 1,000). */
  batchSize?: number;
}

export interface JobsDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Runs this process's imports one after the other, in the background. */
export class ReferenceJobRunner {
  private readonly queue: string[] = [];
  private current: Promise<void> | null = null;
  private readonly stopping = new AbortController();

  constructor(private readonly deps: JobsDeps, private readonly options: JobRunnerOptions = {}) {}

  enqueue(id: string): void {
    this.queue.push(id);
    if (!this.current) this.current = this.drain();
  }

  /** Idle (tests): every queued job has ended. */
  async idle(): Promise<void> {
    while (this.current) await this.current;
  }

  /** Server shutdown: the running import stops at its next batch and its job fails with a message. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }

  private async drain(): Promise<void> {
    try {
      for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) {
        try {
          await this.run(id);
        } catch (err) {
          this.deps.log.error({ err }, 'reference import job failed');
        }
      }
    } finally {
      this.current = null;
    }
  }

  private async run(id: string): Promise<void> {
    const { db, storage, now, log } = this.deps;
    const row = await findJob(db, id);
    if (!row || row.status !== 'queued') return;
    const started = now().toISOString();
    await updateJob(db, id, { status: 'running', started_at: started, updated_at: started, phase: row.kind === 'coverage' ? 'check' : null });
    const heartbeat = setInterval(() => {
      void updateJob(db, id, { updated_at: now().toISOString() }).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const patch = row.kind === 'coverage' ? await this.importCoverage(row) : await this.importAteco(row);
      const at = now().toISOString();
      await updateJob(db, id, { ...patch, status: 'done', finished_at: at, updated_at: at });
    } catch (err) {
      const at = now().toISOString();
      let message: string = JOB_MESSAGES.internal;
      if (err instanceof ImportFileError) message = err.message;
      else if (err instanceof ImportStopped) message = JOB_MESSAGES.stopped;
      else log.error({ err }, 'reference import failed');
      await failActiveJob(db, id, message, at);
    } finally {
      clearInterval(heartbeat);
      await storage.remove(row.storage_key).catch(() => undefined);
    }
  }

  private async importCoverage(row: JobRow): Promise<JobPatch> {
    const { db, storage, now } = this.deps;
    const interval = this.options.progressIntervalMs ?? PROGRESS_INTERVAL_MS;
    let lastWrite = -Infinity;
    let lastPhase: ImportProgress['phase'] | null = null;
    const onProgress = async (p: ImportProgress): Promise<void> => {
      if (this.stopping.signal.aborted) throw new ImportStopped();
      const t = performance.now();
      if (p.phase === lastPhase && t - lastWrite < interval) return;
      lastWrite = t;
      lastPhase = p.phase;
      const at = now().toISOString();
      await updateJob(db, row.id, {
        phase: p.phase,
        progress_permille: p.totalBytes > 0 ? Math.min(1000, Math.floor((p.bytes / p.totalBytes) * 1000)) : 1000,
        rows_read: p.rows, rows_good: p.good, rows_bad: p.bad, updated_at: at,
      });
      await this.options.afterProgress?.(row.id);
    };
    const summary: ImportSummary = await importCoverageFile(db, { size: row.size_bytes, open: () => storage.read(row.storage_key) }, {
      skipBad: row.skip_bad === 1,
      // SQLite: the server's one connection must not be held for the whole import (import-coverage.ts).
      commit: dialectOf(db) === 'sqlite' ? 'per-batch' : 'once',
      onProgress,
      ...(this.options.batchSize ? { batchSize: this.options.batchSize } : {}),
    });
    const report = summaryLines(summary, { skipBad: row.skip_bad === 1 }).slice(summary.bad.length);
    const result: JobResult = {
      counts: { addresses: summary.addresses, services: summary.services, buildings: summary.buildings },
      imported: null,
      row_errors: summary.bad.slice(0, REFERENCE_JOB_MAX_ROW_ERRORS).map((b) => ({ line: b.line, errors: b.errors.slice(0, 20).map((e) => e.slice(0, 500)) })),
      report,
    };
    return {
      progress_permille: 1000, rows_read: summary.rows, rows_good: summary.good, rows_bad: summary.badCount,
      applied: summary.applied ? 1 : 0, result_json: JSON.stringify(result),
    };
  }

  private async importAteco(row: JobRow): Promise<JobPatch> {
    const { db, storage, now } = this.deps;
    // At most REFERENCE_FILE_MAX_BYTES.ateco (10 MB): the parser reads the whole text, as the CLI does.
    const bytes = await storage.readAll(row.storage_key);
    let text: string;
    try { text = new TextDecoder('utf-8', { fatal: true }).decode(bytes); } catch { throw new ImportFileError(JOB_MESSAGES.ateco); }
    const r = await importAtecoText(db, text, { skipBad: row.skip_bad === 1, now: now() });
    const result: JobResult = {
      counts: null,
      imported: r.imported,
      row_errors: r.skipped.slice(0, REFERENCE_JOB_MAX_ROW_ERRORS).map((s) => ({ line: s.line, errors: [s.reason.slice(0, 500)] })),
      report: r.lines.filter((l) => !/^Riga \d+:/.test(l) && !l.startsWith('… e altre')),
    };
    return {
      progress_permille: 1000, rows_read: r.valid + r.skipped.length, rows_good: r.valid, rows_bad: r.skipped.length,
      applied: r.applied ? 1 : 0, result_json: JSON.stringify(result),
    };
  }
}

/** Marks failed the active jobs whose row has not moved for STALE_AFTER_MS: the process running them is gone. */
export async function failStaleJobs(deps: Pick<JobsDeps, 'db' | 'storage' | 'now'>, staleAfterMs = STALE_AFTER_MS): Promise<number> {
  const at = deps.now();
  const stale = await staleActiveJobs(deps.db, new Date(at.getTime() - staleAfterMs).toISOString());
  let failed = 0;
  for (const job of stale) {
    if (await failActiveJob(deps.db, job.id, JOB_MESSAGES.interrupted, at.toISOString())) failed++;
    await deps.storage.remove(job.storage_key).catch(() => undefined);
  }
  return failed;
}

export type UploadQuery = z.output<typeof referenceUploadQuerySchema>;

/**
 * Receives an upload: refuses while another import runs (409), streams the body into storage within the
 * kind's size limit (413), records the job and its audit entry in one transaction, and queues the import.
 */
export async function receiveReferenceUpload(
  deps: JobsDeps, runner: ReferenceJobRunner, actor: Actor, query: UploadQuery, body: AsyncIterable<Uint8Array>,
): Promise<ReferenceJob> {
  const { db, storage, now } = deps;
  await failStaleJobs(deps);
  if ((await countActiveJobs(db)) > 0) throw new AppError(CONSOLE_ERROR_CODES.importRunning, 409, JOB_MESSAGES.running);
  const id = randomUUID();
  const key = storageKeyOf(id);
  const stored = await storage.write(key, limited(body, REFERENCE_FILE_MAX_BYTES[query.kind], query.kind));
  if (stored.size === 0) {
    await storage.remove(key);
    throw new AppError(ERROR_CODES.validation, 422, JOB_MESSAGES.empty, { file: JOB_MESSAGES.empty });
  }
  const at = now();
  const iso = at.toISOString();
  const row = {
    id, kind: query.kind, filename: query.filename, storage_key: key, size_bytes: stored.size, skip_bad: query.skip_bad ? 1 : 0,
    status: 'queued' as const, phase: null, progress_permille: 0, rows_read: 0, rows_good: 0, rows_bad: 0, applied: null,
    result_json: null, message: null, operator_id: actor.id, operator_email: actor.email,
    created_at: iso, started_at: null, finished_at: null, updated_at: iso,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await insertJob(trx, row);
      await recordAudit(trx, {
        action: 'reference_uploaded', operatorId: actor.id, operatorEmail: actor.email, targetType: 'reference_job', targetId: id,
        detail: { kind: query.kind, filename: query.filename, size_bytes: stored.size, sha256: stored.sha256, skip_bad: query.skip_bad },
        ip: actor.ip, userAgent: actor.userAgent,
      }, at);
    });
  } catch (err) {
    await storage.remove(key).catch(() => undefined);
    throw err;
  }
  runner.enqueue(id);
  return toJob(row);
}

export async function getReferenceJob(deps: JobsDeps, id: string): Promise<ReferenceJob> {
  await failStaleJobs(deps);
  const row = await findJob(deps.db, id);
  if (!row) throw new AppError(ERROR_CODES.notFound, 404, JOB_MESSAGES.notFound);
  return toJob(row);
}

export async function listReferenceJobs(deps: JobsDeps): Promise<{ items: Omit<ReferenceJob, 'row_errors' | 'report'>[] }> {
  await failStaleJobs(deps);
  const rows = await latestJobs(deps.db, 20);
  return { items: rows.map((r) => { const { row_errors: _e, report: _r, ...job } = toJob(r); return job; }) };
}
