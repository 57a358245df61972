import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CONSOLE_STATUS_LABELS, PRODUCT_ORDER_STATE_OF, TRACKING_STATUS_TEXTS, activationStartWording, appointmentBookedDataSchema,
  appointmentSlotsPublishedDataSchema, customerMessagesFor, firstActivationDay, orderSignedSnapshotSchema, orderStatusChangedDataSchema,
  WORKFLOW_STATUSES, orderTrackingPath, orderWithdrawnDataSchema, withdrawalLastDay,
} from '@checkout/contract';
import type {
  ActivationTiming, ConsoleOrderDetail, DeliveryTarget, EventType, OrderSignedSnapshot, ProviderOrder, TrackingDetails, WorkflowStatus,
} from '@checkout/contract';
import { createMessageChannels } from '../../src/infra/messaging/channels';
import type { MessageChannels } from '../../src/infra/messaging/channels';
import type { DeliveryOutcome, OutboxDelivery } from '../../src/infra/outbox';
import { catalogModule, seedPromoCodes } from '../../src/modules/catalog';
import { consoleAuthModule } from '../../src/modules/console-auth';
import { createConsoleOrdersModule } from '../../src/modules/console-orders';
import { createDocumentsModule } from '../../src/modules/documents';
import { createNotificationHandlers } from '../../src/modules/notifications';
import { createOrdersModule } from '../../src/modules/orders';
import { createProviderToken, providerModule } from '../../src/modules/provider';
import { createSignatureModule } from '../../src/modules/signature';
import { createTrackingModule } from '../../src/modules/tracking';
import { signInOperator } from '../support/console-session';
import { buildTestApp, describeEachDialect } from '../support/dialects';
import type { TestApp } from '../support/dialects';
import { injectCall } from '../support/inject-client';
import type { InjectClient } from '../support/inject-client';
import { PRIVATO_STEPS } from '../support/privato-steps';
import { providerClientFor, providerRefusal } from '../support/provider-client';
import { added, uploadIdentity } from '../support/signing-harness';
import { TEST_ADDRESS_ID } from '../support/test-coverage';

/*
 * One order, one story: a matrix of orders, each driven through the real HTTP app from the checkout to its
 * end (activation, or an online withdrawal), then read on every surface that tells it: the customer's
 * tracking page, the console's order page and list, the provider API, the outbox events the provider
 * receives and the messages the customer receives. Each surface must tell the same story: the same status
 * (in its own words), the same money, the same withdrawal period, the same appointment, and a message for
 * every event the contract's `customerMessagesFor` says the customer hears of.
 */

type NewOrder = Parameters<InjectClient['newOrder']>[0];
type Steps = Record<string, Record<string, unknown>>;
type Ending = 'active' | 'withdrawn';

