import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatEuro } from '@checkout/contract';

/**
 * The contract a customer signs, as a PDF (issue 4 "Contract preview"). This file knows layout only:
 * the signature module turns an order and the catalogue into `ContractPdfData` (prices never come from
 * the client), and this renders it. Same data → same bytes: the creation date is the data's own date
 * and pdfkit derives the file ID from the metadata, so the preview's SHA-256 is stable across calls.
 */

export interface ContractPriceLine {
  name: string;
  /** Cents a month. */
  monthly: number;
  /** One-off cents. */
  oneOff: number;
}

export interface SepaMandate {
  /** Unique per order (SEPA: up to 35 characters). */
  reference: string;
  creditorId: string;
  creditorName: string;
  debtorName: string;
  /** Debtor's tax code or VAT number, when known. */
  debtorTaxCode: string;
  iban: string;
  /** Italian name of the payment type: always `ricorrente` for a subscription. */
  paymentType: 'ricorrente';
}

export interface ContractPdfData {
  brandName: string;
  /** The brand colour of titles and headings (`#rrggbb`), the site's own. */
  accentColour: string;
  /** The order number the customer sees (`FV-2026-K7M4Q9`). */
  orderCode: string;
  /** The order's date: printed on the contract and used as the PDF creation date. */
  documentDate: Date;
  customerType: 'privato' | 'business';
  /** Label → value rows of the customer's data, in print order (empty values are left out). */
  customer: Array<[string, string]>;
  activationAddress: string;
  shippingAddress: string;
  /** Number portability and the voice line, label → value (empty: no section). */
  portability: Array<[string, string]>;
  technology: string;
  offer: ContractPriceLine;
  options: ContractPriceLine[];
  totals: { monthly: number; oneOff: number };
  sepa: SepaMandate;
}

export interface RenderOptions {
  /** Compressed content streams (default). Tests may turn it off to read the text. */
  compress?: boolean;
}

const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';

/*
 * DejaVu Sans, embedded (subset): it prints every letter a name may hold (Latin-1, Latin Extended-A and
 * B: Ł, Ș, Ø…), where the standard Helvetica knows WinAnsi only. Read once; pdfkit subsets per document.
 */
