import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customerMessagesFor, romeDateTime } from '@checkout/contract';
import { REPO_ROOT } from '../../config';
import { describeEachDialect } from '../../../test/support/dialects';
import { ACCEPTED, signingHarness } from '../../../test/support/signing-harness';
import { startSmtpSink } from '../../../test/support/smtp-sink';
import type { SmtpSink } from '../../../test/support/smtp-sink';
import { createMessageChannels } from '../../infra/messaging/channels';
import { listOutbox } from '../../infra/messaging/dev-outbox';
import { createSmtpChannel } from '../../infra/messaging/smtp-channel';
import { retryPolicyFor, runDeliveryPass } from '../events';
import { gsmSeptets, SMS_SEPTETS } from './gsm';
import { EQUIPMENT_RETURN } from './withdrawal-receipt';
import { createNotificationHandlers } from '.';

/*
 * A withdrawal given online is acknowledged on a durable medium (Codice del Consumo art. 54 c. 3), as the
 * /recesso page promises: confirming it writes the customer's email and SMS into the outbox with the
 * `order.withdrawn` event, and the outbox's worker delivers them: the email, received by a real SMTP
 * server, carries the receipt as a PDF (read with poppler's pdftotext); the SMS lands in the development
 * outbox. What the receipt says about the service depends on whether the customer asked to start within
 * the 14 days (the signature's evidence).
 */

const MOBILE = '+393331234567';
const EMAIL = 'mario.rossi@example.it';
const squeeze = (text: string): string => text.replace(/\s+/g, '');

/** What the /recesso page says once the withdrawal is registered (web/src/locales/it.json). */
const locale = JSON.parse(readFileSync(path.join(REPO_ROOT, 'web/src/locales/it.json'), 'utf8')) as {
  withdrawal: { doneNext: string };
  signature: { withdrawal: { paragraphs: Array<{ title: string; text: string }> } };
};

const pdftotext = (bytes: Buffer): string => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'receipt-')), 'ricevuta.pdf');
  writeFileSync(file, bytes);
  // -layout: each label stays on the line of its value.
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
};

