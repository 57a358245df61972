import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { ERROR_CODES } from '@checkout/contract';
import type { FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { assertApiKey } from '../../http/api-key';
import { AppError } from '../../http/errors';
import { documentTypeOf } from './file-sniff';
import type { SniffedType } from './file-sniff';
import { structuralProblem } from './file-structure';
import type { FileStorage } from '../../infra/storage';
import { createTempFile } from './file-storage';
import type { TempFile } from './file-storage';
import { ImageRefused, reencodeImageToFile } from './image-reencode';
import { MAX_FILE_BYTES, MESSAGES_IT } from './upload-rules';

/*
 * The multipart body of document-upload, read as it arrives. Text fields come first (the api key
 * before the file: the web client sends `kind`, `api_key`, then `file`); when the file part begins the
 * api key is checked, and a file sent before a valid key is refused without reading it. The file goes
 * straight to a temporary file in the order's folder, counted (10 MB at most), hashed and its first
 * bytes kept for the type, so memory holds a chunk at a time whatever the number of uploads.
 * Once the whole file is on disk it is screened (file-structure.ts) and, for an image, re-encoded
 * (image-reencode.ts): two files at a time at most (SCREENING_SLOTS), the only steps that hold a whole
 * file in memory.
 */

/** Bytes kept from the start of the file for the magic-number check. */
const HEAD_BYTES = 64 * 1024;
/** Whole-file steps running at once, in one server process (the machine has two cores). */
export const SCREENING_SLOTS = 2;
const screening = pLimit(SCREENING_SLOTS);
/** The longest a received upload may wait and be screened before its connection is dropped. */
const PROCESSING_TIMEOUT_MS = 5 * 60_000;

export interface ReceivedFile {
  temp: TempFile;
  filename: string;
  type: SniffedType;
  /** Bytes stored: the re-encoded image, or the PDF as sent. */
  size: number;
  /** SHA-256 of the bytes stored. */
  sha256: string;
}

export interface ReceivedUpload { fields: Record<string, string>; file: ReceivedFile | null }

const badType = (): AppError => new AppError(ERROR_CODES.unsupportedMediaType, 415, MESSAGES_IT.badType, { file: MESSAGES_IT.badType });
const tooLarge = (): AppError => new AppError(ERROR_CODES.payloadTooLarge, 413, MESSAGES_IT.tooLarge, { file: MESSAGES_IT.tooLarge });
const oneFile = (): AppError => new AppError(ERROR_CODES.validation, 422, MESSAGES_IT.oneFile, { file: MESSAGES_IT.oneFile });
const noFile = (): AppError => new AppError(ERROR_CODES.validation, 422, MESSAGES_IT.noFile, { file: MESSAGES_IT.noFile });

/** Copies the part into the temporary file: size limit while streaming, SHA-256 and the first bytes on the way. */
async function streamPart(source: Readable & { truncated?: boolean }, temp: TempFile): Promise<{ size: number; sha256: string; head: Buffer }> {
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    size += chunk.length;
    // busboy stops at its fileSize limit and marks the stream truncated; the count is a second guard.
    if (source.truncated || size > MAX_FILE_BYTES) throw tooLarge();
    if (headBytes < HEAD_BYTES) {
      head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
      headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
    }
    await temp.staged.append(chunk);
  }
  if (source.truncated) throw tooLarge();
  return { size, sha256: temp.staged.written().sha256, head: Buffer.concat(head) };
}

/**
 * One buffer of MAX_FILE_BYTES per screening slot, allocated once: a file is read into its slot's buffer,
 * so the whole-file steps use the same memory however many uploads pass (a new 10 MB buffer each would
 * wait for the garbage collector, which does not hurry).
 */
const slotBuffers: Buffer[] = [];
const takeSlotBuffer = (): Buffer => slotBuffers.pop() ?? Buffer.allocUnsafeSlow(MAX_FILE_BYTES);

/** The whole-file steps: the structure screen, then for an image the re-encode that replaces the file. */
async function screen(temp: TempFile, type: SniffedType, streamed: { size: number; sha256: string }): Promise<{ size: number; sha256: string }> {
  const slot = takeSlotBuffer();
  try {
    const bytesRead = await temp.staged.readInto(slot, streamed.size);
    const bytes = slot.subarray(0, bytesRead);
    if (bytesRead !== streamed.size || structuralProblem(bytes, type.mime) !== null) throw badType();
    if (type.ext === 'pdf') return streamed;
    const ext = type.ext;
    try {
      // libvips writes the file itself: no output buffer in the JavaScript heap.
      return await temp.staged.replaceWith((file) => reencodeImageToFile(bytes, ext, file));
    } catch (err) {
      if (err instanceof ImageRefused && err.reason === 'too_many_pixels') {
        throw new AppError(ERROR_CODES.validation, 422, MESSAGES_IT.tooManyPixels, { file: MESSAGES_IT.tooManyPixels });
      }
      if (err instanceof ImageRefused) throw badType();
      throw err;
    }
  } finally {
    slotBuffers.push(slot);
  }
}

/**
 * Reads the multipart body into `fields` and at most one screened file in a temporary file of the
 * order's folder. On any refusal the temporary file is gone before this throws; on success the
 * caller keeps or discards it.
 */
export async function receiveUpload(req: FastifyRequest, { storage, orderId, apiKey }: { storage: FileStorage; orderId: string; apiKey: string }): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let received: ReceivedFile | null = null;
  let temp: TempFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      // The key must come before the file: a file without it is not read (docs/orders.md, "Documents").
      assertApiKey(apiKey, fields.api_key);
      if (received) throw oneFile();
      if (part.fieldname !== 'file') throw noFile();
      temp = await createTempFile(storage, orderId);
      const streamed = await streamPart(part.file, temp);
      if (streamed.size === 0) throw new AppError(ERROR_CODES.validation, 422, MESSAGES_IT.empty, { file: MESSAGES_IT.empty });
      const type = await documentTypeOf(streamed.head);
      if (!type) throw badType();
      const file = temp;
      // The whole body is in; what follows is the server's own work, queued behind other uploads: the
      // connection's idle timeout (meant for clients that stop sending) must not cut it.
      (req.raw.socket as Partial<Socket> | undefined)?.setTimeout?.(PROCESSING_TIMEOUT_MS);
      const stored = await screening(() => screen(file, type, streamed));
      received = { temp: file, filename: part.filename, type, ...stored };
    }
  } catch (err) {
    await temp?.discard();
    if (err instanceof AppError) throw err;
    // The server's own file system (a full disk) or a bug: a 500, not the client's fault.
    if ((err as NodeJS.ErrnoException).syscall !== undefined || err instanceof TypeError || err instanceof RangeError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw oneFile();
    // Other limits of @fastify/multipart carry their 4xx status (parts, fields: 413) and map as they are.
    const status = (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    // Anything else comes from the parser reading the client's bytes (a truncated body, no boundary,
    // a broken part header): bad input, a 400, not a server failure (server/test/hostile found it).
    throw new AppError(ERROR_CODES.badRequest, 400, MESSAGES_IT.malformed);
  }
  return { fields, file: received };
}
