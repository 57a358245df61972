import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { OPTION_IDS } from '@checkout/contract';
import { renderContractPdf } from './contract-pdf';
import type { ContractRouter } from './contract-pdf';
import { DRAFT_MARK, markAsDraft } from './draft-mark';
import { appendEvidencePage } from './evidence-page';
import { pdfPages, pdfText } from './pdf-text';
import { renderContractSummaryPdf } from './summary-pdf';
import { dataOf, facts } from './summary-sample';

/*
 * The contract documents say only what is true: the modem clause of the router the order has, the ways
 * to send a withdrawal, page numbers that count what they name, one form of date-time, and a preview that
 * cannot pass for the signed file.
 */

// Justified lines are drawn word by word: compare without spaces.
const squeeze = (text: string): string => text.replace(/\s+/g, '');
const router = (overrides: Partial<ContractRouter>): ContractRouter => ({
  id: 20, name: 'Modem Fibra Viva Wi-Fi 6', included: false, recurrent_cost: 0, cash_amount: 0, instalments: null, ...overrides,
});

/** The general terms' modem clause as printed, without spaces. */
const modemClause = async (data: Parameters<typeof dataOf>[0]): Promise<string> => {
  const text = squeeze(await pdfText(await renderContractPdf(dataOf(data))));
  const from = text.indexOf(squeeze('Modem e dispositivi'));
  return text.slice(from, text.indexOf(squeeze('Fatturazione e pagamento'), from));
};

describe('the modem clause of the general terms', () => {
  const MODEM_LIBERO = squeeze('libero di utilizzare un proprio modem compatibile, senza costi aggiuntivi (modem libero, delibera AGCOM 348/18/CONS)');

  it('rents: a monthly fee while the service lasts, the operator\'s property, returned at the end at no further cost', async () => {
    const clause = await modemClause({ router: router({ id: 23, name: 'Router Fibra Viva Top Wi-Fi 7 (noleggio)', recurrent_cost: 300 }) });
    for (const words of [
      'a noleggio al canone di 3,00 € al mese, dovuto finché il servizio è attivo',
      'resta di proprietà dell\'operatore, non può essere riscattato e va restituito entro 30 giorni dalla cessazione, senza ulteriori costi',
    ]) expect(clause, words).toContain(squeeze(words));
    expect(clause).toContain(MODEM_LIBERO);
    expect(clause).not.toMatch(/comodato|acquistat/);
  });

  it('lends (comodato d\'uso) the included modem, sells the bought one, and states instalments with their number and value', async () => {
    const lent = await modemClause({ router: router({ included: true }) });
    expect(lent).toContain(squeeze('in comodato d\'uso gratuito, incluso nel canone: resta di proprietà dell\'operatore'));
    expect(lent).not.toMatch(/noleggio|acquistat/);
    const bought = await modemClause({ router: router({ id: 22, cash_amount: 14900 }) });
    expect(bought).toContain(squeeze('acquistato dal Cliente in un\'unica soluzione (149,00 €): diventa di sua proprietà'));
    expect(bought).not.toMatch(/noleggio|comodato/);
    const instalments = await modemClause({ router: router({ id: 24, recurrent_cost: 500, instalments: 24 }) });
    expect(instalments).toContain(squeeze('a rate: 24 rate mensili da 5,00 € (totale 120,00 €)'));
    expect(instalments).toContain(squeeze('pagare le rate residue in un\'unica soluzione o proseguire a rate'));
    for (const clause of [lent, bought, instalments]) expect(clause).toContain(MODEM_LIBERO);
  });

  it('names the customer\'s own modem alone when there is no router, and every case when the router is not known', async () => {
    for (const own of [await modemClause({ router: router({ id: OPTION_IDS.freeRouter }) }), await modemClause({ router: null })]) {
      expect(own).toContain(squeeze('Il Cliente utilizza un proprio modem compatibile, senza costi aggiuntivi'));
      expect(own).not.toMatch(/noleggio|comodato|acquistat/);
    }
    const every = await modemClause({});
    for (const words of ['comodato d\'uso gratuito', 'a noleggio, al canone mensile', 'senza ulteriori costi', 'in un\'unica soluzione o a rate']) {
      expect(every, words).toContain(squeeze(words));
    }
    expect(every).toContain(MODEM_LIBERO);
  });
});

