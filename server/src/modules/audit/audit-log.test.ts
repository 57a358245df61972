import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleRefusal, signInOperator } from '../../../test/support/console-session';
import type { SignedInTestOperator } from '../../../test/support/console-session';
import type { Db } from '../../db';
import { recordAudit } from './audit-log';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** A bare order with a number: the log names it by that number. */
async function orderWithNumber(db: Db, at: string): Promise<{ id: string; number: string }> {
  const id = randomUUID();
  const number = `FV-2026-${randomBytes(3).toString('hex').toUpperCase()}`;
  await db.insertInto('orders').values({
    id, hash: randomBytes(16).toString('hex'), status: 'signed', offer_id: 101, customer_type: 'privato', is_brand_customer: 0, referer_code: null,
    fields_json: '{}', step_data_json: '{}', created_at: at, updated_at: at, premade_code: null, order_number: number,
  } as never).execute();
  return { id, number };
}

/** The CSV export as the browser fetches it (the session's cookie), its lines without the BOM. */
async function exportCsv(t: TestApp, op: SignedInTestOperator, query: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: op.client.fileUrl('exportAudit', {}, query as never), headers: { cookie: op.cookie } });
  return { res, lines: res.body.replace(/^\uFEFF/, '').split('\r\n').filter((l) => l !== '') };
}

const START = Date.parse('2026-11-26T09:00:00.000Z');
const DAY = 86_400_000;

