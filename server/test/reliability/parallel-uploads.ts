import { readFileSync } from 'node:fs';
import { DEMO_PUBLIC_API_KEY } from '../../src/config';
import { multipartBody } from '../hostile/multipart';
import type { Part } from '../hostile/multipart';
import { rawUpload } from '../support/raw-upload';
import { pdfOfSize, photoOfSize } from '../support/upload-files';

/*
 * Many 10 MB uploads at once against a server child process, with its resident memory sampled from
 * /proc while they run: the server's memory test (upload-memory.test.ts) and the bench's uploads part
 * share it. Half the files are PDFs (stored as sent), half phone-sized photos (decoded and re-encoded);
 * each upload goes to an order of its own.
 */

export const UPLOAD_FILE_BYTES = 10 * 1024 * 1024 - 4096;

/** Resident memory of a process, in bytes (Linux). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** Samples `pid`'s resident memory every `everyMs` until stopped; `stop` returns the highest seen. */
export function sampleRss(pid: number, everyMs = 20): { stop: () => number } {
  let max = rssBytes(pid);
  const timer = setInterval(() => { try { max = Math.max(max, rssBytes(pid)); } catch { /* exited */ } }, everyMs);
  return { stop: () => { clearInterval(timer); try { max = Math.max(max, rssBytes(pid)); } catch { /* exited */ } return max; } };
}

async function newOrder(url: string): Promise<string> {
  const res = await fetch(`${url}/api/orders/new`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: DEMO_PUBLIC_API_KEY, offer_id: 101, id_egon_civico: '0580910000001' }),
  });
  if (!res.ok) throw new Error(`orders/new: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { hash: string } }).data.hash;
}

export interface UploadRound {
  /** Status of each answer, in order. */
  statuses: number[];
  /** Body bytes the clients had written when the answers arrived, summed. */
  bodyBytesRead: number;
  bodyBytesOffered: number;
  /** Answers that arrived before their client had written the whole body. */
  answeredEarly: number;
  wallMs: number;
}

export interface UploadFiles { pdf: Buffer; photo: Buffer }

/** The two 10 MB files every round sends (made once: the photo takes a second or two). */
export async function makeUploadFiles(): Promise<UploadFiles> {
  return { pdf: pdfOfSize(UPLOAD_FILE_BYTES), photo: await photoOfSize(UPLOAD_FILE_BYTES) };
}

/**
 * `count` uploads at once, each to a new order; `withKey: false` sends a wrong api key before the file
 * (the server must refuse it when the file begins, without reading it).
 */
export async function parallelUploads(url: string, files: UploadFiles, { count, withKey }: { count: number; withKey: boolean }): Promise<UploadRound> {
  const port = Number(new URL(url).port);
  const hashes = await Promise.all(Array.from({ length: count }, () => newOrder(url)));
  const started = performance.now();
  const results = await Promise.all(hashes.map((hash, i) => {
    const file: Part = i % 2 === 0
      ? { name: 'file', filename: 'carta.pdf', contentType: 'application/pdf', body: files.pdf }
      : { name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', body: files.photo };
    const { payload, headers } = multipartBody([{ name: 'api_key', body: withKey ? DEMO_PUBLIC_API_KEY : 'not-the-key' }, file]);
    return rawUpload(port, `/api/orders/${hash}/document-upload`, payload, headers);
  }));
  return {
    statuses: results.map((r) => r.response.status),
    bodyBytesRead: results.reduce((n, r) => n + r.bodyBytesSentBeforeAnswer, 0),
    bodyBytesOffered: results.reduce((n, r) => n + r.bodyBytes, 0),
    answeredEarly: results.filter((r) => r.bodyBytesSentBeforeAnswer < r.bodyBytes).length,
    wallMs: Math.round(performance.now() - started),
  };
}

export interface MemoryFigures {
  /** Resident memory after a warm-up upload of each kind, before the rounds. */
  baselineBytes: number;
  /** Highest resident memory seen during the keyless round, then during the keyed one. */
  peakWithoutKeyBytes: number;
  peakWithKeyBytes: number;
  withoutKey: UploadRound;
  withKey: UploadRound;
}

/** The figures of the scenario: `count` keyless uploads at once, then `count` real ones. */
export async function measureUploadMemory(url: string, pid: number, count: number): Promise<MemoryFigures> {
  const files = await makeUploadFiles();
  // Warm-up: the first upload of each kind loads sharp, the type sniffer and the database statements.
  const warm = await parallelUploads(url, files, { count: 2, withKey: true });
  if (warm.statuses.some((s) => s !== 200)) throw new Error(`warm-up uploads answered ${warm.statuses.join(', ')}`);
  const baselineBytes = rssBytes(pid);
  let sampler = sampleRss(pid);
  const withoutKey = await parallelUploads(url, files, { count, withKey: false });
  const peakWithoutKeyBytes = sampler.stop();
  sampler = sampleRss(pid);
  const withKey = await parallelUploads(url, files, { count, withKey: true });
  const peakWithKeyBytes = sampler.stop();
  return { baselineBytes, peakWithoutKeyBytes, peakWithKeyBytes, withoutKey, withKey };
}

/** The environment of a server process for these rounds: one client address sends them all, so its hourly quota is lifted. */
export const UPLOAD_LOAD_ENV = {
  UPLOAD_BYTES_PER_CLIENT_PER_HOUR: String(100 * 1024 ** 3),
  RATE_LIMIT_MAX: '1000000',
  LOG_LEVEL: 'warn',
};
