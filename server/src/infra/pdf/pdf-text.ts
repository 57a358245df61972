import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF, page after page, as Mozilla's pdf.js reads it (the reader in Firefox): each text
 * run on its own line. For tests and checks ("does the signed contract name the customer?"); it reads
 * any PDF, including one merged from several documents whose fonts share resource names.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await pdfPages(pdf)).join('\n');
}

/** The text of each page, in order (a footer, a mark: what one page says). */
export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it is given: a copy leaves the caller's bytes intact.
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