forEachDialect('audit log', (dialect) => {
  let t: TestApp;
  afterEach(async () => { await t.close(); });

  it('refuses every UPDATE and DELETE, from any code path', async () => {
    t = await buildTestApp(dialect);
    await recordAudit(t.db, { action: 'sign_in', operatorId: 'op-1', operatorEmail: 'a@example.it', ip: '10.0.0.1' }, new Date(START));
    await expect(t.db.updateTable('audit_log').set({ operator_email: 'altro@example.it' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where action = 'sign_in'`.execute(t.db)).rejects.toThrow(/append-only/);
    if (dialect.name === 'postgres') await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    // Inside a transaction the refusal rolls the whole transaction back.
    await expect(t.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { action: 'sign_out', operatorId: 'op-1', operatorEmail: 'a@example.it' }, new Date(START + 1000));
      await trx.deleteFrom('audit_log').where('action', '=', 'sign_in').execute();
    })).rejects.toThrow(/append-only/);
    expect(await t.db.selectFrom('audit_log').select(['action', 'operator_email']).execute()).toEqual([{ action: 'sign_in', operator_email: 'a@example.it' }]);
  });

  it('lists for admins, newest first, filtered by action, operator, target and days, paged', async () => {
    const nowMs = START + 10 * DAY;
    t = await buildTestApp(dialect, { now: () => new Date(nowMs) });
    const admin = await signInOperator(t.app, t.db, 'admin', { now: () => new Date(nowMs) });
    for (let i = 0; i < 5; i += 1) {
      await recordAudit(t.db, { action: 'personal_data_revealed', operatorId: 'op-2', operatorEmail: 'b@example.it', targetType: 'order', targetId: `ord-${i % 2}`, detail: { i } }, new Date(START + i * DAY));
    }
    const all = await admin.client.listAudit({});
    expect(all.total).toBe(6);
    expect(all.items[0]).toMatchObject({ action: 'sign_in', operator_id: admin.operator.id, ip: '127.0.0.1' });
    expect(all.items[1]).toMatchObject({ action: 'personal_data_revealed', detail: { i: 4 }, operator_email: 'b@example.it', target_type: 'order' });
    expect((await admin.client.listAudit({ action: 'sign_in' })).items).toHaveLength(1);
    expect((await admin.client.listAudit({ operator_id: 'op-2', target_id: 'ord-1' })).items.map((e) => e.detail)).toEqual([{ i: 3 }, { i: 1 }]);
    const days = await admin.client.listAudit({ from: '2026-11-27', to: '2026-11-28' });
    expect(days.items.map((e) => e.detail)).toEqual([{ i: 2 }, { i: 1 }]);
    const page2 = await admin.client.listAudit({ page: 2, page_size: 4 });
    expect(page2).toMatchObject({ total: 6, page: 2, page_size: 4 });
    expect(page2.items).toHaveLength(2);
    for (const to of ['2026-02-30', '0000-00-00', '2026-13-01']) {
      expect(await consoleRefusal(admin.client.listAudit({ to })), to).toMatchObject({ status: 422, error: { fields: { to: 'Data non valida (AAAA-MM-GG)' } } });
    }
    const bad = await consoleRefusal(admin.client.listAudit({ from: '26/11/2026', page_size: 1000 } as never));
    expect(bad).toMatchObject({ status: 422, error: { fields: { from: 'Data non valida (AAAA-MM-GG)', page_size: 'Il valore deve essere al massimo 100.' } } });
    // Listing is not editing: the console has no call that changes the log.
    const viewer = await signInOperator(t.app, t.db, 'viewer', { now: () => new Date(nowMs) });
    expect((await consoleRefusal(viewer.client.listAudit({}))).code).toBe('console_forbidden');
  });

  it('bounds what one record holds', async () => {
    t = await buildTestApp(dialect);
    await recordAudit(t.db, {
      action: 'sign_in_failed', operatorId: null, operatorEmail: 'x'.repeat(1000), userAgent: 'u'.repeat(5000), detail: { big: 'y'.repeat(10_000) },
    }, new Date(START));
    const row = await t.db.selectFrom('audit_log').selectAll().executeTakeFirstOrThrow();
    expect(row.operator_email).toHaveLength(254);
    expect(row.user_agent).toHaveLength(300);
    expect(JSON.parse(row.detail_json)).toEqual({ truncated: true });
  });

  it('names operators and orders, says moves in Italian, and filters by operator, action, order number and days', async () => {
    const nowMs = START + 10 * DAY;
    t = await buildTestApp(dialect, { now: () => new Date(nowMs) });
    const admin = await signInOperator(t.app, t.db, 'admin', { name: 'Anna Admin', now: () => new Date(nowMs) });
    const bo = await signInOperator(t.app, t.db, 'backoffice', { name: 'Bruno Back', now: () => new Date(nowMs) });
    const a = await orderWithNumber(t.db, new Date(START).toISOString());
    const b = await orderWithNumber(t.db, new Date(START).toISOString());
    const boActor = { operatorId: bo.operator.id, operatorEmail: bo.operator.email };
    await recordAudit(t.db, { ...boActor, action: 'order_status_changed', targetType: 'order', targetId: a.id, detail: { from: 'verified', to: 'activating', by: 'operator' } }, new Date(START + DAY));
    await recordAudit(t.db, { ...boActor, action: 'document_viewed', targetType: 'order', targetId: b.id, detail: { media_id: randomUUID(), kind: 'identity_document' } }, new Date(START + 2 * DAY));
    await recordAudit(t.db, { operatorId: null, operatorEmail: null, providerToken: { id: randomUUID(), name: 'CRM' }, action: 'order_status_changed', targetType: 'order', targetId: b.id, detail: { from: 'activating', to: 'active', by: 'provider' } }, new Date(START + 3 * DAY));

    const moves = await admin.client.listAudit({ action: 'order_status_changed' });
    expect(moves.items.map((e) => [e.operator_name, e.target_label, e.summary])).toEqual([
      ['Token API «CRM»', b.number, 'Da: In attivazione · A: Attivo · Eseguito da: i sistemi del fornitore'],
      ['Bruno Back', a.number, 'Da: Verificato · A: In attivazione · Eseguito da: un operatore'],
    ]);
    // Neither the summary nor the names carry an id (the raw detail and target id stay for machines).
    for (const e of moves.items) expect(`${e.operator_name} ${e.target_label} ${e.summary}`).not.toMatch(UUID);

    const byOperator = await admin.client.listAudit({ operator_id: bo.operator.id });
    expect(byOperator.items.map((e) => e.action)).toEqual(['sign_in', 'document_viewed', 'order_status_changed']);
    expect(byOperator.items[0]).toMatchObject({ operator_name: 'Bruno Back', target_type: 'session', target_label: null, summary: 'Secondo fattore: app di autenticazione · Dispositivo: non riconosciuto' });
    expect(byOperator.items[1]).toMatchObject({ operator_name: 'Bruno Back', target_label: b.number, summary: 'Tipo: Documento d’identità' });
    // By order number, in any case: the records about that order only.
    expect((await admin.client.listAudit({ order_number: b.number.toLowerCase() })).items.map((e) => e.action)).toEqual(['order_status_changed', 'document_viewed']);
    expect((await admin.client.listAudit({ order_number: a.number, action: 'document_viewed' })).total).toBe(0);
    expect((await admin.client.listAudit({ order_number: 'FV-2026-NESSUNO' })).total).toBe(0);
    expect((await admin.client.listAudit({ order_number: b.number, from: '2026-11-29', to: '2026-11-29' })).items.map((e) => e.summary)).toEqual(['Da: In attivazione · A: Attivo · Eseguito da: i sistemi del fornitore']);
    // A mobile order is found by its number too.
    const mobile = await t.db.selectFrom('mobile_orders').select(['id', 'order_number']).executeTakeFirst();
    if (mobile) {
      await recordAudit(t.db, { ...boActor, action: 'mobile_order_created', targetType: 'mobile_order', targetId: mobile.id, detail: { order_number: mobile.order_number, status: 'ready_to_activate' } }, new Date(START + 4 * DAY));
      expect((await admin.client.listAudit({ order_number: mobile.order_number })).items).toMatchObject([{ target_label: mobile.order_number, summary: 'Stato: Pronto per l’attivazione' }]);
    }
    const long = await consoleRefusal(admin.client.listAudit({ order_number: 'x'.repeat(41) }));
    expect(long).toMatchObject({ status: 422, error: { fields: { order_number: expect.any(String) } } });
  });

  it('exports the filtered log as CSV in the same words, every row (in batches), and records the export', async () => {
    const nowMs = START + 10 * DAY;
    t = await buildTestApp(dialect, { now: () => new Date(nowMs) });
    const admin = await signInOperator(t.app, t.db, 'admin', { name: 'Anna Admin', now: () => new Date(nowMs) });
    const bo = await signInOperator(t.app, t.db, 'backoffice', { name: 'Bruno Back', now: () => new Date(nowMs) });
    const order = await orderWithNumber(t.db, new Date(START).toISOString());
    const boActor = { operatorId: bo.operator.id, operatorEmail: bo.operator.email, ip: '10.0.0.9' };
    await recordAudit(t.db, { ...boActor, action: 'order_status_changed', targetType: 'order', targetId: order.id, detail: { from: 'verified', to: 'activating', by: 'operator', reason: '=SOMMA(A1)' } }, new Date(START + DAY));
    // More rows than one batch: the export reads on by (at, id), never losing or repeating one.
    const rows = Array.from({ length: 520 }, (_, i) => ({
      id: randomUUID(), at: new Date(START + 2 * DAY + Math.floor(i / 3) * 1000).toISOString(), operator_id: bo.operator.id, operator_email: bo.operator.email,
      action: 'order_viewed', target_type: 'order', target_id: order.id, detail_json: JSON.stringify({ order_number: order.number }), ip: null, user_agent: null,
    }));
    await t.db.insertInto('audit_log').values(rows).execute();

    const { res, lines } = await exportCsv(t, admin, { order_number: order.number });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="registro-attivita-2026-12-06.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('data_ora;operatore;email_operatore;azione;oggetto;riferimento;dettagli;indirizzo_ip');
    expect(lines).toHaveLength(1 + 521);
    expect(lines.filter((l) => l.includes(';Ordine consultato;'))).toHaveLength(520);
    // The oldest last; a reason a spreadsheet would run as a formula is quoted with an apostrophe.
    expect(lines.at(-1)).toBe(`27/11/2026, 10:00:00;Bruno Back;${bo.operator.email};Stato dell’ordine cambiato;Ordine;${order.number};Da: Verificato · A: In attivazione · Eseguito da: un operatore · Motivo: «=SOMMA(A1)»;10.0.0.9`);
    expect(res.body).not.toMatch(UUID);

    // The export is on record, with its filters, before its first row: the next export shows it.
    const recorded = await admin.client.listAudit({ action: 'audit_exported' });
    expect(recorded.items).toMatchObject([{ operator_name: 'Anna Admin', detail: { filters: { order_number: order.number } }, summary: `Filtri: Numero d’ordine: «${order.number}»` }]);
    const only = await exportCsv(t, admin, { action: 'audit_exported' });
    expect(only.lines.slice(1).map((l) => l.split(';')[3])).toEqual(['Registro attività esportato', 'Registro attività esportato']);
    // The same filters as the list, and the same refusals.
    expect((await exportCsv(t, admin, { from: '2026-02-30' })).res.statusCode).toBe(422);
    const viewer = await signInOperator(t.app, t.db, 'viewer', { now: () => new Date(nowMs) });
    expect((await exportCsv(t, viewer)).res.statusCode).toBe(403);
    expect((await exportCsv(t, bo)).res.statusCode).toBe(403);
  });
});
