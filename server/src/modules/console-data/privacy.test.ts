import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { ApiError, consoleEndpoints } from '@checkout/contract';
import { forEachDialect } from '../../../test/support/dialects';
import { signInOperator } from '../../../test/support/console-session';
import { signingHarness } from '../../../test/support/signing-harness';
import { pdfOfSize } from '../../../test/support/upload-files';
import { consoleAuthModule } from '../console-auth';
import { createConsoleDataModule } from './routes';

async function refusal(call: Promise<unknown>): Promise<{ status: number | null; code: string; message: string; fields: Record<string, string> | undefined }> {
  const err = await call.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => e);
  if (!(err instanceof ApiError)) throw err;
  return { status: err.status, code: err.code, message: err.message, fields: err.fields };
}

// PRIVATO_STEPS: Mario Rossi, RSSMRA80A01H501U, mario.rossi@example.it.
const CF = 'RSSMRA80A01H501U';
const EMAIL = 'mario.rossi@example.it';

forEachDialect('console privacy tools', (dialect) => {
  const h = signingHarness(dialect, '2026-03-01T10:00:00Z', { moreModules: () => [consoleAuthModule, createConsoleDataModule()] });
  const idOf = async (hash: string) => (await h.row(hash)).id;
  const upload = async (hash: string, bytes: Buffer) => {
    const res = await h.call((c) => c.documentUpload({ order_hash: hash }, { kind: 'identity_document', file: new Blob([bytes], { type: 'application/pdf' }), filename: 'carta identità.pdf' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const sign = async (hash: string) => {
    expect((await h.preview(hash)).status).toBe(200);
    const code = await h.sendCode(hash);
    const res = await h.sign(hash, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const audits = (action: string) => h.t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  it('finds, exports and erases a customer’s data; a signed order is kept, with the reason', async () => {
    // Each order's identity document is the one PDF uploaded here (a PDF holds both sides).
    const signedHash = await h.readyOrder({}, { identitySides: 0 });
    const signedDoc = pdfOfSize(30_000);
    await upload(signedHash, signedDoc);
    await sign(signedHash);
    const draftHash = await h.readyOrder({}, { identitySides: 0 });
    const draftDoc = pdfOfSize(20_000);
    await upload(draftHash, draftDoc);
    const signedId = await idOf(signedHash);
    const draftId = await idOf(draftHash);
    // A lead with the same email in other letter case, and one of someone else.
    await h.t.db.insertInto('leads').values([
      { id: 'lead-1', payload_json: JSON.stringify({ nome: 'Mario', cognome: 'Rossi', email: 'Mario.Rossi@Example.it' }), created_at: '2026-02-01T10:00:00.000Z' },
      { id: 'lead-2', payload_json: JSON.stringify({ nome: 'Anna', cognome: 'Bianchi', email: 'anna@example.it', note: 'mario.rossi@example.it.old' }), created_at: '2026-02-01T10:00:00.000Z' },
    ]).execute();

    const { client, cookie } = await signInOperator(h.t.app, h.t.db, 'admin');

    // Search: by codice fiscale as typed (lower case, spaces), then by email.
    const byCf = await client.privacySearch({ q: ` ${CF.toLowerCase().slice(0, 8)} ${CF.slice(8)} ` });
    expect(byCf).toMatchObject({ kind: 'fiscal_code', value: CF, leads: [] });
    expect(byCf.orders.map((o) => o.id).sort()).toEqual([signedId, draftId].sort());
    const signed = byCf.orders.find((o) => o.id === signedId)!;
    const draft = byCf.orders.find((o) => o.id === draftId)!;
    expect(signed).toMatchObject({ status: 'signed', erasable: false, documents: 1, customer_name: 'Mario Rossi' });
    expect(signed.erase_refusal).toMatch(/20 anni.*DPCM 22\/02\/2013.*art\. 17/s);
    expect(draft).toMatchObject({ erasable: true, erase_refusal: null, documents: 1 });
    const byEmail = await client.privacySearch({ q: 'MARIO.ROSSI@example.it' });
    expect(byEmail.orders).toHaveLength(2);
    expect(byEmail.leads.map((l) => l.id)).toEqual(['lead-1']);
    expect(await refusal(client.privacySearch({ q: 'non è un codice' }))).toMatchObject({ status: 422, code: 'validation_error' });
    expect(await audits('privacy_searched')).toHaveLength(2);

    // Export: a zip with dati.json, each order's documents and the signed contract.
    const url = client.fileUrl('privacyExport', {}, { q: EMAIL });
    const res = await h.t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dati-cliente-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const data = JSON.parse(strFromU8(files['dati.json']!)) as {
      subject: { value: string }; orders: Array<{ id: string; order_number: string; data: Record<string, unknown>; documents: Array<{ file: string }>; contracts: Array<{ kind: string; file: string | null }>; signature_evidence: unknown[] }>;
      leads: Array<{ id: string }>; missing_files: string[];
    };
    expect(data.subject.value).toBe(EMAIL);
    expect(data.orders.map((o) => o.id).sort()).toEqual([signedId, draftId].sort());
    expect(data.leads.map((l) => l.id)).toEqual(['lead-1']);
    expect(data.missing_files).toEqual([]);
    const signedOut = data.orders.find((o) => o.id === signedId)!;
    expect(signedOut.data).toMatchObject({ cf: CF, email: EMAIL, first_name: 'Mario' });
    expect(signedOut.signature_evidence).toHaveLength(1);
    expect(Buffer.from(files[signedOut.documents[0]!.file]!)).toEqual(signedDoc);
    const signedPdf = signedOut.contracts.find((c) => c.kind === 'signed')!;
    expect(strFromU8(files[signedPdf.file!]!.subarray(0, 5))).toBe('%PDF-');
    const draftOut = data.orders.find((o) => o.id === draftId)!;
    expect(Buffer.from(files[draftOut.documents[0]!.file]!)).toEqual(draftDoc);
    expect(JSON.stringify(data)).not.toMatch(/code_hash/);
    expect(signedOut).toHaveProperty('timeline');
    expect(await audits('privacy_exported')).toHaveLength(1);

    // Erase: the signed order is refused with the reason and keeps everything.
    const kept = await refusal(client.privacyEraseOrder({ order_id: signedId }, { confirm_order_number: signed.order_number }));
    expect(kept).toMatchObject({ status: 409, code: 'console_erasure_refused' });
    expect(kept.message).toMatch(/20 anni/);
    expect(await h.t.db.selectFrom('orders').select('id').where('id', '=', signedId).execute()).toHaveLength(1);
    // A slip of the mouse: the number typed must be the order's.
    expect(await refusal(client.privacyEraseOrder({ order_id: draftId }, { confirm_order_number: signed.order_number })))
      .toMatchObject({ status: 422, fields: { confirm_order_number: expect.any(String) } });
    expect(existsSync(path.join(h.t.config.storageDir, draftId))).toBe(true);
    const erased = await client.privacyEraseOrder({ order_id: draftId }, { confirm_order_number: draft.order_number.toLowerCase() });
    expect(erased).toMatchObject({ order_id: draftId, removed_files: true, removed_rows: { orders: 1, medias: 1 } });
    expect(await h.t.db.selectFrom('orders').select('id').where('id', '=', draftId).execute()).toEqual([]);
    expect(await h.t.db.selectFrom('order_steps').select('order_id').where('order_id', '=', draftId).execute()).toEqual([]);
    expect(await h.t.db.selectFrom('medias').select('id').where('order_id', '=', draftId).execute()).toEqual([]);
    expect(existsSync(path.join(h.t.config.storageDir, draftId))).toBe(false);
    // The signed order's files are all still there.
    expect(readdirSync(path.join(h.t.config.storageDir, signedId)).length).toBeGreaterThan(1);
    const [record] = await audits('personal_data_erased');
    expect(record).toMatchObject({ target_type: 'order', target_id: draftId });
    expect((await client.privacySearch({ q: CF })).orders.map((o) => o.id)).toEqual([signedId]);
    expect(await refusal(client.privacyEraseOrder({ order_id: draftId }, { confirm_order_number: draft.order_number }))).toMatchObject({ status: 404 });
  });

  it('is for admins only', async () => {
    const hash = await h.readyOrder();
    const row = await h.row(hash);
    for (const role of ['backoffice', 'viewer'] as const) {
      const { client, cookie } = await signInOperator(h.t.app, h.t.db, role);
      expect(await refusal(client.privacySearch({ q: CF }))).toMatchObject({ status: 403, code: 'console_forbidden' });
      expect(await refusal(client.privacyEraseOrder({ order_id: row.id }, { confirm_order_number: row.order_number })))
        .toMatchObject({ status: 403, code: 'console_forbidden' });
      const res = await h.t.app.inject({ method: 'GET', url: client.fileUrl('privacyExport', {}, { q: CF }), headers: { cookie } });
      expect(res.statusCode).toBe(403);
    }
    expect(await h.t.db.selectFrom('orders').select('id').where('id', '=', row.id).execute()).toHaveLength(1);
    expect(consoleEndpoints.privacyExport.access).toBe('privacy.manage');
  });
});
