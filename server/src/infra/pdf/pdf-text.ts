import { inflateSync } from 'node:zlib';

/**
 * The text drawn by pdfkit and pdf-lib with the standard fonts, in drawing order, for tests and checks
 * ("does the signed contract name the customer?"). Not a general PDF text extractor: it inflates every
 * stream and decodes the hex strings of `Tj`/`TJ` operators, which is how both libraries write text.
 */
export function extractPdfText(pdf: Uint8Array): string {
  const buffer = Buffer.from(pdf);
  const latin1 = buffer.toString('latin1');
  const pieces: string[] = [];
  const streamRe = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamRe.exec(latin1)) !== null) {
    const start = match.index + match[0].length;
    const end = latin1.indexOf('endstream', start);
    if (end < 0) break;
    const raw = buffer.subarray(start, end);
    let content: string;
    try { content = inflateSync(raw).toString('latin1'); } catch { content = raw.toString('latin1'); }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '') : [op[2] ?? ''];
      pieces.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
    streamRe.lastIndex = end + 'endstream'.length;
  }
  return pieces.join('\n');
}
