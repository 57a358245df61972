import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleRefusal, signInOperator } from '../../../test/support/console-session';
import { recordAudit } from './audit-log';

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
});
