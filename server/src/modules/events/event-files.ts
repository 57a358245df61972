import type { Db } from '../../db';
import { notFound } from '../../http/errors';
import type { FileStorage } from '../../infra/storage';
import { recordAudit } from '../audit';
import { listOrderMedias, readStoredFile } from '../documents';
import { readContractFile } from '../signature';
import type { FileLinks } from './file-links';

/*
 * GET /api/events/files/:token: the file an event's link names, read-only, while the link lives. Each
 * download is audited (which file, from where); an unknown, altered or expired link is a 404 that says
 * nothing about any order.
 */

export interface EventFile { bytes: Buffer; contentType: string; disposition: string }

/** `attachment` with the name in ASCII and in UTF-8 (RFC 6266), no quote or control character surviving. */
const attachment = (filename: string): string => {
  const ascii = filename.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'documento';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

const GONE = 'Collegamento non valido o scaduto: i collegamenti ai file degli eventi valgono 7 giorni; ogni nuovo invio dell’evento ne porta di nuovi.';

export async function readEventFile(
  db: Db, storage: FileStorage, links: FileLinks | null, token: string, now: Date, client: { ip: string; userAgent: string },
): Promise<EventFile> {
  const verified = links?.verify(token, now);
  if (!verified?.ok) throw notFound(GONE);
  const { ref } = verified;
  let file: EventFile | null = null;
  if (ref.kind === 'document') {
    const media = (await listOrderMedias(db, ref.orderId)).find((m) => m.id === ref.documentId);
    if (media) {
      file = { bytes: await readStoredFile(storage, ref.orderId, media.stored_name), contentType: media.mime, disposition: attachment(media.filename) };
    }
  } else {
    const bytes = await readContractFile(db, storage, ref.orderId, ref.kind === 'contract' ? 'signed' : 'summary');
    if (bytes) file = { bytes, contentType: 'application/pdf', disposition: attachment(ref.kind === 'contract' ? 'contratto-firmato.pdf' : 'sintesi-contrattuale.pdf') };
  }
  // The order was erased, the document deleted: the link outlived its file.
  if (!file) throw notFound(GONE);
  await recordAudit(db, {
    action: 'event_file_downloaded', operatorId: null, operatorEmail: null, targetType: 'order', targetId: ref.orderId,
    detail: { file: ref.kind, ...(ref.kind === 'document' ? { document_id: ref.documentId } : {}) }, ip: client.ip, userAgent: client.userAgent,
  }, now);
  return file;
}
