import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CUSTOMER_TEMPLATES } from '@checkout/contract';
import type { DeliveryTarget, EventType } from '@checkout/contract';
import { describeEachDialect } from '../../../test/support/dialects';
import { signingHarness } from '../../../test/support/signing-harness';
import { startSmtpSink } from '../../../test/support/smtp-sink';
import type { SmtpSink } from '../../../test/support/smtp-sink';
import { createMessageChannels } from '../../infra/messaging/channels';
import { listOutbox } from '../../infra/messaging/dev-outbox';
import type { MessageChannel } from '../../infra/messaging/message-channel';
import { createSmsHttpChannel } from '../../infra/messaging/sms-http-channel';
import { createSmtpChannel } from '../../infra/messaging/smtp-channel';
import { emitEvent } from '../../infra/outbox';
import type { DeliveryOutcome, OutboxDelivery } from '../../infra/outbox';
import { pdfText } from '../../infra/pdf/pdf-text';
import { createNotificationHandlers } from '.';

/*
 * The outbox's email and SMS deliveries, end to end without the worker: an order signed through the real
 * checkout, an event emitted in a transaction as the modules do, its delivery rows handed to the handlers,
 * and the messages received by a real SMTP server (parsed as a mail client reads them) and a real HTTP
 * SMS gateway, both in this process on random ports.
 */

/** What the demo customer (PRIVATO_STEPS) gave and no message may repeat. */
const PERSONAL = ['RSSMRA80A01H501U', 'IT60X0542811101000000123456', 'IT60 X054', 'Rossi', 'Mario', 'Via del Corso', '3331234567', 'CA12345AB', '01/01/1980'];

const squeeze = (text: string): string => text.replace(/\s+/g, '');

interface SmsReceived { to: string; text: string }

async function smsGateway(): Promise<{ url: string; received: SmsReceived[]; close: () => void }> {
  const received: SmsReceived[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString(); });
    req.on('end', () => { received.push(JSON.parse(raw) as SmsReceived); res.statusCode = 200; res.end('{}'); });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received, close: () => { server.closeAllConnections(); server.close(); } };
}

