import { createHash, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { CHALLENGE_ERROR_CODES, PREMADE_ERROR_CODES, holdsPersonalData, premadePreparedFields } from '@checkout/contract';
import type { endpoints } from '@checkout/contract';
import type { Db } from '../../db';
import { lockForTransaction } from '../../db';
import { AppError } from '../../http/errors';
import type { MessageChannels } from '../../infra/messaging/channels';
import { findPremadeOrder, normalisePremadeCode } from './premade-order';
import type { PremadeOrderRecord } from './premade-order';
import { EDITABLE_STATUSES, toOrderRef } from '../orders';
import { createOrderCodeChallenge, maskPhone, toItalianE164 } from '../signature';
import type { ClientInfo, DestinationLimits } from '../signature';
import { waitText } from '../mobile';
import { FAILURE_WINDOW_MS, premadeClientLockKey, secondsToWait } from './code-delay';
import { codeFailures, recordCodeFailure } from './repository';

export type FillOrderAnswer = z.input<typeof endpoints.fillOrder.response>;

/**
 * The pre-made flow's refusals (docs/side-flows.md). Before the right code nothing says whether an order
 * exists or what became of it: unknown, expired, cancelled and signed codes get one answer.
 */
export const premadeErrors = {
  notFound: () => new AppError(PREMADE_ERROR_CODES.notFound, 404,
    'Codice ordine non valido o non più utilizzabile: controlla di averlo scritto bene, oppure contatta il servizio clienti.'),
  delayed: (seconds: number) => new AppError(PREMADE_ERROR_CODES.delayed, 429,
    `Troppi tentativi non riusciti: per sicurezza puoi riprovare tra ${waitText(seconds)}.`, undefined, { retry_after_seconds: seconds }),
  noPhone: () => new AppError(PREMADE_ERROR_CODES.noPhone, 409,
    'Per riprendere questo ordine serve un codice inviato al cellulare, ma sull’ordine non c’è un numero: contatta il servizio clienti.'),
  codeNotNeeded: () => new AppError(PREMADE_ERROR_CODES.codeNotNeeded, 409, 'Questo ordine si apre senza codice: ricarica la pagina.'),
};


export interface PremadeDeps {
  db: Db;
  channels: MessageChannels;
  pepper: string;
  now: () => Date;
  /** Codes per destination, counted with every other one-time code (signature/destination-limit). */
  limits: DestinationLimits;
  brandName: string;
  /** Wrong codes a client may send before its waits start (default PER_CLIENT.free). */
  clientFreeFailures?: number;
}

/** The code as counted: its SHA-256, so what was typed is not kept (an unknown code counts like a known one). */
const codeKey = (input: string): string => createHash('sha256').update(normalisePremadeCode(input) ?? input.slice(0, 100)).digest('hex');

/** An order the customer may still open: not signed, withdrawn or cancelled, and not expired. */
const isOpenable = (order: PremadeOrderRecord, now: Date): boolean =>
  EDITABLE_STATUSES.includes(order.status) && (order.expires_at === null || order.expires_at > now.toISOString());

const mobileOf = (order: PremadeOrderRecord): string | null =>
  toItalianE164(typeof order.fields.mobile_phone_number === 'string' ? order.fields.mobile_phone_number : '');

const withType = (order: PremadeOrderRecord, fields: Record<string, unknown>): Record<string, unknown> =>
  ({ ...fields, customer_type: order.customer_type });

export function createPremadeService({ db, channels, pepper, now, limits, brandName, clientFreeFailures }: PremadeDeps) {
  const codes = createOrderCodeChallenge({ db, channels, pepper, now, limits }, 'premade_unlocks');

  const recordFailure = (key: string, client: ClientInfo, at: Date) =>
    recordCodeFailure(db, { id: randomUUID(), code_key: key, ip: client.ip, created_at: at.toISOString() },
      new Date(at.getTime() - FAILURE_WINDOW_MS).toISOString());

  /**
   * Every call carrying a pre-made code starts here, under a lock on the client address (one client's
   * tries one at a time, across server processes): a wait still due (429, nothing looked up); an order
   * that cannot be opened (the one 404, the failure counted); else the order.
   */
  async function open(typed: string, client: ClientInfo, at: Date): Promise<{ order: PremadeOrderRecord; key: string }> {
    const key = codeKey(typed);
    const since = new Date(at.getTime() - FAILURE_WINDOW_MS).toISOString();
    // The refusal is thrown after the commit: a failure must stay counted.
    const outcome = await db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, premadeClientLockKey(client.ip));
      const failures = await codeFailures(trx, key, client.ip, since);
      const wait = secondsToWait(failures.client, failures.code, at, clientFreeFailures);
      if (wait > 0) return { error: premadeErrors.delayed(wait) };
      const order = await findPremadeOrder(trx, typed);
      if (order && isOpenable(order, at)) return { order };
      await recordCodeFailure(trx, { id: randomUUID(), code_key: key, ip: client.ip, created_at: at.toISOString() }, since);
      return { error: premadeErrors.notFound() };
    });
    if ('error' in outcome) throw outcome.error;
    return { order: outcome.order, key };
  }

  return {
    /**
     * fill-order: what the agent prepared (rules/premade-fields), never personal data. The order hash
     * opens every field of the order, so it comes with the answer only while the order holds nothing
     * personal; otherwise the answer says a code is needed and where it goes.
     */
    async fillOrder(code: string, client: ClientInfo): Promise<FillOrderAnswer> {
      const { order } = await open(code, client, now());
      const prepared = withType(order, premadePreparedFields(order.fields));
      if (!holdsPersonalData(order.fields)) {
        return { offer_id: order.offer_id, fields: prepared, needs_code: false, masked_phone: null, order: toOrderRef(order) };
      }
      const mobile = mobileOf(order);
      return { offer_id: order.offer_id, fields: prepared, needs_code: true, masked_phone: mobile ? maskPhone(mobile) : null };
    },

    /** Sends the one-time code to the mobile number on the order (one a minute; the per-number limits apply). */
    async sendCode(code: string, client: ClientInfo) {
      const { order } = await open(code, client, now());
      if (!holdsPersonalData(order.fields)) throw premadeErrors.codeNotNeeded();
      if (!mobileOf(order)) throw premadeErrors.noPhone();
      const sent = await codes.send({ ...order, premade: true }, 'sms', client, (otp) => ({
        subject: `${brandName}: codice per riprendere il tuo ordine`,
        text: `${brandName}: il codice per riprendere l'ordine ${order.order_number} è ${otp}. Vale 10 minuti. Se non stai completando un ordine, ignora questo messaggio.`,
      }));
      return { sent: true as const, ...sent };
    },

    /** Opens the order with the one-time code: its hash and all its fields (the hash is then the capability, as for any order). */
    async verify(code: string, otp: string, challengeId: string, client: ClientInfo): Promise<FillOrderAnswer> {
      const { order, key } = await open(code, client, now());
      if (!holdsPersonalData(order.fields)) throw premadeErrors.codeNotNeeded();
      let id: string;
      try {
        id = await codes.check(order.id, otp, challengeId, client.device);
      } catch (err) {
        // A wrong guess counts for this client and this code; asking before any code was sent does not.
        if (err instanceof AppError && (err.code === CHALLENGE_ERROR_CODES.wrong || err.code === CHALLENGE_ERROR_CODES.locked)) {
          await recordFailure(key, client, now());
        }
        throw err;
      }
      const at = now();
      const claimed = await db.transaction().execute((trx) => codes.claim(trx, id, at));
      // Used meanwhile by a second click: the same refusal as a code never asked.
      if (!claimed) throw new AppError(CHALLENGE_ERROR_CODES.codeRequired, 409, 'Chiedi prima il codice di conferma.');
      return { offer_id: order.offer_id, fields: withType(order, order.fields), needs_code: false, masked_phone: null, order: toOrderRef(order) };
    },
  };
}

export type PremadeService = ReturnType<typeof createPremadeService>;
