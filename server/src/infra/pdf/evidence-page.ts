import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont } from 'pdf-lib';

/**
 * The signed contract = the previewed PDF's own pages + one evidence page (issue 4 "Sign with the
 * one-time code"). pdfkit cannot open an existing PDF, so pdf-lib appends the page: the pages the
 * customer saw are carried over untouched rather than rendered again.
 */

export interface SignatureEvidenceData {
  brandName: string;
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
}

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

/** `2025-03-01T10:20:30.000Z` → `01/03/2025 10:20:30 UTC`. */
export const utcStamp = (d: Date): string => {
  const iso = d.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 19)} UTC`;
};

/** The preview's bytes with the evidence page appended; the file's dates are the signature time. */
export async function appendEvidencePage(previewPdf: Uint8Array, evidence: SignatureEvidenceData): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(previewPdf, { updateMetadata: false });
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

  write(evidence.brandName, bold, 18, rgb(0.04, 0.43, 0.31));
  y -= 6;
  write('Attestazione di firma elettronica', bold, 14);
  y -= 4;
  write(
    'Il Cliente ha sottoscritto il contratto che precede inserendo il codice monouso ricevuto sul recapito indicato sotto. ' +
      'L\'impronta SHA-256 identifica in modo univoco il documento mostrato al Cliente prima della firma.',
    regular, 10, rgb(0.32, 0.38, 0.43),
  );
  y -= 10;

  const rows: Array<[string, string]> = [
    ['Codice ordine', evidence.orderCode],
    ['Data e ora della firma', utcStamp(evidence.signedAt)],
    ['Canale del codice', CHANNEL_NAMES[evidence.channel]],
    ['Recapito (mascherato)', evidence.maskedDestination],
    ['Indirizzo IP', evidence.ip],
    ['User agent', evidence.userAgent || '-'],
    ['SHA-256 del documento', evidence.previewSha256],
    ...(evidence.acceptances ?? []).map(([label, at]): [string, string] => ['Accettazione', `${label} (${utcStamp(at)})`]),
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

  pdf.setModificationDate(evidence.signedAt);
  // Same inputs → same bytes (no object streams: a plain layout any PDF tool reads).
  return pdf.save({ useObjectStreams: false });
}
