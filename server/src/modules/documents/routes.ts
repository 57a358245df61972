import multipart from '@fastify/multipart';
import { endpoints, ERROR_CODES } from '@checkout/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { assertApiKey } from '../../http/api-key';
import { registerEndpoint } from '../../http/endpoint';
import { AppError, parseOrThrow } from '../../http/errors';
import type { AppModule } from '../index';
import { submitStep } from '../orders/step-submission';
import { isInside } from './file-storage';
import { deleteMedia, MAX_FILE_BYTES, MEDIA_KINDS, MESSAGES_IT, orderDocuments, uploadDocument } from './service';

interface ParsedUpload { fields: Record<string, string>; file: { filename: string; bytes: Buffer } | null }

const FIELD_LIMIT_BYTES = 1024;

/** Reads the multipart body: text fields and one file (in memory, at most MAX_FILE_BYTES). */
async function readUpload(req: FastifyRequest): Promise<ParsedUpload> {
  const fields: Record<string, string> = {};
  let file: ParsedUpload['file'] = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (file) throw new AppError(ERROR_CODES.validation, 422, MESSAGES_IT.oneFile, { file: MESSAGES_IT.oneFile });
        if (part.fieldname !== 'file') { await part.toBuffer(); continue; }
        file = { filename: part.filename, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ERROR_CODES.payloadTooLarge, 413, MESSAGES_IT.tooLarge, { file: MESSAGES_IT.tooLarge });
    if (code === 'FST_FILES_LIMIT') throw new AppError(ERROR_CODES.validation, 422, MESSAGES_IT.oneFile, { file: MESSAGES_IT.oneFile });
    // Other limits of @fastify/multipart carry their 4xx status (parts, fields: 413) and map as they are.
    const status = (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    // Anything else comes from the parser reading the client's bytes (a truncated body, no boundary,
    // a broken part header): bad input, a 400, not a server failure (server/src/hostile found it).
    throw new AppError(ERROR_CODES.badRequest, 400, MESSAGES_IT.malformed);
  }
  return { fields, file };
}

const uploadFields = z.object({ kind: z.enum(MEDIA_KINDS).default('identity_document') });

export interface DocumentsModuleOptions {
  /** The clock (tests pin "today" for document dates). */
  now?: () => Date;
}

/** document-upload, medias/{id}/delete, update-document-data (docs/orders.md, "Documents"). */
export const createDocumentsModule = (options: DocumentsModuleOptions = {}): AppModule => async (app, { config, db }) => {
  const now = options.now ?? (() => new Date());
  if (isInside(config.storageDir, config.webDistDir)) {
    throw new Error(`STORAGE_DIR (${config.storageDir}) must not lie inside the served folder WEB_DIST_DIR (${config.webDistDir}).`);
  }
  // This module's scope only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: FIELD_LIMIT_BYTES, parts: 12, headerPairs: 100 },
  });

  registerEndpoint(app, endpoints.documentUpload, async ({ params, req }) => {
    if (!req.isMultipart()) {
      // A JSON body passed the api key check in registerEndpoint but carries no file.
      throw new AppError(ERROR_CODES.unsupportedMediaType, 415, 'Inviare il documento come multipart/form-data.', { file: MESSAGES_IT.noFile });
    }
    const { fields, file } = await readUpload(req);
    assertApiKey(app.config.publicApiKey, fields.api_key);
    const { kind } = parseOrThrow(uploadFields, { kind: fields.kind === '' ? undefined : fields.kind });
    if (!file) throw new AppError(ERROR_CODES.validation, 422, MESSAGES_IT.noFile, { file: MESSAGES_IT.noFile });
    return uploadDocument(db, config.storageDir, { hash: params.order_hash, kind, filename: file.filename, bytes: file.bytes }, now());
  });

  registerEndpoint(app, endpoints.orderDocuments, async ({ params }) => orderDocuments(db, params.order_hash));

  registerEndpoint(app, endpoints.deleteMedia, async ({ body, params }) => {
    await deleteMedia(db, config.storageDir, params.id, body.order_id, now());
    return { ok: true as const };
  });

  // The same rules as step-document, and it counts as that step's submission.
  registerEndpoint(app, endpoints.updateDocumentData, async ({ body, params }) =>
    submitStep(db, params.order_hash, 'step-document', body, { now: now() }));
};

export const documentsModule: AppModule = createDocumentsModule();
