import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { appointmentBookedDataSchema, appointmentWindowText, trackingDocumentDownload } from '@checkout/contract';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { describeEachDialect } from '../../../test/support/dialects';
import { signingHarness } from '../../../test/support/signing-harness';
import { withoutRequestId } from '../../../test/support/request-id';
import { pdfWith } from '../../../test/hostile/hostile-files';
import { createTrackingModule } from './routes';

/*
 * The customer's tracking page through the typed client: the order number opens only the status; a code
 * sent to the order's contact opens the details for 30 minutes; with them the customer books one of the
 * slots offered for their order (never another order's, never one that has begun), each booking writing
 * `appointment.booked` in its own transaction, and downloads the contract's documents.
 */

const HOUR = 3_600_000;
const WITHDRAWAL_FORM = pdfWith('', [], 'MODULO DI RECESSO');

describeEachDialect('tracking', (dialect) => {
  const h = signingHarness(dialect, '2026-03-01T10:00:00Z', {
    moreModules: (now) => [createTrackingModule({ now, sendOtpPerMinute: 10_000, renderWithdrawalForm: async () => WITHDRAWAL_FORM })],
  });
  const { call, preview, sign, readyOrder, latestCode, sendCode, row, clock } = h;

  /** A signed consumer order. */
  const signedOrder = async (): Promise<{ hash: string; number: string; id: string }> => {
    const hash = await readyOrder();
    expect((await preview(hash)).status).toBe(200);
    expect((await sign(hash, await sendCode(hash))).status).toBe(200);
    const r = await row(hash);
    return { hash, number: r.order_number, id: r.id };
  };
  /** The challenge of the last code asked (the page keeps it and sends it back with the code). */
  let challenge = '';
  const askCode = async (orderNumber: string) => {
    clock.ms += 60_000;
    const sent = await call((c) => c.trackingSendOtp({ order_number: orderNumber, mode: 'sms' }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    challenge = sent.data!.challenge_id;
    return latestCode();
  };
  /** The details' access token of an order, through its code. */
  const openDetails = async (orderNumber: string): Promise<string> => {
    const code = await askCode(orderNumber);
    const verified = await call((c) => c.trackingVerify({ order_number: orderNumber, otp: code, challenge_id: challenge }));
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    return verified.data!.token;
  };
  const details = (token: string) => call((c) => c.trackingDetails({ token }));
  const book = (token: string, slotId: string) => call((c) => c.trackingBookAppointment({ token, slot_id: slotId }));
  /** Slots published for an order (as the provider API does), each two hours from its start. */
  const publish = async (orderId: string, ...startsAt: string[]): Promise<string[]> => {
    const at = new Date(clock.ms).toISOString();
    const ids = startsAt.map(() => randomUUID());
    await h.t.db.insertInto('appointment_slots').values(startsAt.map((start, i) => ({
      id: ids[i]!, order_id: orderId, status: 'offered', published_at: at, updated_at: at, booked_at: null,
      starts_at: start, ends_at: new Date(Date.parse(start) + 2 * HOUR).toISOString(),
    }))).execute();
    return ids;
  };
  /** `days` after the clock's day, at `utcHour`:00 (the clock moves on from test to test). */
  const dayAt = (days: number, utcHour: number): string => {
    const d = new Date(clock.ms);
    d.setUTCHours(utcHour, 0, 0, 0);
    return new Date(d.getTime() + days * 24 * HOUR).toISOString();
  };
  const events = (orderId: string) => h.t.db.selectFrom('outbox_events').selectAll()
    .where('subject_id', '=', orderId).where('type', '=', 'appointment.booked').orderBy('seq').execute();
  const slotStatuses = async (ids: string[]) => {
    const rows = await h.t.db.selectFrom('appointment_slots').select(['id', 'status']).where('id', 'in', ids).execute();
    return ids.map((id) => rows.find((r) => r.id === id)?.status);
  };
  const download = (token: string, document: string) => h.t.app.inject({
    method: 'POST', url: trackingDocumentDownload.path, payload: { api_key: DEMO_PUBLIC_API_KEY, token, document },
  });

  it('the order number alone shows the status in plain Italian and its date, nothing personal', async () => {
    const { hash, number, id } = await signedOrder();
    const signedAt = (await row(hash)).signed_at;
    const status = await call((c) => c.trackingStatus({ order_number: number.toLowerCase() }));
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    expect(status.body.data).toEqual({ order_number: number, status: 'signed', label: 'Contratto firmato', since: signedAt });
    for (const secret of ['Mario', 'Rossi', '3331234567', '@', hash, id, 'RSSMRA']) expect(status.raw).not.toContain(secret);

    // After the provider moves it: the new status, and the time of the move.
    await h.t.db.updateTable('orders').set({ workflow_status: 'activating' }).where('id', '=', id).execute();
    const movedAt = new Date(clock.ms + HOUR).toISOString();
    await h.t.db.insertInto('order_timeline').values({
      order_id: id, kind: 'status', at: movedAt, from_status: 'verified', to_status: 'activating', operator_id: null, operator_name: null, text: null,
    }).execute();
    const moved = await call((c) => c.trackingStatus({ order_number: number }));
    expect(moved.body.data).toEqual({ order_number: number, status: 'activating', label: 'In attivazione', since: movedAt });
  });

  it('an unknown number and a malformed one get the same 404', async () => {
    const unknown = await call((c) => c.trackingStatus({ order_number: 'FV-2026-ZZZZZZ' }));
    const malformed = await call((c) => c.trackingStatus({ order_number: 'not an order' }));
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(withoutRequestId(malformed.raw)).toBe(withoutRequestId(unknown.raw));
    expect(unknown.body.error).toMatchObject({ code: 'tracking_unknown_order', fields: { order_number: 'Numero d’ordine non trovato.' } });
    const code = await call((c) => c.trackingSendOtp({ order_number: 'FV-2026-ZZZZZZ', mode: 'sms' }));
    expect(withoutRequestId(code.raw)).toBe(withoutRequestId(unknown.raw));
  });

  it('a wrong code opens nothing and is counted; the right one opens the details once; a made-up token is refused', async () => {
    const { number, id } = await signedOrder();
    const code = await askCode(number);
    const wrong = await call((c) => c.trackingVerify({ order_number: number, otp: code === '000000' ? '111111' : '000000', challenge_id: challenge }));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'otp_wrong', attempts_left: 4, fields: { otp: 'Codice errato.' } });
    expect(await h.t.db.selectFrom('tracking_access').selectAll().where('order_id', '=', id).execute()).toEqual([]);

    const right = await call((c) => c.trackingVerify({ order_number: number, otp: code, challenge_id: challenge }));
    expect(right.status).toBe(200);
    expect(right.data).toMatchObject({ order_number: number, expires_at: new Date(clock.ms + 30 * 60_000).toISOString() });
    expect((await call((c) => c.trackingVerify({ order_number: number, otp: code, challenge_id: challenge }))).status).toBe(409);
    // Only the token's hash is kept.
    const stored = await h.t.db.selectFrom('tracking_access').selectAll().where('order_id', '=', id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(right.data!.token);

    const madeUp = await details('a'.repeat(43));
    expect(madeUp.status).toBe(401);
    expect(madeUp.body.error).toMatchObject({ code: 'tracking_access_expired' });
    // A code for the withdrawal page does not open the tracking page.
    clock.ms += 60_000;
    expect((await call((c) => c.withdrawalSendOtp({ order_number: number, mode: 'sms' }))).status).toBe(200);
    const withdrawalCode = await latestCode();
    const other = await call((c) => c.trackingVerify({ order_number: number, otp: withdrawalCode, challenge_id: challenge }));
    expect(other.status).toBe(409);
  });

  it('the access lasts 30 minutes', async () => {
    const { number } = await signedOrder();
    const token = await openDetails(number);
    clock.ms += 29 * 60_000;
    expect((await details(token)).status).toBe(200);
    clock.ms += 60_000;
    const ended = await details(token);
    expect(ended.status).toBe(401);
    expect(ended.body.error!.message).toBe('Per sicurezza l’accesso ai dettagli dura 30 minuti ed è scaduto: chiedi un nuovo codice.');
    expect((await book(token, randomUUID())).status).toBe(401);
    expect((await download(token, 'signed_contract')).statusCode).toBe(401);
  });

  it('the upload link of a document to redo opens the order\'s documents for two hours, naming itself, never the hash', async () => {
    const { hash, number, id } = await signedOrder();
    await h.t.db.updateTable('orders').set({ workflow_status: 'documents_to_redo' }).where('id', '=', id).execute();
    const d = (await details(await openDetails(number))).data!;
    const ref = d.document_to_redo!.upload_path.split('/').pop()!;
    const list = (orderRef: string) => h.t.app.inject({ method: 'POST', url: `/api/orders/${orderRef}/documents`, payload: { api_key: DEMO_PUBLIC_API_KEY } });
    const listed = await list(ref);
    expect(listed.statusCode, listed.body).toBe(200);
    const medias = (listed.json() as { data: { medias: Array<{ order_id: string }> } }).data.medias;
    expect(medias.length).toBeGreaterThan(0);
    expect(medias.map((m) => m.order_id)).toEqual(medias.map(() => ref));
    expect(listed.body).not.toContain(hash);
    // One character changed: no order. Two hours on: the link has expired, and says where to get a new one.
    expect((await list(`${ref.slice(0, -2)}${ref.at(-2) === 'A' ? 'B' : 'A'}${ref.at(-1)}`)).statusCode).toBe(404);
    clock.ms += 2 * HOUR;
    const expired = await list(ref);
    expect(expired.statusCode).toBe(410);
    expect((expired.json() as { error: { code: string; message: string } }).error).toMatchObject({ code: 'file_link_expired', message: expect.stringContaining('Segui il tuo ordine') as string });
  });

  it('the details: the customer’s timeline, the documents, the withdrawal within 14 days, a document to upload again', async () => {
    const { hash, number, id } = await signedOrder();
    const base = clock.ms;
    const at = (hours: number) => new Date(base + hours * HOUR).toISOString();
    await h.t.db.insertInto('order_timeline').values([
      { order_id: id, kind: 'status', at: at(1), from_status: 'signed', to_status: 'in_review', operator_id: 'op', operator_name: 'Giulia', text: 'Verifica del documento iniziata', customer_visible: 0 },
      { order_id: id, kind: 'note', at: at(2), from_status: null, to_status: null, operator_id: 'op', operator_name: 'Giulia', text: 'Nota interna: cliente richiamato', customer_visible: 0 },
      { order_id: id, kind: 'status', at: at(3), from_status: 'in_review', to_status: 'documents_to_redo', operator_id: 'op', operator_name: 'Giulia', text: 'Il documento è scaduto', customer_visible: 1 },
    ]).execute();
    const mediaId = randomUUID();
    await h.t.db.insertInto('medias').values({ id: mediaId, order_id: id, kind: 'identity_document', filename: 'ci.png', mime: 'image/png', size: 1, sha256: 'x', stored_name: 'x', created_at: at(0) }).execute();
    await h.t.db.insertInto('document_reviews').values({
      id: randomUUID(), order_id: id, media_id: mediaId, decision: 'rejected', reason_code: 'expired', note: 'scaduto a gennaio', operator_id: 'op', operator_name: 'Giulia', at: at(3),
    }).execute();
    await h.t.db.updateTable('orders').set({ workflow_status: 'documents_to_redo' }).where('id', '=', id).execute();
    clock.ms += 4 * HOUR;

    const token = await openDetails(number);
    const d = (await details(token)).data!;
    const signedAt = (await row(hash)).signed_at;
    expect(d).toMatchObject({ order_number: number, status: 'documents_to_redo', label: 'Documento da caricare di nuovo', since: at(3) });
    expect(d.timeline.map((e) => [e.title, e.text])).toEqual([
      ['Ordine creato', null],
      ['Contratto firmato', 'Firmato online con il codice monouso.'],
      ['Documento da caricare di nuovo', 'Il documento è scaduto'],
    ]);
    expect(d.timeline[1]!.at).toBe(signedAt);
    expect(JSON.stringify(d)).not.toContain('Giulia');
    expect(JSON.stringify(d)).not.toContain('Nota interna');
    expect(d.document_to_redo).toEqual({ reason: 'Il documento è scaduto: scaduto a gennaio', upload_path: expect.stringMatching(/^\/document-upload\/[A-Za-z0-9_-]{30,100}$/) as string });
    expect(d.document_to_redo!.upload_path).not.toContain(hash);
    expect(d.documents.map((doc) => doc.document)).toEqual(['signed_contract', 'contract_summary', 'withdrawal_form']);
    // Signed without asking to start within the 14 days: the service starts after them, and the page says when.
    expect(d.withdrawal).toEqual({
      last_day: '2026-03-15', path: `/recesso/${number}`,
      activation_text: 'Attivazione dopo i 14 giorni di ripensamento: la chiediamo dal 16/03/2026, il giorno dopo la fine del periodo (15/03/2026).',
    });
    expect(d.appointment).toEqual({ booked: null, offered: [], open: true });

    // The signed contract is the very PDF of the thank-you page's link.
    const pdf = await download(token, 'signed_contract');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="contratto-firmato-${number}.pdf"`);
    const thanks = await h.download(hash, 'signed_contract');
    expect(pdf.rawPayload.equals(thanks.rawPayload)).toBe(true);
    const summary = await download(token, 'contract_summary');
    expect(summary.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await download(token, 'withdrawal_form')).rawPayload.equals(Buffer.from(WITHDRAWAL_FORM))).toBe(true);
    const refused = await download(token, 'something_else');
    expect(refused.statusCode).toBe(422);
    expect((await h.t.app.inject({ method: 'POST', url: trackingDocumentDownload.path, payload: { token, document: 'signed_contract' } })).statusCode).toBe(401);

    // After the 14 days: no withdrawal button.
    clock.ms += 15 * 24 * HOUR;
    const later = await openDetails(number);
    expect((await details(later)).data!.withdrawal).toBeNull();
  });

  it('books an offered slot, changes it, and writes appointment.booked with each booking', async () => {
    const { number, id } = await signedOrder();
    const [startFirst, startSecond] = [dayAt(2, 8), dayAt(3, 13)];
    const [first, second, third] = await publish(id, startFirst, startSecond, dayAt(4, 8));
    const token = await openDetails(number);
    const offered = (await details(token)).data!.appointment;
    expect(offered.offered.map((s) => s.id)).toEqual([first, second, third]);

    const booked = await book(token, second!);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.data).toMatchObject({ booked: { id: second }, rebooked: false });
    expect(await slotStatuses([first!, second!, third!])).toEqual(['offered', 'booked', 'offered']);
    const [event] = await events(id);
    const data = appointmentBookedDataSchema.parse(JSON.parse(event!.payload_json));
    expect(data).toEqual({
      order_id: id, order_number: number, slot_id: second, rebooked: false,
      starts_at: startSecond, ends_at: new Date(Date.parse(startSecond) + 2 * HOUR).toISOString(),
    });
    const deliveries = await h.t.db.selectFrom('outbox_deliveries').select(['target', 'template']).where('event_id', '=', event!.id).orderBy('id').execute();
    expect(deliveries).toEqual([
      { target: 'webhook', template: null }, { target: 'email', template: 'appointment_booked' }, { target: 'sms', template: 'appointment_booked' },
    ]);

    // A double click: the same answer, no second event.
    expect((await book(token, second!)).data).toMatchObject({ booked: { id: second }, rebooked: false });
    expect(await events(id)).toHaveLength(1);

    // Changing: the slot left is offered again.
    const changed = await book(token, first!);
    expect(changed.data).toMatchObject({ booked: { id: first }, rebooked: true });
    expect(await slotStatuses([first!, second!, third!])).toEqual(['booked', 'offered', 'offered']);
    const after = await events(id);
    expect(after).toHaveLength(2);
    expect(JSON.parse(after[1]!.payload_json)).toMatchObject({ slot_id: first, rebooked: true });

    const d = (await details(token)).data!;
    expect(d.appointment.booked?.id).toBe(first);
    expect(d.appointment.offered.map((s) => s.id)).toEqual([second, third]);
    expect(d.timeline.filter((e) => e.title.startsWith('Appuntamento')).map((e) => [e.title, e.text])).toEqual([
      ['Appuntamento fissato', appointmentWindowText(startSecond, new Date(Date.parse(startSecond) + 2 * HOUR).toISOString())],
      ['Appuntamento cambiato', appointmentWindowText(startFirst, new Date(Date.parse(startFirst) + 2 * HOUR).toISOString())],
    ]);
    // The console's timeline reads the same note whole.
    const notes = await h.t.db.selectFrom('order_timeline').select(['text', 'customer_visible', 'operator_id']).where('order_id', '=', id).where('kind', '=', 'note').execute();
    expect(notes.map((n) => [n.text?.split(':')[0], n.customer_visible, n.operator_id])).toEqual([['Appuntamento fissato', 1, null], ['Appuntamento cambiato', 1, null]]);
  });

  it('refuses another order’s slot, a slot that has begun, a withdrawn one and an ended order, and writes no event', async () => {
    const mine = await signedOrder();
    const theirs = await signedOrder();
    const soonAt = new Date(clock.ms + HOUR).toISOString();
    const [soon, later, gone] = await publish(mine.id, soonAt, dayAt(3, 8), dayAt(4, 8));
    const [foreign] = await publish(theirs.id, dayAt(2, 8));
    await h.t.db.updateTable('appointment_slots').set({ status: 'withdrawn' }).where('id', '=', gone!).execute();
    clock.ms += 2 * HOUR;
    const token = await openDetails(mine.number);

    const other = await book(token, foreign!);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'appointment_slot_unavailable', fields: { slot_id: 'Appuntamento non più disponibile.' } });
    const unknown = await book(token, randomUUID());
    expect(withoutRequestId(unknown.raw)).toBe(withoutRequestId(other.raw));
    expect(withoutRequestId((await book(token, gone!)).raw)).toBe(withoutRequestId(other.raw));
    const past = await book(token, soon!);
    expect(past.status).toBe(409);
    expect(past.body.error).toMatchObject({ code: 'appointment_slot_past' });
    // The slot that began is no longer offered in the details either.
    expect((await details(token)).data!.appointment.offered.map((s) => s.id)).toEqual([later]);

    await h.t.db.updateTable('orders').set({ workflow_status: 'active' }).where('id', '=', mine.id).execute();
    const ended = await book(token, later!);
    expect(ended.status).toBe(409);
    expect(ended.body.error).toMatchObject({ code: 'appointment_closed' });
    expect((await details(token)).data!.appointment.open).toBe(false);

    expect(await events(mine.id)).toEqual([]);
    expect(await events(theirs.id)).toEqual([]);
    expect(await slotStatuses([soon!, later!, gone!, foreign!])).toEqual(['offered', 'offered', 'withdrawn', 'offered']);
  });

  it('two choices at once leave one booked slot and an event for each', async () => {
    const { number, id } = await signedOrder();
    const slots = await publish(id, dayAt(2, 8), dayAt(2, 12), dayAt(3, 8), dayAt(3, 12));
    const token = await openDetails(number);
    const answers = await Promise.all(slots.map((slot) => book(token, slot)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.data!.rebooked)).toHaveLength(3);
    expect((await slotStatuses(slots)).filter((s) => s === 'booked')).toHaveLength(1);
    const written = await events(id);
    expect(written.map((e) => JSON.parse(e.payload_json).rebooked)).toEqual([false, true, true, true]);
    // The last event names the slot that stayed booked.
    const booked = slots[(await slotStatuses(slots)).indexOf('booked')];
    expect(JSON.parse(written.at(-1)!.payload_json).slot_id).toBe(booked);
  });

  it('a booking whose event cannot be written is not made', async () => {
    const { number, id } = await signedOrder();
    const [slot] = await publish(id, dayAt(2, 8));
    const token = await openDetails(number);
    // The outbox out of reach for a moment: the event's write fails inside the booking's transaction.
    await sql`alter table outbox_deliveries rename to outbox_deliveries_away`.execute(h.t.db);
    try {
      expect((await book(token, slot!)).status).toBe(500);
    } finally {
      await sql`alter table outbox_deliveries_away rename to outbox_deliveries`.execute(h.t.db);
    }
    expect(await slotStatuses([slot!])).toEqual(['offered']);
    expect(await events(id)).toEqual([]);
    expect((await details(token)).data!.timeline.some((e) => e.title.startsWith('Appuntamento'))).toBe(false);
    expect((await book(token, slot!)).status).toBe(200);
    expect(await events(id)).toHaveLength(1);
  });
});