describeEachDialect('a withdrawal is confirmed to the customer on a durable medium', (dialect) => {
  const h = signingHarness(dialect);
  let sink: SmtpSink;
  let smtp: ReturnType<typeof createSmtpChannel>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    smtp = createSmtpChannel({ url: sink.url, from: 'Fibra Viva <no-reply@fibraviva.example>', timeoutMs: 2000 });
  });
  afterAll(async () => { smtp.close(); await sink.close(); });

  /** A consumer order signed by SMS code, with or without the express request to start within the 14 days. */
  async function signedOrder(earlyActivation: boolean): Promise<{ id: string; hash: string; number: string }> {
    const hash = await h.readyOrder();
    expect((await h.preview(hash)).status).toBe(200);
    h.clock.ms += 60_000;
    const asked = await h.call((c) => c.sendOtp({ order_hash: hash }, { mode: 'sms', ...ACCEPTED, early_activation_requested: earlyActivation }));
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await h.sign(hash, await h.latestCode())).status).toBe(200);
    const row = await h.row(hash);
    return { id: row.id, hash, number: row.order_number };
  }

  /** Withdraws online as the /recesso page does: a code to the signer's mobile, then the confirmation. */
  async function withdraw(orderNumber: string): Promise<Date> {
    h.clock.ms += 3 * 86_400_000;
    const sent = await h.call((c) => c.withdrawalSendOtp({ order_number: orderNumber, mode: 'sms' }));
    expect(sent.status).toBe(200);
    const done = await h.call(async (c) => c.withdrawalConfirm({ order_number: orderNumber, otp: await h.latestCode(), challenge_id: sent.data!.challenge_id }));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return new Date(h.clock.ms);
  }

  /** The outbox's worker, as the events module runs it, with the customer's channels: a real SMTP server, SMS to the development outbox. */
  const deliver = () => runDeliveryPass(h.t.db, {
    handlers: createNotificationHandlers({ db: h.t.db, config: h.t.config, channels: { email: smtp, sms: createMessageChannels(h.t.config, h.t.db).sms } }),
    retry: retryPolicyFor(3), now: () => new Date(h.clock.ms),
  });

  const withdrawnDeliveries = (orderId: string) => h.t.db.selectFrom('outbox_deliveries')
    .innerJoin('outbox_events', 'outbox_events.id', 'outbox_deliveries.event_id')
    .select(['outbox_deliveries.target', 'outbox_deliveries.template', 'outbox_deliveries.status', 'outbox_deliveries.last_error'])
    .where('outbox_events.subject_id', '=', orderId).where('outbox_events.type', '=', 'order.withdrawn')
    .orderBy('outbox_deliveries.id').execute();

  const receiptMail = (orderNumber: string): ParsedMail | undefined =>
    sink.received.find((m) => m.subject === `Fibra Viva: abbiamo ricevuto il tuo recesso (ordine ${orderNumber})`);

  it('the contract\'s table sends an email and an SMS for every order.withdrawn', () => {
    expect(customerMessagesFor('order.withdrawn', { order_id: 'o-1', order_number: 'FV-2026-K7M4Q9', withdrawn_at: '2026-03-04T10:00:00.000Z', channel: 'online' }))
      .toEqual([{ target: 'email', template: 'withdrawal_confirmed' }, { target: 'sms', template: 'withdrawal_confirmed' }]);
  });

  it('confirming a withdrawal sends the receipt by email (a PDF with the order, the holder and the Italian time) and an SMS, as /recesso says', async () => {
    // The page's promise: the receipt by email, and an SMS.
    expect(locale.withdrawal.doneNext).toMatch(/^Ti inviamo per email la ricevuta del recesso in PDF, da conservare, e un SMS di conferma\./);

    const order = await signedOrder(false);
    const at = await withdraw(order.number);
    // In the outbox with the event, in the withdrawal's transaction: the provider's webhook, the email, the SMS.
    expect((await withdrawnDeliveries(order.id)).map((d) => [d.target, d.template, d.status])).toEqual([
      ['webhook', null, 'pending'], ['email', 'withdrawal_confirmed', 'pending'], ['sms', 'withdrawal_confirmed', 'pending'],
    ]);

    await deliver();
    expect((await withdrawnDeliveries(order.id)).map((d) => [d.target, d.status, d.last_error])).toEqual([
      ['webhook', 'pending', null], ['email', 'delivered', null], ['sms', 'delivered', null],
    ]);

    // ——— The email and its receipt ———
    const mail = receiptMail(order.number)!;
    expect(mail, 'the receipt email at the SMTP server').toBeDefined();
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : null).toEqual([EMAIL]);
    const tracking = `${h.t.config.publicBaseUrl}/ordine/${order.number}`;
    expect(mail.text).toContain(`Ricevuto il: ${romeDateTime(at)}`);
    expect(mail.text).toContain(`In allegato trovi la ricevuta di recesso da conservare (ricevuta-di-recesso-${order.number}.pdf).`);
    expect(mail.text).toContain(`Vai al tuo ordine: ${tracking}`);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`ricevuta-di-recesso-${order.number}.pdf`, 'application/pdf']]);
    const receipt = mail.attachments[0]!.content;
    expect(receipt.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = squeeze(pdftotext(receipt));
    // 10:01 UTC on 4 March is 11:01 in Italy (UTC+1): the receipt prints the Italian time with its offset.
    expect(romeDateTime(at)).toBe('04/03/2026 11:01:00 (UTC+01:00)');
    for (const needle of [
      'Ricevuta di recesso', 'art. 54 c. 3', `Ordine ${order.number}`, 'Mario Rossi', 'Fibra Viva Casa 1 Giga',
      `Recesso ricevuto il ${romeDateTime(at)}`, 'Online, dalla pagina «Recesso» del sito',
      // Art. 56: the refund within 14 days of the day received, by the same means of payment.
      'entro 14 giorni dal giorno in cui abbiamo ricevuto il recesso, cioè entro il 18/03/2026', 'con lo stesso mezzo di pagamento',
      // No request to start early: nothing is owed for the service (art. 57 c. 4).
      'Non avevi chiesto di iniziare il servizio durante il periodo di recesso: non devi nulla per il servizio',
      EQUIPMENT_RETURN, tracking,
    ]) expect(text, needle).toContain(squeeze(needle));
    expect(text).not.toContain(squeeze('art. 57 c. 3'));
    // The modem sentence is the withdrawal information's, word for word, as the customer read it before signing.
    expect(locale.signature.withdrawal.paragraphs.find((p) => p.title === 'Modem e apparati ricevuti')?.text).toBe(EQUIPMENT_RETURN);

    // ——— The SMS: short, GSM alphabet, the order number, the tracking page by number ———
    const [sms] = (await listOutbox(h.t.db, { to: MOBILE })).filter((m) => m.text.includes(`recesso dall'ordine ${order.number}`));
    expect(sms?.text).toBe(`Fibra Viva: recesso dall'ordine ${order.number} ricevuto il 04/03/2026 alle 11:01. Ricevuta inviata per email. ${tracking}`);
    expect(gsmSeptets(sms!.text), 'GSM alphabet only').not.toBeNull();
    expect(gsmSeptets(sms!.text)!).toBeLessThanOrEqual(SMS_SEPTETS);

    // No link opens the order by its permanent hash, and the messages name nobody (the receipt does).
    for (const said of [mail.subject, mail.text, mail.html, sms!.text]) {
      expect(said).not.toContain(order.hash);
      expect(said).not.toContain('Rossi');
    }
  });

  it('a customer who asked to start within the 14 days is told they pay only for the service provided until the withdrawal', async () => {
    const order = await signedOrder(true);
    await withdraw(order.number);
    await deliver();
    expect((await withdrawnDeliveries(order.id)).map((d) => [d.target, d.status])).toEqual([['webhook', 'pending'], ['email', 'delivered'], ['sms', 'delivered']]);
    const text = squeeze(pdftotext(receiptMail(order.number)!.attachments[0]!.content));
    expect(text).toContain(squeeze(
      'Avevi chiesto di iniziare la prestazione del servizio durante il periodo di recesso: ci devi solo un importo proporzionale a quanto fornito fino al momento '
        + 'in cui ci hai comunicato il recesso, rispetto a tutte le prestazioni previste dal contratto (art. 57 c. 3 Codice del Consumo).',
    ));
    expect(text).not.toContain(squeeze('Non avevi chiesto'));
    expect(text).toContain(squeeze(EQUIPMENT_RETURN));
  });
});
