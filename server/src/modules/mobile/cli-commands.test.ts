import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db';
import { describeEachDialect } from '../../../test/support/dialects';
import { runCommand } from '../../cli/run';
import type { CommandFn } from '../../cli/run';
import { createMobileOrderCommand, listMobileOrdersCommand } from './cli-commands';
import { selectByShortHash } from './repository';

describeEachDialect('mobile cli', (dialect) => {
  let db: Db;
  beforeAll(async () => { db = (await dialect.createDb({ seeded: true })).db; });

  const run = async (fn: CommandFn, args: string[]) => {
    const out: string[] = [];
    const code = await runCommand(fn, db, args, (l) => out.push(l), 'usage');
    return { code, out, text: out.join('\n') };
  };

  it('creates a SIM order ready to activate and prints its codes', async () => {
    const { code, out } = await run(createMobileOrderCommand, ['--phone', '333 123 4567', '--iccid', '8939 0100 0000 0000 017', '--json']);
    expect(code).toBe(0);
    const printed = JSON.parse(out[0]!) as { short_hash: string; order_number: string; status: string };
    expect(printed.short_hash).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(printed.order_number).toMatch(/^MO-\d{4}-\d{6}$/);
    expect(printed.status).toBe('ready_to_activate');
    expect(await selectByShortHash(db, printed.short_hash)).toMatchObject({ mobile_phone_number: '3331234567', iccid: '8939010000000000017' });
  });

  it('creates a porting order awaiting confirmation', async () => {
    const { code, text } = await run(createMobileOrderCommand, [
      '--phone', '3331234567', '--iccid', '8939010000000000025', '--donor', 'TIM', '--number-to-port', '+39 347 1234567',
      '--old-iccid', '8939880000000000014', '--holder-first-name', 'Mario', '--holder-last-name', 'Rossi', '--holder-cf', 'RSSMRA80A01H501U',
    ]);
    expect(code).toBe(0);
    expect(text).toMatch(/Numero d'ordine: MO-\d{4}-\d{6}/);
    expect(text).toContain('awaiting_mnp_confirmation');
  });

  it.each([
    [['--iccid', '8939010000000000017'], 2, '--phone'],
    [['--phone', '3331234567'], 2, '--iccid'],
    [['--phone', '3331234567', '--iccid', '8939010000000000018'], 1, 'iccid:'],
    [['--phone', '3331234567', '--iccid', '8939010000000000017', '--donor', 'nessuno', '--number-to-port', '3471234567'], 1, 'donor_operator:'],
    [['--phone', '3331234567', '--iccid', '8939010000000000017', '--donor', 'tim'], 1, 'number_to_port:'],
    [['--phone', '3331234567', '--iccid', '8939010000000000017', '--what'], 2, 'Opzioni sconosciute'],
  ])('%j → exit %i (%s)', async (args, exit, message) => {
    const { code, text } = await run(createMobileOrderCommand, args);
    expect(code).toBe(exit);
    expect(text).toContain(message);
  });

  it('lists mobile orders with only the last ICCID digits', async () => {
    const json = await run(listMobileOrdersCommand, ['--status', 'active', '--json']);
    const rows = JSON.parse(json.out[0]!) as Array<{ order_number: string; iccid_last5: string }>;
    expect(rows).toEqual([expect.objectContaining({ order_number: 'MO-2026-000999', iccid_last5: '00033' })]);
    const human = await run(listMobileOrdersCommand, []);
    expect(human.text).toContain('MO-2026-000123');
    expect(human.text).not.toContain('8939010000000000017');
    expect((await run(listMobileOrdersCommand, ['--status', 'x'])).code).toBe(2);
    const audited = await db.selectFrom('audit_log').select(['operator_id', 'user_agent', 'detail_json']).where('action', '=', 'mobile_orders_listed').execute();
    expect(audited).toHaveLength(2);
    expect(audited.map((a) => [a.operator_id, a.user_agent, (JSON.parse(a.detail_json) as { filters: unknown }).filters]))
      .toEqual(expect.arrayContaining([[null, 'cli', { status: 'active' }], [null, 'cli', {}]]));
  });
});