interface Story {
  name: string;
  customerType: 'privato' | 'business';
  selection: Omit<NewOrder, 'id_egon_civico'>;
  steps: Steps;
  /** The signing code's channel. */
  mode: 'sms' | 'email';
  /** A consumer asked to start within the 14 days. */
  early: boolean;
  ending: Ending;
  /** What the order itself says, beyond the common story. */
  /** The promo the signed contract applies (null: none). */
  promo: string | null;
  portedNumber: string | null;
  /** When the customer starts (else where the clock stands), and how long they pause before the signature page. */
  startsAt?: string;
  pauseBeforeSigning?: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PRIVATE_ACCEPTANCES = { contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true };
// A business customer has no withdrawal right: the box is not shown, and not ticked.
const BUSINESS_ACCEPTANCES = { contract_summary_read: true, contract_terms_accepted: true, fea_conditions_accepted: true };

/** Mario Rossi (PRIVATO_STEPS: his codice fiscale matches his name) with a contact of this order's own. */
const consumerSteps = (n: number, address: Record<string, unknown> = {}): Steps => ({
  ...PRIVATO_STEPS,
  'step-contact': { ...PRIVATO_STEPS['step-contact'], email: `storia.${n}@example.it`, mobile_phone_number: `+39 333 100 00${String(n).padStart(2, '0')}` },
  'step-address': { ...PRIVATO_STEPS['step-address'], ...address },
});
const businessSteps = (n: number): Steps => ({
  'step-contact': {
    first_name: 'Giulia', last_name: 'Bianchi', email: `azienda.${n}@example.it`, mobile_phone_number: `+39 347 100 00${String(n).padStart(2, '0')}`,
    privacy_consent: true, marketing_consent: false,
  },
  'step-personal': {
    ragione_sociale: 'Officina Digitale Romana S.r.l.', forma_giuridica: 'S.r.l.', partita_iva: '00743110157', company_tax_code: '00743110157',
    pec: 'officina@pec.it', sdi: '0000000', provincia_rea: 'RM', numero_rea: '1234567', ateco: '62.01',
    sede_legale_indirizzo: 'Via Dante', sede_legale_civico: '1', sede_legale_comune: 'Roma', sede_legale_cap: '00185', sede_legale_provincia: 'RM',
  },
  'step-address': PRIVATO_STEPS['step-address']!,
  'step-payment': { sepa_holder_type: 'person', sepa_first_name: 'Giulia', sepa_last_name: 'Bianchi', sepa_tax_code: 'BNCGLI85M41H501Y', iban: 'IT60X0542811101000000123456' },
  'step-document': { ...PRIVATO_STEPS['step-document'], document_number: 'CA98765ZY' },
});
const FIBRA_CASA = { offer_id: 101, routerVariant: 'corten', options: [added(22, 'router'), added(28, 'repeater'), added(10, 'voip')], additional_variants: ['wood'] };

/**
 * The matrix. The order matters: the consumer who waits for the 14 days moves the clock past them, so it
 * comes last; the promo (BLACKFRIDAY, until 1 December 2026) is used while it is valid, then across its end.
 */
const STORIES: Story[] = [
  {
    name: 'a consumer who asked to start within the 14 days, a new number on the voice plan, activated',
    customerType: 'privato', selection: FIBRA_CASA, steps: consumerSteps(1), mode: 'sms', early: true, ending: 'active', promo: null, portedNumber: null,
  },
  {
    name: 'a consumer with a promo code, activated',
    customerType: 'privato', selection: { ...FIBRA_CASA, promo: 'BLACKFRIDAY' }, steps: consumerSteps(2), mode: 'sms', early: true, ending: 'active',
    promo: 'BLACKFRIDAY', portedNumber: null,
  },
  {
    name: 'a consumer porting a fixed number onto the voice plan, who withdraws online after booking',
    customerType: 'privato', selection: FIBRA_CASA,
    steps: consumerSteps(3, { portability_phone: true, portability_operator: 'tim', portability_old_number: '06 1234567', portability_migration_code: 'TLC 0612345678 001 A' }),
    mode: 'sms', early: false, ending: 'withdrawn', promo: null, portedNumber: '061234567',
  },
  {
    name: 'a business customer, code by email, activated',
    customerType: 'business', selection: { offer_id: 201, customer_type: 'business', options: [added(32, 'voip'), added(40, 'repeater')] },
    steps: businessSteps(4), mode: 'email', early: false, ending: 'active', promo: null, portedNumber: null,
  },
  {
    name: 'a business customer on the voucher offer, activated',
    customerType: 'business', selection: { offer_id: 203, customer_type: 'business', options: [added(34, 'voip'), added(40, 'repeater')] },
    steps: businessSteps(5), mode: 'sms', early: false, ending: 'active', promo: null, portedNumber: null,
  },
  {
    // 23:50 in Rome on the promo's last day: the steps are sent with it, the contract is read and signed after midnight.
    name: 'a consumer whose promo code ends between the last step and the signature, activated',
    customerType: 'privato', selection: { ...FIBRA_CASA, promo: 'BLACKFRIDAY' }, steps: consumerSteps(7), mode: 'sms', early: true, ending: 'active',
    promo: null, portedNumber: null, startsAt: '2026-12-01T22:50:00Z', pauseBeforeSigning: 15 * 60_000,
  },
  {
    name: 'a consumer who did not ask to start early, activated after the 14 days',
    customerType: 'privato', selection: FIBRA_CASA, steps: consumerSteps(6), mode: 'sms', early: false, ending: 'active', promo: null, portedNumber: null,
  },
];

/** What the customer's SMS says for each message, the order number and the page link aside (the notifications' words). */
const SMS_SAYS: Record<string, (n: string) => string> = {
  contract_signed: (n) => `il contratto dell'ordine ${n} è firmato`,
  'status_changed:activating': (n) => `l'ordine ${n} è in attivazione`,
  'status_changed:active': (n) => `la linea dell'ordine ${n} è attiva`,
  appointment_slots_published: (n) => `per l'installazione dell'ordine ${n}`,
  appointment_booked: (n) => `appuntamento con il tecnico per l'ordine ${n}`,
  withdrawal_confirmed: (n) => `recesso dall'ordine ${n} ricevuto`,
};
const ROME_TIME = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const ROME_DAY = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });
const isWorkflowStatus = (s: string | null): boolean => s !== null && (WORKFLOW_STATUSES as readonly string[]).includes(s);
const cents = (euros: number): number => Math.round(euros * 100);
const e164 = (mobile: string): string => `+39${mobile.replace(/\D/g, '').replace(/^39(?=3)/, '')}`;
/** `2026-12-06` + `days`, at `utcHour`:00 UTC. */
const dayAt = (day: string, days: number, utcHour: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY + utcHour * HOUR).toISOString();