describe('the withdrawal form in the contract', () => {
  it('names the trader\'s email and PEC beside its address (Codice del Consumo allegato I-B)', async () => {
    const text = squeeze(await pdfText(await renderContractPdf(dataOf({ traderContacts: { email: 'assistenza@fibraviva.it', pec: 'fibraviva@pec.fibraviva.it' } }))));
    expect(text).toContain(squeeze('Destinatario: Fibra Viva S.p.A., Via Nazionale 10, 00184 Roma (RM), email assistenza@fibraviva.it, PEC fibraviva@pec.fibraviva.it'));
    expect(text).toContain(squeeze('per email all\'indirizzo assistenza@fibraviva.it o per PEC all\'indirizzo fibraviva@pec.fibraviva.it'));
  });
});

describe('the signed file', () => {
  const signed = async (): Promise<Uint8Array> => {
    const contract = await renderContractPdf(dataOf());
    const summary = await renderContractSummaryPdf(dataOf(), facts);
    return appendEvidencePage(contract, {
      brandName: 'Fibra Viva', orderCode: 'FV-2026-K7M4Q9', channel: 'sms', maskedDestination: '+39 3** *** **67', ip: '203.0.113.9', userAgent: 'vitest',
      previewSha256: 'a'.repeat(64), annexes: [{ name: 'sintesi contrattuale', pdf: summary }],
      signedAt: new Date('2026-07-01T08:15:03Z'), acceptances: [['Condizioni generali di contratto accettate', new Date('2026-07-01T08:14:00Z')]],
    });
  };

  it('numbers each part\'s pages under its own name, and the evidence page places each part in the whole file', async () => {
    const pdf = await signed();
    const pages = await pdfPages(pdf);
    const footers = pages.map((page) => /Fibra Viva - (.+) - pagina (\d+) di (\d+)/.exec(page.replace(/\s+/g, ' ')));
    // Every page says which document it belongs to; no part claims another's pages.
    expect(footers.map((f) => f && `${f[1]} ${f[2]}/${f[3]}`)).toEqual([
      ...pages.slice(0, -2).map((_, i) => `contratto dell'ordine FV-2026-K7M4Q9 ${i + 1}/${pages.length - 2}`),
      'sintesi contrattuale dell\'ordine FV-2026-K7M4Q9 1/1',
      'attestazione di firma dell\'ordine FV-2026-K7M4Q9 1/1',
    ]);
    const n = pages.length;
    expect(pages.at(-1)!.replace(/\s+/g, ' '))
      .toContain(`contratto: pagine 1-${n - 2}; sintesi contrattuale: pagina ${n - 1}; attestazione di firma: pagina ${n} (${n} pagine in tutto)`);
  });

  it('prints the signature and the acceptances in Rome\'s time with its offset, as the consents are printed', async () => {
    const evidence = (await pdfPages(await signed())).at(-1)!.replace(/\s+/g, ' ');
    expect(evidence).toContain('Data e ora della firma 01/07/2026 10:15:03 (UTC+02:00)');
    expect(evidence).toContain('Condizioni generali di contratto accettate: 01/07/2026 10:14:00 (UTC+02:00)');
    expect(evidence).not.toMatch(/\d UTC\b/);
  });
});

describe('the copy read before signing', () => {
  it('carries the draft mark on every page of the contract and the summary; the record does not', async () => {
    for (const record of [await renderContractPdf(dataOf()), await renderContractSummaryPdf(dataOf(), facts)]) {
      const marked = await markAsDraft(record);
      const pages = await pdfPages(marked);
      expect(pages.length).toBe((await PDFDocument.load(record)).getPageCount());
      for (const page of pages) expect(page).toContain(DRAFT_MARK);
      expect(await pdfText(record)).not.toContain('BOZZA');
    }
  });

  it('differs from the record by the mark only: the same text on each page, the same bytes for the same record', async () => {
    const record = await renderContractPdf(dataOf());
    const marked = await markAsDraft(record);
    const unmark = (page: string): string => squeeze(page.split(DRAFT_MARK).join(''));
    expect((await pdfPages(marked)).map(unmark)).toEqual((await pdfPages(record)).map(unmark));
    expect((await markAsDraft(record)).equals(marked)).toBe(true);
  });
});
