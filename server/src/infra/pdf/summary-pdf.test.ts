import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';
import { renderContractSummaryPdf, SUMMARY_HEADINGS } from './summary-pdf';
import { dataOf, facts } from './summary-sample';

const data = dataOf;

const squeeze = (text: string): string => text.replace(/\s+/g, '');

describe('contract summary PDF (Regulation 2019/2243)', () => {
  it('is one A4 page with the regulation\'s headings in their order', async () => {
    const pdf = await renderContractSummaryPdf(data(), facts);
    const parsed = await PDFDocument.load(pdf);
    expect(parsed.getPageCount()).toBe(1);
    const { width, height } = parsed.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = squeeze(await pdfText(pdf));
    let from = 0;
    for (const [i, heading] of SUMMARY_HEADINGS.entries()) {
      const at = text.indexOf(squeeze(`${i + 1}. ${heading}`), from);
      expect(at, heading).toBeGreaterThan(from);
      from = at;
    }
  });

  it('states the order\'s prices, speeds and technology wording', async () => {
    const text = squeeze(await pdfText(await renderContractSummaryPdf(data(), facts)));
    for (const needle of ['31,90', '39,90', 'IVA inclusa', 'Voce Illimitata Family', '5,00', 'fibra misto rame (FTTC)', 'normalmente disponibile 75 Mbit/s · massima 100 Mbit/s', 'minima 2 Mbit/s', 'comodato d’uso gratuito', 'FV-2026-K7M4Q9', '14 giorni']) {
      expect(text, needle).toContain(squeeze(needle));
    }
    const business = squeeze(await pdfText(await renderContractSummaryPdf(data({ customerType: 'business' }), facts)));
    expect(business).toContain(squeeze('IVA esclusa'));
    expect(business).not.toContain(squeeze('Diritto di ripensamento'));
  });

  it('uses no type smaller than 10 pt', async () => {
    const pdf = await renderContractSummaryPdf(data(), facts, { compress: false });
    const sizes = [...pdf.toString('latin1').matchAll(/\/F\d+\s+([\d.]+)\s+Tf/g)].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThan(10);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(10);
  });

  it('still fits one page with many options and a long address', async () => {
    const options = Array.from({ length: 6 }, (_, i) => ({ name: `Opzione aggiuntiva numero ${i + 1} con un nome piuttosto lungo`, monthly: 199, oneOff: 990 }));
    const pdf = await renderContractSummaryPdf(data({ options, activationAddress: `${'Via del Lungotevere '.repeat(4)}1, 00185 Roma (RM)` }), facts);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });
});
