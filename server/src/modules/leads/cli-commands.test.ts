import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db';
import { TestReceiver } from '../../infra/webhook/test-receiver';
import { describeEachDialect, testConfig } from '../../../test/support/dialects';
import { runCommand } from '../../cli/run';
import type { CommandFn } from '../../cli/run';
import { deliverLeadsCommand, listLeadsCommand } from './cli-commands';
import { createLead } from './service';
import { parsedLead } from './test-lead';

describeEachDialect('leads cli', (dialect) => {
  let db: Db;
  let receiver: TestReceiver;
  beforeAll(async () => {
    db = (await dialect.createDb()).db;
    receiver = new TestReceiver(({ index }) => (index === 0 ? { status: 500, body: '' } : { status: 200, body: '{"success":true}' }));
    await receiver.start(0);
  });
  afterAll(async () => receiver.stop());

  const run = async (fn: CommandFn, args: string[]) => {
    const out: string[] = [];
    const code = await runCommand(fn, db, args, (l) => out.push(l), 'usage');
    return { code, out, text: out.join('\n') };
  };
  const withWebhook = testConfig({ leadWebhookUrl: 'http://127.0.0.1:1/unused', leadWebhookSecret: 'cli-secret-0123456789' });
  // The leads' time, which the passes' clock follows (the outbox retries a delivery for EVENT_RETRY_DAYS after its event).
  const clock = { ms: Date.parse('2026-03-01T10:02:00Z') };

  it('lists pending leads; deliver-leads without a webhook says so', async () => {
    await createLead(db, parsedLead({ nome: 'Primo' }), new Date('2026-03-01T10:00:00Z'));
    await createLead(db, parsedLead({ nome: 'Secondo' }), new Date('2026-03-01T10:01:00Z'));
    const json = JSON.parse((await run(listLeadsCommand, ['--json'])).out[0]!) as Array<{ name: string; delivery_status: string; attempts: number }>;
    expect(json.map((r) => [r.name, r.delivery_status, r.attempts])).toEqual([['Secondo Verdi', 'pending', 0], ['Primo Verdi', 'pending', 0]]);
    expect((await run(listLeadsCommand, [])).out[0]).toMatch(/^CREATO\s+ID\s+STATO/);
    // Each listing is on record, as the console's: no operator, the CLI named.
    const audited = await db.selectFrom('audit_log').select(['operator_id', 'user_agent', 'detail_json']).where('action', '=', 'leads_listed').execute();
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ operator_id: null, user_agent: 'cli' });
    expect(JSON.parse(audited[0]!.detail_json)).toMatchObject({ via: 'cli', shown: 2 });
    const none = await run((d, a, o) => deliverLeadsCommand(d, a, o, testConfig()), ['--once']);
    expect(none.code).toBe(1);
    expect(none.text).toContain('LEAD_WEBHOOK_URL');
  });

  it('deliver-leads --once runs one pass of the outbox over the lead webhook; list-leads shows the delivery state', async () => {
    const config = { ...withWebhook, leadWebhookUrl: receiver.url };
    const deliver = (d: Db, a: string[], o: (l: string) => void) => deliverLeadsCommand(d, a, o, config, () => new Date(clock.ms));
    const first = await run(deliver, ['--once', '--json']);
    expect(JSON.parse(first.out[0]!)).toEqual({ attempted: 2, delivered: 1, retried: 1, flagged: 0 });
    const failed = JSON.parse((await run(listLeadsCommand, ['--status', 'pending', '--json'])).out[0]!) as Array<{ attempts: number; last_error: string; next_attempt_at: string }>;
    expect(failed).toEqual([expect.objectContaining({ attempts: 1, last_error: 'HTTP 500' })]);
    // Not due before the outbox's backoff (30 s doubling, 50-100 % of it).
    expect(JSON.parse((await run(deliver, ['--once', '--json'])).out[0]!)).toMatchObject({ attempted: 0 });
    clock.ms = Date.parse(failed[0]!.next_attempt_at);
    expect((await run(deliver, ['--once'])).text).toContain('consegnati: 1');
    const all = JSON.parse((await run(listLeadsCommand, ['--json'])).out[0]!) as Array<{ delivery_status: string; next_attempt_at: string | null }>;
    expect(all.every((r) => r.delivery_status === 'delivered' && r.next_attempt_at === null)).toBe(true);
  });

  it.each([[listLeadsCommand, ['--status', 'x']], [listLeadsCommand, ['--status', 'failed']], [listLeadsCommand, ['--limit', '-3']]])('usage errors exit 2 (%#)', async (fn, args) => {
    expect((await run(fn, args)).code).toBe(2);
  });

  it('deliver-leads needs --once', async () => {
    expect((await run((d, a, o) => deliverLeadsCommand(d, a, o, withWebhook), [])).code).toBe(2);
  });
});
