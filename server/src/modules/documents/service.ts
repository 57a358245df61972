import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@checkout/contract';
import type { mediaSchema, OrderDocumentUploadedSnapshot, orderDocumentsSchema, OrderStatus } from '@checkout/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError, notFound } from '../../http/errors';
import { emitEvent } from '../../infra/outbox';
import { lockOrderRecord, orderNotFound, requireOrderByHash, resumeReviewAfterUpload } from '../orders';
import type { OrderRecord } from '../orders';
import type { FileStorage } from '../../infra/storage';
import { removeStoredFile, sanitiseFilename } from './file-storage';
import { deleteMediaRow, findOrderMedia, insertMedia, listOrderMedias } from './repository';
import type { MediaRow } from './repository';
import { claimUploadRoom } from './upload-quota';
import type { UploadQuotas } from './upload-quota';
import type { ReceivedFile } from './upload-receive';
import { MESSAGES_IT } from './upload-rules';
import type { MediaKind } from './upload-rules';

export { MAX_BYTES_PER_ORDER, MAX_FILES_PER_ORDER } from './upload-quota';

const MEDIA_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Statuses in which the visitor may upload and delete documents: every one up to and including `signed`.
 * The files are attachments of the order, not of the contract: the contract prints none of them, an upload
 * changes neither the order's content nor the signed PDF and its hash, and the checkout promises "Puoi farlo
 * anche più tardi". An allow-list on purpose: a status added later (staff verified or rejected the order,
 * it expired) is refused until someone decides otherwise. `cancelled` is refused.
 */
export const DOCUMENT_STATUSES: readonly OrderStatus[] = ['draft', 'in_progress', 'ready_to_sign', 'signed'];

export const acceptsDocuments = (status: OrderStatus): boolean => DOCUMENT_STATUSES.includes(status);

/** Throws 409 `conflict` unless the order still takes documents; `field` names the form field to flag. */
export function assertAcceptsDocuments(order: Pick<OrderRecord, 'status'>, field?: 'file'): void {
  if (acceptsDocuments(order.status)) return;
  const message = order.status === 'cancelled' ? MESSAGES_IT.orderCancelled : MESSAGES_IT.orderClosed;
  throw new AppError(ERROR_CODES.conflict, 409, message, field ? { [field]: message } : undefined);
}

/** What the visitor sees of a media (mediaSchema): `order_id` is the order hash, never the internal id. */
export type PublicMedia = z.output<typeof mediaSchema>;

/**
 * The documents on file for an order (any device uploaded them), and whether it still accepts more: what
 * the upload page needs to say what is missing. The hash is the capability, as for the upload itself.
 */
export async function orderDocuments(db: Db, hash: string): Promise<z.output<typeof orderDocumentsSchema>> {
  const order = await requireOrderByHash(db, hash);
  const rows = await listOrderMedias(db, order.id);
  return {
    status: order.status,
    accepts_documents: acceptsDocuments(order.status),
    medias: rows.map((m) => ({ id: m.id, order_id: order.hash, kind: m.kind as MediaKind, filename: m.filename, mime: m.mime, size: m.size })),
  };
}

export interface RecordInput {
  kind: MediaKind;
  /** The screened file, still under its temporary name. */
  file: ReceivedFile;
  /** The client's address, for the hourly upload quota. */
  ip: string;
  quotas: UploadQuotas;
}

/**
 * document-upload once the body is read and the file screened (also after the signature, see
 * DOCUMENT_STATUSES): the file is renamed to its stored name, then the row is written in a transaction
 * that checks the order and the quotas again under the lock; a failed transaction removes the file.
 */
export async function recordUpload(db: Db, storage: FileStorage, order: OrderRecord, input: RecordInput, now: Date = new Date()): Promise<PublicMedia> {
  const storedName = await input.file.temp.keep(input.file.type.ext);
  const media: MediaRow = {
    id: randomUUID(),
    order_id: order.id,
    kind: input.kind,
    filename: sanitiseFilename(input.file.filename),
    stored_name: storedName,
    mime: input.file.type.mime,
    size: input.file.size,
    sha256: input.file.sha256,
    created_at: now.toISOString(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      const locked = await lockOrderRecord(trx, order.hash, now);
      if (!locked) throw orderNotFound();
      // Checked again under the lock: staff may have closed the order meanwhile.
      assertAcceptsDocuments(locked, 'file');
      await claimUploadRoom(trx, { orderId: order.id, ip: input.ip, now, quotas: input.quotas, bytes: media.size });
      await insertMedia(trx, media);
      // After the signature the provider hears of each new document (before it, order.signed lists them all).
      if (locked.status === 'signed') {
        const data: OrderDocumentUploadedSnapshot = {
          order_id: order.id, order_number: locked.order_number,
          document: { id: media.id, kind: input.kind, filename: media.filename, mime: media.mime, size: media.size, sha256: media.sha256, uploaded_at: media.created_at },
        };
        await emitEvent(trx, { type: 'order.document_uploaded', subjectId: order.id, at: now, data });
      }
      // An order waiting for a new identity document goes back to the back office's review with it (the customer's move).
      if (input.kind === 'identity_document') await resumeReviewAfterUpload(trx, order.id, now, { ip: input.ip });
    });
  } catch (err) {
    await removeStoredFile(storage, order.id, storedName);
    throw err;
  }
  return { id: media.id, order_id: order.hash, kind: input.kind, filename: media.filename, mime: media.mime, size: media.size };
}

/**
 * medias/{id}/delete: `orderHash` is the body's `order_id`, which is the order HASH (the visitor never
 * sees internal ids). Only a media of that order is deleted; anything else is 404.
 */
export async function deleteMedia(db: Db, storage: FileStorage, mediaId: string, orderHash: string, now: Date = new Date()): Promise<void> {
  const order = await requireOrderByHash(db, orderHash);
  assertAcceptsDocuments(order);
  const storedName = await db.transaction().execute(async (trx) => {
    const locked = await lockOrderRecord(trx, order.hash, now);
    if (!locked) throw orderNotFound();
    assertAcceptsDocuments(locked);
    // Ids are our own UUIDs: anything else is answered without a query (a NUL in the path made PostgreSQL fail).
    const media = mediaId === undefined || !MEDIA_ID.test(mediaId) ? undefined : await findOrderMedia(trx, order.id, mediaId);
    if (!media) throw notFound(MESSAGES_IT.mediaNotFound);
    await deleteMediaRow(trx, media.id);
    return media.stored_name;
  });
  // After the commit: a crash in between leaves an orphan file (harmless), never a row without its file.
  await removeStoredFile(storage, order.id, storedName);
}
