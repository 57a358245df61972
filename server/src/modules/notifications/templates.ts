import { DOCUMENT_REJECTION_REASONS, appointmentTime, appointmentWindowText, romeDateTime, withdrawalLastDay } from '@checkout/contract';
import { renderEmail } from './email-layout';
import type { Block, Brand, EmailContent, RenderedEmail } from './email-layout';
import { oneSmsIfPossible, toGsm } from './gsm';

/*
 * The customer's messages, one email and one SMS per template: pure functions of what the message needs
 * and nothing more. No name, fiscal code, IBAN or address: the order number identifies the order, the
 * links lead to the pages that show the rest to whoever proves to be the customer.
 */

/** The statuses a `status_changed` message tells (the contract's CUSTOMER_NOTIFIED_STATUSES). */
export type NotifiedStatus = 'activating' | 'active' | 'cancelled';

export type MessageInput =
  | {
    template: 'contract_signed';
    orderNumber: string;
    signedAt: Date;
    /** A consumer has 14 days to withdraw and gets the model form; a business customer neither. */
    consumer: boolean;
    /** The names of the attached files, in order. */
    attachments: string[];
    trackingUrl: string;
    /** The online withdrawal page of the order. */
    withdrawalUrl: string;
  }
  /** `message`: what staff or the provider wrote for the customer about the move (never the internal reason). */
  | { template: 'status_changed'; orderNumber: string; status: NotifiedStatus; message: string | null; trackingUrl: string }
  | { template: 'document_rejected'; orderNumber: string; reason: string | null; note: string | null; trackingUrl: string }
  /** `dates`: how many the customer may choose from; the first one's window (ISO-8601) is named. */
  | { template: 'appointment_slots_published'; orderNumber: string; dates: number; firstStartsAt: string; firstEndsAt: string; trackingUrl: string }
  | { template: 'appointment_booked'; orderNumber: string; startsAt: Date; endsAt: Date; trackingUrl: string }
  | {
    template: 'withdrawal_confirmed';
    orderNumber: string;
    /** When the withdrawal was received. */
    receivedAt: Date;
    channel: 'online';
    /** What happens now (the receipt's list, `withdrawalNextSteps`). */
    nextSteps: string[];
    /** The names of the attached files (the receipt). */
    attachments: string[];
    trackingUrl: string;
  };

