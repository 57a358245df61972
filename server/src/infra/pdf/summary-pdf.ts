import { formatEuro, vatWording } from '@checkout/contract';
import type { ContractPdfData } from './contract-pdf';
import { BOLD, INK, MUTED, REGULAR, italianDay, newPdf, pageFooters } from './pdf-layout';
import type { RenderOptions } from './contract-pdf';

/*
 * The contract summary ("sintesi contrattuale") of Regulation (EU) 2019/2243, the template EECC art.
 * 102(3) requires before an electronic-communications contract is concluded: its headings in its order,
 * one A4 page for a single service, type of at least 10 pt. Rendered from the same data as the contract,
 * so the two cannot disagree.
 */

/** What the summary says beyond the contract's data: the figures of the address and the provider's contacts. */
export interface SummaryFacts {
  /** The technology as AGCOM 292/18/CONS lets it be named ("fibra misto rame (FTTC)"). */
  technologyWording: string;
  /** Speed rows of the offer at the address (AGCOM 156/23/CONS), label → text. */
  speeds: Array<[string, string]>;
  /** The router and its cost broken down (AGCOM 348/18/CONS); null without one. */
  router: string | null;
  /**
   * The commitment, the voucher, the exit costs (migration and cessation) and what leaving early costs,
   * one sentence each: the contract's `terms`, then what the summary adds about devices.
   */
  duration: string[];
  /** Provider's name, address and where customers reach it. */
  providerContact: string;
  /** Where the complete information lives (the legal pages). */
  infoUrl: string;
}

/** What the duration section adds to the offer's terms, an order's summary and an offer's own sheet alike. */
export const DEVICE_INSTALMENTS_ON_EXIT = 'Alla cessazione restano dovute solo le eventuali rate residue dei dispositivi acquistati a rate.';

/** The regulation's headings, in its order (Annex, Part B of Regulation 2019/2243). */
export const SUMMARY_HEADINGS = [
  'Servizi e apparecchiature',
  'Velocità del servizio Internet e mezzi di ricorso',
  'Prezzo',
  'Durata, rinnovo e risoluzione',
  'Funzionalità per gli utenti finali con disabilità',
  'Altre informazioni pertinenti',
] as const;

const TEXT_SIZE = 10;

/**
 * What the summary prints of the contract's data. `orderCode` null: the offer's own summary (the
 * "scheda" the offer page links), before any order, with no address.
 */
export type SummaryData = Pick<ContractPdfData, 'brandName' | 'accentColour' | 'documentDate' | 'customerType' | 'activationAddress' | 'offer' | 'options' | 'totals' | 'promo'>
  & { orderCode: string | null };

