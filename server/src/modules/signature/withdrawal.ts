import { randomUUID } from 'node:crypto';
import { toItalianDate, withdrawalLastDay, withinWithdrawalPeriod } from '@checkout/contract';
import type { Db } from '../../db';
import type { MessageChannels } from '../../infra/messaging/channels';
import { findOrderForSignatureByNumber, markOrderStatus } from '../orders/service';
import type { OrderForSignature } from '../orders/service';
import { maskEmail, maskPhone, toItalianE164 } from './masking';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS, generateOtp, hashOtp, otpMatches } from './otp-code';
import { findContact, findEvidence } from './repository';
import { SignatureError } from './signature-errors';
import type { ClientInfo } from './service';

/*
 * Online withdrawal within 14 days (Codice del Consumo art. 52-54): the consumer gives the order
 * number, receives a one-time code on the contact the contract was signed with, and confirms with it.
 * The order becomes `withdrawn`; the request and its confirmation stay as evidence, never deleted.
 */

export const WITHDRAWAL_ERROR_CODES = {
  unknownOrder: 'withdrawal_unknown_order',
  notSigned: 'withdrawal_not_signed',
  notConsumer: 'withdrawal_not_consumer',
  periodOver: 'withdrawal_period_over',
  alreadyWithdrawn: 'already_withdrawn',
  cooldown: 'otp_cooldown',
  codeRequired: 'otp_required',
  wrong: 'otp_wrong',
  expired: 'otp_expired',
  locked: 'otp_locked',
} as const;

const C = WITHDRAWAL_ERROR_CODES;

const withdrawalErrors = {
  unknownOrder: () => new SignatureError(C.unknownOrder, 404, 'Non troviamo un ordine con questo numero: controlla di averlo scritto come nella conferma (es. FV-2026-K7M4Q9).', {}, { order_number: 'Numero d’ordine non trovato.' }),
  notSigned: () => new SignatureError(C.notSigned, 409, 'Questo ordine non è stato firmato: non c’è un contratto da cui recedere. Se vuoi annullarlo, contatta il servizio clienti.'),
  notConsumer: () => new SignatureError(C.notConsumer, 409, 'Il diritto di ripensamento è dei consumatori: per un contratto business contatta il servizio clienti per la disdetta con preavviso di 30 giorni.'),
  periodOver: (lastDay: string) => new SignatureError(C.periodOver, 409, `Il periodo di ripensamento è terminato il ${toItalianDate(lastDay)}. Puoi comunque recedere in ogni momento con preavviso di 30 giorni contattando il servizio clienti.`),
  alreadyWithdrawn: () => new SignatureError(C.alreadyWithdrawn, 409, 'Hai già esercitato il recesso da questo contratto: non devi fare altro.'),
  cooldown: (seconds: number) => new SignatureError(C.cooldown, 429, `Abbiamo appena inviato un codice: puoi chiederne un altro tra ${seconds} secondi.`, { retry_after_seconds: seconds }),
  codeRequired: () => new SignatureError(C.codeRequired, 409, 'Chiedi prima il codice di conferma.'),
  wrong: (left: number) => new SignatureError(C.wrong, 422, `Codice errato: restano ${left} tentativi.`, { attempts_left: left }, { otp: 'Codice errato.' }),
  expired: () => new SignatureError(C.expired, 422, 'Il codice è scaduto: chiedine uno nuovo.', {}, { otp: 'Codice scaduto.' }),
  locked: () => new SignatureError(C.locked, 422, 'Troppi tentativi errati: chiedi un nuovo codice.', {}, { otp: 'Troppi tentativi.' }),
};

export interface WithdrawalDeps {
  db: Db;
  channels: MessageChannels;
  brandName: string;
  pepper: string;
  now: () => Date;
}

/** Codes are bound to the order (in place of a document hash) so a code of one order never confirms another. */
const BINDING = 'withdrawal';

