import { randomUUID } from 'node:crypto';
import {
  CHALLENGE_ERROR_CODES, ENDED_TRACKING_STATUSES, TRACKING_ERROR_CODES, TRACKING_STATUS_TEXTS, appointmentBookedDataSchema,
  activationStartWording, appointmentWindowText, withdrawalLastDay, withinWithdrawalPeriod,
} from '@checkout/contract';
import type { TrackingDetails, TrackingDocument, TrackingStatusView } from '@checkout/contract';
import { lockForTransaction } from '../../db';
import { emitEvent } from '../../infra/outbox';
import type { FileStorage } from '../../infra/storage';
import { AppError } from '../../http/errors';
import { createUploadLinks } from '../documents';
import { appendTimeline, findOrderForSignatureByNumber } from '../orders';
import type { OrderForSignature } from '../orders';
import { activationTimingOf, contractFilesOnRecord, createOrderCodeChallenge, hasSignatureEvidence, lookUpOrderNumber, readContractFile } from '../signature';
import type { ChallengeDeps, ClientInfo } from '../signature';
import { TRACKING_ACCESS_MS, accessTokenHash, newAccessToken } from './access-token';
import {
  DOCUMENT_FILES, appointmentNote, appointmentOf, customerTimeline, documentFilename, rejectionText, sinceOf, statusOf, toSlot,
} from './order-view';
import {
  bookOfferedSlot, insertAccess, latestMoveInto, latestReview, pruneEndedAccesses, releaseBookedSlots, selectCustomerTimeline,
  selectLiveAccess, selectOrderSlot, selectSlots, selectTrackedOrder,
} from './repository';
import type { TrackedOrderRow } from './repository';

/*
 * The customer's tracking page. The order number opens its status (as the withdrawal and consent pages
 * open an order: a client typing numbers that match nothing waits longer after each); a one-time code to
 * the order's contact gives a 30-minute access to the rest; with it the customer books the technician's
 * appointment among the slots the provider offers, and downloads the contract's documents.
 */

const C = TRACKING_ERROR_CODES;

const trackingErrors = {
  unknownOrder: () => new AppError(C.unknownOrder, 404,
    'Non troviamo un ordine con questo numero: controlla di averlo scritto come nella conferma (es. FV-2026-K7M4Q9).',
    { order_number: 'Numero d’ordine non trovato.' }),
  accessExpired: () => new AppError(C.accessExpired, 401,
    'Per sicurezza l’accesso ai dettagli dura 30 minuti ed è scaduto: chiedi un nuovo codice.'),
  codeUsed: () => new AppError(CHALLENGE_ERROR_CODES.codeRequired, 409, 'Questo codice è già stato usato: chiedine uno nuovo.'),
  slotUnavailable: () => new AppError(C.slotUnavailable, 409,
    'Questo appuntamento non è più disponibile: scegline un altro tra quelli proposti.',
    { slot_id: 'Appuntamento non più disponibile.' }),
  slotPast: () => new AppError(C.slotPast, 409,
    'Questo appuntamento è già iniziato: scegline uno nei prossimi giorni.',
    { slot_id: 'Appuntamento già iniziato.' }),
  appointmentClosed: (label: string) => new AppError(C.appointmentClosed, 409,
    `L’ordine è «${label}»: non c’è un appuntamento da fissare.`),
  documentUnavailable: () => new AppError(C.documentUnavailable, 404, 'Questo documento non è disponibile per il tuo ordine.'),
};

/** What the withdrawal form's PDF needs (the hook below). */
export interface WithdrawalFormOrder {
  id: string;
  order_number: string;
  signed_at: string;
  offer_id: number | null;
  customer_type: 'privato' | 'business';
  /** Last day of the 14 (yyyy-mm-dd), as the form may print it. */
  last_day: string;
}

/**
 * The withdrawal form (Codice del Consumo, allegato I parte B) of an order, as a PDF. Supplied by the
 * app (infra/pdf/withdrawal-form-pdf.ts); without it the details list no withdrawal form.
 */
export type WithdrawalFormRenderer = (order: WithdrawalFormOrder) => Promise<Uint8Array>;

export interface TrackingDeps extends ChallengeDeps {
  brandName: string;
  /** Where the contract PDFs are. */
  storage: FileStorage;
  renderWithdrawalForm?: WithdrawalFormRenderer | undefined;
}


