import { createHash, randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@checkout/contract';
import type { OrderStatus } from '@checkout/contract';
import type { Db } from '../../db';
import { AppError, notFound } from '../../http/errors';
import { orderNotFound, requireOrderByHash, toOrderRecord } from '../orders/service';
import type { Conn, OrderRecord } from '../orders/service';
import { lockOrder } from '../orders/order-steps-state';
import { sniffDocumentType } from './file-sniff';
import { removeStoredFile, sanitiseFilename, storeFile } from './file-storage';

const MEDIA_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_ORDER = 6;
export const MEDIA_KINDS = ['identity_document', 'health_card', 'other'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MESSAGES_IT = {
  tooLarge: `Il file supera la dimensione massima di ${MAX_FILE_BYTES / 1024 / 1024} MB.`,
  tooMany: `Hai già caricato ${MAX_FILES_PER_ORDER} documenti, il massimo per un ordine: eliminane uno per caricarne un altro.`,
  badType: 'Formato non ammesso: carica un file PDF, JPEG o PNG.',
  empty: 'Il file è vuoto.',
  noFile: 'Nessun file ricevuto: allega il documento nel campo "file".',
  oneFile: 'Carica un solo file per volta.',
  malformed: 'Richiesta non valida: il caricamento è incompleto o malformato, riprova.',
  mediaNotFound: 'Documento non trovato',
  orderCancelled: "L'ordine è stato annullato: non si possono più caricare né eliminare documenti.",
  orderClosed: "L'ordine è già stato chiuso: non si possono più caricare né eliminare documenti.",
} as const;

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
export interface PublicMedia { id: string; order_id: string; kind: MediaKind; filename: string; mime: string; size: number }

export interface MediaRow {
  id: string; order_id: string; kind: string; filename: string; stored_name: string;
  mime: string; size: number; sha256: string; created_at: string;
}

export const countMedias = async (db: Conn, orderId: string): Promise<number> => {
  const row = await db.selectFrom('medias').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Every document of an order, oldest first (for the contract, an operator export). */
export const listOrderMedias = (db: Conn, orderId: string): Promise<MediaRow[]> =>
  db.selectFrom('medias').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();

/**
 * The documents on file for an order (any device uploaded them), and whether it still accepts more: what
 * the upload page needs to say what is missing. The hash is the capability, as for the upload itself.
 */
export async function orderDocuments(db: Db, hash: string | undefined): Promise<{ status: OrderStatus; accepts_documents: boolean; medias: PublicMedia[] }> {
  const order = await requireOrderByHash(db, hash);
  const rows = await listOrderMedias(db, order.id);
  return {
    status: order.status,
    accepts_documents: acceptsDocuments(order.status),
    medias: rows.map((m) => ({ id: m.id, order_id: order.hash, kind: m.kind as MediaKind, filename: m.filename, mime: m.mime, size: m.size })),
  };
}

const tooMany = (): AppError => new AppError(ERROR_CODES.conflict, 409, MESSAGES_IT.tooMany);

export interface UploadInput {
  hash: string | undefined;
  kind: MediaKind;
  filename: string | undefined;
  bytes: Uint8Array;
}

/**
 * document-upload after the multipart parse (also after the signature, see DOCUMENT_STATUSES): type from the bytes, count limit, file written under a
 * random name, then the row in a transaction; a failed transaction removes the file again.
 */
export async function uploadDocument(db: Db, storageDir: string, input: UploadInput, now: Date = new Date()): Promise<PublicMedia> {
  const order = await requireOrderByHash(db, input.hash);
  assertAcceptsDocuments(order, 'file');
  if (input.bytes.length === 0) throw new AppError(ERROR_CODES.validation, 422, MESSAGES_IT.empty, { file: MESSAGES_IT.empty });
  const type = await sniffDocumentType(input.bytes);
  if (!type) throw new AppError(ERROR_CODES.unsupportedMediaType, 415, MESSAGES_IT.badType, { file: MESSAGES_IT.badType });
  // Early answer before writing anything; the transaction below is the one that counts.
  if ((await countMedias(db, order.id)) >= MAX_FILES_PER_ORDER) throw tooMany();

  const storedName = await storeFile(storageDir, order.id, input.bytes, type.ext);
  const media: MediaRow = {
    id: randomUUID(),
    order_id: order.id,
    kind: input.kind,
    filename: sanitiseFilename(input.filename),
    stored_name: storedName,
    mime: type.mime,
    size: input.bytes.length,
    sha256: createHash('sha256').update(input.bytes).digest('hex'),
    created_at: now.toISOString(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      const row = await lockOrder(trx, order.hash, now);
      if (!row) throw orderNotFound();
      // Checked again under the lock: staff may have closed the order meanwhile.
      assertAcceptsDocuments(toOrderRecord(row), 'file');
      if ((await countMedias(trx, order.id)) >= MAX_FILES_PER_ORDER) throw tooMany();
      await trx.insertInto('medias').values(media).execute();
    });
  } catch (err) {
    await removeStoredFile(storageDir, order.id, storedName);
    throw err;
  }
  return { id: media.id, order_id: order.hash, kind: input.kind, filename: media.filename, mime: media.mime, size: media.size };
}

/**
 * medias/{id}/delete: `orderHash` is the body's `order_id`, which is the order HASH (the visitor never
 * sees internal ids). Only a media of that order is deleted; anything else is 404.
 */
export async function deleteMedia(db: Db, storageDir: string, mediaId: string | undefined, orderHash: string, now: Date = new Date()): Promise<void> {
  const order = await requireOrderByHash(db, orderHash);
  assertAcceptsDocuments(order);
  const storedName = await db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, order.hash, now);
    if (!row) throw orderNotFound();
    assertAcceptsDocuments(toOrderRecord(row));
    // Ids are our own UUIDs: anything else is answered without a query (a NUL in the path made PostgreSQL fail).
    const media = mediaId === undefined || !MEDIA_ID.test(mediaId) ? undefined : await trx
      .selectFrom('medias').select(['id', 'stored_name']).where('id', '=', mediaId).where('order_id', '=', order.id).executeTakeFirst();
    if (!media) throw notFound(MESSAGES_IT.mediaNotFound);
    await trx.deleteFrom('medias').where('id', '=', media.id).execute();
    return media.stored_name;
  });
  // After the commit: a crash in between leaves an orphan file (harmless), never a row without its file.
  await removeStoredFile(storageDir, order.id, storedName);
}
