import type { Selectable } from 'kysely';
import type { ContractDocumentsTable, SignatureEvidenceTable } from '../../db/types';
import type { Conn } from './repository';

export type ExportedEvidence = Selectable<SignatureEvidenceTable>;
export type ExportedDocument = Selectable<ContractDocumentsTable>;

export interface SignatureEvidenceExport {
  /** The order's evidence rows (normally one), oldest first. */
  evidence: ExportedEvidence[];
  /** The signed PDFs recorded for the order, oldest first (the last one is the current). */
  signedDocuments: ExportedDocument[];
}

/**
 * Read-only: what the operator CLI (`export-evidence`) copies out for a dispute or an audit.
 * It never writes; the evidence table stays append-only.
 */
export async function readSignatureEvidence(db: Conn, orderId: string): Promise<SignatureEvidenceExport> {
  const evidence = await db.selectFrom('signature_evidence').selectAll().where('order_id', '=', orderId)
    .orderBy('signed_at').orderBy('id').execute();
  const signedDocuments = await db.selectFrom('contract_documents').selectAll().where('order_id', '=', orderId)
    .where('kind', '=', 'signed').orderBy('id').execute();
  return { evidence, signedDocuments };
}
