import { CONSOLE_ORDER_STATUSES, type ConsoleOrderStatus } from '../console/workflow';

/*
 * What the customer's tracking page says about an order's status: one plain-Italian label and what
 * happens next (and when), for every status the order can have: the checkout's before the signature,
 * the back office's after it (console/workflow.ts). The server answers the label; the page reads the
 * rest from here, so the public status stays the status and nothing more.
 */

/** The statuses the customer can see: the same as the console's, in the customer's words. */
export const TRACKING_STATUSES = CONSOLE_ORDER_STATUSES;
export type TrackingStatus = ConsoleOrderStatus;

/** The steps of an order as the customer follows them; each status sits on one (or on none once it ended). */
export const TRACKING_STAGES = ['Firma del contratto', 'Verifica dei documenti', 'Attivazione della linea', 'Servizio attivo'] as const;

export interface TrackingStatusText {
  /** The status in a few words ("In attivazione"). */
  label: string;
  /** What happens next and when, in one or two sentences; null when nothing more happens. */
  next: string | null;
  /** Index in TRACKING_STAGES of the stage the order is at; null for an order that ended without activation. */
  stage: number | null;
}

export const TRACKING_STATUS_TEXTS: Readonly<Record<TrackingStatus, TrackingStatusText>> = {
  draft: {
    label: 'Ordine da completare', stage: 0,
    next: 'L’ordine non è ancora completo: per attivare il servizio completa i dati e firma il contratto online.',
  },
  in_progress: {
    label: 'Ordine da completare', stage: 0,
    next: 'L’ordine non è ancora completo: per attivare il servizio completa i dati e firma il contratto online.',
  },
  ready_to_sign: {
    label: 'In attesa della firma', stage: 0,
    next: 'Manca solo la firma: firma il contratto online con il codice che ti inviamo per SMS o email.',
  },
  signed: {
    label: 'Contratto firmato', stage: 1,
    next: 'Verifichiamo il tuo documento d’identità, di solito entro 2 giorni lavorativi. Se serve qualcosa ti scriviamo.',
  },
  in_review: {
    label: 'Verifica dei documenti in corso', stage: 1,
    next: 'Stiamo verificando il tuo documento d’identità: di solito finiamo entro 2 giorni lavorativi.',
  },
  documents_to_redo: {
    label: 'Documento da caricare di nuovo', stage: 1,
    next: 'Non abbiamo potuto accettare il documento d’identità: caricane uno nuovo per proseguire. Lo verifichiamo entro 2 giorni lavorativi.',
  },
  verified: {
    label: 'Documenti verificati', stage: 2,
    next: 'Il tuo documento è a posto: ora chiediamo l’attivazione della linea all’operatore di rete. Se serve un tecnico, qui ti proponiamo le date per l’appuntamento.',
  },
  activating: {
    label: 'In attivazione', stage: 2,
    next: 'La linea è in attivazione: di solito è pronta entro 30 giorni dalla firma. Se serve un tecnico, scegli qui l’appuntamento tra le date proposte.',
  },
  active: {
    label: 'Attivo', stage: 3,
    next: null,
  },
  cancelled: {
    label: 'Annullato', stage: null,
    next: 'L’ordine è stato annullato: non attiveremo il servizio. Per qualsiasi domanda contatta l’assistenza.',
  },
  withdrawn: {
    label: 'Recesso registrato', stage: null,
    next: 'Hai esercitato il recesso: non attiveremo il servizio. Se hai già ricevuto il modem, restituiscilo entro 14 giorni.',
  },
};

/** Statuses after which nothing changes any more (no appointment to book). */
export const ENDED_TRACKING_STATUSES: readonly TrackingStatus[] = ['active', 'cancelled', 'withdrawn'];

/**
 * An order's status as the customer sees it: the back office's once it has one (from the signature on),
 * the checkout's before. `status` is the checkout's (`cancelled` before a signature included).
 */
export function trackingStatusOf(status: string, workflowStatus: string | null): TrackingStatus {
  const shown = workflowStatus ?? status;
  return (TRACKING_STATUSES as readonly string[]).includes(shown) ? (shown as TrackingStatus) : 'in_progress';
}