export function createWithdrawalService({ db, channels, brandName, pepper, now }: WithdrawalDeps) {
  /** The order, if a consumer may withdraw from it now; the last day of the period with it. */
  async function withdrawable(orderNumber: string): Promise<{ order: OrderForSignature; lastDay: string }> {
    const order = await findOrderForSignatureByNumber(db, orderNumber);
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

  const latest = (orderId: string) =>
    db.selectFrom('withdrawals').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();

  return {
    /** Sends a confirmation code to the contact the contract was signed with. */
    async sendCode(orderNumber: string, mode: 'sms' | 'email', client: ClientInfo) {
      const { order, lastDay } = await withdrawable(orderNumber);
      const at = now();
      const previous = await latest(order.id);
      if (previous && at.getTime() - new Date(previous.created_at).getTime() < OTP_RESEND_COOLDOWN_MS) {
        throw withdrawalErrors.cooldown(Math.ceil((new Date(previous.created_at).getTime() + OTP_RESEND_COOLDOWN_MS - at.getTime()) / 1000));
      }
      const contact = await findContact(db, order.id);
      const mobile = contact?.mobile_phone_number ?? (typeof order.fields.mobile_phone_number === 'string' ? order.fields.mobile_phone_number : '');
      const email = typeof order.fields.email === 'string' ? order.fields.email.trim().toLowerCase() : '';
      const to = mode === 'sms' ? toItalianE164(mobile) : email || null;
      const channel = channels[mode];
      if (!to || !channel) throw new SignatureError('otp_destination_missing', 422, 'Non abbiamo un recapito per questo canale: scegli l’altro.');
      const code = generateOtp();
      const id = randomUUID();
      const masked = mode === 'sms' ? maskPhone(to) : maskEmail(to);
      await db.insertInto('withdrawals').values({
        id, order_id: order.id, channel: mode, masked_destination: masked, code_hash: hashOtp(pepper, id, BINDING, code),
        ip: client.ip, user_agent: client.userAgent.slice(0, 500), created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + OTP_TTL_MS).toISOString(), confirmed_at: null,
      }).execute();
      await channel.send({
        to,
        subject: `${brandName}: codice per confermare il recesso`,
        text: `${brandName}: il codice per confermare il recesso dall'ordine ${order.order_number} è ${code}. Vale 10 minuti. Se non hai chiesto tu il recesso, ignora questo messaggio.`,
      });
      return { sent: true as const, destination: masked, last_day: lastDay, resend_after_seconds: Math.ceil(OTP_RESEND_COOLDOWN_MS / 1000) };
    },

    /** Confirms the withdrawal with the code: the order becomes `withdrawn`, the confirmation is kept. */
    async confirm(orderNumber: string, code: string) {
      const { order } = await withdrawable(orderNumber);
      const pending = await latest(order.id);
      if (!pending || pending.confirmed_at !== null) throw withdrawalErrors.codeRequired();
      if (pending.attempts >= OTP_MAX_ATTEMPTS) throw withdrawalErrors.locked();
      const at = now();
      if (pending.expires_at <= at.toISOString()) throw withdrawalErrors.expired();
      if (!otpMatches(pepper, pending.id, BINDING, code, pending.code_hash)) {
        // Counted in one conditional UPDATE: parallel wrong guesses cannot get past the limit.
        const counted = await db.updateTable('withdrawals').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', pending.id).where('attempts', '<', OTP_MAX_ATTEMPTS).where('confirmed_at', 'is', null)
          .returning('attempts').executeTakeFirst();
        if (!counted || counted.attempts >= OTP_MAX_ATTEMPTS) throw withdrawalErrors.locked();
        throw withdrawalErrors.wrong(OTP_MAX_ATTEMPTS - counted.attempts);
      }
      const nowIso = at.toISOString();
      await db.transaction().execute(async (trx) => {
        // Exactly one confirmation, and never by a code locked meanwhile: a double click's second request finds it used.
        const claimed = await trx.updateTable('withdrawals').set({ confirmed_at: nowIso })
          .where('id', '=', pending.id).where('confirmed_at', 'is', null).where('attempts', '<', OTP_MAX_ATTEMPTS).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw withdrawalErrors.alreadyWithdrawn();
        await markOrderStatus(trx, order.id, 'withdrawn', at);
      });
      return { withdrawn: true as const, order_number: order.order_number, withdrawn_at: nowIso };
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
