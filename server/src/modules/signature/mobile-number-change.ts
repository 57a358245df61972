import { MOBILE_CHANGE_ERROR_CODES, SIGNATURE_ERROR_CODES } from '@checkout/contract';
import { assertContentChangeable, getOrderForSignature } from '../orders';
import type { OrderForSignature } from '../orders';
import { askerOf, claimDestinationSend, destinationKey } from './destination-limit';
import { maskPhone, toItalianE164 } from './masking';
import { createOrderCodeChallenge } from './order-code-challenge';
import type { OrderCodeServiceDeps } from './order-code-challenge';
import { OTP_RESEND_COOLDOWN_MS } from './otp-code';
import type { Conn } from './repository';
import { findContact, invalidatePendingOtps, maxDocumentId, upsertContact } from './repository';
import { SignatureError, minutes, signatureErrors } from './signature-errors';
import type { ClientInfo } from './client-info';

/*
 * Changing the mobile number the signing code goes to. Whoever holds the order's link could otherwise
 * point the signature at a phone of their own: the change waits for a code sent to the new number, and
 * the old number is told (without a code) when the change is asked for. Until the new number confirms,
 * the order keeps the old one: signing codes and the contract preview use it.
 */

const mobileChangeErrors = {
  sameNumber: () => new SignatureError(MOBILE_CHANGE_ERROR_CODES.sameNumber, 422, 'È già il numero di questo ordine: scrivi il nuovo numero.', {},
    { mobile_phone_number: 'È già il numero dell’ordine.' }),
  // 503 and the pending change voided: the change must never go through without the old number being told.
  noticeFailed: () => new SignatureError(MOBILE_CHANGE_ERROR_CODES.noticeFailed, 503,
    'Non è stato possibile avvisare il numero attuale del cambio: riprova tra qualche istante.'),
  oldNumberLimit: (seconds: number) => new SignatureError(SIGNATURE_ERROR_CODES.destinationLimit, 429,
    `Abbiamo già inviato troppi messaggi al numero attuale dell’ordine: riprova tra ${minutes(seconds)}.`, { retry_after_seconds: seconds }),
};

/** The number codes go to now: the last confirmed change, else the one the customer gave in the steps. */
export async function currentMobileOf(db: Conn, order: OrderForSignature): Promise<string> {
  const contact = await findContact(db, order.id);
  if (contact) return contact.mobile_phone_number;
  return typeof order.fields.mobile_phone_number === 'string' ? order.fields.mobile_phone_number : '';
}

/** The same status rules as every change of what the contract prints: not once signed, not while a code is pending. */
function assertNumberChangeable(order: OrderForSignature, now: Date): void {
  if (order.status === 'signed') throw signatureErrors.alreadySigned();
  if (order.status === 'cancelled') throw signatureErrors.orderNotReady(order.status);
  assertContentChangeable(order, now);
}

export function createMobileNumberChangeService({ db, channels, brandName, pepper, now, limits }: OrderCodeServiceDeps) {
  const codes = createOrderCodeChallenge({ db, channels, pepper, now, limits }, 'mobile_number_changes');
  const latestChange = (orderId: string) => db.selectFrom('mobile_number_changes').selectAll().where('order_id', '=', orderId)
    .orderBy('created_at', 'desc').limit(1).executeTakeFirst();

  return {
    /**
     * Sends a code to `number` and a notice to the order's number; the order is unchanged. Asking again
     * for the same number while its change is pending is a resend: a new code, no second notice.
     */
    async request(hash: string, number: string, client: ClientInfo) {
      const order = await getOrderForSignature(db, hash);
      const at = now();
      assertNumberChangeable(order, at);
      const to = toItalianE164(number);
      if (!to) throw signatureErrors.destinationMissing('mobile_phone_number');
      const old = toItalianE164(await currentMobileOf(db, order));
      if (old === to) throw mobileChangeErrors.sameNumber();
      const sms = channels.sms;
      if (!sms) throw signatureErrors.channelUnavailable('sms');

      const national = to.slice(3);
      const previous = await latestChange(order.id);
      const resend = previous !== undefined && previous.mobile_phone_number === national && previous.confirmed_at === null
        && previous.expires_at > at.toISOString();
      const notify = old !== null && !resend;
      let changeId = '';
      const sent = await codes.send(order, 'sms', client, (code) => ({
        subject: `${brandName}: codice per confermare il nuovo numero`,
        text: `${brandName}: il codice per confermare questo numero sull'ordine ${order.order_number} è ${code}. Vale 10 minuti. Se non l'hai chiesto tu, ignora questo messaggio.`,
      }), {
        to,
        columns: { mobile_phone_number: national, previous_masked_destination: old ? maskPhone(old) : null },
        alongside: async (trx, id) => {
          changeId = id;
          // The notice counts towards the old number's limit too: nobody can flood a number with notices from many orders.
          if (!notify || !old || sms.isOutbox) return;
          try {
            await claimDestinationSend(trx, {
              key: destinationKey(pepper, 'sms', old), purpose: 'mobile_change_notice', now: at, limits,
              asker: askerOf(pepper, client), challengeId: null,
            });
          } catch (err) {
            if (err instanceof SignatureError && err.code === SIGNATURE_ERROR_CODES.destinationLimit) {
              throw mobileChangeErrors.oldNumberLimit(Number(err.extra.retry_after_seconds ?? 60));
            }
            throw err;
          }
        },
      });
      if (notify && old) {
        try {
          await sms.send({
            to: old,
            subject: `${brandName}: richiesta di cambio numero`,
            text: `${brandName}: è stato chiesto di sostituire questo numero con ${maskPhone(to)} sull'ordine ${order.order_number}. Il cambio vale solo se confermato dal nuovo numero. Se non sei stato tu, contatta il servizio clienti.`,
          });
        } catch {
          // Never a change the old number was not told of: the code just sent no longer confirms anything.
          await db.updateTable('mobile_number_changes').set({ expires_at: at.toISOString() }).where('id', '=', changeId).execute();
          throw mobileChangeErrors.noticeFailed();
        }
      }
      const row = await db.selectFrom('mobile_number_changes').select('expires_at').where('id', '=', changeId).executeTakeFirstOrThrow();
      return { pending: true as const, destination: sent.destination, expires_at: row.expires_at, resend_after_seconds: Math.ceil(OTP_RESEND_COOLDOWN_MS / 1000) };
    },

    /**
     * Applies the pending change with the code the new number received (a wrong code counts towards the
     * code's attempts). Previews so far print the old number: they stop counting, and so does any signing
     * code sent for them.
     */
    async confirm(hash: string, code: string, client: ClientInfo) {
      const order = await getOrderForSignature(db, hash);
      assertNumberChangeable(order, now());
      const id = await codes.check(order.id, code, undefined, client.device);
      const change = await db.selectFrom('mobile_number_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const at = now();
      const atIso = at.toISOString();
      await db.transaction().execute(async (trx) => {
        if (!(await codes.claim(trx, id, at))) throw signatureErrors.used();
        await upsertContact(trx, order.id, change.mobile_phone_number, await maxDocumentId(trx, order.id), atIso);
        await invalidatePendingOtps(trx, order.id, atIso);
      });
      return { changed: true as const, destination: change.masked_destination, changed_at: atIso };
    },
  };
}

export type MobileNumberChangeService = ReturnType<typeof createMobileNumberChangeService>;
