import { WITHDRAWAL_ERROR_CODES, toItalianDate, withdrawalLastDay, withinWithdrawalPeriod } from '@checkout/contract';
import type { OrderWithdrawnData } from '@checkout/contract';
import { emitEvent } from '../../infra/outbox';
import { findOrderForSignatureByNumber, moveAsCustomer } from '../orders';
import type { OrderForSignature } from '../orders';
import { createOrderCodeChallenge } from './order-code-challenge';
import type { OrderCodeServiceDeps } from './order-code-challenge';
import { lookUpOrderNumber } from './order-number-guesses';
import { findEvidence } from './repository';
import { SignatureError } from './signature-errors';
import type { ClientInfo } from './client-info';

/*
 * Online withdrawal within 14 days (Codice del Consumo art. 52-54): the consumer gives the order
 * number, receives a one-time code on the contact the contract was signed with, and confirms with it.
 * The order becomes `withdrawn`; the request and its confirmation stay as evidence, never deleted.
 */

const C = WITHDRAWAL_ERROR_CODES;

const withdrawalErrors = {
  unknownOrder: () => new SignatureError(C.unknownOrder, 404, 'Non troviamo un ordine con questo numero: controlla di averlo scritto come nella conferma (es. FV-2026-K7M4Q9).', {}, { order_number: 'Numero d’ordine non trovato.' }),
  notSigned: () => new SignatureError(C.notSigned, 409, 'Questo ordine non è stato firmato: non c’è un contratto da cui recedere. Se vuoi annullarlo, contatta il servizio clienti.'),
  notConsumer: () => new SignatureError(C.notConsumer, 409, 'Il diritto di ripensamento è dei consumatori: per un contratto business contatta il servizio clienti per la disdetta con preavviso di 30 giorni.'),
  periodOver: (lastDay: string) => new SignatureError(C.periodOver, 409, `Il periodo di ripensamento è terminato il ${toItalianDate(lastDay)}. Puoi comunque recedere in ogni momento con preavviso di 30 giorni contattando il servizio clienti.`),
  alreadyWithdrawn: () => new SignatureError(C.alreadyWithdrawn, 409, 'Hai già esercitato il recesso da questo contratto: non devi fare altro.'),
};


export function createWithdrawalService({ db, channels, brandName, pepper, now, limits }: OrderCodeServiceDeps) {
  const codes = createOrderCodeChallenge({ db, channels, pepper, now, limits }, 'withdrawals');

  /** The order, if a consumer may withdraw from it now; the last day of the period with it. */
  async function withdrawable(orderNumber: string, client: ClientInfo): Promise<{ order: OrderForSignature; lastDay: string }> {
    const order = await lookUpOrderNumber(db, client.ip, now(), (conn) => findOrderForSignatureByNumber(conn, orderNumber));
    if (!order) throw withdrawalErrors.unknownOrder();
    if (order.status === 'withdrawn') throw withdrawalErrors.alreadyWithdrawn();
    const evidence = await findEvidence(db, order.id);
    if (order.status !== 'signed' || !evidence) throw withdrawalErrors.notSigned();
    if (order.customer_type !== 'privato') throw withdrawalErrors.notConsumer();
    const signedAt = new Date(evidence.signed_at);
    const lastDay = withdrawalLastDay(signedAt);
    if (!withinWithdrawalPeriod(signedAt, now())) throw withdrawalErrors.periodOver(lastDay);
    return { order, lastDay };
  }

  return {
    /** Sends a confirmation code to the contact the contract was signed with. */
    async sendCode(orderNumber: string, mode: 'sms' | 'email', client: ClientInfo) {
      const { order, lastDay } = await withdrawable(orderNumber, client);
      const sent = await codes.send(order, mode, client, (code) => ({
        subject: `${brandName}: codice per confermare il recesso`,
        text: `${brandName}: il codice per confermare il recesso dall'ordine ${order.order_number} è ${code}. Vale 10 minuti. Se non hai chiesto tu il recesso, ignora questo messaggio.`,
      }));
      return { sent: true as const, ...sent, last_day: lastDay };
    },

    /**
     * Confirms the withdrawal with the code: the order becomes `withdrawn`, the confirmation is kept. The
     * event carries the customer's acknowledgement on a durable medium (art. 54 c. 3: the email with the
     * receipt and an SMS, contract `customerMessagesFor`), sent by the outbox once this commits.
     */
    async confirm(orderNumber: string, code: string, challengeId: string, client: ClientInfo) {
      const { order } = await withdrawable(orderNumber, client);
      const id = await codes.check(order.id, code, challengeId, client.device);
      const at = now();
      await db.transaction().execute(async (trx) => {
        if (!(await codes.claim(trx, id, at))) throw withdrawalErrors.alreadyWithdrawn();
        // The customer's move, through the one status function: timeline, audit, `order.status_changed`, offered slots withdrawn.
        await moveAsCustomer(trx, order.id, 'withdrawn', at, { ip: client.ip, userAgent: client.userAgent }, 'Recesso esercitato online con il codice di conferma');
        const data: OrderWithdrawnData = { order_id: order.id, order_number: order.order_number, withdrawn_at: at.toISOString(), channel: 'online' };
        await emitEvent(trx, { type: 'order.withdrawn', subjectId: order.id, at, data });
      });
      return { withdrawn: true as const, order_number: order.order_number, withdrawn_at: at.toISOString() };
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