export function createTrackingService(deps: TrackingDeps) {
  const { db, now, brandName, renderWithdrawalForm } = deps;
  const codes = createOrderCodeChallenge(deps, 'tracking_unlocks');
  const uploadLinks = createUploadLinks(deps.pepper);

  /** The order of a number, counted against the client's unknown numbers; 404 for an unknown or malformed one. */
  async function orderByNumber(orderNumber: string, client: ClientInfo): Promise<OrderForSignature> {
    const order = await lookUpOrderNumber(db, client.ip, now(), (conn) => findOrderForSignatureByNumber(conn, orderNumber));
    if (!order) throw trackingErrors.unknownOrder();
    return order;
  }

  /** The order a live access token opens; 401 for an unknown or ended one. */
  async function orderOfToken(token: string): Promise<{ order: TrackedOrderRow; expiresAt: string }> {
    const access = await selectLiveAccess(db, accessTokenHash(token), now().toISOString());
    const order = access ? await selectTrackedOrder(db, access.order_id) : undefined;
    if (!access || !order) throw trackingErrors.accessExpired();
    return { order, expiresAt: access.expires_at };
  }

  async function statusView(order: TrackedOrderRow): Promise<TrackingStatusView> {
    const status = statusOf(order);
    return {
      order_number: order.order_number,
      status,
      label: TRACKING_STATUS_TEXTS[status].label,
      since: sinceOf(order, await latestMoveInto(db, order.id, status)),
    };
  }

  /** The last day to withdraw, for a consumer's signed order within its 14 days; null otherwise. */
  async function withdrawalLastDayOf(order: TrackedOrderRow): Promise<string | null> {
    if (order.status !== 'signed' || order.customer_type !== 'privato' || !order.signed_at) return null;
    if (!(await hasSignatureEvidence(db, order.id))) return null;
    const signedAt = new Date(order.signed_at);
    return withinWithdrawalPeriod(signedAt, now()) ? withdrawalLastDay(signedAt) : null;
  }

  /** The documents the order has, in the order the page lists them. */
  async function documentsOf(order: TrackedOrderRow): Promise<TrackingDocument[]> {
    const files = await contractFilesOnRecord(db, order.id);
    const documents: TrackingDocument[] = [];
    if (order.signed_at && files.includes('signed')) documents.push('signed_contract');
    if (files.includes('summary')) documents.push('contract_summary');
    if (renderWithdrawalForm && order.signed_at && order.customer_type === 'privato') documents.push('withdrawal_form');
    return documents;
  }

  return {
    /** The public status: the status in plain Italian and since when; nothing else about the order or its customer. */
    async status(orderNumber: string, client: ClientInfo): Promise<TrackingStatusView> {
      const order = await selectTrackedOrder(db, (await orderByNumber(orderNumber, client)).id);
      if (!order) throw trackingErrors.unknownOrder();
      return statusView(order);
    },

    /** Sends a code to the order's contact, with the limits of every order-number code. */
    async sendCode(orderNumber: string, mode: 'sms' | 'email', client: ClientInfo) {
      const order = await orderByNumber(orderNumber, client);
      const sent = await codes.send(order, mode, client, (code) => ({
        subject: `${brandName}: codice per vedere il tuo ordine`,
        text: `${brandName}: il codice per vedere i dettagli dell'ordine ${order.order_number} è ${code}. Vale 10 minuti. Se non l'hai chiesto tu, ignora questo messaggio.`,
      }));
      return { sent: true as const, ...sent };
    },

    /** The code, once: a token that opens the order's details for 30 minutes. */
    async verify(orderNumber: string, otp: string, challengeId: string, client: ClientInfo) {
      const order = await orderByNumber(orderNumber, client);
      const unlockId = await codes.check(order.id, otp, challengeId, client.device);
      const at = now();
      const token = newAccessToken();
      const expiresAt = new Date(at.getTime() + TRACKING_ACCESS_MS).toISOString();
      await db.transaction().execute(async (trx) => {
        if (!(await codes.claim(trx, unlockId, at))) throw trackingErrors.codeUsed();
        await pruneEndedAccesses(trx, order.id, at.toISOString());
        await insertAccess(trx, {
          id: randomUUID(), order_id: order.id, token_hash: accessTokenHash(token), unlock_id: unlockId,
          created_at: at.toISOString(), expires_at: expiresAt,
        });
      });
      return { token, expires_at: expiresAt, order_number: order.order_number };
    },

    async details(token: string): Promise<TrackingDetails> {
      const { order, expiresAt } = await orderOfToken(token);
      const at = now();
      const view = await statusView(order);
      const [rows, review, slots, documents, lastDay] = await Promise.all([
        selectCustomerTimeline(db, order.id), latestReview(db, order.id), selectSlots(db, order.id), documentsOf(order), withdrawalLastDayOf(order),
      ]);
      return {
        ...view,
        timeline: customerTimeline(order, rows, view.since),
        documents: documents.map((document) => ({ document, label: DOCUMENT_FILES[document].label, filename: documentFilename(document, order.order_number) })),
        // The upload page by a two-hour link (never the order's hash), new at each opening of the details.
        document_to_redo: view.status === 'documents_to_redo'
          ? { reason: rejectionText(review), upload_path: `/document-upload/${uploadLinks.issue(order.order_number, at)}` }
          : null,
        appointment: { ...appointmentOf(slots, at), open: !ENDED_TRACKING_STATUSES.includes(view.status) },
        withdrawal: lastDay ? {
          last_day: lastDay, path: `/recesso/${encodeURIComponent(order.order_number)}`,
          activation_text: activationStartWording(await activationTimingOf(db, order)),
        } : null,
        access_expires_at: expiresAt,
      };
    },

    /**
     * Books one of the slots offered for the order, or changes to it: the slot booked before is offered
     * again (the provider's offer stands until the provider replaces it), and `appointment.booked` goes to
     * the provider in the same transaction. The slot already booked answers as it is, with no new event.
     */
    async book(token: string, slotId: string) {
      const { order } = await orderOfToken(token);
      const status = statusOf(order);
      if (ENDED_TRACKING_STATUSES.includes(status)) throw trackingErrors.appointmentClosed(TRACKING_STATUS_TEXTS[status].label);
      const at = now();
      const atIso = at.toISOString();
      return db.transaction().execute(async (trx) => {
        // One booking of an order at a time (across server processes): two choices at once leave one booked slot.
        await lockForTransaction(trx, `appointment-slots:${order.id}`);
        const slot = await selectOrderSlot(trx, order.id, slotId);
        if (!slot || slot.status === 'withdrawn') throw trackingErrors.slotUnavailable();
        if (slot.status === 'booked') return { booked: toSlot(slot), rebooked: false };
        if (Date.parse(slot.starts_at) <= at.getTime()) throw trackingErrors.slotPast();
        const rebooked = (await releaseBookedSlots(trx, order.id, atIso)) > 0;
        if (!(await bookOfferedSlot(trx, slot.id, atIso))) throw trackingErrors.slotUnavailable();
        await appendTimeline(trx, {
          order_id: order.id, kind: 'note', at: atIso, operator_id: null, operator_name: null, from_status: null, to_status: null,
          text: appointmentNote(rebooked, appointmentWindowText(slot.starts_at, slot.ends_at)),
          customer_visible: 1,
        });
        const data = appointmentBookedDataSchema.parse({
          order_id: order.id, order_number: order.order_number, slot_id: slot.id, starts_at: slot.starts_at, ends_at: slot.ends_at, rebooked,
        });
        await emitEvent(trx, { type: 'appointment.booked', subjectId: order.id, data, at });
        return { booked: toSlot(slot), rebooked };
      });
    },

    /** One of the documents the details list, as PDF bytes. */
    async document(token: string, document: TrackingDocument): Promise<{ bytes: Uint8Array; filename: string }> {
      const { order } = await orderOfToken(token);
      if (!(await documentsOf(order)).includes(document)) throw trackingErrors.documentUnavailable();
      const filename = documentFilename(document, order.order_number);
      if (document === 'withdrawal_form') {
        // Listed only for a signed order and with a renderer (documentsOf).
        if (!renderWithdrawalForm || !order.signed_at) throw trackingErrors.documentUnavailable();
        const signedAt = order.signed_at;
        return { bytes: await renderWithdrawalForm({
          id: order.id, order_number: order.order_number, signed_at: signedAt, offer_id: order.offer_id, customer_type: order.customer_type,
          last_day: withdrawalLastDay(new Date(signedAt)),
        }), filename };
      }
      const bytes = await readContractFile(db, deps.storage, order.id, document === 'signed_contract' ? 'signed' : 'summary');
      if (!bytes) throw trackingErrors.documentUnavailable();
      return { bytes, filename };
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