const ROME = 'Europe/Rome';
/** `domenica 1 marzo 2026`, Italian time. */
export const romeLongDay = (d: Date): string =>
  new Intl.DateTimeFormat('it-IT', { timeZone: ROME, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(d);
/** `1 marzo 2026`, Italian time. */
const romeDay = (d: Date): string => new Intl.DateTimeFormat('it-IT', { timeZone: ROME, day: 'numeric', month: 'long', year: 'numeric' }).format(d);
/** `dom 01/03`, Italian time (SMS). */
const romeShortDay = (d: Date): string => {
  const weekday = new Intl.DateTimeFormat('it-IT', { timeZone: ROME, weekday: 'short' }).format(d).replace(/\.$/, '');
  return `${weekday} ${new Intl.DateTimeFormat('it-IT', { timeZone: ROME, day: '2-digit', month: '2-digit' }).format(d)}`;
};
/** `01/03/2026`, Italian time (SMS). */
const romeNumericDay = (d: Date): string => new Intl.DateTimeFormat('it-IT', { timeZone: ROME, day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
/** `08:30`, Italian time. */
export const romeTime = (d: Date): string => new Intl.DateTimeFormat('it-IT', { timeZone: ROME, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
/** `2026-03-15` → `15 marzo 2026` (a calendar day, no time zone to apply). */
const calendarDay = (ymd: string): string => romeDay(new Date(`${ymd}T12:00:00Z`));

/** The rejection as the console always worded it: the reason's text, then the operator's note in brackets. */
export function rejectionWording(reason: string | null, note: string | null): string {
  const text = reason === null ? null : Object.hasOwn(DOCUMENT_REJECTION_REASONS, reason) ? DOCUMENT_REJECTION_REASONS[reason as keyof typeof DOCUMENT_REJECTION_REASONS] : reason;
  if (text && note) return `${text} (${note})`;
  return text ?? note ?? 'il documento non è valido';
}

/** How a withdrawal was given, as the email says it. */
const WITHDRAWAL_CHANNEL: Record<'online', string> = { online: 'online, con il numero d\'ordine e un codice di conferma' };

const STATUS_EMAIL: Record<NotifiedStatus, (n: string, brand: Brand) => Pick<EmailContent, 'subject' | 'heading'> & { says: string[] }> = {
  activating: (n, brand) => ({
    subject: `${brand.name}: il tuo ordine ${n} è in attivazione`,
    heading: 'Il tuo ordine è in attivazione',
    says: [
      `Abbiamo completato le verifiche dell'ordine ${n} e chiesto l'attivazione della tua linea.`,
      'Ti scriveremo quando sarà attiva. Se serve l\'intervento di un tecnico, potrai scegliere l\'appuntamento dalla pagina del tuo ordine.',
    ],
  }),
  active: (n, brand) => ({
    subject: `${brand.name}: la tua linea è attiva (ordine ${n})`,
    heading: 'La tua linea è attiva',
    says: [`Il servizio dell'ordine ${n} è attivo: puoi navigare da subito. Benvenuto in ${brand.name}!`],
  }),
  cancelled: (n, brand) => ({
    subject: `${brand.name}: il tuo ordine ${n} è stato annullato`,
    heading: 'Il tuo ordine è stato annullato',
    says: [`L'ordine ${n} è stato annullato.`, 'Nella pagina del tuo ordine trovi i dettagli e i documenti.'],
  }),
};

/** Each status's SMS; `message` (GSM text) is empty when there is none or no room for it. */
const STATUS_SMS: Record<NotifiedStatus, (brand: string, n: string, message: string, url: string) => string> = {
  activating: (b, n, message, url) => `${b}: l'ordine ${n} è in attivazione${message ? ` (${message})` : ''}. Segui l'ordine: ${url}`,
  active: (b, n, message, url) => `${b}: la linea dell'ordine ${n} è attiva${message ? ` (${message})` : ''}. Dettagli: ${url}`,
  cancelled: (b, n, message, url) => `${b}: l'ordine ${n} è stato annullato${message ? ` (${message})` : ''}. Dettagli: ${url}`,
};

/** What each email says. */
export function emailContent(input: MessageInput, brand: Brand): EmailContent {
  switch (input.template) {
    case 'contract_signed': {
      const blocks: Block[] = [
        { kind: 'paragraph', text: `grazie per aver scelto ${brand.name}. Il contratto dell'ordine ${input.orderNumber} è firmato (${romeDay(input.signedAt)}).` },
        { kind: 'paragraph', text: 'In allegato trovi i documenti da conservare:' },
        { kind: 'list', items: input.attachments },
      ];
      if (input.consumer) {
        blocks.push(
          { kind: 'paragraph', text: `Puoi recedere dal contratto senza indicarne il motivo entro il ${calendarDay(withdrawalLastDay(input.signedAt))}: online con il numero d'ordine e un codice di conferma, oppure inviandoci il modulo di recesso allegato.` },
          { kind: 'link', label: 'Recedi online', url: input.withdrawalUrl },
        );
      }
      blocks.push(
        { kind: 'paragraph', text: 'Ora verifichiamo il tuo documento d\'identità e chiediamo l\'attivazione della linea: ti scriveremo a ogni passaggio.' },
        { kind: 'link', label: 'Segui il tuo ordine', url: input.trackingUrl },
      );
      return { subject: `${brand.name}: il tuo contratto firmato (ordine ${input.orderNumber})`, heading: 'Il tuo contratto è firmato', blocks };
    }
    case 'status_changed': {
      const { subject, heading, says } = STATUS_EMAIL[input.status](input.orderNumber, brand);
      // The message written for the customer, as the tracking page shows it with the move.
      const told = input.message ? [`Ti scriviamo: «${input.message}»`] : [];
      return {
        subject, heading,
        blocks: [...[says[0]!, ...told, ...says.slice(1)].map((text): Block => ({ kind: 'paragraph', text })), { kind: 'link', label: 'Vai al tuo ordine', url: input.trackingUrl }],
      };
    }
    case 'document_rejected':
      return {
        subject: `${brand.name}: carica di nuovo il documento d'identità`,
        heading: 'Serve un nuovo documento d\'identità',
        blocks: [
          { kind: 'paragraph', text: `per l'ordine ${input.orderNumber} non abbiamo potuto accettare il documento d'identità: ${rejectionWording(input.reason, input.note)}.` },
          { kind: 'paragraph', text: 'Apri la pagina del tuo ordine: con il codice che ti inviamo sul cellulare o via email vedi i dettagli e carichi il nuovo documento.' },
          { kind: 'link', label: 'Vai al tuo ordine', url: input.trackingUrl },
        ],
      };
    case 'appointment_slots_published': {
      // The tracking page's promise ("…le troverai qui, e ti avviseremo"), kept: how many dates, the first in words.
      const one = input.dates === 1;
      const first = appointmentWindowText(input.firstStartsAt, input.firstEndsAt);
      return {
        subject: `${brand.name}: scegli la data per l'installazione (ordine ${input.orderNumber})`,
        heading: one ? 'C\'è una data per l\'installazione' : 'Ci sono date per l\'installazione',
        blocks: [
          {
            kind: 'paragraph',
            text: `per installare la linea dell'ordine ${input.orderNumber} serve l'intervento di un tecnico: ${one ? `c'è una data disponibile, ${first}` : `ci sono ${input.dates} date disponibili, la prima ${first}`}.`,
          },
          { kind: 'paragraph', text: `${one ? 'Prenotala' : 'Scegli quella che preferisci'} dalla pagina del tuo ordine, dove trovi sempre le date ancora disponibili.` },
          { kind: 'link', label: 'Scegli la data', url: input.trackingUrl },
        ],
      };
    }
    case 'appointment_booked':
      return {
        subject: `${brand.name}: appuntamento con il tecnico ${romeLongDay(input.startsAt)} alle ${romeTime(input.startsAt)}`,
        heading: 'Il tuo appuntamento è fissato',
        blocks: [
          { kind: 'paragraph', text: `un tecnico verrà all'indirizzo di attivazione dell'ordine ${input.orderNumber} per installare la linea:` },
          { kind: 'facts', rows: [['Giorno', romeLongDay(input.startsAt)], ['Fascia oraria', `dalle ${romeTime(input.startsAt)} alle ${romeTime(input.endsAt)}`]] },
          { kind: 'paragraph', text: 'In allegato trovi l\'appuntamento da aggiungere al tuo calendario. Se non puoi esserci, scegli un altro appuntamento dalla pagina del tuo ordine.' },
          { kind: 'link', label: 'Vai al tuo ordine', url: input.trackingUrl },
        ],
      };
    case 'withdrawal_confirmed':
      // Codice del Consumo art. 54 c. 3: the acknowledgement of receipt, on a durable medium (this email and its PDF).
      return {
        subject: `${brand.name}: abbiamo ricevuto il tuo recesso (ordine ${input.orderNumber})`,
        heading: 'Abbiamo ricevuto il tuo recesso',
        blocks: [
          { kind: 'paragraph', text: `abbiamo ricevuto il recesso dal contratto dell'ordine ${input.orderNumber}: il contratto è sciolto.` },
          { kind: 'facts', rows: [['Ordine', input.orderNumber], ['Ricevuto il', romeDateTime(input.receivedAt)], ['Modalità', WITHDRAWAL_CHANNEL[input.channel]]] },
          { kind: 'paragraph', text: `In allegato trovi la ricevuta di recesso da conservare (${input.attachments.join(', ')}). Cosa succede ora:` },
          { kind: 'list', items: input.nextSteps },
          { kind: 'link', label: 'Vai al tuo ordine', url: input.trackingUrl },
        ],
      };
  }
}

export const renderCustomerEmail = (input: MessageInput, brand: Brand): RenderedEmail => renderEmail(brand, emailContent(input, brand));

/** The SMS of each template: GSM alphabet, one SMS (160 characters) where the free text allows it. */
export function renderCustomerSms(input: MessageInput, brandName: string): string {
  const b = toGsm(brandName);
  const n = toGsm(input.orderNumber);
  switch (input.template) {
    case 'contract_signed':
      return `${b}: il contratto dell'ordine ${n} è firmato. Documenti e stato dell'ordine: ${input.trackingUrl}`;
    case 'status_changed': {
      const sms = (message: string) => STATUS_SMS[input.status](b, n, message, input.trackingUrl);
      return oneSmsIfPossible(sms(toGsm(input.message ?? '')), sms(''));
    }
    case 'document_rejected': {
      // The console's wording; the reason without the operator's note (an SMS has no room for it).
      const sms = (reason: string) => `${b}: il documento dell'ordine ${n} va caricato di nuovo${reason ? ` (${reason})` : ''}. ${input.trackingUrl}`;
      return oneSmsIfPossible(sms(toGsm(rejectionWording(input.reason, null))), sms(''));
    }
    case 'appointment_slots_published': {
      const when = `${toGsm(romeShortDay(new Date(input.firstStartsAt)))} alle ${appointmentTime(input.firstStartsAt)}`;
      return input.dates === 1
        ? `${b}: una data per l'installazione dell'ordine ${n}, ${when}. Prenotala: ${input.trackingUrl}`
        : `${b}: ${input.dates} date per l'installazione dell'ordine ${n}, la prima ${when}. Scegline una: ${input.trackingUrl}`;
    }
    case 'appointment_booked':
      return `${b}: appuntamento con il tecnico per l'ordine ${n} ${toGsm(romeShortDay(input.startsAt))} dalle ${romeTime(input.startsAt)} alle ${romeTime(input.endsAt)}. Dettagli: ${input.trackingUrl}`;
    case 'withdrawal_confirmed':
      return `${b}: recesso dall'ordine ${n} ricevuto il ${romeNumericDay(input.receivedAt)} alle ${romeTime(input.receivedAt)}. Ricevuta inviata per email. ${input.trackingUrl}`;
  }
}

