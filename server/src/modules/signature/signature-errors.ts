import { SIGNATURE_ERROR_CODES, type ServerErrorCode } from '@checkout/contract';
import { AppError } from '../../http/errors';

/**
 * The signature module's failures. Each says why in `error.code`; the numbers a screen needs
 * (attempts left, seconds to wait) travel next to the message in `error` itself, e.g.
 * `{ code: 'otp_wrong', message: '…', attempts_left: 3, fields: { otp: '…' } }`.
 */
export class SignatureError extends AppError {
  constructor(
    code: ServerErrorCode,
    status: number,
    message: string,
    extra: Record<string, number> = {},
    fields?: Record<string, string>,
  ) {
    super(code, status, message, fields, extra);
    this.name = 'SignatureError';
  }
}


const C = SIGNATURE_ERROR_CODES;
const ACCEPTANCE_MESSAGES: Record<string, string> = {
  contract_summary_read: 'Apri e leggi la sintesi contrattuale per continuare.',
  fea_conditions_accepted: 'Accetta le condizioni della firma elettronica avanzata per continuare.',
  contract_terms_accepted: 'Accetta le condizioni generali di contratto per continuare.',
  contract_withdrawal_accepted: "Conferma di aver letto l'informativa sul diritto di recesso per continuare.",
};
/** A wait in words: `45 secondi`, `12 minuti`, `3 ore`. */
export const minutes = (seconds: number): string => (seconds < 90 ? `${seconds} secondi`
  : seconds < 90 * 60 ? `${Math.ceil(seconds / 60)} minuti` : `${Math.ceil(seconds / 3600)} ore`);

