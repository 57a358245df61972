import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatEuro } from '@checkout/contract';

/*
 * What the contract and its summary share: the embedded font, the colours, the flowing layout, a
 * document whose bytes depend on its data only, and the page footers.
 */

/** A line of the price table: cents a month and one-off. */
export interface PriceRow { name: string; monthly: number; oneOff: number }

export const INK = '#1f2933';
export const MUTED = '#52606d';
export const RULE = '#cbd2d9';

/*
 * DejaVu Sans, embedded (subset): it prints every letter a name may hold (Latin-1, Latin Extended-A and
 * B: Ł, Ș, Ø…), where the standard Helvetica knows WinAnsi only. Read once; pdfkit subsets per document.
 */
const fontFile = (name: string): Buffer => readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`));
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const loadFonts = () => (fonts ??= { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') });
export const REGULAR = 'Contract-Regular';
export const BOLD = 'Contract-Bold';

/** `Europe/Rome` calendar date: dd/mm/yyyy. */
export const italianDay = (d: Date): string =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

/** IBAN in groups of four, as printed on bank documents. */
export const groupIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');

/** The flowing layout of the checkout's documents: sections, label/value rows, paragraphs, bullets, price table. */
export class Layout {
  constructor(readonly doc: PDFKit.PDFDocument, readonly accent: string) {}

  get left(): number { return this.doc.page.margins.left; }
  get width(): number { return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right; }
  get bottom(): number { return this.doc.page.height - this.doc.page.margins.bottom; }

  /** A new page when fewer than `height` points are left (rows placed at explicit x/y do not flow by themselves). */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  section(title: string, options: { gap?: number } = {}): void {
    this.ensure(60);
    this.doc.moveDown(options.gap ?? 0.8);
    this.doc.font(BOLD).fontSize(12).fillColor(this.accent).text(title.toUpperCase(), this.left, this.doc.y, { width: this.width });
    const y = this.doc.y + 2;
    this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.5).strokeColor(RULE).stroke();
    this.doc.y = y + 6;
    this.doc.font(REGULAR).fontSize(10).fillColor(INK);
  }

  /** Label on the left, value on the right; long values wrap. */
  rows(rows: Array<[string, string]>, labelWidth = 150): void {
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
  priceTable(lines: PriceRow[], totals: { monthly: number; oneOff: number }): void {
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

export interface NewPdf { doc: PDFKit.PDFDocument; layout: Layout; done: Promise<Buffer> }

/**
 * An A4 document with the fonts registered. Same data → same bytes: the dates are the caller's and
 * pdfkit derives the file ID from the metadata.
 */
export function newPdf(options: {
  title: string; author: string; subject: string; date: Date; accent: string; compress?: boolean;
}): NewPdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: 'it-IT',
    displayTitle: true,
    info: {
      Title: options.title,
      Author: options.author,
      Subject: options.subject,
      Creator: options.author,
      Producer: options.author,
      CreationDate: options.date,
      ModDate: options.date,
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
  return { doc, layout: new Layout(doc, options.accent), done };
}

/**
 * `text(page, count)` at the foot of every page, written last with the bottom margin lifted so pdfkit does not
 * start a new page. The count is this document's: a text that is appended to others (the signed contract) names its document.
 */
export function pageFooters(l: Layout, text: (page: number, count: number) => string, size = 8): void {
  const { doc } = l;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(size).fillColor(MUTED)
      .text(text(i + 1, range.count), l.left, doc.page.height - 35, { width: l.width, align: 'center' });
    doc.page.margins.bottom = margin;
  }
}
