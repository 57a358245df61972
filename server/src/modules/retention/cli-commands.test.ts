import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commands } from '../../cli/main';
import type { Db } from '../../db';
import { describeEachDialect, testConfig } from '../../../test/support/dialects';
import { runCommand } from '../../cli/run';
import type { CommandFn } from '../../cli/run';
import { newOrderHash, newOrderId } from '../orders';
import { purgeDraftsCommand } from './cli-commands';
import { DAY_MS } from './purge-drafts';

describeEachDialect('retention cli: purge-drafts', (dialect) => {
  let db: Db;
  const config = testConfig({ retention: { draftDays: 30, purgeIntervalMs: 0 } });
  const now = new Date('2026-06-01T12:00:00Z');
  beforeAll(async () => { db = (await dialect.createDb()).db; });
  afterAll(() => rmSync(config.storageDir, { recursive: true, force: true }));

  const draft = async (daysAgo: number, status = 'draft'): Promise<string> => {
    const id = newOrderId();
    const at = new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
    await db.insertInto('orders').values({
      id, hash: newOrderHash(), status, offer_id: 101, customer_type: 'privato', is_brand_customer: 0, referer_code: null,
      fields_json: '{}', step_data_json: '{}', created_at: at, updated_at: at, premade_code: null,
      order_number: `FV-2026-${randomBytes(4).toString('hex').toUpperCase()}`,
    }).execute();
    mkdirSync(path.join(config.storageDir, id), { recursive: true });
    writeFileSync(path.join(config.storageDir, id, 'contract-preview-x.pdf'), 'x');
    return id;
  };
  const exists = async (id: string) => (await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const run = async (args: string[]) => {
    const out: string[] = [];
    const fn: CommandFn = (d, a, o) => purgeDraftsCommand(d, a, o, config, now);
    const code = await runCommand(fn, db, args, (l) => out.push(l), 'usage');
    return { code, out, text: out.join('\n') };
  };

  it('is an operator command', () => {
    expect(commands['purge-drafts']?.usage).toBe('purge-drafts [--days N] [--dry-run] [--json]');
  });

  it('--dry-run counts and changes nothing; then the purge deletes the abandoned drafts with their files, not the signed one', async () => {
    const old = [await draft(40), await draft(31, 'ready_to_sign')];
    const recent = await draft(10);
    const signed = await draft(400, 'signed');
    const dry = await run(['--dry-run', '--json']);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.out[0]!)).toEqual({ dry_run: true, retention_days: 30, orders_to_purge: 2 });
    expect((await run(['--dry-run'])).text).toBe('Ordini non firmati fermi da più di 30 giorni: 2 (prova: nessuna modifica).');
    for (const id of [...old, recent, signed]) expect(await exists(id)).toBe(true);

    const done = await run([]);
    expect(done.code).toBe(0);
    expect(done.out[0]).toBe('Ordini non firmati fermi da più di 30 giorni eliminati con i loro file: 2.');
    for (const id of old) {
      expect(await exists(id)).toBe(false);
      expect(existsSync(path.join(config.storageDir, id))).toBe(false);
    }
    for (const id of [recent, signed]) {
      expect(await exists(id)).toBe(true);
      expect(existsSync(path.join(config.storageDir, id))).toBe(true);
    }
  });

  it('--days overrides DRAFT_RETENTION_DAYS; --json gives the counts', async () => {
    const id = await draft(8);
    expect(JSON.parse((await run(['--days', '10', '--json'])).out[0]!)).toMatchObject({ retention_days: 10, orders_purged: 0 });
    // This one and the previous test's 10-day-old draft.
    expect(JSON.parse((await run(['--days', '7', '--json'])).out[0]!)).toEqual({
      retention_days: 7, orders_purged: 2, folders_left: 0, pruned: { otp_destination_sends: 0, customer_device_proofs: 0, mobile_activation_failures: 0, premade_code_failures: 0, upload_claims: 0, order_number_failures: 0 },
    });
    expect(await exists(id)).toBe(false);
  });

  it.each([[['--days', '0']], [['--days', 'x']], [['--force']], [['extra']]])('refuses %j with the usage (exit 2)', async (args) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.text).toContain('Uso:');
  });
});
