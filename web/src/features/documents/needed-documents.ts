/** What the order still needs from the customer, as the checkout's document step asks for it. */

export const NEEDED_DOCUMENTS = ['identity_front', 'identity_back', 'health_card'] as const;
export type NeededDocument = (typeof NEEDED_DOCUMENTS)[number];

/** An uploaded file as the page knows it: `mime` from the server's answer, when the page has it. */
export interface KnownUpload {
  kind: 'identity_document' | 'health_card' | 'other';
  filename: string;
  mime?: string;
}

export interface NeededItem { need: NeededDocument; done: boolean }

/** The server sniffs the type; without its answer (a file listed by the checkout) the name has to do. */
const isPdf = (u: KnownUpload): boolean => (u.mime ? u.mime === 'application/pdf' : /\.pdf$/i.test(u.filename));

/**
 * Each needed document with whether an upload covers it. Identity document: the first file is the front,
 * a second one the back; a PDF counts as both sides (a scan holds both pages, and the page asks for
 * "un unico PDF con entrambi i lati"). Health card: one file. Files of kind `other` cover nothing.
 * Staff check the files themselves: this only tells the customer what is left to send.
 */
export function neededDocuments(uploads: readonly KnownUpload[]): NeededItem[] {
  const identity = uploads.filter((u) => u.kind === 'identity_document');
  const bothSides = identity.length >= 2 || identity.some(isPdf);
  const done: Record<NeededDocument, boolean> = {
    identity_front: identity.length >= 1,
    identity_back: bothSides,
    health_card: uploads.some((u) => u.kind === 'health_card'),
  };
  return NEEDED_DOCUMENTS.map((need) => ({ need, done: done[need] }));
}

/** The documents still missing, in the page's order (empty: nothing missing). */
export const missingDocuments = (uploads: readonly KnownUpload[]): NeededDocument[] =>
  neededDocuments(uploads).filter((i) => !i.done).map((i) => i.need);