/** Renders the summary; resolves with the whole file. */
export function renderContractSummaryPdf(data: SummaryData, facts: SummaryFacts, options: RenderOptions = {}): Promise<Buffer> {
  const about = data.orderCode === null ? `offerta ${data.offer.name}` : `ordine ${data.orderCode}`;
  const { doc, layout: l, done } = newPdf({
    title: `Sintesi contrattuale ${data.brandName} - ${about}`, author: data.brandName,
    subject: `Sintesi contrattuale ${data.offer.name}`, date: data.documentDate, accent: data.accentColour,
    ...(options.compress === undefined ? {} : { compress: options.compress }),
  });
  // A tighter page than the contract's: the whole summary fits one A4 sheet at 10 pt.
  doc.page.margins = { top: 36, bottom: 40, left: 40, right: 40 };
  const text = (value: string, opts: { bold?: boolean; color?: string } = {}): void => {
    doc.font(opts.bold ? BOLD : REGULAR).fontSize(TEXT_SIZE).fillColor(opts.color ?? INK)
      .text(value, l.left, doc.y, { width: l.width, paragraphGap: 1 });
  };
  const heading = (n: number): void => {
    doc.moveDown(0.35);
    doc.font(BOLD).fontSize(11).fillColor(data.accentColour).text(`${n}. ${SUMMARY_HEADINGS[n - 1]}`, l.left, doc.y, { width: l.width });
    doc.moveDown(0.1);
  };
  const business = data.customerType === 'business';
  const vat = vatWording(data.customerType);

  doc.font(BOLD).fontSize(16).fillColor(data.accentColour).text('Sintesi contrattuale', l.left, 36, { width: l.width });
  doc.font(REGULAR).fontSize(TEXT_SIZE).fillColor(MUTED)
    .text(`${data.orderCode === null ? 'Scheda dell\'offerta' : `Ordine ${data.orderCode}`} - ${italianDay(data.documentDate)}`, l.left, 40, { width: l.width, align: 'right' });
  doc.moveDown(0.4);
  text(
    'La presente sintesi contrattuale fornisce i principali elementi di questa offerta di servizi, come richiesto dal diritto dell\'UE (Regolamento di esecuzione (UE) 2019/2243). ' +
      'Aiuta a confrontare le offerte di servizi. Informazioni complete sul servizio sono contenute in altri documenti.',
    { color: MUTED },
  );
  doc.moveDown(0.2);
  text(`Operatore: ${facts.providerContact}`);
  text(`Offerta: ${data.offer.name} - ${business ? 'cliente business' : 'cliente consumatore'}`, { bold: true });

  heading(1);
  text(`Accesso a Internet da rete fissa in tecnologia ${facts.technologyWording}${data.activationAddress ? `, all'indirizzo ${data.activationAddress}` : ', secondo la copertura dell\'indirizzo'}.`);
  for (const option of data.options) text(`• ${option.name}`);
  if (facts.router) text(`Costo del router: ${facts.router}`);
  text('Puoi usare un tuo modem compatibile senza costi aggiuntivi (modem libero, delibera AGCOM 348/18/CONS).');

  heading(2);
  for (const [label, value] of facts.speeds) text(`${label}: ${value}`);
  text('Se le prestazioni misurate con Ne.Me.Sys. (www.misurainternet.it) sono inferiori a quelle minime garantite puoi presentare reclamo; se non vengono ripristinate entro 30 giorni puoi recedere senza costi (delibera AGCOM 156/23/CONS).');

  heading(3);
  text(`Canone mensile: ${formatEuro(data.totals.monthly)} (${vat}). Costi una tantum: ${formatEuro(data.totals.oneOff)} (${vat}).`, { bold: true });
  // A promo's months and the price after them: the canone above is the promo's, not the contract's for ever.
  if (data.promo) text(`Promozione ${data.promo}.`, { bold: true });
  for (const line of [data.offer, ...data.options]) {
    if (line.monthly === 0 && line.oneOff === 0) continue;
    const parts = [line.monthly !== 0 ? `${formatEuro(line.monthly)} al mese` : '', line.oneOff !== 0 ? `${formatEuro(line.oneOff)} una tantum` : ''].filter(Boolean);
    text(`• ${line.name}: ${parts.join(', ')}`);
  }
  text('Fatturazione mensile elettronica, pagamento con addebito diretto SEPA.');

  heading(4);
  for (const sentence of facts.duration) text(sentence);
  text(business
    ? 'Il contratto è concluso tra professionisti: non si applica il diritto di ripensamento dei consumatori.'
    : 'Diritto di ripensamento: entro 14 giorni dalla conclusione puoi recedere senza motivazione e senza penali; se hai chiesto di attivare il servizio durante i 14 giorni, paghi solo un importo proporzionale al servizio fornito fino al recesso (Codice del Consumo, artt. 52 e 57).');

  heading(5);
  text('Agevolazioni per utenti non vedenti e non udenti secondo la delibera AGCOM 290/21/CONS; le informazioni e le condizioni sono disponibili presso il servizio clienti e sul sito dell\'operatore.');

  heading(6);
  text('Portabilità del numero e migrazione senza interruzione del servizio, secondo le procedure AGCOM. Reclami al servizio clienti, risposta entro 30 giorni; per le controversie, conciliazione presso il CORECOM tramite ConciliaWeb.');
  text(`Informazioni complete: condizioni generali di contratto e carta dei servizi su ${facts.infoUrl}.`);

  pageFooters(l, (page, count) => `${data.brandName} - sintesi contrattuale dell'${about} - pagina ${page} di ${count}`, TEXT_SIZE);
  doc.end();
  return done;
}
