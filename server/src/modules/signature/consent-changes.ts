import { CHALLENGE_ERROR_CODES, CONSENT_CHANGE_ERROR_CODES, CHANGEABLE_CONSENTS, SELF_SERVICE_CONSENT_CHANNEL, type ChangeableConsent } from '@checkout/contract';
import { currentConsents, findOrderForSignatureByNumber, recordConsents } from '../orders';
import { createOrderCodeChallenge } from './order-code-challenge';
import type { OrderCodeServiceDeps } from './order-code-challenge';
import { lookUpOrderNumber } from './order-number-guesses';
import { SignatureError } from './signature-errors';
import type { ClientInfo } from './client-info';

/*
 * A customer changes their optional consents later (GDPR art. 7(3): withdrawing is as easy as giving),
 * proving who they are with the order number and a one-time code sent to the order's contact. Each
 * change is a new row of the consent ledger, on the channel `self-service`.
 */

const unknownOrder = () => new SignatureError(
  CONSENT_CHANGE_ERROR_CODES.unknownOrder, 404,
  'Non troviamo un ordine con questo numero: controlla di averlo scritto come nella conferma (es. FV-2026-K7M4Q9).', {},
  { order_number: 'Numero d’ordine non trovato.' },
);
const codeUsed = () => new SignatureError(CHALLENGE_ERROR_CODES.codeRequired, 409, 'Questo codice è già stato usato: chiedine uno nuovo.');


export function createConsentChangeService({ db, channels, brandName, pepper, now, limits }: OrderCodeServiceDeps) {
  const codes = createOrderCodeChallenge({ db, channels, pepper, now, limits }, 'consent_changes');
  const orderOf = async (orderNumber: string, client: ClientInfo) => {
    const order = await lookUpOrderNumber(db, client.ip, now(), (conn) => findOrderForSignatureByNumber(conn, orderNumber));
    if (!order) throw unknownOrder();
    return order;
  };

  return {
    /** Sends a code to the order's contact. */
    async sendCode(orderNumber: string, mode: 'sms' | 'email', client: ClientInfo) {
      const order = await orderOf(orderNumber, client);
      const sent = await codes.send(order, mode, client, (code) => ({
        subject: `${brandName}: codice per le tue preferenze di contatto`,
        text: `${brandName}: il codice per cambiare i consensi dell'ordine ${order.order_number} è ${code}. Vale 10 minuti. Se non l'hai chiesto tu, ignora questo messaggio.`,
      }));
      return { sent: true as const, ...sent };
    },

    /** With the code, records each choice that differs from the ledger's latest; answers the consents as they now stand. */
    async update(orderNumber: string, code: string, challengeId: string, choices: Record<ChangeableConsent, boolean>, client: ClientInfo) {
      const order = await orderOf(orderNumber, client);
      const id = await codes.check(order.id, code, challengeId, client.device);
      const at = now();
      await db.transaction().execute(async (trx) => {
        if (!(await codes.claim(trx, id, at))) throw codeUsed();
        await recordConsents(trx, order.id, choices, at.toISOString(), SELF_SERVICE_CONSENT_CHANNEL);
      });
      const now_ = new Map((await currentConsents(db, order.id)).map((c) => [c.consent, c.granted]));
      return {
        order_number: order.order_number,
        updated_at: at.toISOString(),
        consents: Object.fromEntries(CHANGEABLE_CONSENTS.map((name) => [name, now_.get(name) ?? false])) as Record<ChangeableConsent, boolean>,
      };
    },
  };
}
