import { fileTypeFromBuffer } from 'file-type';

/** The only documents accepted, recognised by their bytes (magic numbers), never by name or declared type. */
export const ACCEPTED_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
} as const;
export type AcceptedMime = keyof typeof ACCEPTED_TYPES;

export interface SniffedType { mime: AcceptedMime; ext: (typeof ACCEPTED_TYPES)[AcceptedMime] }

/**
 * The accepted type a file starting with `head` is, by its magic number alone (the structure is
 * checked on the whole file, file-structure.ts), or null.
 */
export async function documentTypeOf(head: Uint8Array): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found || !(found.mime in ACCEPTED_TYPES)) return null;
  const mime = found.mime as AcceptedMime;
  return { mime, ext: ACCEPTED_TYPES[mime] };
}

