import type { DocumentType } from '../schemas/order-steps';

/*
 * What the order needs from the customer on paper: the identity document (both sides where it has two)
 * and the health card. The identity document is also what the advanced electronic signature rests on
 * (DPCM 22/02/2013 art. 57 c. 1 a): the server sends no signing code before `identityShortfall` is null,
 * and the checkout asks for the same files with the same rule.
 */

export const NEEDED_DOCUMENTS = ['identity_front', 'identity_back', 'health_card'] as const;
export type NeededDocument = (typeof NEEDED_DOCUMENTS)[number];

/** An uploaded file as a page or the server knows it: `mime` as the server sniffed it, when known. */
export interface KnownUpload {
  kind: 'identity_document' | 'health_card' | 'other' | (string & {});
  filename: string;
  mime?: string;
}

export interface NeededItem { need: NeededDocument; done: boolean }

/** A passport's data page is one side; the identity card and the driving licence have two. */
export const hasTwoSides = (documentType: DocumentType | undefined): boolean => documentType !== 'passaporto';

/** The server sniffs the type; without its answer (a file listed by the checkout) the name has to do. */
const isPdf = (u: KnownUpload): boolean => (u.mime ? u.mime === 'application/pdf' : /\.pdf$/i.test(u.filename));

/**
 * Each needed document with whether an upload covers it. Identity document: the first file is the front,
 * a second one the back; a PDF counts as both sides (a scan holds both pages, and the page asks for
 * "un unico PDF con entrambi i lati"); a passport needs no back. Health card: one file. Files of kind
 * `other` cover nothing. Staff check the files themselves: this only tells what is left to send.
 */
export function neededDocuments(uploads: readonly KnownUpload[], documentType?: DocumentType): NeededItem[] {
  const identity = uploads.filter((u) => u.kind === 'identity_document');
  const bothSides = !hasTwoSides(documentType) ? identity.length >= 1 : identity.length >= 2 || identity.some(isPdf);
  const done: Record<NeededDocument, boolean> = {
    identity_front: identity.length >= 1,
    identity_back: bothSides,
    health_card: uploads.some((u) => u.kind === 'health_card'),
  };
  return NEEDED_DOCUMENTS
    .filter((need) => need !== 'identity_back' || hasTwoSides(documentType))
    .map((need) => ({ need, done: done[need] }));
}

/** The documents still missing, in the page's order (empty: nothing missing). */
export const missingDocuments = (uploads: readonly KnownUpload[], documentType?: DocumentType): NeededDocument[] =>
  neededDocuments(uploads, documentType).filter((i) => !i.done).map((i) => i.need);

/**
 * What keeps the signer from being identified by their document: the front, the back, or nothing
 * (null). The health card is not part of it.
 */
export function identityShortfall(uploads: readonly KnownUpload[], documentType: DocumentType | undefined): 'identity_front' | 'identity_back' | null {
  const missing = missingDocuments(uploads, documentType);
  if (missing.includes('identity_front')) return 'identity_front';
  return missing.includes('identity_back') ? 'identity_back' : null;
}
