import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db';
import { describeEachDialect } from '../../../test/support/dialects';
import { insertLead, LEAD, listLeadsCommand } from '../leads';
import { createMobileOrder, listMobileOrdersCommand } from '../mobile';
import { runCommand } from '../../cli/run';
import type { CommandFn } from '../../cli/run';
import { createPremadeOrderCommand, listOrdersCommand } from './cli-commands';

/*
 * The operator lists what visitors typed: a name carrying terminal controls must print as text, never
 * clear the screen, retitle the window, forge a line or reorder what the operator reads. Whatever path
 * put the text in the database (the forms validate names, leads and older rows may not), the listing
 * escapes it, in the table and in --json.
 */

/** Clear screen, red, window title (OSC … BEL), a forged line, C1 CSI, a right-to-left override. */
const HOSTILE = 'Mario\x1b[2J\x1b[31m\x1b]0;pwned\x07\r\nOK\u009b31m\u202eisseR';
// eslint-disable-next-line no-control-regex -- what must never reach the terminal
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/;

describeEachDialect('CLI listings print visitor text escaped', (dialect) => {
  let db: Db;
  beforeAll(async () => {
    db = (await dialect.createDb({ seeded: true })).db;
  });

  const run = async (fn: CommandFn, args: string[]) => {
    const out: string[] = [];
    const code = await runCommand(fn, db, args, (l) => out.push(l), 'usage');
    return { code, out };
  };

  /** No control reaches the terminal; the name is there, escaped; --json parses back to the stored text. */
  async function expectEscaped(fn: CommandFn, pick: (rows: Array<Record<string, unknown>>) => unknown, stored: string) {
    const human = await run(fn, ['--limit', '100']);
    expect(human.code).toBe(0);
    for (const line of human.out) expect(line).not.toMatch(CONTROLS);
    expect(human.out.join('\n')).toContain('Mario\\u001b[2J\\u001b[31m\\u001b]0;pwned\\u0007\\u000d\\u000aOK\\u009b31m\\u202eisseR');

    const json = await run(fn, ['--json', '--limit', '100']);
    expect(json.out).toHaveLength(1);
    expect(json.out[0]).not.toMatch(CONTROLS);
    expect(pick(JSON.parse(json.out[0] ?? '') as Array<Record<string, unknown>>)).toBe(stored);
  }

  it('list-orders', async () => {
    const created = await run(createPremadeOrderCommand, ['--offer', '101', '--address-id', '0580910000001', '--first-name', 'Mario', '--last-name', 'Rossi', '--email', 'm@example.com', '--phone', '3331234567', '--json']);
    const hash = (JSON.parse(created.out[0] ?? '') as { order_hash: string }).order_hash;
    const row = await db.selectFrom('orders').select('fields_json').where('hash', '=', hash).executeTakeFirstOrThrow();
    const fields = { ...(JSON.parse(row.fields_json) as Record<string, unknown>), first_name: HOSTILE, last_name: 'Rossi' };
    await db.updateTable('orders').set({ fields_json: JSON.stringify(fields) }).where('hash', '=', hash).execute();
    await expectEscaped(listOrdersCommand, (rows) => rows.find((r) => r.hash === hash)?.name, `${HOSTILE} Rossi`);
  });

  it('list-leads', async () => {
    const id = randomUUID();
    await insertLead(db, { id, payload_json: JSON.stringify({ ...LEAD, nome: HOSTILE, cognome: 'Verdi' }), created_at: new Date().toISOString() });
    await expectEscaped(listLeadsCommand, (rows) => rows.find((r) => r.id === id)?.name, `${HOSTILE} Verdi`);
  });

  it('list-mobile-orders', async () => {
    const created = await createMobileOrder(db, { mobilePhoneNumber: '3331234567', iccid: '8939010000000000017' });
    await db.updateTable('mobile_orders').set({ mobile_phone_number: HOSTILE }).where('id', '=', created.id).execute();
    await expectEscaped(listMobileOrdersCommand, (rows) => rows.find((r) => r.short_hash === created.short_hash)?.mobile_phone_number, HOSTILE);
  });
});
