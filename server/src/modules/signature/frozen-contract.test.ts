import { describe, expect, it } from 'vitest';
import { FEA_CONDITIONS_VERSION } from '@checkout/contract';
import { pdfText } from '../../infra/pdf/pdf-text';
import { describeEachDialect } from '../../../test/support/dialects';
import type { InjectClient } from '../../../test/support/inject-client';
import { ACCEPTED, FULL_SELECTION, added, signingHarness } from '../../../test/support/signing-harness';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';

/*
 * A signature binds only the previewed content: while a code is pending nothing the contract prints
 * may change, going back voids the code, and a code never signs content other than its preview's.
 */

describeEachDialect('frozen contract', (dialect) => {
  const h = signingHarness(dialect);
  const { call, preview, sign, readyOrder, latestCode, sendCode, row, clock } = h;
  const sendOtp = (hash: string, body: Parameters<InjectClient['sendOtp']>[1]) => call((c) => c.sendOtp({ order_hash: hash }, body));
  const previewText = async (hash: string): Promise<string> => {
    const res = await preview(hash);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return await pdfText(Buffer.from((res.body.data as { pdf_base64: string }).pdf_base64, 'base64'));
  };
  const signedText = async (hash: string): Promise<string> => {
    const res = await h.download(hash, 'signed_contract');
    expect(res.statusCode).toBe(200);
    return await pdfText(res.rawPayload);
  };

  describe('acceptances', () => {
    it('send-otp names each missing acceptance and sends nothing until all are given', async () => {
      const hash = await readyOrder();
      await previewText(hash);
      const none = await sendOtp(hash, { mode: 'sms' });
      expect(none.status).toBe(422);
      expect(none.body.error).toMatchObject({ code: 'acceptance_required' });
      expect(Object.keys(none.body.error!.fields!).sort()).toEqual(['contract_summary_read', 'contract_terms_accepted', 'contract_withdrawal_accepted', 'fea_conditions_accepted']);
      // The summary unread stops the code too (Regulation 2019/2243: it comes before the contract is concluded).
      const summaryUnread = await sendOtp(hash, { mode: 'sms', contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true });
      expect(summaryUnread.status).toBe(422);
      expect(summaryUnread.body.error!.fields).toEqual({ contract_summary_read: 'Apri e leggi la sintesi contrattuale per continuare.' });
      const termsOnly = await sendOtp(hash, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, fea_conditions_accepted: true });
      expect(Object.keys(termsOnly.body.error!.fields!)).toEqual(['contract_withdrawal_accepted']);
      // The FEA conditions (DPCM 22/02/2013 art. 57) are accepted before a code is sent, like the others.
      const noFea = await sendOtp(hash, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true });
      expect(noFea.body.error!.fields).toEqual({ fea_conditions_accepted: 'Accetta le condizioni della firma elettronica avanzata per continuare.' });
      expect((await row(hash)).signing_locked_until).toBeNull();
    });

    it('are kept with the evidence and printed on the evidence page', async () => {
      const hash = await readyOrder();
      await previewText(hash);
      const code = await sendCode(hash);
      expect((await sign(hash, code)).status).toBe(200);
      const evidence = await h.t.db.selectFrom('signature_evidence').selectAll().where('order_id', '=', (await row(hash)).id).executeTakeFirstOrThrow();
      expect(Object.keys(JSON.parse(evidence.acceptances_json!) as object).sort()).toEqual(['contract_summary_read', 'contract_terms_accepted', 'contract_withdrawal_accepted', 'fea_conditions_accepted']);
      const text = await signedText(hash);
      expect(text).toContain('Sintesi contrattuale letta');
      expect(text.replace(/\s+/g, ' ')).toContain(`Condizioni della firma elettronica avanzata accettate (versione ${FEA_CONDITIONS_VERSION})`);
      expect(text).not.toContain('periodo di ripensamento');
      expect(text).toContain('Condizioni generali di contratto accettate');
      expect(text).toContain('Informativa sul diritto di recesso e modulo di recesso letti');
    });
  });

  describe('while a code is pending', () => {
    it('refuses every change with 409 and changes nothing; the code still signs the previewed content', async () => {
      const hash = await readyOrder();
      const previewed = await previewText(hash);
      expect(previewed).toContain('Cover aggiuntiva Legno');
      const code = await sendCode(hash);
      const before = await row(hash);
      const order_hash = hash;
      // The support file types its steps loosely; this one is the complete document step.
      const DOCUMENT = PRIVATO_STEPS['step-document'] as Parameters<InjectClient['updateDocumentData']>[1];
      const changes: Array<[string, (c: InjectClient) => Promise<unknown>]> = [
        ['update-order', (c) => c.updateOrder({ order_hash }, { offer_id: 102, options: [added(8, 'voip')] })],
        ['step-contact', (c) => c.submitStep({ order_hash, step_name: 'step-contact' }, { ...PRIVATO_STEPS['step-contact'], first_name: 'Luigi' })],
        ['update-document-data', (c) => c.updateDocumentData({ order_hash }, { ...DOCUMENT, document_number: 'ZZ9999999' })],
        ['change-mobile-phone-number', (c) => c.changeMobilePhoneNumber({ order_hash }, { mobile_phone_number: '+393479998877' })],
      ];
      for (const [call, make] of changes) {
        const res = await h.call(make);
        expect(res.status, call).toBe(409);
        expect(res.body.error, call).toMatchObject({ code: 'contract_frozen' });
        expect(res.body.error!.message).toMatch(/torna indietro/);
      }
      const after = await row(hash);
      expect({ ...after, updated_at: '' }).toEqual({ ...before, updated_at: '' });

      expect((await sign(hash, code)).status).toBe(200);
      const signed = await signedText(hash);
      for (const line of ['Fibra Viva Casa 1 Giga', 'Cover aggiuntiva Marmo', 'Voce Illimitata Family', 'Mario']) expect(signed).toContain(line);
      expect(signed).not.toContain('Luigi');
    });

    it('going back voids the code; a changed order is signed only after a new preview and a new code', async () => {
      const hash = await readyOrder();
      await previewText(hash);
      const oldCode = await sendCode(hash);
      expect((await call((c) => c.reopenOrder({ order_hash: hash }))).status).toBe(200);
      expect((await row(hash)).signing_locked_until).toBeNull();
      const changed = await call((c) => c.updateOrder({ order_hash: hash }, { offer_id: 101, options: [...FULL_SELECTION.options.slice(0, 3), added(9, 'voip')] }));
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);

      const refused = await sign(hash, oldCode);
      expect(refused.status).toBe(409);
      // The preview no longer matches the order: no code can be asked for it either.
      clock.ms += 60_000;
      expect((await sendOtp(hash, { mode: 'sms', ...ACCEPTED })).body.error!.code).toBe('preview_required');

      const text = await previewText(hash);
      expect(text).toContain('Voce 50');
      const newCode = await sendCode(hash);
      expect((await sign(hash, newCode)).status).toBe(200);
      expect(await signedText(hash)).toContain('Voce 50');
    });

    it('a code cannot sign once the price of the same content changed (the promo ended after the preview)', async () => {
      // 23:50 in Rome on the promo's last day; the code is asked a minute later and used ten minutes after that.
      clock.ms = Date.parse('2026-12-01T22:52:00Z');
      const hash = await readyOrder({ promo: 'BLACKFRIDAY' });
      const text = await previewText(hash);
      expect(text).toContain('Promozione BLACKFRIDAY');
      const code = await sendCode(hash);
      clock.ms = Date.parse('2026-12-01T23:00:30Z');
      const res = await sign(hash, code);
      expect(res.status).toBe(409);
      expect(res.body.error!.code).toBe('otp_document_changed');
      clock.ms = Date.parse('2026-12-02T10:00:00Z');
    });
  });

  describe('activation during the withdrawal period', () => {
    it('is recorded only when the consumer asks for it, and printed on the evidence page', async () => {
      const hash = await readyOrder();
      await previewText(hash);
      const sent = await sendOtp(hash, { mode: 'sms', ...ACCEPTED, early_activation_requested: true });
      expect(sent.status).toBe(200);
      const code = await latestCode();
      expect((await sign(hash, code)).status).toBe(200);
      const evidence = await h.t.db.selectFrom('signature_evidence').selectAll().where('order_id', '=', (await row(hash)).id).executeTakeFirstOrThrow();
      expect(JSON.parse(evidence.acceptances_json!) as object).toHaveProperty('early_activation_requested');
      const text = (await signedText(hash)).replace(/\s+/g, ' ');
      expect(text).toContain('Richiesta espressa di attivazione durante il periodo di ripensamento');
      // What the request means if they then withdraw (art. 57 c. 3), on the evidence page.
      expect(text).toContain('Avvio del servizio');
      expect(text).toContain('paghi solo un importo proporzionale al servizio fornito fino al recesso');
    });

    it('is recorded as not asked, with the day activation is requested from, when the consumer does not ask', async () => {
      const hash = await readyOrder();
      await previewText(hash);
      expect((await sendOtp(hash, { mode: 'sms', ...ACCEPTED })).status).toBe(200);
      expect((await sign(hash, await latestCode())).status).toBe(200);
      const text = (await signedText(hash)).replace(/\s+/g, ' ');
      expect(text).not.toContain('Richiesta espressa di attivazione');
      expect(text).toContain('Avvio del servizio');
      // Signed on 2 December 2026 (this file's clock): the period ends on the 16th.
      expect(text).toContain('Attivazione dopo i 14 giorni di ripensamento: la chiediamo dal 17/12/2026, il giorno dopo la fine del periodo (16/12/2026).');
    });
  });
});
