import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { romeDateTime } from '@checkout/contract';
import type { PDFFont } from 'pdf-lib';

/**
 * The signed contract = the previewed PDF's own pages + one evidence page (issue 4 "Sign with the
 * one-time code"). pdfkit cannot open an existing PDF, so pdf-lib appends the page: the pages the
 * customer saw are carried over untouched rather than rendered again.
 */

export interface SignatureEvidenceData {
  brandName: string;
  /** The brand colour (`#rrggbb`) of the title, as on the contract's pages. */
  accentColour?: string;
  orderCode: string;
  /** UTC instant of the signature. */
  signedAt: Date;
  channel: 'sms' | 'email';
  maskedDestination: string;
  ip: string;
  userAgent: string;
  /** SHA-256 (hex) of the previewed PDF the code was bound to. */
  previewSha256: string;
  /** Each acceptance the customer gave before asking for the code, with its time. */
  acceptances?: ReadonlyArray<readonly [label: string, at: Date]>;
  /** PDFs whose pages follow the contract's, before this page (the contract summary), each with the name the page list gives it. */
  annexes?: ReadonlyArray<{ name: string; pdf: Uint8Array }>;
  /** SHA-256 (hex) of the contract summary shown with the contract. */
  summarySha256?: string;
  /** The identity document the signer identified with (type, number, issuer). */
  identityDocument?: string;
  /** A consumer's choice about starting within the 14 days, worded (asked or not); absent for a business customer. */
  activationStart?: string;
}

/** `#0b5ed7` → pdf-lib colour (a malformed value falls back to the ink colour). */
const hexColour = (hex: string | undefined) => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  return m ? rgb(parseInt(m[1] ?? '0', 16) / 255, parseInt(m[2] ?? '0', 16) / 255, parseInt(m[3] ?? '0', 16) / 255) : rgb(0.12, 0.16, 0.2);
};

// The standard fonts speak WinAnsi only: anything else (a user agent may carry any Unicode) becomes '?'.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const toWinAnsi = (text: string): string =>
  Array.from(text, (ch) => {
    const c = ch.codePointAt(0) ?? 0;
    return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch) ? ch : '?';
  }).join('');

/** Greedy wrap on spaces; a word longer than the line (a hash, a user agent) is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string): boolean => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) { line = candidate; continue; }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      let n = rest.length - 1;
      while (n > 1 && !fits(rest.slice(0, n))) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

const CHANNEL_NAMES = { sms: 'SMS', email: 'email' } as const;

/** `contratto: pagine 1-4; sintesi contrattuale: pagina 5; …` over the whole file, with its page count. */
function pageList(parts: ReadonlyArray<readonly [name: string, pages: number]>): string {
  let first = 1;
  const listed = parts.filter(([, pages]) => pages > 0).map(([name, pages]) => {
    const last = first + pages - 1;
    const range = pages === 1 ? `pagina ${first}` : `pagine ${first}-${last}`;
    first = last + 1;
    return `${name}: ${range}`;
  });
  return `${listed.join('; ')} (${first - 1} pagine in tutto)`;
}

/** The preview's bytes with the evidence page appended; the file's dates are the signature time. */
export async function appendEvidencePage(previewPdf: Uint8Array, evidence: SignatureEvidenceData): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(previewPdf, { updateMetadata: false });
  // Each part keeps its own footer ("pagina 1 di 4" of the contract): this page lists where each part sits in the whole file.
  const parts: Array<[name: string, pages: number]> = [['contratto', pdf.getPageCount()]];
  for (const annex of evidence.annexes ?? []) {
    const source = await PDFDocument.load(annex.pdf, { updateMetadata: false });
    for (const page of await pdf.copyPages(source, source.getPageIndices())) pdf.addPage(page);
    parts.push([annex.name, source.getPageCount()]);
  }
  parts.push(['attestazione di firma', 1]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  const left = 50;
  const width = page.getWidth() - 100;
  let y = page.getHeight() - 60;

  const write = (text: string, font: PDFFont, size: number, color = rgb(0.12, 0.16, 0.2), x = left, w = width): void => {
    for (const line of wrap(toWinAnsi(text), font, size, w)) {
      page.drawText(line, { x, y, size, font, color });
      y -= size * 1.35;
    }
  };

  write(evidence.brandName, bold, 18, hexColour(evidence.accentColour));
  y -= 6;
  write('Attestazione di firma elettronica', bold, 14);
  y -= 4;
  write(
    'Il Cliente ha sottoscritto il contratto che precede, con la sintesi contrattuale allegata, inserendo il codice monouso ricevuto sul recapito indicato sotto ' +
      '(firma elettronica avanzata, DPCM 22/02/2013). Le impronte SHA-256 identificano in modo univoco i documenti mostrati al Cliente prima della firma.',
    regular, 10, rgb(0.32, 0.38, 0.43),
  );
  y -= 10;

  const rows: Array<[string, string]> = [
    ['Codice ordine', evidence.orderCode],
    ['Data e ora della firma', romeDateTime(evidence.signedAt)],
    ['Canale del codice', CHANNEL_NAMES[evidence.channel]],
    ['Recapito (mascherato)', evidence.maskedDestination],
    ['Indirizzo IP', evidence.ip],
    ['User agent', evidence.userAgent || '-'],
    ['SHA-256 del contratto', evidence.previewSha256],
    ...(evidence.summarySha256 ? [['SHA-256 della sintesi contrattuale', evidence.summarySha256] as [string, string]] : []),
    ...(evidence.identityDocument ? [['Documento di identità', evidence.identityDocument] as [string, string]] : []),
    ...(evidence.acceptances ?? []).map(([label, at]): [string, string] => ['Accettazione', `${label}: ${romeDateTime(at)}`]),
    ...(evidence.activationStart ? [['Avvio del servizio', evidence.activationStart] as [string, string]] : []),
    ['Composizione del documento', pageList(parts)],
  ];
  const labelWidth = 150;
  for (const [label, value] of rows) {
    const top = y;
    write(label, bold, 10, rgb(0.32, 0.38, 0.43), left, labelWidth - 8);
    const afterLabel = y;
    y = top;
    write(value, regular, 10, rgb(0.12, 0.16, 0.2), left + labelWidth, width - labelWidth);
    y = Math.min(y, afterLabel) - 6;
  }

  const footer = toWinAnsi(`${evidence.brandName} - attestazione di firma dell'ordine ${evidence.orderCode} - pagina 1 di 1`);
  page.drawText(footer, { x: left + (width - regular.widthOfTextAtSize(footer, 8)) / 2, y: 35 - 8, size: 8, font: regular, color: rgb(0.32, 0.38, 0.43) });

  pdf.setModificationDate(evidence.signedAt);
  // Same inputs → same bytes (no object streams: a plain layout any PDF tool reads).
  return pdf.save({ useObjectStreams: false });
}
