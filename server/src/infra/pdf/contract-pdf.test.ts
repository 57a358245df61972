import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderContractPdf } from './contract-pdf';
import type { ContractPdfData } from './contract-pdf';
import { appendEvidencePage } from './evidence-page';
import { pdfText } from './pdf-text';

const sample = (overrides: Partial<ContractPdfData> = {}): ContractPdfData => ({
  brandName: 'Fibra Viva',
  accentColour: '#0b5ed7',
  orderCode: 'ORD-1234',
  documentDate: new Date('2025-03-01T09:00:00.000Z'),
  customerType: 'privato',
  customer: [['Nome e cognome', 'Mario Rossi'], ['Codice fiscale', 'RSSMRA80A01H501U'], ['Email', '']],
  activationAddress: 'Via Roma 1, 00100 Roma (RM)',
  shippingAddress: 'Via Roma 1, 00100 Roma (RM)',
  portability: [],
  technology: 'FTTH',
  offer: { name: 'Fibra 2.5 Giga', monthly: 2690, oneOff: 0 },
  options: [{ name: 'Router Top (colore: Blu)', monthly: 300, oneOff: 1000 }],
  totals: { monthly: 2990, oneOff: 1000 },
  terms: ['Senza vincolo di durata: contratto a tempo indeterminato, puoi recedere in ogni momento con preavviso di 30 giorni.'],
  promo: null,
  sepa: {
    reference: 'FV-ABCD1234-20250301', creditorId: 'IT00ZZZ0000000000000000', creditorName: 'Fibra Viva S.p.A.',
    creditorAddress: 'Via Nazionale 10, 00184 Roma (RM)', scheme: 'CORE',
    debtorName: 'Mario Rossi', debtorTaxCode: 'RSSMRA80A01H501U', iban: 'IT60X0542811101000000123456', paymentType: 'ricorrente',
  },
  ...overrides,
});

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('contract PDF', () => {
  it('is a real PDF with the customer, the prices, the mandate and the terms', async () => {
    const pdf = await renderContractPdf(sample());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await PDFDocument.load(pdf);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(parsed.getTitle()).toContain('ORD-1234');
    const text = await pdfText(pdf);
    for (const needle of [
      'Mario Rossi', 'RSSMRA80A01H501U', 'Via Roma 1, 00100 Roma (RM)', 'Fibra 2.5 Giga', 'Router Top (colore: Blu)',
      '29,90', '10,00', 'FV-ABCD1234-20250301', 'IT00ZZZ0000000000000000', 'IT60 X054 2811 1010 0000 0123 456', 'ricorrente',
      '307/23/CONS', '14 giorni', 'CONDIZIONI GENERALI',
    ]) expect(text, needle).toContain(needle);
    const pages = parsed.getPageCount();
    expect(text).toContain(`pagina ${pages} di ${pages}`);
  });

  it('gives the same bytes for the same data, other bytes for other data', async () => {
    const a = await renderContractPdf(sample());
    const b = await renderContractPdf(sample());
    const c = await renderContractPdf(sample({ customer: [['Nome e cognome', 'Maria Rossi']] }));
    expect(sha(a)).toBe(sha(b));
    expect(sha(c)).not.toBe(sha(a));
  });

  it('appends an evidence page and keeps the previewed pages', async () => {
    const preview = await renderContractPdf(sample());
    const pages = (await PDFDocument.load(preview)).getPageCount();
    const evidence = {
      brandName: 'Fibra Viva', orderCode: 'ORD-1234', signedAt: new Date('2025-03-01T10:20:30.000Z'), channel: 'sms' as const,
      maskedDestination: '+39 3** *** **67', ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) ✓ '.repeat(6), previewSha256: sha(preview),
    };
    const signed = await appendEvidencePage(preview, evidence);
    const doc = await PDFDocument.load(signed);
    expect(doc.getPageCount()).toBe(pages + 1);
    const text = await pdfText(signed);
    // 10:20:30 UTC is 11:20:30 in Rome in March: the time the contract's other rows print, with its offset.
    for (const needle of ['Mario Rossi', 'Attestazione di firma', '01/03/2025 11:20:30 (UTC+01:00)', '+39 3** *** **67', '203.0.113.9', 'SMS']) {
      expect(text, needle).toContain(needle);
    }
    expect(text.replace(/\s+/g, '')).toContain(sha(preview));
    expect(text).toContain('Mozilla/5.0 (X11; Linux x86_64) ?');
  });

  it('prints the SEPA Core wording with the 8-week refund for a consumer, the B2B wording without refund for a company', async () => {
    // Justified lines are drawn word by word: compare without spaces.
    const squeeze = (text: string): string => text.replace(/\s+/g, '');
    const core = squeeze(await pdfText(await renderContractPdf(sample())));
    expect(core).toContain(squeeze('SEPA Direct Debit Core'));
    expect(core).toContain(squeeze('entro 8 settimane dalla data di addebito'));
    expect(core).toContain(squeeze('Via Nazionale 10, 00184 Roma (RM)'));
    const b2b = squeeze(await pdfText(await renderContractPdf(sample({
      customerType: 'business', sepa: { ...sample().sepa, scheme: 'B2B', debtorName: 'Officina Digitale S.r.l.' },
    }))));
    expect(b2b).toContain(squeeze('SEPA Direct Debit B2B'));
    expect(b2b).toContain(squeeze('Il debitore non ha diritto al rimborso dopo l\'addebito in conto'));
    expect(b2b).not.toContain(squeeze('8 settimane'));
  });

  it('gives a consumer the model withdrawal form (Annex I-B) with the order and the recipient, and a business none', async () => {
    const consumer = (await pdfText(await renderContractPdf(sample()))).replace(/\s+/g, ' ');
    expect(consumer).toContain('MODULO DI RECESSO TIPO');
    expect(consumer).toContain('Destinatario: Fibra Viva S.p.A., Via Nazionale 10, 00184 Roma (RM)');
    expect(consumer).toContain('contratto di fornitura del seguente servizio: Fibra 2.5 Giga, ordine ORD-1234');
    const business = await pdfText(await renderContractPdf(sample({ customerType: 'business' })));
    expect(business).not.toContain('MODULO DI RECESSO TIPO');
  });

  it('prints every letter a name may hold (an embedded font, not WinAnsi)', async () => {
    const name = 'Łukasz Ștefănescu D’Angelo-Øre';
    const text = await pdfText(await renderContractPdf(sample({ customer: [['Nome e cognome', name]] })));
    expect(text).toContain(name);
  });

  it('is titled after the offer, with the order number, and prints the portability data when there is some', async () => {
    const text = await pdfText(await renderContractPdf(sample({
      orderCode: 'FV-2026-K7M4Q9',
      portability: [['Operatore attuale', 'TIM'], ['Numero da portare', '061234567'], ['Codice di migrazione', 'TIM1234567890123ABC']],
    })));
    expect(text).toContain('Contratto Fibra 2.5 Giga');
    expect(text).not.toMatch(/Proposta/);
    expect(text).toContain('FV-2026-K7M4Q9');
    for (const needle of ['LINEA VOCE E PORTABILITÀ', 'TIM', '061234567', 'TIM1234567890123ABC']) expect(text).toContain(needle);
    expect(await pdfText(await renderContractPdf(sample()))).not.toContain('PORTABILITÀ');
  });

  it('gives the consumer the 14-day withdrawal and a business customer none (Codice del Consumo art. 52)', async () => {
    const consumer = await pdfText(await renderContractPdf(sample()));
    const business = await pdfText(await renderContractPdf(sample({ customerType: 'business' })));
    expect(consumer).toMatch(/Diritto di ripensamento/);
    expect(consumer).toMatch(/Ripensamento: entro 14 giorni/);
    expect(business).not.toMatch(/ripensamento|14 giorni/i);
    // A business contract names its own offer, never the consumer product ("Casa").
    expect(await pdfText(await renderContractPdf(sample({ customerType: 'business', offer: { name: 'Fibra Viva Business', monthly: 3990, oneOff: 0 } })))).not.toMatch(/Casa/);
    // The terms stay numbered without a gap.
    expect(business).toMatch(/3\. Recesso/);
  });
});
