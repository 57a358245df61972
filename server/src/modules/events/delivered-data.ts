import { z } from 'zod';
import { eventDocumentSchema } from '@checkout/contract';
import type { FileLink, OrderDocumentUploadedData, OrderSignedData } from '@checkout/contract';
import type { OutboxDelivery } from '../../infra/outbox';
import type { FileLinks, FileRef } from './file-links';

/*
 * An event's `data` as it leaves: what was written in the change's transaction, plus the file links of
 * this attempt (made now, so a retry days later still carries links that work).
 */

const signedRefs = z.object({
  order_id: z.string(),
  order_number: z.string(),
  documents: z.array(eventDocumentSchema),
  signature: z.object({ contract_sha256: z.string(), summary_sha256: z.string().nullable() }),
});

const uploadedRefs = z.object({ order_id: z.string(), document: eventDocumentSchema });

const PDF = 'application/pdf';

export function deliveredData(event: OutboxDelivery['event'], links: FileLinks | null, now: Date): Record<string, unknown> {
  const link = (ref: FileRef, filename: string, contentType: string, sha256: string): FileLink | null => {
    if (!links) return null;
    const { url, expiresAt } = links.link(ref, now);
    return { url, expires_at: expiresAt.toISOString(), filename, content_type: contentType, sha256 };
  };
  if (event.type === 'order.signed') {
    const refs = signedRefs.safeParse(event.data);
    if (!refs.success) return event.data;
    const { order_id: orderId, order_number: number, documents, signature } = refs.data;
    const files: OrderSignedData['files'] = {
      contract: link({ kind: 'contract', orderId }, `contratto-firmato-${number}.pdf`, PDF, signature.contract_sha256),
      contract_summary: signature.summary_sha256 ? link({ kind: 'summary', orderId }, `sintesi-contrattuale-${number}.pdf`, PDF, signature.summary_sha256) : null,
      documents: links ? documents.map((d) => ({
        document_id: d.id, ...link({ kind: 'document', orderId, documentId: d.id }, d.filename, d.mime, d.sha256)!,
      })) : [],
    };
    return { ...event.data, files };
  }
  if (event.type === 'order.document_uploaded') {
    const refs = uploadedRefs.safeParse(event.data);
    if (!refs.success) return event.data;
    const { order_id: orderId, document: d } = refs.data;
    const file: OrderDocumentUploadedData['file'] = link({ kind: 'document', orderId, documentId: d.id }, d.filename, d.mime, d.sha256);
    return { ...event.data, file };
  }
  return event.data;
}
