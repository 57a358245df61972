import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { romeDateTime } from '@checkout/contract';
import { DRAFT_MARK, markAsDraft } from '../../infra/pdf/draft-mark';
import { pdfPages } from '../../infra/pdf/pdf-text';
import { describeEachDialect } from '../../../test/support/dialects';
import { FULL_SELECTION, added, signingHarness } from '../../../test/support/signing-harness';

/*
 * The contract files as the customer gets them: the copy read before signing is marked as a draft on
 * every page and differs from the signed pages by that mark only; the signed file's page numbers and
 * times are true; a refused code names what changed.
 */

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const flat = (text: string): string => text.replace(/\s+/g, ' ');

describeEachDialect('what the contract says', (dialect) => {
  const h = signingHarness(dialect);
  const { call, preview, sign, readyOrder, sendCode, row, clock } = h;

  interface Preview { pdf_base64: string; sha256: string; summary: { pdf_base64: string; sha256: string } }
  const previewOf = async (hash: string): Promise<Preview> => {
    const res = await preview(hash);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as unknown as Preview;
  };
  const stored = async (hash: string, name: string): Promise<Buffer> => readFileSync(path.join(h.t.config.storageDir, (await row(hash)).id, name));

  it('shows drafts before the signature and signs the unmarked pages, each part numbered under its name, every time in one form', async () => {
    const hash = await readyOrder();
    const shown = await previewOf(hash);
    const contract = Buffer.from(shown.pdf_base64, 'base64');
    const summary = Buffer.from(shown.summary.pdf_base64, 'base64');
    // Every page the customer reads before signing says it is a draft.
    for (const page of [...await pdfPages(contract), ...await pdfPages(summary)]) expect(page).toContain(DRAFT_MARK);
    // The records (the hashes the code binds) are unmarked; what was shown is exactly a record with the mark.
    const record = await stored(hash, `contract-preview-${shown.sha256}.pdf`);
    const summaryRecord = await stored(hash, `contract-summary-${shown.summary.sha256}.pdf`);
    expect(sha256(record)).toBe(shown.sha256);
    expect((await markAsDraft(record)).equals(contract)).toBe(true);
    expect((await markAsDraft(summaryRecord)).equals(summary)).toBe(true);

    const code = await sendCode(hash);
    expect((await sign(hash, code)).status).toBe(200);
    const signed = (await h.download(hash, 'signed_contract')).rawPayload;
    const pages = await pdfPages(signed);
    expect(pages.join('\n')).not.toContain('BOZZA');
    // The signed file carries the recorded pages as they were read, less the mark.
    const recordPages = await pdfPages(record);
    expect(pages.slice(0, recordPages.length)).toEqual(recordPages);

    // No footer is false in the whole file: each names its part and counts that part's pages.
    const n = pages.length;
    const contractPages = recordPages.length;
    const footers = pages.map((page) => /Fibra Viva - (.+?) - pagina (\d+) di (\d+)/.exec(flat(page))?.slice(1).join(' '));
    expect(footers.slice(0, contractPages)).toEqual(recordPages.map((_, i) => expect.stringMatching(new RegExp(`^contratto dell'ordine \\S+ ${i + 1} ${contractPages}$`))));
    expect(footers.slice(contractPages)).toEqual([expect.stringMatching(/^sintesi contrattuale dell'ordine \S+ 1 1$/), expect.stringMatching(/^attestazione di firma dell'ordine \S+ 1 1$/)]);
    const evidence = flat(pages.at(-1)!);
    expect(evidence).toContain(`contratto: pagine 1-${contractPages}; sintesi contrattuale: pagina ${n - 1}; attestazione di firma: pagina ${n} (${n} pagine in tutto)`);

    // One form of date-time, Rome's with its offset, for the signature, the acceptances and the consents.
    const signedAt = new Date(clock.ms);
    expect(evidence).toContain(`Data e ora della firma ${romeDateTime(signedAt)}`);
    expect(evidence).toContain(`Condizioni generali di contratto accettate: ${romeDateTime(signedAt)}`);
    const consents = [...flat(pages.join('\n')).matchAll(/\b(?:non )?dato il (\S+ \S+ \(UTC[+-]\d{2}:\d{2}\));/g)];
    expect(consents.length).toBeGreaterThan(0);
    for (const [, when] of consents) expect(when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(UTC\+0[12]:00\)$/);
    expect(flat(pages.join('\n'))).not.toMatch(/\d{2}:\d{2}(:\d{2})? UTC\b|\d{2}\/\d{2}\/\d{2},/);
  });

  it('prints the modem clause of the router the order has: the rented one, not the lent one', async () => {
    const hash = await readyOrder({ options: [added(23, 'router'), ...FULL_SELECTION.options.slice(1)] });
    const text = flat((await pdfPages(Buffer.from((await previewOf(hash)).pdf_base64, 'base64'))).join('\n'));
    expect(text).toMatch(/noleggio al canone di 3,00\s€ al mese/);
    expect(text).toContain('senza ulteriori costi');
    expect(text).not.toContain('comodato');
  });

  describe('a code that no longer signs says what changed', () => {
    it('the contract: the order went back and changed after the code was sent', async () => {
      const hash = await readyOrder();
      await previewOf(hash);
      const code = await sendCode(hash);
      expect((await call((c) => c.reopenOrder({ order_hash: hash }))).status).toBe(200);
      const changed = await call((c) => c.updateOrder({ order_hash: hash }, { offer_id: 101, options: [...FULL_SELECTION.options.slice(0, 3), added(9, 'voip')] }));
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const refused = await sign(hash, code);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'otp_document_changed', message: expect.stringMatching(/^Il contenuto del contratto è cambiato dopo l'invio del codice/) });
      expect(refused.body.error!.message).not.toMatch(/recapito|cellulare/);
    });

    it('the number: a new mobile number was confirmed after the code was sent', async () => {
      const hash = await readyOrder();
      await previewOf(hash);
      const code = await sendCode(hash);
      expect((await call((c) => c.reopenOrder({ order_hash: hash }))).status).toBe(200);
      clock.ms += 60_000;
      expect((await call((c) => c.changeMobilePhoneNumber({ order_hash: hash }, { mobile_phone_number: '+393479998877' }))).status).toBe(200);
      const outbox = await h.t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B393479998877' });
      const sent = (outbox.json() as { data: Array<{ text: string }> }).data.find((m) => /\d{6}/.test(m.text));
      const confirmed = await call((c) => c.confirmMobilePhoneNumber({ order_hash: hash }, { otp: /(\d{6})/.exec(sent?.text ?? '')![1]! }));
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const refused = await sign(hash, code);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'otp_invalidated', message: expect.stringMatching(/numero di cellulare del contratto è cambiato/) });
      expect(refused.body.error!.message).not.toMatch(/contenuto del contratto/);
    });

    it('neither, when the order went back and nothing changed: no cause is made up', async () => {
      const hash = await readyOrder();
      await previewOf(hash);
      const code = await sendCode(hash);
      expect((await call((c) => c.reopenOrder({ order_hash: hash }))).status).toBe(200);
      const refused = await sign(hash, code);
      expect(refused.body.error).toMatchObject({ code: 'otp_invalidated', message: 'Questo codice non è più valido: richiedine uno nuovo.' });
    });
  });
});
