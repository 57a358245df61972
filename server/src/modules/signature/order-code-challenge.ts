import { randomUUID } from 'node:crypto';
import { CHALLENGE_ERROR_CODES } from '@checkout/contract';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db';
import type { MessageChannels } from '../../infra/messaging/channels';
import type { OrderForSignature } from '../orders';
import { askerOf, claimDestinationSend, destinationKey, proveDestination } from './destination-limit';
import type { CodePurpose, DestinationLimits } from './destination-limit';
import { maskEmail, maskPhone, toItalianE164 } from './masking';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS, generateOtp, hashOtp, otpMatches } from './otp-code';
import type { Conn } from './repository';
import { findContact } from './repository';
import { SignatureError } from './signature-errors';
import type { ClientInfo } from './client-info';

/*
 * A one-time code asked with an order number after the order was made (to withdraw, to change consents):
 * sent to the contact the order was signed with, valid 10 minutes, five wrong tries, one use. Each use
 * has its own table of the same columns, so a code for one purpose never confirms another.
 *
 * The order number is printed on the contract and in every message, so a stranger can ask for codes too.
 * Each sending is a challenge of its own (its id goes back to the page that asked): a code is checked
 * only against the challenge it was sent for, so a stranger's wrong tries count against the stranger's
 * challenge and never lock the customer's; and the minute between two codes is counted per client, so a
 * stranger asking every minute does not keep the customer from asking. The per-destination count still
 * bounds what reaches the contact.
 */

const C = CHALLENGE_ERROR_CODES;
const CHALLENGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const challengeErrors = {
  cooldown: (seconds: number) => new SignatureError(C.cooldown, 429, `Abbiamo appena inviato un codice: puoi chiederne un altro tra ${seconds} secondi.`, { retry_after_seconds: seconds }),
  codeRequired: () => new SignatureError(C.codeRequired, 409, 'Chiedi prima il codice di conferma.'),
  wrong: (left: number) => new SignatureError(C.wrong, 422, `Codice errato: restano ${left} tentativi.`, { attempts_left: left }, { otp: 'Codice errato.' }),
  expired: () => new SignatureError(C.expired, 422, 'Il codice è scaduto: chiedine uno nuovo.', {}, { otp: 'Codice scaduto.' }),
  locked: () => new SignatureError(C.locked, 422, 'Troppi tentativi errati: chiedi un nuovo codice.', {}, { otp: 'Troppi tentativi.' }),
  destinationMissing: () => new SignatureError(C.destinationMissing, 422, 'Non abbiamo un recapito per questo canale: scegli l’altro.'),
};

/** The tables of order-number codes (db/types OrderCodeChallengeTable). */
export type ChallengeTable = 'withdrawals' | 'consent_changes' | 'premade_unlocks' | 'mobile_number_changes' | 'tracking_unlocks';

export interface ChallengeDeps {
  db: Db;
  channels: MessageChannels;
  pepper: string;
  now: () => Date;
  /** Codes per destination, counted with the signing codes (signature/destination-limit). */
  limits: DestinationLimits;
}

/** What a service built on these codes needs (withdrawal, consent changes): the codes' and the brand for the message. */
export interface OrderCodeServiceDeps extends ChallengeDeps {
  brandName: string;
}

export interface ChallengeMessage { subject: string; text: string }

/** What a code that is not for the order's own contact needs (a new number proving itself). */
export interface ChallengeSendOptions {
  /** Where the code goes instead of the order's contact: an Italian mobile in E.164 (sms) or an address. */
  to?: string;
  /** More columns of this table's row (the table has them; written in the same INSERT). */
  columns?: Readonly<Record<string, string | null>>;
  /** Runs in the code's transaction once its row is written: a refusal here stores and sends nothing. */
  alongside?: (trx: Transaction<Database>, id: string) => Promise<void>;
}

/** What each code is bound to in its hash (in place of a document hash). */
const BINDINGS: Readonly<Record<ChallengeTable, string>> = {
  withdrawals: 'withdrawal', consent_changes: 'consent_change', premade_unlocks: 'premade_unlock', mobile_number_changes: 'mobile_number_change',
  tracking_unlocks: 'tracking_unlock',
};
const PURPOSES: Readonly<Record<ChallengeTable, CodePurpose>> = {
  withdrawals: 'withdrawal', consent_changes: 'consent_change', premade_unlocks: 'premade_unlock', mobile_number_changes: 'mobile_number_change',
  tracking_unlocks: 'tracking_unlock',
};