export const signatureErrors = {
  orderNotReady: (status: string) => new SignatureError(
    C.orderNotReady, 409,
    status === 'cancelled'
      ? "L'ordine è stato annullato: non è possibile firmarlo."
      : "L'ordine non è ancora pronto per la firma: completa prima tutti i passaggi.",
  ),
  alreadySigned: () => new SignatureError(C.alreadySigned, 409, "Il contratto di quest'ordine è già stato firmato."),
  // The advanced electronic signature rests on the signer's identity document (DPCM 22/02/2013 art. 57):
  // no code is sent before it is on file.
  identityDocumentRequired: (missing: 'identity_front' | 'identity_back') => new SignatureError(
    C.identityDocumentRequired, 409,
    missing === 'identity_front'
      ? 'Prima di ricevere il codice di firma carica il documento d’identità indicato (fronte e retro, oppure un unico PDF): è con quello che ti identifichiamo.'
      : 'Manca il retro del documento d’identità: caricalo (oppure un unico PDF con entrambi i lati) prima di ricevere il codice di firma.',
    {},
    { identity_document: missing === 'identity_front' ? 'Carica il documento d’identità.' : 'Carica anche il retro del documento.' },
  ),
  previewRequired: () => new SignatureError(C.previewRequired, 409, 'Visualizza il contratto prima di richiedere il codice di firma.'),
  destinationMissing: (field: 'mobile_phone_number' | 'email') => new SignatureError(
    C.destinationMissing, 422,
    field === 'email' ? "Nell'ordine manca un indirizzo email valido a cui inviare il codice." : "Nell'ordine manca un numero di cellulare valido a cui inviare il codice.",
    {},
    { [field]: field === 'email' ? 'Indirizzo email mancante o non valido.' : 'Numero di cellulare mancante o non valido.' },
  ),
  channelUnavailable: (mode: 'sms' | 'email') => new SignatureError(
    C.channelUnavailable, 422, mode === 'sms' ? "L'invio del codice via SMS non è disponibile: scegli l'email." : "L'invio del codice via email non è disponibile: scegli l'SMS.",
  ),
  // 503: the provider, not the visitor, failed; the code was voided and a new one can be asked for.
  deliveryFailed: () => new SignatureError(C.deliveryFailed, 503, 'Non è stato possibile inviare il codice: riprova tra qualche istante.'),
  cooldown: (seconds: number) => new SignatureError(
    C.cooldown, 429, `Hai appena ricevuto un codice: puoi richiederne un altro tra ${seconds} secondi.`, { retry_after_seconds: seconds },
  ),
  sendLimit: (seconds: number) => new SignatureError(
    C.sendLimit, 429, `Hai richiesto troppi codici per quest'ordine: riprova tra ${minutes(seconds)}.`, { retry_after_seconds: seconds },
  ),
  ipLimit: (seconds: number) => new SignatureError(
    C.ipLimit, 429, `Troppe richieste di codici da questa connessione: riprova tra ${minutes(seconds)}.`, { retry_after_seconds: seconds },
  ),
  // Shared by every code sent to a number or address (signing, withdrawal, consent changes). Each channel has
  // budgets of its own: where the page offers the other one, the answer says so.
  destinationLimit: (seconds: number, other?: 'sms' | 'email') => new SignatureError(
    C.destinationLimit, 429,
    `Abbiamo già inviato troppi codici a questo recapito: riprova tra ${minutes(seconds)}${other ? `, oppure fatti inviare il codice ${other === 'sms' ? 'per SMS' : 'per email'}` : ''}.`,
    { retry_after_seconds: seconds },
  ),
  otpRequired: () => new SignatureError(C.otpRequired, 409, 'Richiedi il codice di firma prima di firmare.'),
  // Each names what changed, never a cause it cannot tell (a code is voided by a new number, by going back, by a failed send).
  otpInvalidated: (why: 'contact' | 'unknown') => new SignatureError(
    C.otpInvalidated, 409,
    why === 'contact'
      ? 'Il codice non è più valido perché il numero di cellulare del contratto è cambiato dopo l\'invio: richiedine uno nuovo.'
      : 'Questo codice non è più valido: richiedine uno nuovo.',
  ),
  documentChanged: () => new SignatureError(
    C.documentChanged, 409,
    'Il contenuto del contratto è cambiato dopo l\'invio del codice (l\'ordine è stato modificato oppure un prezzo non è più lo stesso): rileggi il contratto aggiornato e richiedi un nuovo codice.',
  ),
  wrong: (attemptsLeft: number) => new SignatureError(
    C.wrong, 422,
    attemptsLeft > 0
      ? `Codice errato: ${attemptsLeft === 1 ? 'ti resta 1 tentativo' : `ti restano ${attemptsLeft} tentativi`}.`
      : 'Codice errato: hai esaurito i tentativi, richiedi un nuovo codice.',
    { attempts_left: attemptsLeft },
    { otp: attemptsLeft > 0 ? 'Codice errato.' : 'Codice errato: tentativi esauriti.' },
  ),
  expired: () => new SignatureError(C.expired, 410, 'Il codice è scaduto: richiedine uno nuovo.', { attempts_left: 0 }, { otp: 'Codice scaduto.' }),
  locked: () => new SignatureError(C.locked, 423, 'Troppi tentativi errati: il codice è bloccato, richiedine uno nuovo.', { attempts_left: 0 }, { otp: 'Codice bloccato.' }),
  used: () => new SignatureError(C.used, 409, 'Questo codice è già stato usato.', { attempts_left: 0 }),
  linkExpired: (orderNumber: string) => new SignatureError(C.linkExpired, 410,
    `Il link per scaricare è scaduto (vale un'ora). Apri la pagina dell'ordine ${orderNumber} con «Segui il tuo ordine» e chiedi un codice: da lì scarichi il contratto firmato.`),
  acceptanceRequired: (missing: readonly string[]) => new SignatureError(
    C.acceptanceRequired, 422, 'Per firmare devi prima accettare le condizioni indicate.', {},
    Object.fromEntries(missing.map((name) => [name, ACCEPTANCE_MESSAGES[name] ?? 'Accettazione obbligatoria.'])),
  ),
  /** A pre-made order's paid line the customer has not ticked (Codice del Consumo art. 65 c. 2): `confirmed_paid_options.<key>`. */
  paidOptionsUnconfirmed: (missing: readonly { key: string; name: string }[]) => new SignatureError(
    C.acceptanceRequired, 422, 'Per firmare conferma una per una le opzioni a pagamento preparate per te, oppure toglile dall’ordine.', {},
    Object.fromEntries(missing.map((l) => [`confirmed_paid_options.${l.key}`, `Conferma «${l.name}» per continuare.`])),
  ),
};
