import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { TINY_PNG } from '../../../test/hostile/hostile-files';
import { storedFilePath } from '../documents';
import { multipartBody } from '../../../test/hostile/multipart';
import { describeEachDialect } from '../../../test/support/dialects';
import { signingHarness } from '../../../test/support/signing-harness';
import type { BundleManifest } from './evidence-bundle';

/*
 * The evidence bundle a signer downloads: one ZIP that Debian's unzip and sha256sum check on their own,
 * holding the sealed contract, the summary read before the code, the event log and a manifest of hashes
 * that agree with what was recorded at signing time.
 */

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

interface EventLog { order_number: string; identity_document: string; events: Array<{ at: string; event: string; [k: string]: unknown }> }

describeEachDialect('evidence bundle', (dialect) => {
  const h = signingHarness(dialect);
  const get = (url: string) => h.t.app.inject({ method: 'GET', url });

  /** The ZIP unpacked by Debian's unzip (`-t` first: every entry's CRC checks). */
  const unpack = (zip: Buffer): string => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bundle-'));
    writeFileSync(path.join(dir, 'bundle.zip'), zip);
    execFileSync('unzip', ['-tq', 'bundle.zip'], { cwd: dir });
    const out = path.join(dir, 'out');
    execFileSync('unzip', ['-q', 'bundle.zip', '-d', out], { cwd: dir });
    return out;
  };

  it('holds the sealed contract, its summary, the event log and hashes that sha256sum and the records confirm', async () => {
    const hash = await h.readyOrder({}, { identitySides: 0 });
    // Front and back of the identity card, the two images the signing code waits for.
    for (const side of ['ci-fronte.png', 'ci-retro.png']) {
      const upload = multipartBody([{ name: 'api_key', body: DEMO_PUBLIC_API_KEY }, { name: 'file', filename: side, contentType: 'image/png', body: TINY_PNG }]);
      expect((await h.t.app.inject({ method: 'POST', url: `/api/orders/${hash}/document-upload`, ...upload })).statusCode).toBe(200);
    }
    const preview = await h.preview(hash);
    const summarySha = (preview.body.data!.summary as { sha256: string }).sha256;
    const code = await h.sendCode(hash);
    expect((await h.sign(hash, code)).status).toBe(200);
    const signedPdf = (await h.download(hash, 'signed_contract')).rawPayload;
    const number = (await h.row(hash)).order_number;

    const res = await h.download(hash, 'evidence_bundle');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evidenze-firma-fibra-viva-${number}.zip"`);
    const dir = unpack(res.rawPayload);
    expect(readdirSync(dir).sort()).toEqual(['LEGGIMI.txt', 'SHA256SUMS', 'contratto-firmato.pdf', 'manifest.json', 'registro-eventi.json', 'sintesi-contrattuale.pdf']);
    // An independent check of every file, the manifest included.
    const checked = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' });
    expect(checked.trim().split('\n')).toHaveLength(5);
    expect(checked).not.toMatch(/FAILED/);

    // The files are the ones the records name.
    const signedInBundle = readFileSync(path.join(dir, 'contratto-firmato.pdf'));
    expect(signedInBundle.equals(signedPdf)).toBe(true);
    expect(sha256(readFileSync(path.join(dir, 'sintesi-contrattuale.pdf')))).toBe(summarySha);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BundleManifest;
    const orderId = (await h.row(hash)).id;
    const medias = await h.t.db.selectFrom('medias').select('stored_name').where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
    const storedDocuments = medias.map((m) => storedFilePath(h.t.config.storageDir, orderId, m.stored_name));
    expect(storedDocuments).toHaveLength(2);
    const evidence = await h.t.db.selectFrom('signature_evidence').selectAll().where('order_id', '=', (await h.row(hash)).id).executeTakeFirstOrThrow();
    expect(manifest).toMatchObject({
      format: 'evidenze-firma/1', provider: 'Fibra Viva', order_number: number, signed_at: evidence.signed_at,
      recorded: {
        signed_contract_sha256: sha256(signedPdf), contract_before_evidence_page_sha256: evidence.preview_sha256, contract_summary_sha256: summarySha,
        // The image as stored (re-encoded on upload), which the hash must match.
        identity_documents: storedDocuments.map((file) => expect.objectContaining({ kind: 'identity_document', mime: 'image/png', sha256: sha256(readFileSync(file)) })),
      },
    });
    for (const f of manifest.files) expect(sha256(readFileSync(path.join(dir, f.name))), f.name).toBe(f.sha256);

    // The log tells the story in time order, with the code's destination masked.
    const log = JSON.parse(readFileSync(path.join(dir, 'registro-eventi.json'), 'utf8')) as EventLog;
    expect(log.order_number).toBe(number);
    const kinds = log.events.map((e) => e.event);
    for (const k of ['ordine_creato', 'consenso_dato', 'documento_caricato', 'anteprima_generata', 'sintesi_generata', 'codice_firma_inviato', 'firma']) expect(kinds).toContain(k);
    // Causes before effects, also within one instant of the test's clock.
    expect(kinds.indexOf('anteprima_generata')).toBeLessThan(kinds.indexOf('codice_firma_inviato'));
    expect(kinds.indexOf('codice_firma_inviato')).toBeLessThan(kinds.indexOf('contratto_firmato_generato'));
    expect(kinds.indexOf('contratto_firmato_generato')).toBeLessThan(kinds.indexOf('firma'));
    expect(log.events.map((e) => e.at)).toEqual(log.events.map((e) => e.at).sort());
    const firma = log.events.find((e) => e.event === 'firma')!;
    expect(firma).toMatchObject({ channel: 'sms', masked_destination: '+39 3** *** **67', user_agent: 'vitest', signed_contract_sha256: sha256(signedPdf) });
    expect(Object.keys(firma.acceptances as object)).toEqual(expect.arrayContaining(['contract_summary_read', 'fea_conditions_accepted']));
    expect(JSON.stringify(log)).not.toContain('3331234567');
    // The identity document's picture stays out; only its hash travels.
    expect(res.rawPayload.includes(TINY_PNG)).toBe(false);
    for (const file of storedDocuments) expect(res.rawPayload.includes(readFileSync(file))).toBe(false);
  });

  it('adds the withdrawal to the log, and answers 404 for an order that was never signed', async () => {
    const hash = await h.readyOrder();
    expect((await h.download(hash, 'evidence_bundle')).statusCode).toBe(404);
    expect((await h.preview(hash)).status).toBe(200);
    expect((await h.sign(hash, await h.sendCode(hash))).status).toBe(200);
    const number = (await h.row(hash)).order_number;
    h.clock.ms += 60_000;
    const sent = await h.call((c) => c.withdrawalSendOtp({ order_number: number, mode: 'sms' }));
    expect(sent.status).toBe(200);
    const otp = await h.latestCode();
    expect((await h.call((c) => c.withdrawalConfirm({ order_number: number, otp, challenge_id: sent.data!.challenge_id }))).status).toBe(200);

    const res = await h.download(hash, 'evidence_bundle');
    expect(res.statusCode).toBe(200);
    const log = JSON.parse(readFileSync(path.join(unpack(res.rawPayload), 'registro-eventi.json'), 'utf8')) as EventLog;
    const kinds = log.events.map((e) => e.event);
    expect(kinds.slice(-2)).toEqual(['recesso_codice_inviato', 'recesso_confermato']);
    expect(kinds.indexOf('firma')).toBeLessThan(kinds.indexOf('recesso_confermato'));
    expect((await get('/api/orders/AAAAAAAAAAAAAAAAAAAAAAAA/evidence-bundle')).statusCode).toBe(404);
  });
});
