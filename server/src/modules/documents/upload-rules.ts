import { QUOTA_MESSAGES_IT } from './upload-quota';

/*
 * The upload rules both the body reader (upload-receive.ts) and the service (service.ts) apply: their own
 * file, so neither of those imports the other for them.
 */

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MEDIA_KINDS = ['identity_document', 'health_card', 'other'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MESSAGES_IT = {
  tooLarge: `Il file supera la dimensione massima di ${MAX_FILE_BYTES / 1024 / 1024} MB.`,
  tooMany: QUOTA_MESSAGES_IT.tooMany,
  badType: 'Formato non ammesso: carica un file PDF, JPEG o PNG.',
  tooManyPixels: "L'immagine ha troppi pixel (al massimo 50 megapixel): caricane una più piccola.",
  empty: 'Il file è vuoto.',
  noFile: 'Nessun file ricevuto: allega il documento nel campo "file".',
  oneFile: 'Carica un solo file per volta.',
  malformed: 'Richiesta non valida: il caricamento è incompleto o malformato, riprova.',
  mediaNotFound: 'Documento non trovato',
  orderCancelled: "L'ordine è stato annullato: non si possono più caricare né eliminare documenti.",
  orderClosed: "L'ordine è già stato chiuso: non si possono più caricare né eliminare documenti.",
} as const;
