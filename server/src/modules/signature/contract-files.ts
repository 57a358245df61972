import { createHash } from 'node:crypto';
import type { FileStorage } from '../../infra/storage';
import { findEvidence, latestDocument } from './repository';
import type { Conn, DocumentKind } from './repository';

/*
 * The contract files on record for an order, for the operator console: the newest preview (the contract
 * as shown before the signature), its summary, the signed PDF. Each is read back only when its bytes still
 * have the SHA-256 recorded with it.
 */

export type ContractFileKind = DocumentKind;

/** Which kinds an order has on record (no file is read). */
export async function contractFilesOnRecord(db: Conn, orderId: string): Promise<ContractFileKind[]> {
  const rows = await db.selectFrom('contract_documents').select('kind').where('order_id', '=', orderId).groupBy('kind').execute();
  return rows.map((r) => r.kind);
}

/** The newest file of a kind, verified against its recorded hash; null when there is none. */
export async function readContractFile(db: Conn, storage: FileStorage, orderId: string, kind: ContractFileKind): Promise<Buffer | null> {
  const row = await latestDocument(db, orderId, kind);
  if (!row) return null;
  const bytes = await storage.readAll(storage.keyOf(row.path));
  if (createHash('sha256').update(bytes).digest('hex') !== row.sha256) throw new Error(`stored ${kind} of order ${orderId} does not match its hash`);
  return bytes;
}

/** Whether the order was signed with a one-time code (its evidence is on record). */
export const hasSignatureEvidence = async (db: Conn, orderId: string): Promise<boolean> => (await findEvidence(db, orderId)) !== undefined;
