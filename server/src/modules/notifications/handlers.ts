import { CUSTOMER_NOTIFIED_STATUSES, CUSTOMER_TEMPLATES, customerMessageDataSchemas, orderTrackingPath } from '@checkout/contract';
import type { CustomerTemplate } from '@checkout/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createMessageChannels } from '../../infra/messaging/channels';
import type { MessageChannel, OutgoingAttachment, OutgoingMessage } from '../../infra/messaging/message-channel';
import { MessageDeliveryError } from '../../infra/messaging/message-channel';
import type { DeliveryHandler, DeliveryHandlers, DeliveryOutcome, OutboxDelivery } from '../../infra/outbox';
import { openStorage } from '../../infra/storage';
import type { AppDeps } from '../app-module';
import { parseStoredFields } from '../orders';
import { activationTimingOf, readContractFile, toItalianE164 } from '../signature';
import { CALENDAR_CONTENT_TYPE, appointmentCalendar } from './calendar';
import type { Brand } from './email-layout';
import { selectLiveSlots, selectOrderForMessage, selectSlot } from './repository';
import type { OrderForMessage } from './repository';
import { renderCustomerEmail, renderCustomerSms } from './templates';
import type { MessageInput, NotifiedStatus } from './templates';
import { orderWithdrawalFormPdf, withdrawalFormFilename, withdrawalUrlOf } from './withdrawal-form';
import { orderWithdrawalReceiptPdf, withdrawalNextSteps, withdrawalReceiptFilename } from './withdrawal-receipt';

/*
 * The outbox's `email` and `sms` deliveries: each resolves, when it is sent, the recipient from the order
 * (an order without one is skipped), renders its template and hands it to the channel. A refusal the
 * provider will repeat (SMTP 5xx for the recipient) flags the delivery for an operator; anything that may
 * pass later (the server down, a 4xx) is retried by the outbox with its backoff.
 */

export type NotificationsConfig = Pick<Config,
  'brandName' | 'brandColour' | 'publicBaseUrl' | 'smtpFrom' | 'legalPagesUrl' | 'sepaCreditorName' | 'sepaCreditorAddress' | 'supportEmail' | 'pecAddress' | 'storageDir' | 'storageDriver'>;

export interface NotificationDeps {
  db: Db;
  config: NotificationsConfig;
  /** The channels of `createMessageChannels`; null: that kind has none (its deliveries are skipped). */
  channels: { email: MessageChannel | null; sms: MessageChannel | null };
  /** The app's clock: which dates are still to come when a message about them is sent. */
  now?: () => Date;
}

/** Nothing to send, for a reason an operator may read (no recipient, an appointment since replaced). */
class Skip extends Error {}
/** The delivery cannot be made as it is (its order has no signed contract): an operator looks. */
class Unsendable extends Error {}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_ERROR = 500;


/** The order's email address, as the signature sends codes to it; null when it has none that could receive mail. */
export function emailOf(order: OrderForMessage): string | null {
  const fields = parseStoredFields(order.fields_json);
  const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
  return EMAIL_SHAPE.test(email) ? email : null;
}

/** The order's mobile number in E.164: the one confirmed by a change, else the one given in the steps. */
export function mobileOf(order: OrderForMessage): string | null {
  const fields = parseStoredFields(order.fields_json);
  return toItalianE164(order.confirmed_mobile ?? (typeof fields.mobile_phone_number === 'string' ? fields.mobile_phone_number : ''));
}

/** `Fibra Viva <no-reply@example.com>` → `no-reply@example.com`. */
const addressOf = (from: string): string | null => {
  const inBrackets = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1];
  const candidate = inBrackets ?? from.trim();
  return EMAIL_SHAPE.test(candidate) ? candidate : null;
};

const isTemplate = (t: string | null): t is CustomerTemplate => t !== null && (CUSTOMER_TEMPLATES as readonly string[]).includes(t);

/**
 * The app's email and SMS handlers over its configured channels (closed with the app): what the events
 * module's worker delivers the customer's messages with.
 */
export function appNotificationHandlers({ config, db, now }: AppDeps, app: FastifyInstance): Required<Pick<DeliveryHandlers, 'email' | 'sms'>> {
  const channels = createMessageChannels(config, db, app.log);
  app.addHook('onClose', async () => channels.close());
  return createNotificationHandlers({ db, config, channels, now });
}