/** A port nothing listens on (taken, then released): an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const s = createTcpServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describeEachDialect('customer notifications through the outbox', (dialect) => {
  const h = signingHarness(dialect);
  let sink: SmtpSink;
  let gateway: Awaited<ReturnType<typeof smsGateway>>;
  let smtp: ReturnType<typeof createSmtpChannel>;
  let sms: MessageChannel;
  const order = { id: '', hash: '', number: '' };

  beforeAll(async () => {
    sink = await startSmtpSink();
    gateway = await smsGateway();
    smtp = createSmtpChannel({ url: sink.url, from: 'Fibra Viva <no-reply@fibraviva.example>', timeoutMs: 2000 });
    sms = createSmsHttpChannel({ url: gateway.url, token: 'tok' });
    order.hash = await h.readyOrder();
    expect((await h.preview(order.hash)).status).toBe(200);
    const signed = await h.sign(order.hash, await h.sendCode(order.hash));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const row = await h.row(order.hash);
    Object.assign(order, { id: row.id, number: row.order_number });
  });
  afterAll(async () => { smtp.close(); gateway.close(); await sink.close(); });

  const handlers = (channels: { email?: MessageChannel | null; sms?: MessageChannel | null } = {}) =>
    createNotificationHandlers({ db: h.t.db, config: h.t.config, channels: { email: smtp, sms, ...channels }, now: () => new Date(h.clock.ms) });
  const trackingUrl = () => `${h.t.config.publicBaseUrl}/ordine/${order.number}`;

  /** Emits as the modules do (in a transaction) and returns the event's deliveries as the worker hands them over. */
  async function emit(type: EventType, data: Record<string, unknown>, subjectId = order.id): Promise<OutboxDelivery[]> {
    const eventId = await h.t.db.transaction().execute((trx) => emitEvent(trx, { type, subjectId, data: { order_id: subjectId, ...data }, at: new Date(h.clock.ms) }));
    const rows = await h.t.db.selectFrom('outbox_deliveries').innerJoin('outbox_events', 'outbox_events.id', 'outbox_deliveries.event_id')
      .select(['outbox_deliveries.id', 'outbox_deliveries.target', 'outbox_deliveries.template', 'outbox_deliveries.attempts',
        'outbox_events.id as event_id', 'outbox_events.type', 'outbox_events.subject_id', 'outbox_events.seq', 'outbox_events.payload_json', 'outbox_events.created_at'])
      .where('outbox_deliveries.event_id', '=', eventId).orderBy('outbox_deliveries.id').execute();
    return rows.map((r) => ({
      id: r.id, target: r.target as DeliveryTarget, template: r.template, attempts: Number(r.attempts),
      event: { id: r.event_id, type: r.type as EventType, subjectId: r.subject_id, seq: Number(r.seq), data: JSON.parse(r.payload_json) as Record<string, unknown>, createdAt: r.created_at },
    }));
  }
  const target = (deliveries: OutboxDelivery[], t: DeliveryTarget): OutboxDelivery => deliveries.find((d) => d.target === t)!;
  const send = (delivery: OutboxDelivery, channels?: Parameters<typeof handlers>[0]): Promise<DeliveryOutcome> =>
    handlers(channels)[delivery.target as 'email' | 'sms'](delivery, new AbortController().signal);
  /** The one message that arrived while `act` ran. */
  async function mailDuring(act: () => Promise<DeliveryOutcome>): Promise<ParsedMail> {
    const before = sink.received.length;
    expect(await act()).toEqual({ kind: 'delivered' });
    expect(sink.received.length).toBe(before + 1);
    return sink.received.at(-1)!;
  }
  const expectNoPersonalData = (...texts: Array<string | false | undefined>) => {
    const all = texts.filter((t): t is string => typeof t === 'string').join('\n');
    for (const value of PERSONAL) expect(all, value).not.toContain(value);
  };

  it('after the signature, emails the signed contract, the summary and the withdrawal form as readable PDFs, with the tracking link', async () => {
    const deliveries = await emit('order.signed', { order_number: order.number });
    expect(deliveries.map((d) => [d.target, d.template])).toEqual([['webhook', null], ['email', 'contract_signed'], ['sms', 'contract_signed']]);
    const mail = await mailDuring(() => send(target(deliveries, 'email')));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : null).toEqual(['mario.rossi@example.it']);
    expect(mail.subject).toBe(`Fibra Viva: il tuo contratto firmato (ordine ${order.number})`);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`contratto-firmato-${order.number}.pdf`, 'application/pdf'],
      [`sintesi-contrattuale-${order.number}.pdf`, 'application/pdf'],
      [`modulo-di-recesso-${order.number}.pdf`, 'application/pdf'],
    ]);
    const texts: string[] = [];
    for (const file of mail.attachments) {
      expect(file.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      texts.push(squeeze(await pdfText(file.content)));
    }
    for (const text of texts) expect(text).toContain(order.number);
    expect(texts[0]).toContain(squeeze('Attestazione di firma elettronica'));
    expect(texts[1]).toContain(squeeze('Sintesi contrattuale'));
    expect(texts[2]).toContain(squeeze('Modulo di recesso tipo'));
    // The signed contract attached is the one on record, byte for byte.
    const stored = await h.t.db.selectFrom('contract_documents').select('sha256').where('order_id', '=', order.id).where('kind', '=', 'signed').executeTakeFirstOrThrow();
    expect(createHash('sha256').update(mail.attachments[0]!.content).digest('hex')).toBe(stored.sha256);

    expect(mail.text).toContain(`Segui il tuo ordine: ${trackingUrl()}`);
    expect(mail.text).toContain(`Recedi online: ${h.t.config.publicBaseUrl}/recesso/${order.number}`);
    expect(mail.html).toContain(`href="${trackingUrl()}"`);
    expectNoPersonalData(mail.subject, mail.text, mail.html);

    const before = gateway.received.length;
    expect(await send(target(deliveries, 'sms'))).toEqual({ kind: 'delivered' });
    expect(gateway.received.slice(before)).toEqual([{ to: '+393331234567', text: `Fibra Viva: il contratto dell'ordine ${order.number} è firmato. Documenti e stato dell'ordine: ${trackingUrl()}` }]);
  });

  it('a rejected document sends the reason and the order page, where the new one is uploaded; never the order hash; an approved one sends nothing', async () => {
    const deliveries = await emit('order.document_reviewed', { order_number: order.number, decision: 'rejected', reason: 'unreadable', note: 'foto sfocata' });
    const mail = await mailDuring(() => send(target(deliveries, 'email')));
    const link = trackingUrl();
    expect(mail.subject).toBe('Fibra Viva: carica di nuovo il documento d\'identità');
    expect(mail.text).toContain(`per l'ordine ${order.number} non abbiamo potuto accettare il documento d'identità: Il documento non è leggibile (foto sfocata).`);
    expect(mail.text).toContain(`Vai al tuo ordine: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(`${mail.text}${mail.html}`).not.toContain(order.hash);
    expect(mail.attachments).toEqual([]);
    expectNoPersonalData(mail.subject, mail.text, mail.html);
    expect(await send(target(deliveries, 'sms'))).toEqual({ kind: 'delivered' });
    expect(gateway.received.at(-1)!.text).toContain(link);
    expect(gateway.received.at(-1)!.text).not.toContain(order.hash);

    expect((await emit('order.document_reviewed', { decision: 'approved' })).map((d) => d.target)).toEqual(['webhook']);
  });

  it('a status the customer hears about says it in plain Italian, with the message written for them and never the internal reason', async () => {
    const deliveries = await emit('order.status_changed', {
      from: 'verified', to: 'cancelled', reason: 'Cliente moroso su altro contratto', customer_message: 'rete non ancora disponibile',
    });
    const mail = await mailDuring(() => send(target(deliveries, 'email')));
    expect(mail.subject).toBe(`Fibra Viva: il tuo ordine ${order.number} è stato annullato`);
    expect(mail.text).toContain(`L'ordine ${order.number} è stato annullato.`);
    expect(mail.text).toContain('Ti scriviamo: «rete non ancora disponibile»');
    expect(mail.text).not.toContain('moroso');
    expect(mail.text).toContain(trackingUrl());
    expect(await send(target(deliveries, 'sms'))).toEqual({ kind: 'delivered' });
    expect(gateway.received.at(-1)!.text).toBe(`Fibra Viva: l'ordine ${order.number} è stato annullato (rete non ancora disponibile). Dettagli: ${trackingUrl()}`);

    const activating = await emit('order.status_changed', { from: 'verified', to: 'activating' });
    expect((await mailDuring(() => send(target(activating, 'email')))).subject).toBe(`Fibra Viva: il tuo ordine ${order.number} è in attivazione`);
    expect((await emit('order.status_changed', { from: 'in_review', to: 'verified' })).map((d) => d.target)).toEqual(['webhook']);
  });

  it('published dates are emailed and texted as they are when sent: how many, the first in Italian, the order\'s page by its number', async () => {
    const at = new Date(h.clock.ms).toISOString();
    const row = (startsAt: string, endsAt: string, status: string) => ({
      id: randomUUID(), order_id: order.id, starts_at: startsAt, ends_at: endsAt, status, published_at: at, booked_at: null, updated_at: at,
    });
    const slots = [
      row('2026-03-11T13:00:00.000Z', '2026-03-11T17:00:00.000Z', 'offered'),
      row('2026-03-10T08:00:00.000Z', '2026-03-10T12:00:00.000Z', 'offered'),
      // Begun already, and withdrawn since the publication: neither is named nor counted.
      row('2026-03-01T07:00:00.000Z', '2026-03-01T11:00:00.000Z', 'offered'),
      row('2026-03-09T08:00:00.000Z', '2026-03-09T12:00:00.000Z', 'withdrawn'),
    ];
    await h.t.db.insertInto('appointment_slots').values(slots).execute();
    try {
      const deliveries = await emit('appointment.slots_published', { order_number: order.number, customer_notified: true });
      expect(deliveries.map((d) => [d.target, d.template])).toEqual([['webhook', null], ['email', 'appointment_slots_published'], ['sms', 'appointment_slots_published']]);
      const mail = await mailDuring(() => send(target(deliveries, 'email')));
      expect(mail.subject).toBe(`Fibra Viva: scegli la data per l'installazione (ordine ${order.number})`);
      expect(mail.text).toContain('ci sono 2 date disponibili, la prima martedì 10 marzo 2026, dalle 9:00 alle 13:00.');
      expect(mail.text).toContain(`Scegli la data: ${trackingUrl()}`);
      expect(mail.html).toContain(`href="${trackingUrl()}"`);
      expect(mail.attachments).toEqual([]);
      expect(`${mail.text ?? ''}${String(mail.html)}`).not.toContain(order.hash);
      expectNoPersonalData(mail.subject, mail.text, mail.html);
      expect(await send(target(deliveries, 'sms'))).toEqual({ kind: 'delivered' });
      expect(gateway.received.at(-1)).toEqual({
        to: '+393331234567', text: `Fibra Viva: 2 date per l'installazione dell'ordine ${order.number}, la prima mar 10/03 alle 9:00. Scegline una: ${trackingUrl()}`,
      });

      // News the provider alone hears of (dates replacing dates still on offer): no message.
      expect((await emit('appointment.slots_published', { customer_notified: false })).map((d) => d.target)).toEqual(['webhook']);
      // Sent late, after the offer was withdrawn: nothing to choose, nothing said.
      await h.t.db.updateTable('appointment_slots').set({ status: 'withdrawn' }).where('order_id', '=', order.id).where('status', '=', 'offered').execute();
      expect(await send(target(deliveries, 'sms'))).toEqual({ kind: 'skip', reason: 'nessuna data ancora da scegliere' });
    } finally {
      await h.t.db.deleteFrom('appointment_slots').where('id', 'in', slots.map((s) => s.id)).execute();
    }
  });

  it('a booked appointment is emailed with its Italian time and a valid calendar file of the booked slot', async () => {
    const at = new Date(h.clock.ms).toISOString();
    const slot = { id: randomUUID(), starts_at: '2026-03-12T07:00:00.000Z', ends_at: '2026-03-12T09:00:00.000Z' };
    const replaced = { id: randomUUID(), starts_at: '2026-03-11T13:00:00.000Z', ends_at: '2026-03-11T15:00:00.000Z' };
    await h.t.db.insertInto('appointment_slots').values([
      { ...slot, order_id: order.id, status: 'booked', published_at: at, booked_at: at, updated_at: at },
      { ...replaced, order_id: order.id, status: 'withdrawn', published_at: at, booked_at: at, updated_at: at },
    ]).execute();

    const deliveries = await emit('appointment.booked', { order_number: order.number, slot_id: slot.id, starts_at: slot.starts_at, ends_at: slot.ends_at });
    const mail = await mailDuring(() => send(target(deliveries, 'email')));
    expect(mail.subject).toBe('Fibra Viva: appuntamento con il tecnico giovedì 12 marzo 2026 alle 08:00');
    expect(mail.text).toContain('Fascia oraria: dalle 08:00 alle 10:00');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['appuntamento.ics', 'text/calendar']]);
    const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0]!.content.toString('utf8')));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.startDate.toJSDate().toISOString()).toBe(slot.starts_at);
    expect(event.endDate.toJSDate().toISOString()).toBe(slot.ends_at);
    expect(event.uid).toBe(`${order.id}.appuntamento@localhost`);
    expect(event.sequence).toBe(deliveries[0]!.event.seq);
    // The organizer is the sender the configuration names (SMTP_FROM).
    expect(h.t.config.smtpFrom).toBe('Fibra Viva <no-reply@example.com>');
    expect(String(vevent.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:no-reply@example.com');
    expectNoPersonalData(mail.subject, mail.text, mail.html, mail.attachments[0]!.content.toString('utf8'));
    expect(await send(target(deliveries, 'sms'))).toEqual({ kind: 'delivered' });
    expect(gateway.received.at(-1)!.text).toBe(`Fibra Viva: appuntamento con il tecnico per l'ordine ${order.number} gio 12/03 dalle 08:00 alle 10:00. Dettagli: ${trackingUrl()}`);

    // A slot the customer has since replaced is not announced: its replacement is.
    const stale = await emit('appointment.booked', { slot_id: replaced.id });
    expect(await send(target(stale, 'email'))).toEqual({ kind: 'skip', reason: 'appuntamento non più prenotato' });
  });

  it('a recipient the server refuses for good is flagged; one it asks to try later is retried', async () => {
    const [delivery] = (await emit('order.status_changed', { to: 'active' })).filter((d) => d.target === 'email');
    sink.refuse.set('mario.rossi@example.it', 550);
    try {
      expect(await send(delivery!)).toEqual({ kind: 'flag', statusCode: 550, error: 'SMTP: invio non riuscito (EENVELOPE RCPT TO 550)' });
      sink.refuse.set('mario.rossi@example.it', 450);
      expect(await send(delivery!)).toMatchObject({ kind: 'retry', statusCode: 450 });
    } finally {
      sink.refuse.delete('mario.rossi@example.it');
    }
    expect((await mailDuring(() => send(delivery!))).subject).toBe(`Fibra Viva: la tua linea è attiva (ordine ${order.number})`);
  });

  it('an SMTP server that is down means a retry, and so does a server that is stopping', async () => {
    const [delivery] = (await emit('order.status_changed', { to: 'activating' })).filter((d) => d.target === 'email');
    const down = createSmtpChannel({ url: `smtp://127.0.0.1:${await closedPort()}`, from: 'x@example.com', timeoutMs: 1000 });
    try {
      expect(await send(delivery!, { email: down })).toMatchObject({ kind: 'retry', error: expect.stringMatching(/^SMTP: invio non riuscito/) });
    } finally {
      down.close();
    }
    const before = sink.received.length;
    expect(await handlers().email(delivery!, AbortSignal.abort())).toMatchObject({ kind: 'retry' });
    expect(sink.received.length).toBe(before);
  });

  it('skips a customer without an email address or a mobile number, and a channel that is not configured', async () => {
    const row = await h.row(order.hash);
    const fields = JSON.parse(row.fields_json) as Record<string, unknown>;
    const deliveries = await emit('order.status_changed', { to: 'activating' });
    await h.t.db.updateTable('orders').set({ fields_json: JSON.stringify({ ...fields, email: ' ', mobile_phone_number: '06 1234567' }) }).where('id', '=', order.id).execute();
    try {
      expect(await send(target(deliveries, 'email'))).toEqual({ kind: 'skip', reason: 'nessun indirizzo email nell\'ordine' });
      expect(await send(target(deliveries, 'sms'))).toEqual({ kind: 'skip', reason: 'nessun numero di cellulare nell\'ordine' });
    } finally {
      await h.t.db.updateTable('orders').set({ fields_json: row.fields_json }).where('id', '=', order.id).execute();
    }
    expect(await send(target(deliveries, 'email'), { email: null })).toEqual({ kind: 'skip', reason: 'nessun canale email configurato' });
  });

  it('a business customer gets the contract and the summary, without the consumer\'s withdrawal form and period', async () => {
    const deliveries = await emit('order.signed', {});
    await h.t.db.updateTable('orders').set({ customer_type: 'business' }).where('id', '=', order.id).execute();
    try {
      const mail = await mailDuring(() => send(target(deliveries, 'email')));
      expect(mail.attachments.map((a) => a.filename)).toEqual([`contratto-firmato-${order.number}.pdf`, `sintesi-contrattuale-${order.number}.pdf`]);
      expect(mail.text).not.toMatch(/recesso|recedere/i);
    } finally {
      await h.t.db.updateTable('orders').set({ customer_type: 'privato' }).where('id', '=', order.id).execute();
    }
  });

  it('flags what cannot be sent as it is: a signed-contract message for an order without a signature, an unknown template', async () => {
    const unsigned = await h.row(await h.readyOrder());
    const deliveries = await emit('order.signed', {}, unsigned.id);
    expect(await send(target(deliveries, 'email'))).toEqual({ kind: 'flag', error: 'ordine senza firma' });
    expect(await send({ ...target(deliveries, 'email'), template: 'birthday' })).toEqual({ kind: 'flag', error: 'modello sconosciuto: birthday' });
    expect(await send({ ...target(deliveries, 'email'), event: { ...target(deliveries, 'email').event, subjectId: randomUUID() } }))
      .toEqual({ kind: 'skip', reason: 'ordine non trovato' });
  });

  it('without SMTP or SMS, the development outbox shows each message with its link and its attachments\' names', async () => {
    const dev = createMessageChannels(h.t.config, h.t.db);
    const deliveries = await emit('order.signed', {});
    expect(await send(target(deliveries, 'email'), { email: dev.email, sms: dev.sms })).toEqual({ kind: 'delivered' });
    expect(await send(target(deliveries, 'sms'), { email: dev.email, sms: dev.sms })).toEqual({ kind: 'delivered' });
    const [email] = await listOutbox(h.t.db, { to: 'mario.rossi@example.it' });
    expect(email?.text).toContain(trackingUrl());
    expect(email?.text).toContain(`Allegati: contratto-firmato-${order.number}.pdf, sintesi-contrattuale-${order.number}.pdf, modulo-di-recesso-${order.number}.pdf`);
    const [text] = await listOutbox(h.t.db, { to: '+393331234567' });
    expect(text?.text).toContain(trackingUrl());
  });

  it('no message of the table carries the order\'s hash or a page opened by it: every template, email and SMS', async () => {
    const at = new Date(h.clock.ms).toISOString();
    const slot = { id: randomUUID(), starts_at: '2026-03-20T07:00:00.000Z', ends_at: '2026-03-20T09:00:00.000Z' };
    const offered = { id: randomUUID(), starts_at: '2026-03-21T07:00:00.000Z', ends_at: '2026-03-21T09:00:00.000Z' };
    // Arranging: dates to choose (an earlier test booked one), then the booking the booked message names.
    await h.t.db.updateTable('appointment_slots').set({ status: 'withdrawn' }).where('order_id', '=', order.id).execute();
    await h.t.db.insertInto('appointment_slots').values({ ...offered, order_id: order.id, status: 'offered', published_at: at, booked_at: null, updated_at: at }).execute();
    const book = () => h.t.db.insertInto('appointment_slots').values({ ...slot, order_id: order.id, status: 'booked', published_at: at, booked_at: at, updated_at: at }).execute();
    const events: Array<[EventType, Record<string, unknown>]> = [
      ['order.signed', { order_number: order.number }],
      ['order.status_changed', { order_number: order.number, from: 'verified', to: 'activating' }],
      ['order.document_reviewed', { order_number: order.number, decision: 'rejected', reason: 'unreadable' }],
      ['appointment.slots_published', { order_number: order.number, customer_notified: true }],
      ['appointment.booked', { order_number: order.number, slot_id: slot.id, starts_at: slot.starts_at, ends_at: slot.ends_at }],
      ['order.withdrawn', { order_number: order.number, withdrawn_at: at, channel: 'online' }],
    ];
    const written = new Set<string>();
    const bodies: string[] = [];
    for (const [type, data] of events) {
      if (type === 'appointment.booked') await book();
      for (const delivery of (await emit(type, data)).filter((d) => d.target !== 'webhook')) {
        written.add(delivery.template!);
        if (delivery.target === 'email') {
          const outcome = send(delivery);
          const mail = await mailDuring(async () => { const o = await outcome; expect(o, `${type} ${delivery.template}`).toEqual({ kind: 'delivered' }); return o; });
          const attachments = await Promise.all(mail.attachments.filter((a) => a.contentType === 'application/pdf').map((a) => pdfText(a.content)));
          bodies.push(`${mail.subject}\n${mail.text}\n${mail.html}\n${attachments.join('\n')}`);
        } else {
          expect(await send(delivery)).toEqual({ kind: 'delivered' });
          bodies.push(gateway.received.at(-1)!.text);
        }
      }
    }
    // Every template of the table was written and read here, by both channels.
    expect([...written].sort()).toEqual([...CUSTOMER_TEMPLATES].sort());
    for (const body of bodies) {
      expect(body).not.toContain(order.hash);
      expect(body).not.toContain(encodeURIComponent(order.hash));
      expect(body).not.toMatch(/\/(document-upload|attiva\/fill-order\/pre)\/|\/api\/orders\//);
    }
  });
});