interface EventRow { id: string; type: EventType; seq: number; data: Record<string, unknown> }
/** A customer's delivery as the outbox holds it, what the handler answered and what reached the customer. */
interface Sent { eventId: string; type: EventType; target: DeliveryTarget; template: string | null; outcome: DeliveryOutcome; to: string | null; text: string | null }

describeEachDialect('one order, one story: every surface tells the same', (dialect) => {
  // The demo's "today" (the promo codes' dates are set around it), 10:00 in Rome.
  const clock = { ms: Date.parse('2026-11-21T09:00:00Z') };
  const now = () => new Date(clock.ms);
  let t: TestApp;
  let channels: MessageChannels;
  let providerToken: string;
  let ip = 0;
  const call = <T>(make: (c: InjectClient) => Promise<T>) =>
    injectCall(t.app, make, { remoteAddress: `10.44.${(++ip >> 8) % 250}.${(ip % 250) + 1}`, headers: { 'user-agent': 'vitest' } });
  const provider = () => providerClientFor(t.app, providerToken, { remoteAddress: '10.45.0.1', headers: { 'user-agent': 'crm-test' } });

  /** The dev outbox as its endpoint shows it to a destination, newest first. */
  const inbox = async (to: string): Promise<Array<{ text: string }>> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Array<{ text: string }> }).data;
  };
  /** The challenge of the last code asked by order number (the page keeps it and sends it back with the code). */
  let challenge = '';
  /** Does `send`, and answers the six-digit code of the one new message it put in `to`'s outbox. */
  const codeFrom = async (to: string, send: () => Promise<{ status: number; raw: string; data?: unknown }>): Promise<string> => {
    const before = new Set((await inbox(to)).map((m) => m.text));
    clock.ms += 61_000; // past the resend cooldown of the code before
    const sent = await send();
    expect(sent.status, sent.raw).toBe(200);
    challenge = (sent.data as { challenge_id?: string } | undefined)?.challenge_id ?? challenge;
    const fresh = (await inbox(to)).filter((m) => !before.has(m.text) && /\b\d{6}\b/.test(m.text));
    expect(fresh, `one new code for ${to}`).toHaveLength(1);
    return /è (\d{6})/.exec(fresh[0]!.text)![1]!;
  };

  const eventsOf = async (orderId: string): Promise<EventRow[]> =>
    (await t.db.selectFrom('outbox_events').select(['id', 'type', 'seq', 'payload_json']).where('subject_id', '=', orderId).orderBy('seq').execute())
      .map((e) => ({ id: e.id, type: e.type as EventType, seq: Number(e.seq), data: JSON.parse(e.payload_json) as Record<string, unknown> }));

  /**
   * The outbox worker's part for the customer: every email and SMS delivery of the order not handed over yet
   * goes to the notification handlers now (as the worker would, moments after the event), each kept in the
   * development outbox; answers what was sent.
   */
  const handled = new Set<string>();
  async function deliverCustomerMessages(orderId: string): Promise<Sent[]> {
    const handlers = createNotificationHandlers({ db: t.db, config: t.config, channels: { email: channels.email, sms: channels.sms }, now });
    const rows = await t.db.selectFrom('outbox_deliveries').innerJoin('outbox_events', 'outbox_events.id', 'outbox_deliveries.event_id')
      .select(['outbox_deliveries.id', 'outbox_deliveries.target', 'outbox_deliveries.template', 'outbox_deliveries.attempts',
        'outbox_events.id as event_id', 'outbox_events.type', 'outbox_events.subject_id', 'outbox_events.seq', 'outbox_events.payload_json', 'outbox_events.created_at'])
      .where('outbox_events.subject_id', '=', orderId).where('outbox_deliveries.target', 'in', ['email', 'sms'])
      .orderBy('outbox_events.seq').orderBy('outbox_deliveries.id').execute();
    const sent: Sent[] = [];
    for (const r of rows.filter((row) => !handled.has(row.id))) {
      handled.add(r.id);
      const delivery: OutboxDelivery = {
        id: r.id, target: r.target as DeliveryTarget, template: r.template, attempts: Number(r.attempts),
        event: { id: r.event_id, type: r.type as EventType, subjectId: r.subject_id, seq: Number(r.seq), data: JSON.parse(r.payload_json) as Record<string, unknown>, createdAt: r.created_at },
      };
      const before = new Set((await t.db.selectFrom('dev_outbox').select('id').execute()).map((m) => m.id));
      const outcome = await handlers[delivery.target as 'email' | 'sms'](delivery, new AbortController().signal);
      const fresh = (await t.db.selectFrom('dev_outbox').select(['id', 'destination', 'text']).execute()).filter((m) => !before.has(m.id));
      expect(fresh.length, `${r.type} ${r.target}: at most one message`).toBeLessThanOrEqual(1);
      sent.push({
        eventId: r.event_id, type: delivery.event.type, target: delivery.target, template: r.template, outcome,
        to: fresh[0]?.destination ?? null, text: fresh[0]?.text ?? null,
      });
    }
    return sent;
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true,
      now,
      modules: [
        catalogModule, createOrdersModule(), createDocumentsModule(),
        createSignatureModule({ sendOtpPerMinute: 10_000, limits: { perIpPerHour: 1000 } }),
        createTrackingModule({ sendOtpPerMinute: 10_000 }),
        consoleAuthModule, createConsoleOrdersModule(), providerModule,
      ],
    });
    await seedPromoCodes(t.db);
    channels = createMessageChannels(t.config, t.db);
    providerToken = (await createProviderToken(t.db, { name: 'CRM Fibra', scopes: ['orders:read', 'orders:write', 'appointments:write'] },
      { operatorId: null, operatorEmail: null, ip: null, userAgent: 'cli' }, now())).token;
  });
  afterAll(async () => { channels?.close(); await t?.close(); });

  for (const story of STORIES) {
    it(story.name, async () => {
      const contact = story.steps['step-contact'] as { email: string; mobile_phone_number: string };
      const email = contact.email.toLowerCase();
      const mobile = e164(contact.mobile_phone_number);
      const consumer = story.customerType === 'privato';
      const sent: Sent[] = [];

      // ——— The checkout: new order, steps, identity document, contract preview, code, signature ———
      if (story.startsAt) clock.ms = Math.max(clock.ms, Date.parse(story.startsAt));
      const created = await call((c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, ...story.selection }));
      expect(created.status, created.raw).toBe(200);
      const hash = (created.data as { hash: string }).hash;
      for (const [name, payload] of Object.entries(story.steps)) {
        const step = await call((c) => c.submitStep({ order_hash: hash, step_name: name }, payload));
        expect(step.status, `${name}: ${step.raw}`).toBe(200);
      }
      await uploadIdentity(call, hash);
      clock.ms += story.pauseBeforeSigning ?? 0;
      const preview = await call((c) => c.contractPreview({ order_hash: hash }));
      expect(preview.status, preview.raw).toBe(200);
      const acceptances = consumer ? { ...PRIVATE_ACCEPTANCES, early_activation_requested: story.early } : BUSINESS_ACCEPTANCES;
      const otp = await codeFrom(story.mode === 'sms' ? mobile : email, () => call((c) => c.sendOtp({ order_hash: hash }, { mode: story.mode, ...acceptances })));
      const signature = await call((c) => c.signWithOtp({ order_hash: hash }, { otp }));
      expect(signature.status, signature.raw).toBe(200);
      const { id, order_number: number } = await t.db.selectFrom('orders').select(['id', 'order_number']).where('hash', '=', hash).executeTakeFirstOrThrow();
      sent.push(...await deliverCustomerMessages(id));

      // ——— The console: the identity document reviewed and approved ———
      clock.ms += HOUR;
      const reviewer = await signInOperator(t.app, t.db, 'backoffice', { now, name: 'Bruno Back' });
      expect(await reviewer.client.claimReview({ order_id: id })).toEqual({ ok: true });
      expect(await reviewer.client.decideReview({ order_id: id }, {
        decision: 'approve', checklist: { names_match: true, not_expired: true, readable: true, photo_present: true },
      })).toEqual({ status: 'verified' });
      sent.push(...await deliverCustomerMessages(id));

      // ——— Within the 14 days, the withdrawal period as each surface tells it ———
      const openDetails = async (): Promise<string> => {
        const code = await codeFrom(mobile, () => call((c) => c.trackingSendOtp({ order_number: number, mode: 'sms' })));
        const verified = await call((c) => c.trackingVerify({ order_number: number, otp: code, challenge_id: challenge }));
        expect(verified.status, verified.raw).toBe(200);
        return verified.data!.token;
      };
      const details = async (token: string): Promise<TrackingDetails> => {
        const res = await call((c) => c.trackingDetails({ token }));
        expect(res.status, res.raw).toBe(200);
        return res.data!;
      };
      let token = await openDetails();
      const signedAt = (await t.db.selectFrom('orders').select('signed_at').where('id', '=', id).executeTakeFirstOrThrow()).signed_at!;
      const timing: ActivationTiming = { customerType: story.customerType, signedAt: new Date(signedAt), earlyActivationRequested: consumer && story.early };
      const lastDay = withdrawalLastDay(new Date(signedAt));
      const firstDay = firstActivationDay(timing);
      const activationText = activationStartWording(timing);
      const trackingEarly = await details(token);
      const consoleEarly = await reviewer.client.getOrder({ order_id: id });
      const providerEarly = await provider().getOrder({ order_ref: id });
      expect(signature.data!.activation_text).toBe(activationText);
      if (consumer) {
        expect(trackingEarly.withdrawal).toEqual({ last_day: lastDay, path: `/recesso/${number}`, activation_text: activationText });
        expect(consoleEarly.withdrawal_period).toEqual({ last_day: lastDay, early_activation_requested: story.early, first_activation_day: firstDay, text: activationText });
        expect(providerEarly.withdrawal_period).toEqual({ early_activation_requested: story.early, first_activation_day: firstDay });
        expect(trackingEarly.documents.map((d) => d.document)).toContain('withdrawal_form');
      } else {
        expect([trackingEarly.withdrawal, consoleEarly.withdrawal_period, providerEarly.withdrawal_period, activationText]).toEqual([null, null, null, null]);
        expect(trackingEarly.documents.map((d) => d.document)).not.toContain('withdrawal_form');
      }

      // ——— The provider: the technician's dates (after the period for a consumer who waits) ———
      clock.ms += HOUR;
      const from = firstDay ?? new Date(clock.ms).toISOString().slice(0, 10);
      const offered = [dayAt(from, 1, 8), dayAt(from, 2, 13), dayAt(from, 3, 8)];
      const published = await provider().publishAppointmentSlots({ order_ref: id }, {
        slots: offered.map((start) => ({ valid_for: { start_date_time: start, end_date_time: new Date(Date.parse(start) + 2 * HOUR).toISOString() } })),
      });
      expect(published.slots.map((s) => s.status)).toEqual(['offered', 'offered', 'offered']);
      sent.push(...await deliverCustomerMessages(id));

      // ——— The customer books the second date on the tracking page ———
      clock.ms += HOUR;
      token = await openDetails();
      const choice = (await details(token)).appointment.offered[1]!;
      expect(choice.id).toBe(published.slots[1]!.id);
      const booked = await call((c) => c.trackingBookAppointment({ token, slot_id: choice.id }));
      expect(booked.status, booked.raw).toBe(200);
      sent.push(...await deliverCustomerMessages(id));

      // ——— The end: activation by the provider, or the customer's online withdrawal ———
      let withdrawnAt: string | null = null;
      if (story.ending === 'active') {
        if (firstDay) {
          // Not before the first day the console and the provider API named.
          const refused = await providerRefusal(provider().moveOrder({ order_ref: id }, { status: 'activating', expected_status: 'verified' }));
          expect([refused.status, refused.error.first_allowed_day]).toEqual([409, providerEarly.withdrawal_period!.first_activation_day]);
          clock.ms = Date.parse(`${firstDay}T08:00:00Z`);
        }
        clock.ms += HOUR;
        expect((await provider().moveOrder({ order_ref: id }, { status: 'activating', expected_status: 'verified' })).status).toBe('activating');
        sent.push(...await deliverCustomerMessages(id));
        clock.ms += HOUR;
        expect((await provider().moveOrder({ order_ref: id }, { status: 'active', expected_status: 'activating' })).status).toBe('active');
        sent.push(...await deliverCustomerMessages(id));
      } else {
        clock.ms += HOUR;
        const asked = { status: 0, raw: '', lastDay: '' };
        const code = await codeFrom(mobile, async () => {
          const res = await call((c) => c.withdrawalSendOtp({ order_number: number, mode: 'sms' }));
          Object.assign(asked, { status: res.status, raw: res.raw, lastDay: res.data?.last_day ?? '' });
          return res;
        });
        // The withdrawal page names the last day the tracking page, the console and the contract name.
        expect(asked.lastDay).toBe(lastDay);
        const confirmed = await call((c) => c.withdrawalConfirm({ order_number: number, otp: code, challenge_id: challenge }));
        expect(confirmed.status, confirmed.raw).toBe(200);
        withdrawnAt = confirmed.data!.withdrawn_at;
        sent.push(...await deliverCustomerMessages(id));
      }

      // ——— Every surface, read at the end ———
      clock.ms += 10 * 60_000;
      const reader = await signInOperator(t.app, t.db, 'backoffice', { now, name: 'Lia Lettrice' });
      const row = await t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const publicStatus = await call((c) => c.trackingStatus({ order_number: number }));
      expect(publicStatus.status, publicStatus.raw).toBe(200);
      const tracking = await details(await openDetails());
      const consoleOrder: ConsoleOrderDetail = await reader.client.getOrder({ order_id: id });
      const listed = (await reader.client.listOrders({ q: number })).items;
      const providerOrder: ProviderOrder = await provider().getOrder({ order_ref: number });
      const events = await eventsOf(id);
      const signedEvents = events.filter((e) => e.type === 'order.signed');
      expect(signedEvents).toHaveLength(1);
      const signedData: OrderSignedSnapshot = orderSignedSnapshotSchema.parse(signedEvents[0]!.data);

      // The same status everywhere, each surface in its own words.
      const status: WorkflowStatus = story.ending;
      expect.soft({
        row: row.workflow_status, trackingStatus: publicStatus.data!.status, trackingDetails: tracking.status,
        console: consoleOrder.order.status, consoleList: listed.map((i) => i.status), provider: providerOrder.status,
      }).toEqual({ row: status, trackingStatus: status, trackingDetails: status, console: status, consoleList: [status], provider: status });
      expect.soft([publicStatus.data!.label, tracking.label]).toEqual([TRACKING_STATUS_TEXTS[status].label, TRACKING_STATUS_TEXTS[status].label]);
      expect.soft([providerOrder.status_label, providerOrder.state]).toEqual([CONSOLE_STATUS_LABELS[status], PRODUCT_ORDER_STATE_OF[status]]);
      // The moves the events told are the moves the provider's history and the console's timeline show.
      const moves = events.filter((e) => e.type === 'order.status_changed').map((e) => orderStatusChangedDataSchema.parse(e.data));
      // The customer's online withdrawal is a move like any other (order.status_changed, by the customer).
      const told = [['signed', 'in_review'], ['in_review', 'verified'], ...(story.ending === 'active' ? [['verified', 'activating'], ['activating', 'active']] : [['verified', 'withdrawn']])];
      // The signature is the first move the events tell (its `from` is the checkout's status).
      expect.soft(moves.map((m) => [m.from, m.to])).toEqual([['ready_to_sign', 'signed'], ...told]);
      if (story.ending === 'withdrawn') expect.soft(moves.at(-1)!.by).toBe('customer');
      const ended = story.ending === 'active' ? moves.at(-1)!.at : withdrawnAt!;
      expect.soft(providerOrder.status_history.map((h) => [h.from, h.to])).toEqual([[null, 'signed'], ...told]);
      const workflowMove = (e: { from_status: string | null; to_status: string | null }) => isWorkflowStatus(e.from_status) && isWorkflowStatus(e.to_status);
      expect.soft(consoleOrder.timeline.filter(workflowMove).map((e) => [e.from_status, e.to_status])).toEqual(told);
      // When it ended: the same instant on the tracking page, the provider API and the event that told it.
      expect.soft({ trackingSince: publicStatus.data!.since, detailsSince: tracking.since, providerCompletion: providerOrder.completion_date })
        .toEqual({ trackingSince: ended, detailsSince: ended, providerCompletion: ended });
      expect.soft(tracking.timeline.at(-1)!.title).toBe(TRACKING_STATUS_TEXTS[status].label);
      expect.soft(providerOrder.order_date).toBe(row.signed_at);
      expect.soft(signedData.signed_at).toBe(row.signed_at);
      expect.soft(consoleOrder.order.signed_at).toBe(row.signed_at);

      // The same money: the console's lines and totals (cents), the provider's euros, the signed event, the
      // preview the customer read before the code, and the price the order row keeps.
      const offer = consoleOrder.offer!;
      const money = {
        consoleLines: { monthly: offer.lines.reduce((s, l) => s + l.monthly_cents, 0), oneOff: offer.lines.reduce((s, l) => s + l.one_off_cents, 0) },
        consoleTotals: { monthly: offer.monthly_total_cents, oneOff: offer.one_off_total_cents },
        provider: { monthly: cents(providerOrder.offer.monthly_price.value), oneOff: cents(providerOrder.offer.one_off_price.value) },
        signedEvent: { monthly: cents(signedData.totals.monthly), oneOff: cents(signedData.totals.one_off) },
        signedEventLines: {
          monthly: signedData.price_lines.reduce((s, l) => s + cents(l.monthly), 0), oneOff: signedData.price_lines.reduce((s, l) => s + cents(l.one_off), 0),
        },
        preview: { monthly: preview.data!.totals.monthly, oneOff: preview.data!.totals.one_off },
        orderRow: { monthly: Number(row.monthly_cents), oneOff: Number(row.one_off_cents) },
      };
      const total = money.consoleTotals;
      expect.soft(money).toEqual({
        consoleLines: total, consoleTotals: total, provider: total, signedEvent: total, signedEventLines: total, preview: total, orderRow: total,
      });
      expect.soft(offer.lines.map((l) => [l.name, l.monthly_cents, l.one_off_cents])).toEqual(signedData.price_lines.map((l) => [
        l.kind === 'included' ? `${l.name} - incluso` : l.name, cents(l.monthly), cents(l.one_off),
      ]));
      // With VAT or without, said alike: the preview, the signed event, the console's page and the provider's order.
      expect.soft([preview.data!.totals.vat_included, signedData.totals.vat_included, offer.vat_included, providerOrder.offer.vat_included]).toEqual([consumer, consumer, consumer, consumer]);
      expect.soft([signedData.offer.id, consoleOrder.order.offer_id, providerOrder.offer.id]).toEqual([story.selection.offer_id, story.selection.offer_id, story.selection.offer_id]);
      expect.soft([offer.name, providerOrder.offer.name, consoleOrder.order.offer_name]).toEqual([signedData.offer.name, signedData.offer.name, signedData.offer.name]);
      expect.soft([signedData.customer_type, consoleOrder.order.customer_type, providerOrder.customer_type]).toEqual([story.customerType, story.customerType, story.customerType]);
      expect.soft([signedData.promo_code, consoleOrder.order.promo]).toEqual([story.promo, story.promo]);
      if (story.promo) expect.soft(signedData.price_lines.some((l) => l.kind === 'promo')).toBe(true);
      // The voice line: the number kept (ported) or a new one, as the event and the console's page say it.
      expect.soft(signedData.voice_line.requested).toBe(true);
      expect.soft(signedData.voice_line.current_number).toBe(story.portedNumber ?? '');
      expect.soft(signedData.portability?.number ?? null).toBe(story.portedNumber);
      const portedRow = consoleOrder.steps.find((s) => s.step === 'step-address')!.rows.find((r) => r.label === 'Numero da portare');
      expect.soft(portedRow?.value ?? null).toBe(story.portedNumber);

      // The same withdrawal period (the tracking page shows it only while it runs).
      expect.soft(signedData.early_activation_requested).toBe(consumer && story.early);
      expect.soft(consoleOrder.withdrawal_period).toEqual(consoleEarly.withdrawal_period);
      expect.soft(providerOrder.withdrawal_period).toEqual(providerEarly.withdrawal_period);
      if (tracking.withdrawal) expect.soft([tracking.withdrawal.last_day, tracking.withdrawal.activation_text]).toEqual([lastDay, activationText]);
      const periodRuns = consumer && story.ending === 'active' && new Date(clock.ms).toISOString().slice(0, 10) <= lastDay;
      expect.soft(tracking.withdrawal !== null).toBe(periodRuns);

      // The same appointment: the slot the customer booked, on the tracking page, the provider API and in the event.
      const bookedEvents = events.filter((e) => e.type === 'appointment.booked').map((e) => appointmentBookedDataSchema.parse(e.data));
      expect.soft(bookedEvents).toHaveLength(1);
      const appointment = { id: choice.id, starts_at: choice.starts_at, ends_at: choice.ends_at };
      expect.soft(tracking.appointment.booked).toEqual(appointment);
      expect.soft(providerOrder.appointment_slots.filter((s) => s.status === 'booked').map((s) => ({ id: s.id, starts_at: s.valid_for.start_date_time, ends_at: s.valid_for.end_date_time })))
        .toEqual([appointment]);
      expect.soft({ id: bookedEvents[0]!.slot_id, starts_at: bookedEvents[0]!.starts_at, ends_at: bookedEvents[0]!.ends_at }).toEqual(appointment);
      const publications = events.filter((e) => e.type === 'appointment.slots_published').map((e) => appointmentSlotsPublishedDataSchema.parse(e.data));
      expect.soft(publications.map((p) => p.slots.map((s) => s.id))).toEqual([published.slots.map((s) => s.id)]);
      // The dates still offered: the same on the tracking page and the provider API, and none once the order has ended.
      const stillOffered = providerOrder.appointment_slots.filter((s) => s.status === 'offered').map((s) => s.id);
      expect.soft(tracking.appointment.offered.map((s) => s.id)).toEqual(stillOffered);
      expect.soft(tracking.appointment.open).toBe(false);
      expect.soft(stillOffered, 'an order that has ended offers no dates').toEqual([]);

      if (story.ending === 'withdrawn') {
        const withdrawn = events.filter((e) => e.type === 'order.withdrawn').map((e) => orderWithdrawnDataSchema.parse(e.data));
        expect.soft(withdrawn.map((w) => [w.order_number, w.withdrawn_at, w.channel])).toEqual([[number, withdrawnAt, 'online']]);
      }

      // The customer's messages: for every event, the deliveries the contract's table names, each delivered
      // to the order's contact, saying what happened to this order.
      for (const event of events) {
        const expected = customerMessagesFor(event.type, event.data).map((m) => `${m.target}:${m.template}`).sort();
        const made = sent.filter((s) => s.eventId === event.id).map((s) => `${s.target}:${s.template}`).sort();
        expect.soft(made, `${event.type} ${JSON.stringify(event.data).slice(0, 120)}`).toEqual(expected);
      }
      for (const s of sent) {
        expect.soft(s.outcome, `${s.type} ${s.target}`).toEqual({ kind: 'delivered' });
        expect.soft(s.to).toBe(s.target === 'email' ? email : mobile);
        expect.soft(s.text, `${s.type} ${s.target}`).toContain(number);
        expect.soft(s.text).toContain(`${t.config.publicBaseUrl}${orderTrackingPath(number)}`);
      }
      const heard = sent.filter((s) => s.target === 'sms').map((s) => {
        const to = s.type === 'order.status_changed' ? `:${String(events.find((e) => e.id === s.eventId)!.data.to)}` : '';
        return `${s.template}${to}`;
      });
      expect.soft(heard).toEqual([
        'contract_signed', 'appointment_slots_published', 'appointment_booked',
        ...(story.ending === 'active' ? ['status_changed:activating', 'status_changed:active'] : ['withdrawal_confirmed']),
      ]);
      for (const s of sent.filter((m) => m.target === 'sms')) {
        const key = s.type === 'order.status_changed' ? `status_changed:${String(events.find((e) => e.id === s.eventId)!.data.to)}` : s.template!;
        expect.soft(s.text).toContain(SMS_SAYS[key]!(number));
      }
      // The booked appointment's message names the booked slot's times; the withdrawal's, when it was received.
      const bookedSms = sent.find((s) => s.target === 'sms' && s.template === 'appointment_booked')!;
      expect.soft(bookedSms.text).toContain(`dalle ${ROME_TIME.format(new Date(appointment.starts_at))} alle ${ROME_TIME.format(new Date(appointment.ends_at))}`);
      if (withdrawnAt) {
        const receipt = sent.find((s) => s.target === 'sms' && s.template === 'withdrawal_confirmed')!;
        expect.soft(receipt.text).toContain(`ricevuto il ${ROME_DAY.format(new Date(withdrawnAt))} alle ${ROME_TIME.format(new Date(withdrawnAt))}`);
      }
      // The signed contract's email carries the withdrawal form exactly when the tracking page offers it.
      const contractMail = sent.find((s) => s.target === 'email' && s.template === 'contract_signed')!;
      expect.soft(contractMail.text!.includes(`modulo-di-recesso-${number}.pdf`)).toBe(consumer);
      // And the customer's outbox (the dev outbox endpoint) holds every one of them.
      const mailbox = (await inbox(email)).map((m) => m.text);
      const phone = (await inbox(mobile)).map((m) => m.text);
      for (const s of sent) expect.soft(s.target === 'email' ? mailbox : phone).toContain(s.text);
    });
  }
});
