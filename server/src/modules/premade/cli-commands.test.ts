import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';
import type { Db } from '../../db';
import { describeEachDialect } from '../../../test/support/dialects';
import { findPremadeOrder } from './premade-order';
import { runCommand } from '../../cli/run';
import { createFsStorage } from '../../infra/storage';
import type { CommandFn } from '../../cli/run';
import { createPremadeOrderCommand, exportEvidenceCommand, listOrdersCommand } from './cli-commands';
import { forceOrderStatus } from '../../../test/support/order-status-fixture';

describe('cli help', () => {
  it('lists the side-flow commands', async () => {
    const out: string[] = [];
    expect(await runCli(['help'], (l) => out.push(l))).toBe(0);
    const text = out.join('\n');
    for (const name of ['create-premade-order', 'list-orders', 'export-evidence', 'create-mobile-order', 'list-mobile-orders', 'list-leads', 'deliver-leads']) {
      expect(text).toContain(name);
    }
  });
});

describeEachDialect('premade cli', (dialect) => {
  let db: Db;
  let dir: string;
  beforeAll(async () => {
    db = (await dialect.createDb({ seeded: true })).db;
    dir = mkdtempSync(path.join(tmpdir(), 'evidence-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The signed PDFs below are written into `dir`, the storage's folder (rows record their absolute path there, as older rows did).
  const exportEvidence: CommandFn = (d, a, o) => exportEvidenceCommand(d, a, o, createFsStorage(dir));

  const run = async (fn: CommandFn, args: string[]) => {
    const out: string[] = [];
    const code = await runCommand(fn, db, args, (l) => out.push(l), 'usage');
    return { code, out, text: out.join('\n') };
  };
  const create = (args: string[]) => run(createPremadeOrderCommand, args);
  // An order is at an address the coverage data knows: Via Roma 1 of the demo seed.
  const NO_PHONE = ['--offer', '101', '--address-id', '0580910000001', '--first-name', 'Anna', '--last-name', 'Neri', '--email', 'Anna.Neri@Example.com'];
  const BASE = [...NO_PHONE, '--phone', '+39 333 765 4321'];

  describe('create-premade-order', () => {
    it('creates an order with the address and prints the code (--json)', async () => {
      const { code, out } = await create([...BASE, '--options', '10', '--json']);
      expect(code).toBe(0);
      const printed = JSON.parse(out[0]!) as { code: string; order_hash: string; expires_at: string; path: string; needs_code: boolean };
      expect(printed.needs_code).toBe(true);
      expect(printed.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      expect(printed.path).toBe(`/attiva/fill-order/pre/${printed.code}`);
      const days = (new Date(printed.expires_at).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      const order = await findPremadeOrder(db, printed.code.toLowerCase());
      expect(order?.hash).toBe(printed.order_hash);
      expect(order?.fields).toMatchObject({
        first_name: 'Anna', last_name: 'Neri', email: 'anna.neri@example.com', mobile_phone_number: '3337654321',
        address: 'Via Roma', number: '1', id_egon_civico: '0580910000001', options: [expect.objectContaining({ id: 10 })],
      });
    });

    it('prints a human summary without --json, saying where the code to open it goes', async () => {
      const { code, text } = await create([...BASE, '--days', '7']);
      expect(code).toBe(0);
      expect(text).toMatch(/Codice: [0-9A-Z]{10}/);
      expect(text).toContain('codice via SMS al +39 3** *** **21');
    });

    it('with only the offer and the address, makes an order the code opens at once', async () => {
      const { code, out } = await create(['--offer', '101', '--address-id', '0580910000001', '--json']);
      expect(code).toBe(0);
      const printed = JSON.parse(out[0]!) as { code: string; needs_code: boolean };
      expect(printed.needs_code).toBe(false);
      expect((await findPremadeOrder(db, printed.code))?.fields).not.toHaveProperty('first_name');
    });

    it.each([
      [['--offer', '101', '--first-name', 'A', '--last-name', 'B'], 2, '--phone è obbligatorio'],
      [NO_PHONE, 2, '--phone è obbligatorio'],
      [[...BASE.slice(2)], 2, '--offer'],
      [[...BASE, '--email', 'nope'], 2, 'Email non valida'],
      [[...NO_PHONE, '--phone', '0612345'], 2, 'Cellulare non valido'],
      [[...BASE, '--customer-type', 'alieno'], 2, 'customer-type'],
      [[...BASE, '--days', '0'], 2, '--days'],
      [[...BASE, '--bogus', 'x'], 2, 'Opzioni sconosciute'],
      [[...BASE, '--first-name'], 2, 'richiede un valore'],
      [[...BASE.map((a) => (a === '101' ? '999' : a))], 1, 'offer_id: Offerta non trovata'],
      [[...BASE, '--options', '9999'], 1, "options.9999: Questa opzione non fa parte dell'offerta scelta."],
      [[...BASE, '--address-id', '0000000000000'], 1, 'id_egon_civico: Indirizzo non trovato'],
    ])('%j → exit %i (%s)', async (args, exit, message) => {
      const { code, text } = await create(args);
      expect(code).toBe(exit);
      expect(text).toContain(message);
    });
  });

  describe('list-orders', () => {
    it('lists the newest first, filters by status, and limits', async () => {
      const all = await run(listOrdersCommand, ['--json', '--limit', '100']);
      expect(all.code).toBe(0);
      const rows = JSON.parse(all.out[0]!) as Array<{ status: string; premade_code: string | null; name: string; created_at: string }>;
      expect(rows.map((r) => r.premade_code)).toEqual(expect.arrayContaining(['PRE2026DEMO', 'PRE2025SCAD', 'PRE2026FIRM']));
      expect([...rows].sort((a, b) => b.created_at.localeCompare(a.created_at)).map((r) => r.created_at)).toEqual(rows.map((r) => r.created_at));
      const signed = JSON.parse((await run(listOrdersCommand, ['--status', 'signed', '--json'])).out[0]!) as Array<{ premade_code: string }>;
      expect(signed.map((r) => r.premade_code)).toEqual(['PRE2026FIRM']);
      expect(JSON.parse((await run(listOrdersCommand, ['--limit', '2', '--json'])).out[0]!)).toHaveLength(2);
      const human = await run(listOrdersCommand, []);
      expect(human.out[0]).toMatch(/^CREATO\s+STATO/);
      expect(human.text).toContain('Mario Rossi');
    });

    it.each([[['--status', 'nope']], [['--limit', 'x']], [['--limit', '0']]])('%j is a usage error', async (args) => {
      expect((await run(listOrdersCommand, args)).code).toBe(2);
    });
  });

  describe('export-evidence', () => {
    const signOrder = async (pdf: Buffer, recordedSha?: string) => {
      const created = JSON.parse((await create([...BASE, '--json'])).out[0]!) as { order_hash: string; code: string };
      const order = (await findPremadeOrder(db, created.code))!;
      const file = path.join(dir, `${randomBytes(4).toString('hex')}.pdf`);
      writeFileSync(file, pdf);
      const sha = createHash('sha256').update(pdf).digest('hex');
      await db.insertInto('contract_documents').values({ order_id: order.id, kind: 'signed', sha256: recordedSha ?? sha, path: file, created_at: new Date().toISOString() }).execute();
      await db.insertInto('signature_evidence').values({
        id: randomBytes(8).toString('hex'), order_id: order.id, otp_id: 'otp-1', signed_at: '2026-03-01T10:00:00.000Z', channel: 'sms',
        masked_destination: '333****321', ip: '127.0.0.1', user_agent: 'test', preview_sha256: 'a'.repeat(64), signed_sha256: sha,
      }).execute();
      await forceOrderStatus(db, order.id, 'signed');
      return { hash: created.order_hash, sha, file };
    };

    it('writes the evidence bundle, the signed PDF in it checked against the recorded SHA-256', async () => {
      const pdf = Buffer.from('%PDF-1.7 signed test');
      const { hash, sha } = await signOrder(pdf);
      const outDir = path.join(dir, 'out');
      const { code, out } = await run(exportEvidence, [hash, '--out', outDir, '--json']);
      expect(code, out.join('\n')).toBe(0);
      const result = JSON.parse(out[0]!) as { bundle: string; signed_sha256: string; files: Array<{ name: string; sha256: string }> };
      expect(result.signed_sha256).toBe(sha);
      expect(result.files.find((f) => f.name === 'contratto-firmato.pdf')?.sha256).toBe(sha);
      // Debian's unzip reads the same bytes back out of the archive.
      expect(execFileSync('unzip', ['-p', result.bundle, 'contratto-firmato.pdf'])).toEqual(pdf);
      const log = JSON.parse(execFileSync('unzip', ['-p', result.bundle, 'registro-eventi.json'], { encoding: 'utf8' })) as { events: Array<{ event: string; ip?: string; signed_contract_sha256?: string }> };
      expect(log.events).toContainEqual(expect.objectContaining({ event: 'firma', signed_contract_sha256: sha, ip: '127.0.0.1' }));
    });

    it('fails and writes nothing when the stored PDF no longer matches the recorded hash', async () => {
      const { hash, file } = await signOrder(Buffer.from('%PDF-1.7 signed test'));
      writeFileSync(file, '%PDF-1.7 signed tesT');
      const outDir = path.join(dir, 'out2');
      const { code, text } = await run(exportEvidence, [hash, '--out', outDir]);
      expect(code).toBe(1);
      expect(text).toContain('ATTENZIONE');
      expect(existsSync(outDir)).toBe(false);
    });

    it('an unsigned or unknown order has nothing to export', async () => {
      const created = JSON.parse((await create([...BASE, '--json'])).out[0]!) as { order_hash: string };
      expect((await run(exportEvidence, [created.order_hash, '--out', dir])).code).toBe(1);
      expect((await run(exportEvidence, ['AAAAAAAAAAAAAAAAAAAAAAAA'])).text).toContain('Ordine non trovato');
      expect((await run(exportEvidence, [])).code).toBe(2);
    });
  });
});