export function createNotificationHandlers(deps: NotificationDeps): Required<Pick<DeliveryHandlers, 'email' | 'sms'>> {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const storage = openStorage(config, db);
  const brand: Brand = { name: config.brandName, colour: config.brandColour, legalPagesUrl: config.legalPagesUrl };
  const trackingUrl = (order: OrderForMessage): string => `${config.publicBaseUrl}${orderTrackingPath(order.order_number)}`;

  /** What the template says, from the event's data and the order as it is now. */
  async function inputOf(template: CustomerTemplate, delivery: OutboxDelivery, order: OrderForMessage): Promise<MessageInput> {
    const data = delivery.event.data;
    switch (template) {
      case 'contract_signed': {
        if (!order.signed_at) throw new Unsendable('ordine senza firma');
        return {
          template, orderNumber: order.order_number, signedAt: new Date(order.signed_at), consumer: order.customer_type !== 'business',
          attachments: [], trackingUrl: trackingUrl(order), withdrawalUrl: withdrawalUrlOf(config.publicBaseUrl, order.order_number),
        };
      }
      case 'status_changed': {
        const parsed = customerMessageDataSchemas.status_changed.safeParse(data);
        if (!parsed.success) throw new Unsendable('dati dell\'evento non validi (to)');
        if (!CUSTOMER_NOTIFIED_STATUSES.includes(parsed.data.to)) throw new Skip(`stato ${parsed.data.to} non comunicato al cliente`);
        return {
          template, orderNumber: order.order_number, status: parsed.data.to as NotifiedStatus, message: parsed.data.customer_message?.trim() || null, trackingUrl: trackingUrl(order),
        };
      }
      case 'document_rejected': {
        const parsed = customerMessageDataSchemas.document_rejected.safeParse(data);
        const d = parsed.success ? parsed.data : {};
        return {
          // The order's page by its number, never the order's hash: the upload link is shown there, behind a code.
          template, orderNumber: order.order_number, reason: d.reason?.trim() || null, note: d.note?.trim() || null, trackingUrl: trackingUrl(order),
        };
      }
      case 'appointment_slots_published': {
        // The dates as they are now: the message names those the customer can still choose, none withdrawn since.
        const at = now().getTime();
        const slots = (await selectLiveSlots(db, order.id)).filter((s) => Date.parse(s.starts_at) > at || (s.status === 'booked' && Date.parse(s.ends_at) > at));
        if (slots.some((s) => s.status === 'booked')) throw new Skip('appuntamento già prenotato');
        const first = slots[0];
        if (!first) throw new Skip('nessuna data ancora da scegliere');
        return { template, orderNumber: order.order_number, dates: slots.length, firstStartsAt: first.starts_at, firstEndsAt: first.ends_at, trackingUrl: trackingUrl(order) };
      }
      case 'appointment_booked': {
        const parsed = customerMessageDataSchemas.appointment_booked.safeParse(data);
        if (!parsed.success) throw new Unsendable('dati dell\'evento non validi (slot_id)');
        // The slot as it is now: one the customer has since replaced is not announced (its replacement is).
        const slot = await selectSlot(db, order.id, parsed.data.slot_id);
        if (!slot) throw new Unsendable('appuntamento non trovato');
        if (slot.status !== 'booked') throw new Skip('appuntamento non più prenotato');
        return { template, orderNumber: order.order_number, startsAt: new Date(slot.starts_at), endsAt: new Date(slot.ends_at), trackingUrl: trackingUrl(order) };
      }
      case 'withdrawal_confirmed': {
        const parsed = customerMessageDataSchemas.withdrawal_confirmed.safeParse(data);
        if (!parsed.success) throw new Unsendable('dati dell\'evento non validi (withdrawn_at, channel)');
        const receivedAt = new Date(parsed.data.withdrawn_at);
        // Whether the customer asked to start within the 14 days: the signature's evidence says, never the event.
        const { earlyActivationRequested } = await activationTimingOf(db, order);
        return {
          template, orderNumber: order.order_number, receivedAt, channel: parsed.data.channel,
          nextSteps: withdrawalNextSteps({ receivedAt, earlyActivationRequested }), attachments: [], trackingUrl: trackingUrl(order),
        };
      }
    }
  }

  /** A contract file as stored; one missing or no longer matching its recorded hash is an operator's matter. */
  async function contractFile(order: OrderForMessage, kind: 'signed' | 'summary', what: string): Promise<Buffer> {
    let bytes: Buffer | null;
    try { bytes = await readContractFile(db, storage, order.id, kind); } catch (err) { throw new Unsendable(`${what} illeggibile: ${err instanceof Error ? err.message : String(err)}`); }
    if (!bytes) throw new Unsendable(`${what} non trovato`);
    return bytes;
  }

  /**
   * The files an email carries, each with the words that name it: the durable medium after the signature and
   * after a withdrawal, an appointment's calendar entry.
   */
  async function attachmentsOf(input: MessageInput, delivery: OutboxDelivery, order: OrderForMessage): Promise<Array<{ file: OutgoingAttachment; label: string }>> {
    const n = order.order_number;
    if (input.template === 'contract_signed') {
      const pdf = (filename: string, content: Buffer, label: string) => ({ file: { filename, content, contentType: 'application/pdf' }, label: `${label} (${filename})` });
      const files = [
        pdf(`contratto-firmato-${n}.pdf`, await contractFile(order, 'signed', 'contratto firmato'), 'il contratto firmato'),
        pdf(`sintesi-contrattuale-${n}.pdf`, await contractFile(order, 'summary', 'sintesi contrattuale'), 'la sintesi contrattuale'),
      ];
      // Only a consumer has the 14-day withdrawal (Codice del Consumo art. 52), and so its model form.
      if (input.consumer) {
        const form = await orderWithdrawalFormPdf(config, { orderNumber: n, signedAt: input.signedAt, offerId: order.offer_id, customerType: order.customer_type });
        files.push(pdf(withdrawalFormFilename(n), form, 'il modulo di recesso'));
      }
      return files;
    }
    if (input.template === 'withdrawal_confirmed') {
      const filename = withdrawalReceiptFilename(n);
      const receipt = await orderWithdrawalReceiptPdf(config, {
        orderNumber: n, fieldsJson: order.fields_json, offerId: order.offer_id, customerType: order.customer_type,
        signedAt: order.signed_at ? new Date(order.signed_at) : null, receivedAt: input.receivedAt, channel: input.channel,
        nextSteps: input.nextSteps, trackingUrl: input.trackingUrl,
      });
      return [{ file: { filename, content: receipt, contentType: 'application/pdf' }, label: filename }];
    }
    if (input.template === 'appointment_booked') {
      const host = /^https?:\/\/([^/:]+)/.exec(config.publicBaseUrl)?.[1] ?? 'checkout.invalid';
      const ics = appointmentCalendar({
        uid: `${order.id}.appuntamento@${host}`, sequence: delivery.event.seq, startsAt: input.startsAt, endsAt: input.endsAt,
        brandName: config.brandName, organizerEmail: addressOf(config.smtpFrom), orderNumber: n, trackingUrl: input.trackingUrl,
      });
      return [{ file: { filename: 'appuntamento.ics', content: Buffer.from(ics, 'utf8'), contentType: CALENDAR_CONTENT_TYPE }, label: 'l\'appuntamento' }];
    }
    return [];
  }

  async function messageOf(kind: 'email' | 'sms', delivery: OutboxDelivery): Promise<OutgoingMessage> {
    if (!isTemplate(delivery.template)) throw new Unsendable(`modello sconosciuto: ${String(delivery.template).slice(0, 60)}`);
    const order = await selectOrderForMessage(db, delivery.event.subjectId);
    if (!order) throw new Skip('ordine non trovato');
    const to = kind === 'email' ? emailOf(order) : mobileOf(order);
    if (!to) throw new Skip(kind === 'email' ? 'nessun indirizzo email nell\'ordine' : 'nessun numero di cellulare nell\'ordine');
    const input = await inputOf(delivery.template, delivery, order);
    if (kind === 'sms') return { to, text: renderCustomerSms(input, config.brandName) };
    const attached = await attachmentsOf(input, delivery, order);
    const labelled = input.template === 'contract_signed' || input.template === 'withdrawal_confirmed' ? { ...input, attachments: attached.map((a) => a.label) } : input;
    const email = renderCustomerEmail(labelled, brand);
    return { to, subject: email.subject, text: email.text, html: email.html, ...(attached.length > 0 ? { attachments: attached.map((a) => a.file) } : {}) };
  }

  const handler = (kind: 'email' | 'sms'): DeliveryHandler => async (delivery, signal): Promise<DeliveryOutcome> => {
    const channel = deps.channels[kind];
    if (!channel) return { kind: 'skip', reason: kind === 'email' ? 'nessun canale email configurato' : 'nessun canale SMS configurato' };
    if (signal.aborted) return { kind: 'retry', error: 'invio annullato (il server si sta fermando)' };
    let message: OutgoingMessage;
    try {
      message = await messageOf(kind, delivery);
    } catch (err) {
      if (err instanceof Skip) return { kind: 'skip', reason: err.message };
      if (err instanceof Unsendable) return { kind: 'flag', error: err.message };
      // A database or storage hiccup: the same delivery may go through later.
      return { kind: 'retry', error: `preparazione del messaggio non riuscita: ${err instanceof Error ? err.message : String(err)}`.slice(0, MAX_ERROR) };
    }
    try {
      await channel.send(message, { signal });
      return { kind: 'delivered' };
    } catch (err) {
      if (!(err instanceof MessageDeliveryError)) return { kind: 'retry', error: String(err instanceof Error ? err.message : err).slice(0, MAX_ERROR) };
      const code = err.statusCode === undefined ? {} : { statusCode: err.statusCode };
      return err.permanent ? { kind: 'flag', error: err.message.slice(0, MAX_ERROR), ...code } : { kind: 'retry', error: err.message.slice(0, MAX_ERROR), ...code };
    }
  };

  return { email: handler('email'), sms: handler('sms') };
}
