import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';

/*
 * The copy of a contract document the customer reads before signing. The recorded file (hashed, bound to
 * the code, carried page for page into the signed contract) stays unmarked; the copy served for reading is
 * that file with the mark drawn over each page, so the mark is the only difference between what the
 * screen showed and what is signed.
 */

export const DRAFT_MARK = 'BOZZA – non valido per la firma';

const RED = rgb(0.69, 0.11, 0.11);

/** The same pages with DRAFT_MARK on each: a band above the top margin and, faint, across the page. Same bytes in, same bytes out. */
export async function markAsDraft(pdf: Uint8Array): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    // Between 14 and 32 pt from the top: inside what printers print, above every document's first line (36 pt).
    page.drawRectangle({ x: 0, y: height - 32, width, height: 18, color: rgb(1, 0.93, 0.93) });
    const size = 10;
    page.drawText(DRAFT_MARK, { x: (width - font.widthOfTextAtSize(DRAFT_MARK, size)) / 2, y: height - 26, size, font, color: RED });
    // Across the page, light enough to read through: a printed copy cannot pass for a signed one.
    const big = 40;
    const length = font.widthOfTextAtSize(DRAFT_MARK, big);
    const angle = Math.atan2(height, width);
    page.drawText(DRAFT_MARK, {
      x: width / 2 - (length / 2) * Math.cos(angle), y: height / 2 - (length / 2) * Math.sin(angle),
      size: big, font, color: RED, opacity: 0.12, rotate: degrees((angle * 180) / Math.PI),
    });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
