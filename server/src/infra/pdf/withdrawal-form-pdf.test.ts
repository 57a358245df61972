import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';
import { WITHDRAWAL_FORM_TITLE, renderWithdrawalFormPdf } from './withdrawal-form-pdf';
import type { WithdrawalFormData } from './withdrawal-form-pdf';

const data = (overrides: Partial<WithdrawalFormData> = {}): WithdrawalFormData => ({
  brandName: 'Fibra Viva',
  accentColour: '#0b5ed7',
  recipient: { name: 'Fibra Viva S.p.A.', address: 'Via della Fibra 1, 20121 Milano (MI)', email: 'assistenza@fibraviva.it', pec: 'fibraviva@pec.fibraviva.it' },
  orderCode: 'FV-2026-K7M4Q9',
  orderedAt: new Date('2026-03-01T23:30:00.000Z'),
  service: 'Fibra Viva Casa 1 Giga',
  onlineUrl: 'https://www.fibraviva.it/recesso/FV-2026-K7M4Q9',
  ...overrides,
});

const squeeze = (text: string): string => text.replace(/\s+/g, '');

describe('withdrawal form PDF (Codice del Consumo, allegato I, parte B)', () => {
  it('is one A4 page with the model form, pre-filled with the provider, the service, the order and its Italian date', async () => {
    const pdf = await renderWithdrawalFormPdf(data());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await PDFDocument.load(pdf);
    expect(parsed.getPageCount()).toBe(1);
    expect(parsed.getTitle()).toContain('FV-2026-K7M4Q9');
    const text = squeeze(await pdfText(pdf));
    for (const needle of [
      WITHDRAWAL_FORM_TITLE,
      'allegato I, parte B',
      '(compilare e restituire il presente modulo solo se si desidera recedere dal contratto)',
      // Allegato I-B: the trader's geographic address and its email; the PEC too.
      'Destinatario: Fibra Viva S.p.A., Via della Fibra 1, 20121 Milano (MI), email assistenza@fibraviva.it, PEC fibraviva@pec.fibraviva.it',
      'per posta a Via della Fibra 1, 20121 Milano (MI), per email all\'indirizzo assistenza@fibraviva.it o per PEC all\'indirizzo fibraviva@pec.fibraviva.it.',
      'contratto di fornitura del seguente servizio: Fibra Viva Casa 1 Giga, ordine FV-2026-K7M4Q9',
      // 23:30 UTC on 1 March is 2 March in Italy.
      'Ordinato il (*)/ricevuto il (*): 02/03/2026',
      'Nome del/dei consumatore(i):',
      'Indirizzo del/dei consumatore(i):',
      'Firma del/dei consumatore(i) (solo se il presente modulo è notificato in versione cartacea):',
      'Data:',
      '(*) Cancellare la dicitura inutile.',
      'https://www.fibraviva.it/recesso/FV-2026-K7M4Q9',
    ]) expect(text, needle).toContain(squeeze(needle));
  });

  it('leaves the consumer\'s lines blank: no name or address is printed', async () => {
    const text = await pdfText(await renderWithdrawalFormPdf(data()));
    const between = (from: string, to: string): string => text.slice(text.indexOf(from) + from.length, text.indexOf(to)).trim();
    expect(between('Nome del/dei consumatore(i):', 'Indirizzo del/dei consumatore(i):')).toBe('');
    expect(between('Indirizzo del/dei consumatore(i):', 'Firma del/dei consumatore(i)')).toBe('');
    expect(between('notificato in versione cartacea):', 'Data:')).toBe('');
  });

  it('prints the same bytes for the same data, and words without a service or a site address', async () => {
    const [a, b] = await Promise.all([renderWithdrawalFormPdf(data()), renderWithdrawalFormPdf(data())]);
    expect(a.equals(b)).toBe(true);
    const text = squeeze(await pdfText(await renderWithdrawalFormPdf(data({ service: null, onlineUrl: null }))));
    expect(text).toContain(squeeze('del seguente servizio: ordine FV-2026-K7M4Q9'));
    expect(text).toContain(squeeze('dalla pagina «Recesso» del sito'));
  });
});
