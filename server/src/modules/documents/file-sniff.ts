import { fileTypeFromBuffer } from 'file-type';
import { structuralProblem } from './file-structure';

/** The only documents accepted, recognised by their bytes (magic numbers), never by name or declared type. */
export const ACCEPTED_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
} as const;
export type AcceptedMime = keyof typeof ACCEPTED_TYPES;

export interface SniffedType { mime: AcceptedMime; ext: (typeof ACCEPTED_TYPES)[AcceptedMime] }

/**
 * The accepted type these bytes are, or null: an executable renamed `.pdf` is null, and so is a file
 * that starts like a document but is something else too (a polyglot, see file-structure.ts).
 */
export async function sniffDocumentType(bytes: Uint8Array): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !(found.mime in ACCEPTED_TYPES)) return null;
  const mime = found.mime as AcceptedMime;
  if (structuralProblem(bytes, mime) !== null) return null;
  return { mime, ext: ACCEPTED_TYPES[mime] };
}
