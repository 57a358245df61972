import multipart from '@fastify/multipart';
import type { IncomingMessage } from 'node:http';
import { endpoints, ERROR_CODES, SIGNATURE_ERROR_CODES } from '@checkout/contract';
import { z } from 'zod';
import { assertApiKey } from '../../http/api-key';
import { registerEndpoint } from '../../http/endpoint';
import { DRAIN_REFUSED_BODY_BYTES } from '../../http/error-handler';
import { AppError, parseOrThrow } from '../../http/errors';
import type { AppModule } from '../app-module';
import { findOrderForSignatureByNumber, openStep, orderNotFound, requireOrderByHash, submitStep } from '../orders';
import { DEVELOPMENT_OTP_PEPPER } from '../../config';
import { createUploadLinks } from './upload-links';
import type { OpenedStep } from '../orders';
import { openStorage } from '../../infra/storage';
import { isInside } from './file-storage';
import { assertAcceptsDocuments, deleteMedia, orderDocuments, recordUpload } from './service';
import { MAX_FILE_BYTES, MEDIA_KINDS, MESSAGES_IT } from './upload-rules';
import { assertRoomBeforeBody } from './upload-quota';
import { receiveUpload } from './upload-receive';

const FIELD_LIMIT_BYTES = 1024;

/** A body longer than this cannot be a 10 MB file and the form's few small fields: refused from its header. */
const MAX_BODY_BYTES = MAX_FILE_BYTES + 64 * 1024;

/**
 * After a refusal the rest of the body is read and thrown away as it arrives, up to the same bound as a
 * refused JSON body (DRAIN_REFUSED_BODY_BYTES), so a client still sending reads the answer: closing on
 * unread bytes makes the kernel reset the connection, and the client loses the answer with it. Nothing is
 * parsed or kept; beyond the bound the connection is closed.
 */
function discardRest(raw: IncomingMessage): void {
  raw.unpipe();
  let bytes = 0;
  raw.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DRAIN_REFUSED_BODY_BYTES) raw.socket.destroy();
  });
  raw.resume();
}

const uploadFields = z.object({ kind: z.enum(MEDIA_KINDS).default('identity_document') });

export interface DocumentsModuleOptions {
  /** The clock (tests pin "today" for document dates). */
  now?: () => Date;
}

/** document-upload, medias/{id}/delete, update-document-data (docs/orders.md, "Documents"). */
export const createDocumentsModule = (options: DocumentsModuleOptions = {}): AppModule => async (app, deps) => {
  const { config, db } = deps;
  const now = options.now ?? deps.now;
  if (isInside(config.storageDir, config.webDistDir)) {
    throw new Error(`STORAGE_DIR (${config.storageDir}) must not lie inside the served folder WEB_DIST_DIR (${config.webDistDir}).`);
  }
  const storage = openStorage(config, db);
  // This module's scope only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: FIELD_LIMIT_BYTES, parts: 12, headerPairs: 100 },
  });

  // Everything a request can be refused for is checked before its body is read, then again as the body
  // arrives; nothing of a refused body is parsed or kept (discardRest).
  // The tracking page's two-hour link stands where the order's hash does (upload-links.ts); answers then name the link, not the hash.
  const uploadLinks = createUploadLinks(config.otpPepper ?? DEVELOPMENT_OTP_PEPPER);
  async function orderRefOf(ref: string): Promise<{ hash: string; shown: (hash: string) => string }> {
    const link = uploadLinks.check(ref, now());
    if (link.kind === 'expired') {
      throw new AppError(SIGNATURE_ERROR_CODES.linkExpired, 410,
        'Il link per caricare il documento è scaduto (vale due ore). Apri la pagina del tuo ordine con «Segui il tuo ordine» e chiedi un codice: lì trovi un link nuovo.');
    }
    if (link.kind === 'not_a_link') return { hash: ref, shown: (hash) => hash };
    const order = await findOrderForSignatureByNumber(db, link.orderNumber);
    if (!order) throw orderNotFound();
    return { hash: order.hash, shown: (hash) => (hash === order.hash ? ref : hash) };
  }

  registerEndpoint(app, endpoints.documentUpload, async ({ params, req }) => {
    try {
      if (!req.isMultipart()) {
        // A JSON body passed the api key check in registerEndpoint but carries no file.
        throw new AppError(ERROR_CODES.unsupportedMediaType, 415, 'Inviare il documento come multipart/form-data.', { file: MESSAGES_IT.noFile });
      }
      if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
        throw new AppError(ERROR_CODES.payloadTooLarge, 413, MESSAGES_IT.tooLarge, { file: MESSAGES_IT.tooLarge });
      }
      const ref = await orderRefOf(params.order_hash);
      const order = await requireOrderByHash(db, ref.hash);
      assertAcceptsDocuments(order, 'file');
      await assertRoomBeforeBody(db, { orderId: order.id, ip: req.ip, now: now(), quotas: config.uploads });
      const { fields, file } = await receiveUpload(req, { storage, orderId: order.id, apiKey: app.config.publicApiKey });
      try {
        assertApiKey(app.config.publicApiKey, fields.api_key);
        const { kind } = parseOrThrow(uploadFields, { kind: fields.kind === '' ? undefined : fields.kind });
        if (!file) throw new AppError(ERROR_CODES.validation, 422, MESSAGES_IT.noFile, { file: MESSAGES_IT.noFile });
        const recorded = await recordUpload(db, storage, order, { kind, file, ip: req.ip, quotas: config.uploads }, now());
        deps.metrics.uploads.inc({ outcome: 'accepted' });
        return { ...recorded, order_id: ref.shown(recorded.order_id) };
      } finally {
        // Kept files were renamed already; anything else still under its temporary name goes.
        await file?.temp.discard();
      }
    } catch (err) {
      if (!req.raw.complete) discardRest(req.raw);
      deps.metrics.uploads.inc({ outcome: err instanceof AppError && err.status < 500 ? 'refused' : 'failed' });
      throw err;
    }
  });

  registerEndpoint(app, endpoints.orderDocuments, async ({ params }) => {
    const ref = await orderRefOf(params.order_hash);
    const documents = await orderDocuments(db, ref.hash);
    return { ...documents, medias: documents.medias.map((m) => ({ ...m, order_id: ref.shown(m.order_id) })) };
  });

  registerEndpoint(app, endpoints.deleteMedia, async ({ body, params }) => {
    await deleteMedia(db, storage, params.id, (await orderRefOf(body.order_id)).hash, now());
    return { ok: true as const };
  });

  // The same rules as step-document, and it counts as that step's submission: the body passes this call's
  // own request schema, then step-document's.
  registerEndpoint<typeof endpoints.updateDocumentData, OpenedStep>(app, endpoints.updateDocumentData, async ({ body, prepared }) => submitStep(db, prepared, body, { now: now() }),
    { prepare: async ({ params }) => openStep(db, params.order_hash, 'step-document', now()) });
};

export const documentsModule: AppModule = createDocumentsModule();