const fontFile = (name: string): Buffer => readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`));
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const loadFonts = () => (fonts ??= { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') });
const REGULAR = 'Contract-Regular';
const BOLD = 'Contract-Bold';

/** `Europe/Rome` calendar date: dd/mm/yyyy. */
export const italianDay = (d: Date): string =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

/** IBAN in groups of four, as printed on bank documents. */
export const groupIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');

class Layout {
  constructor(readonly doc: PDFDocument, readonly accent: string) {}

  get left(): number { return this.doc.page.margins.left; }
  get width(): number { return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right; }
  get bottom(): number { return this.doc.page.height - this.doc.page.margins.bottom; }

  /** A new page when fewer than `height` points are left (rows placed at explicit x/y do not flow by themselves). */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  section(title: string): void {
    this.ensure(60);
    this.doc.moveDown(0.8);
    this.doc.font(BOLD).fontSize(12).fillColor(this.accent).text(title.toUpperCase(), this.left, this.doc.y, { width: this.width });
    const y = this.doc.y + 2;
    this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.5).strokeColor(RULE).stroke();
    this.doc.y = y + 6;
    this.doc.font(REGULAR).fontSize(10).fillColor(INK);
  }

  /** Label on the left, value on the right; long values wrap. */
  rows(rows: Array<[string, string]>): void {
    const labelWidth = 150;
    for (const [label, value] of rows) {
      if (value.trim() === '') continue;
      const valueWidth = this.width - labelWidth;
      this.doc.font(REGULAR).fontSize(10);
      const h = Math.max(this.doc.heightOfString(value, { width: valueWidth }), this.doc.heightOfString(label, { width: labelWidth - 8 }), 12);
      this.ensure(h + 4);
      const y = this.doc.y;
      this.doc.fillColor(MUTED).text(label, this.left, y, { width: labelWidth - 8 });
      this.doc.fillColor(INK).text(value, this.left + labelWidth, y, { width: valueWidth });
      this.doc.y = y + h + 4;
    }
  }

  paragraph(text: string, options: { bold?: boolean; size?: number; color?: string } = {}): void {
    this.doc.font(options.bold ? BOLD : REGULAR).fontSize(options.size ?? 10).fillColor(options.color ?? INK);
    this.ensure(this.doc.heightOfString(text, { width: this.width }) + 4);
    this.doc.text(text, this.left, this.doc.y, { width: this.width, align: 'justify', paragraphGap: 4 });
  }

  bullets(items: string[]): void {
    this.doc.font(REGULAR).fontSize(10).fillColor(INK);
    for (const item of items) {
      const h = this.doc.heightOfString(item, { width: this.width - 14 });
      this.ensure(h + 3);
      const y = this.doc.y;
      this.doc.text('•', this.left + 2, y, { width: 10 });
      this.doc.text(item, this.left + 14, y, { width: this.width - 14 });
      this.doc.y = y + h + 3;
    }
  }

  /** The price table: description, monthly, one-off. */
  priceTable(lines: ContractPriceLine[], totals: { monthly: number; oneOff: number }): void {
    const amountWidth = 95;
    const nameWidth = this.width - 2 * amountWidth;
    const row = (cells: [string, string, string], bold: boolean): void => {
      this.doc.font(bold ? BOLD : REGULAR).fontSize(10).fillColor(INK);
      const h = Math.max(this.doc.heightOfString(cells[0], { width: nameWidth - 6 }), 12);
      this.ensure(h + 6);
      const y = this.doc.y;
      this.doc.text(cells[0], this.left, y, { width: nameWidth - 6 });
      this.doc.text(cells[1], this.left + nameWidth, y, { width: amountWidth, align: 'right' });
      this.doc.text(cells[2], this.left + nameWidth + amountWidth, y, { width: amountWidth, align: 'right' });
      this.doc.y = y + h + 3;
      this.doc.moveTo(this.left, this.doc.y).lineTo(this.left + this.width, this.doc.y).lineWidth(0.3).strokeColor(RULE).stroke();
      this.doc.y += 3;
    };
    row(['Voce', 'Canone mensile', 'Una tantum'], true);
    for (const line of lines) row([line.name, formatEuro(line.monthly), formatEuro(line.oneOff)], false);
    row(['Totale', formatEuro(totals.monthly), formatEuro(totals.oneOff)], true);
  }
}

const summaryBullets = (data: ContractPdfData): string[] => [
  `Operatore: ${data.brandName}. Offerta "${data.offer.name}" in tecnologia ${data.technology || 'da verificare'}.`,
  `Prezzo: ${formatEuro(data.totals.monthly)} al mese (${data.customerType === 'business' ? 'IVA esclusa' : 'IVA inclusa'}) e ${formatEuro(data.totals.oneOff)} una tantum, come dettagliato nella sezione Offerta.`,
  'Durata: contratto a tempo indeterminato, senza vincolo di permanenza minima.',
  'Recesso: puoi recedere in ogni momento con preavviso di 30 giorni, senza penali; restano dovuti solo i costi di disattivazione indicati nella sezione Offerta e le eventuali rate residue dei dispositivi.',
  // The 14-day withdrawal is a consumer's right (Codice del Consumo art. 52): a business contract has none.
  ...(data.customerType === 'business' ? [] : ['Ripensamento: entro 14 giorni dalla conclusione del contratto puoi recedere senza alcuna motivazione e senza costi.']),
  'Velocità: le prestazioni minime garantite e la velocità massima sono indicate nella scheda tecnica dell\'offerta e verificabili con Ne.Me.Sys. (misurainternet.it).',
  'Pagamento: addebito diretto SEPA sul conto indicato nel mandato, con fattura mensile elettronica.',
  'Assistenza e reclami: servizio clienti telefonico e online; in caso di mancata risposta entro 30 giorni puoi rivolgerti al CORECOM tramite la piattaforma ConciliaWeb.',
];

const GENERAL_TERMS: Array<[string, string]> = [
  ['Oggetto', 'Il contratto ha per oggetto la fornitura del servizio di accesso a Internet su rete fissa ed eventualmente del servizio voce, alle condizioni economiche indicate nella sezione Offerta e nelle presenti condizioni generali.'],
  ['Conclusione e durata', 'Il contratto si conclude con la firma elettronica del Cliente tramite codice monouso ed è a tempo indeterminato. L\'attivazione avviene di norma entro 30 giorni dalla conclusione, salvo impedimenti tecnici comunicati al Cliente.'],
  ['Diritto di ripensamento', 'Trattandosi di contratto concluso a distanza, il Cliente consumatore può recedere entro 14 giorni dalla conclusione senza indicarne il motivo e senza costi, con comunicazione scritta o tramite il servizio clienti. Se il Cliente ha chiesto l\'attivazione durante tale periodo, è dovuto solo il corrispettivo per il servizio fruito.'],
  ['Recesso', 'Il Cliente può recedere in qualsiasi momento con preavviso di 30 giorni. Sono dovuti unicamente i costi di disattivazione giustificati dai costi sostenuti dall\'operatore, indicati nell\'offerta, e le rate residue dei dispositivi acquistati a rate, che il Cliente può scegliere di pagare in un\'unica soluzione.'],
  ['Modem e dispositivi', 'Il modem fornito in comodato d\'uso resta di proprietà dell\'operatore e va restituito entro 30 giorni dalla cessazione; il modem acquistato diventa di proprietà del Cliente. Il Cliente è libero di utilizzare un proprio modem compatibile.'],
  ['Fatturazione e pagamento', 'La fattura è emessa con cadenza mensile in formato elettronico e resa disponibile nell\'area clienti. Il pagamento avviene mediante addebito diretto SEPA secondo il mandato sottoscritto; in caso di mancato pagamento l\'operatore può sospendere il servizio previo preavviso.'],
  ['Modifiche contrattuali', 'Eventuali modifiche delle condizioni sono comunicate con almeno 30 giorni di preavviso; il Cliente che non le accetta può recedere senza penali né costi di disattivazione.'],
  ['Qualità del servizio e indennizzi', 'L\'operatore rispetta gli standard di qualità pubblicati sul proprio sito e corrisponde gli indennizzi previsti dalla Carta dei servizi in caso di ritardata attivazione o interruzione del servizio.'],
  ['Dati personali', 'I dati del Cliente sono trattati secondo il Regolamento (UE) 2016/679 e l\'informativa privacy consegnata al momento della richiesta, per le sole finalità di esecuzione del contratto e per quelle a cui il Cliente ha acconsentito.'],
  ['Reclami e controversie', 'I reclami possono essere presentati al servizio clienti, che risponde entro 30 giorni. Per le controversie è obbligatorio il tentativo di conciliazione presso il CORECOM competente tramite la piattaforma ConciliaWeb.'],
];

/** The general terms of a customer type, numbered: a business contract leaves out the consumer's withdrawal right. */
const generalTerms = (customerType: ContractPdfData['customerType']): Array<[string, string]> =>
  GENERAL_TERMS
    .filter(([title]) => customerType !== 'business' || !title.includes('ripensamento'))
    .map(([title, text], i) => [`${i + 1}. ${title}`, text]);

/** Renders the contract; resolves with the whole file. */
export function renderContractPdf(data: ContractPdfData, options: RenderOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: 'it-IT',
    displayTitle: true,
    info: {
      Title: `Contratto ${data.brandName} - ordine ${data.orderCode}`,
      Author: data.brandName,
      Subject: `Contratto ${data.offer.name}`,
      Creator: data.brandName,
      Producer: data.brandName,
      CreationDate: data.documentDate,
      ModDate: data.documentDate,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { regular, bold } = loadFonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const l = new Layout(doc, data.accentColour);

  // Header: brand, title, order code and date.
  doc.font(BOLD).fontSize(22).fillColor(data.accentColour).text(data.brandName, l.left, 50, { width: l.width });
  doc.font(REGULAR).fontSize(10).fillColor(MUTED)
    .text(`Ordine ${data.orderCode} - ${italianDay(data.documentDate)}`, l.left, 56, { width: l.width, align: 'right' });
  doc.y = 84;
  doc.font(BOLD).fontSize(15).fillColor(INK).text(`Contratto ${data.offer.name}`, l.left, doc.y, { width: l.width });
  doc.font(REGULAR).fontSize(10).fillColor(MUTED)
    .text(data.customerType === 'business' ? 'Cliente business' : 'Cliente privato (consumatore)', { width: l.width });

  l.section(data.customerType === 'business' ? 'Dati dell\'azienda e del referente' : 'Dati del cliente');
  l.rows(data.customer);

  l.section('Indirizzi');
  l.rows([
    ['Indirizzo di attivazione', data.activationAddress],
    ['Indirizzo di spedizione', data.shippingAddress],
  ]);

  if (data.portability.length > 0) {
    l.section('Linea voce e portabilità');
    l.rows(data.portability);
  }

  l.section('Offerta');
  l.rows([['Offerta', data.offer.name], ['Tecnologia', data.technology]]);
  doc.moveDown(0.3);
  l.priceTable([data.offer, ...data.options], data.totals);

  l.section('Mandato per addebito diretto SEPA');
  l.rows([
    ['Riferimento del mandato', data.sepa.reference],
    ['Identificativo del creditore', data.sepa.creditorId],
    ['Creditore', data.sepa.creditorName],
    ['Debitore (intestatario del conto)', data.sepa.debtorName],
    ['Codice fiscale / P. IVA', data.sepa.debtorTaxCode],
    ['IBAN', groupIban(data.sepa.iban)],
    ['Tipo di pagamento', data.sepa.paymentType],
  ]);
  doc.moveDown(0.3);
  l.paragraph(
    `Sottoscrivendo il presente mandato il debitore autorizza ${data.sepa.creditorName} a richiedere alla propria banca l'addebito del conto e la banca ad addebitare il conto secondo le istruzioni del creditore. ` +
      'Il debitore ha diritto al rimborso dalla propria banca secondo gli accordi e le condizioni che regolano il rapporto con essa; il rimborso deve essere richiesto entro 8 settimane dalla data di addebito.',
    { size: 9, color: MUTED },
  );

  l.section('Sintesi contrattuale');
  l.paragraph('Sintesi contrattuale ai sensi della delibera AGCOM n. 307/23/CONS. Le informazioni complete sono nelle condizioni generali che seguono.', { size: 9, color: MUTED });
  l.bullets(summaryBullets(data));

  doc.addPage();
  l.section('Condizioni generali di contratto');
  for (const [title, text] of generalTerms(data.customerType)) {
    l.ensure(50);
    l.paragraph(title, { bold: true });
    l.paragraph(text, { size: 9.5 });
  }

  // Footer on every page: written last, with the bottom margin lifted so pdfkit does not start a new page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(8).fillColor(MUTED)
      .text(`${data.brandName} - ordine ${data.orderCode} - pagina ${i + 1} di ${range.count}`, l.left, doc.page.height - 35, { width: l.width, align: 'center' });
    doc.page.margins.bottom = margin;
  }

  doc.end();
  return done;
}
