import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';
import { WITHDRAWAL_RECEIPT_TITLE, renderWithdrawalReceiptPdf } from './withdrawal-receipt-pdf';
import type { WithdrawalReceiptData } from './withdrawal-receipt-pdf';

const data = (overrides: Partial<WithdrawalReceiptData> = {}): WithdrawalReceiptData => ({
  brandName: 'Fibra Viva',
  accentColour: '#0b5ed7',
  issuer: { name: 'Fibra Viva S.p.A.', address: 'Via della Fibra 1, 20121 Milano (MI)' },
  orderCode: 'FV-2026-K7M4Q9',
  customerName: 'Łucja Nowak-D’Angelo',
  service: 'Fibra Viva Casa 1 Giga',
  signedAt: new Date('2026-03-01T09:00:00.000Z'),
  // 23:30 UTC on 9 March is 00:30 on 10 March in Italy.
  receivedAt: new Date('2026-03-09T23:30:05.000Z'),
  channel: 'online',
  nextSteps: ['Primo passo.', 'Secondo passo.'],
  supportEmail: 'assistenza@fibraviva.it',
  trackingUrl: 'https://www.fibraviva.it/ordine/FV-2026-K7M4Q9',
  ...overrides,
});

const squeeze = (text: string): string => text.replace(/\s+/g, '');

describe('withdrawal receipt PDF (Codice del Consumo art. 54 c. 3)', () => {
  it('is one A4 page naming the order, the holder, when the withdrawal was received in Italian time, the channel and what happens next', async () => {
    const pdf = await renderWithdrawalReceiptPdf(data());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await PDFDocument.load(pdf);
    expect(parsed.getPageCount()).toBe(1);
    expect(parsed.getTitle()).toBe(`${WITHDRAWAL_RECEIPT_TITLE} Fibra Viva - ordine FV-2026-K7M4Q9`);
    const text = squeeze(await pdfText(pdf));
    for (const needle of [
      'Fibra Viva', WITHDRAWAL_RECEIPT_TITLE, 'art. 54 c. 3',
      'Ordine FV-2026-K7M4Q9 - 10/03/2026',
      'Intestatario del contratto', 'Łucja Nowak-D’Angelo',
      'Servizio', 'Fibra Viva Casa 1 Giga',
      'Contratto firmato il', '01/03/2026 10:00:00 (UTC+01:00)',
      'Recesso ricevuto il', '10/03/2026 00:30:05 (UTC+01:00)',
      'Modalità', 'Online, dalla pagina «Recesso» del sito',
      'il contratto è sciolto',
      'COSA SUCCEDE ORA', 'Primo passo.', 'Secondo passo.',
      'assistenza@fibraviva.it', 'https://www.fibraviva.it/ordine/FV-2026-K7M4Q9',
      'Ricevuta emessa da Fibra Viva S.p.A., Via della Fibra 1, 20121 Milano (MI).',
      'ricevuta di recesso - pagina 1 di 1',
    ]) expect(text, needle).toContain(squeeze(needle));
  });

  it('prints the same bytes for the same data, and leaves out what it does not know', async () => {
    const [a, b] = await Promise.all([renderWithdrawalReceiptPdf(data()), renderWithdrawalReceiptPdf(data())]);
    expect(a.equals(b)).toBe(true);
    const text = squeeze(await pdfText(await renderWithdrawalReceiptPdf(data({ customerName: null, service: null, signedAt: null, trackingUrl: null }))));
    for (const absent of ['Intestatario', 'Servizio', 'Contratto firmato il', 'Lo stato dell’ordine']) expect(text).not.toContain(squeeze(absent));
    expect(text).toContain(squeeze('Recesso ricevuto il10/03/2026 00:30:05 (UTC+01:00)'));
  });
});