export function createOrderCodeChallenge({ db, channels, pepper, now, limits }: ChallengeDeps, table: ChallengeTable) {
  // Both tables have the same columns: typed through one of them.
  const t = table as 'withdrawals';
  const binding = BINDINGS[table];
  const latest = (conn: Conn, orderId: string) =>
    conn.selectFrom(t).selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  const latestFrom = (conn: Conn, orderId: string, ip: string) =>
    conn.selectFrom(t).select('created_at').where('order_id', '=', orderId).where('ip', '=', ip).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  const challenge = (conn: Conn, orderId: string, id: string) =>
    (CHALLENGE_ID.test(id) ? conn.selectFrom(t).selectAll().where('order_id', '=', orderId).where('id', '=', id).executeTakeFirst() : Promise.resolve(undefined));

  return {
    /**
     * Sends a code to the order's contact on `mode`, at most one a minute to each client; answers where it
     * went, masked, and the challenge the code belongs to.
     */
    async send(order: OrderForSignature, mode: 'sms' | 'email', client: ClientInfo, message: (code: string) => ChallengeMessage, options: ChallengeSendOptions = {}) {
      const at = now();
      // By order number, anyone may ask: one client's codes never hold back another's. A new mobile number
      // (opened by the order's hash, which only the customer's browser has) keeps one code a minute per order.
      const previous = table === 'mobile_number_changes' ? await latest(db, order.id) : await latestFrom(db, order.id, client.ip);
      if (previous && at.getTime() - new Date(previous.created_at).getTime() < OTP_RESEND_COOLDOWN_MS) {
        throw challengeErrors.cooldown(Math.ceil((new Date(previous.created_at).getTime() + OTP_RESEND_COOLDOWN_MS - at.getTime()) / 1000));
      }
      const contact = await findContact(db, order.id);
      const mobile = contact?.mobile_phone_number ?? (typeof order.fields.mobile_phone_number === 'string' ? order.fields.mobile_phone_number : '');
      const email = typeof order.fields.email === 'string' ? order.fields.email.trim().toLowerCase() : '';
      const to = options.to ?? (mode === 'sms' ? toItalianE164(mobile) : email || null);
      const channel = channels[mode];
      if (!to || !channel) throw challengeErrors.destinationMissing();
      const code = generateOtp();
      const id = randomUUID();
      const masked = mode === 'sms' ? maskPhone(to) : maskEmail(to);
      await db.transaction().execute(async (trx) => {
        // The same count as the signing codes: a number cannot be flooded through withdrawals or consent changes either.
        if (!channel.isOutbox) {
          await claimDestinationSend(trx, {
            key: destinationKey(pepper, mode, to), purpose: PURPOSES[table], now: at, limits,
            asker: askerOf(pepper, client), challengeId: id,
            // Only where the page offers both channels: a new number and a pre-made order's code go by SMS alone.
            ...(table === 'mobile_number_changes' || table === 'premade_unlocks' ? {} : { otherChannel: mode === 'sms' ? 'email' as const : 'sms' as const }),
          });
        }
        await trx.insertInto(t).values({
          id, order_id: order.id, channel: mode, masked_destination: masked, code_hash: hashOtp(pepper, id, binding, code),
          ip: client.ip, user_agent: client.userAgent.slice(0, 500), created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + OTP_TTL_MS).toISOString(), confirmed_at: null, ...options.columns,
        }).execute();
        await options.alongside?.(trx, id);
      });
      await channel.send({ to, ...message(code) });
      return { destination: masked, resend_after_seconds: Math.ceil(OTP_RESEND_COOLDOWN_MS / 1000), challenge_id: id };
    },

    /**
     * Checks `code` against the challenge it was sent for (a wrong one counts against that challenge only);
     * answers the challenge's id. Without a challenge, the order's latest code: only for the flows opened by
     * the order's hash, which strangers do not have (a new mobile number proving itself). A right code
     * proves its destination for the browser that typed it (`device`, destination-limit.ts).
     */
    async check(orderId: string, code: string, challengeId: string | undefined, device: string | null | undefined): Promise<string> {
      const pending = challengeId === undefined ? await latest(db, orderId) : await challenge(db, orderId, challengeId);
      if (!pending || pending.confirmed_at !== null) throw challengeErrors.codeRequired();
      if (pending.attempts >= OTP_MAX_ATTEMPTS) throw challengeErrors.locked();
      if (pending.expires_at <= now().toISOString()) throw challengeErrors.expired();
      if (!otpMatches(pepper, pending.id, binding, code, pending.code_hash)) {
        // Counted in one conditional UPDATE: parallel wrong guesses cannot get past the limit.
        const counted = await db.updateTable(t).set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', pending.id).where('attempts', '<', OTP_MAX_ATTEMPTS).where('confirmed_at', 'is', null)
          .returning('attempts').executeTakeFirst();
        if (!counted || counted.attempts >= OTP_MAX_ATTEMPTS) throw challengeErrors.locked();
        throw challengeErrors.wrong(OTP_MAX_ATTEMPTS - counted.attempts);
      }
      await proveDestination(db, { device, challengeId: pending.id, now: now() });
      return pending.id;
    },

    /**
     * Uses the code inside the caller's transaction: true for exactly one request (a double click's
     * second finds it used), never for a code locked meanwhile.
     */
    async claim(trx: Conn, id: string, at: Date): Promise<boolean> {
      const claimed = await trx.updateTable(t).set({ confirmed_at: at.toISOString() })
        .where('id', '=', id).where('confirmed_at', 'is', null).where('attempts', '<', OTP_MAX_ATTEMPTS).executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },
  };
}
