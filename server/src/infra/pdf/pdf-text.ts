import { inflateSync } from 'node:zlib';

/**
 * The text drawn by pdfkit and pdf-lib, in drawing order, for tests and checks ("does the signed
 * contract name the customer?"). Not a general PDF text extractor: it reads the hex strings of
 * `Tj`/`TJ` operators, which is how both libraries write text. With a standard font a byte is a
 * WinAnsi character; with an embedded font (Identity-H) two bytes are a glyph, mapped back to its
 * characters through the font's ToUnicode map (pdfkit writes `bfrange` arrays).
 */
export function extractPdfText(pdf: Uint8Array): string {
  const latin1 = Buffer.from(pdf).toString('latin1');
  const streams = readStreams(pdf, latin1);
  const { fonts, cmapIds } = unicodeFonts(latin1, streams);
  // Embedded font programs are binary: never read as drawing operators.
  const fontFileIds = new Set([...latin1.matchAll(/\/FontFile[23]?\s+(\d+)\s+0\s+R/g)].map((m) => Number(m[1])));
  const pieces: string[] = [];
  for (const [id, content] of streams) {
    if (cmapIds.has(id) || fontFileIds.has(id)) continue;
    let font: Map<number, string> | undefined;
    for (const op of content.matchAll(/\/([^\s/<>[\]()]+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|[^\]<])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1] !== undefined) {
        font = fonts.get(op[1]);
        continue;
      }
      const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '') : [op[3] ?? ''];
      pieces.push(hexes.map((h) => decode(h, font)).join(''));
    }
  }
  return pieces.join('\n');
}

function decode(hex: string, font: Map<number, string> | undefined): string {
  if (!font) return Buffer.from(hex, 'hex').toString('latin1');
  let text = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) text += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
  return text;
}

/** Every stream's content (inflated when it can be), by object number. */
function readStreams(pdf: Uint8Array, latin1: string): Map<number, string> {
  const buffer = Buffer.from(pdf);
  const streams = new Map<number, string>();
  const objectRe = /(\d+)\s+0\s+obj\b/g;
  let object: RegExpExecArray | null;
  while ((object = objectRe.exec(latin1)) !== null) {
    const endobj = latin1.indexOf('endobj', object.index);
    const streamAt = latin1.indexOf('stream', object.index);
    if (endobj < 0) break;
    if (streamAt < 0 || streamAt > endobj) continue;
    const start = streamAt + (latin1.startsWith('stream\r\n', streamAt) ? 8 : 7);
    const end = latin1.indexOf('endstream', start);
    const raw = buffer.subarray(start, end);
    let content: string;
    try { content = inflateSync(raw).toString('latin1'); } catch { content = raw.toString('latin1'); }
    streams.set(Number(object[1]), content);
    objectRe.lastIndex = end;
  }
  return streams;
}

/** Font resource name (`F2`) → glyph code → characters, for the fonts that carry a ToUnicode map. */
function unicodeFonts(latin1: string, streams: Map<number, string>): { fonts: Map<string, Map<number, string>>; cmapIds: Set<number> } {
  const toUnicodeOf = new Map<number, number>();
  for (const m of latin1.matchAll(/(\d+)\s+0\s+obj\s*<<((?:(?!endobj)[\s\S])*?)\/ToUnicode\s+(\d+)\s+0\s+R/g)) {
    toUnicodeOf.set(Number(m[1]), Number(m[3]));
  }
  const fonts = new Map<string, Map<number, string>>();
  for (const dict of latin1.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const ref of (dict[1] ?? '').matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+0\s+R/g)) {
      const cmap = streams.get(toUnicodeOf.get(Number(ref[2])) ?? -1);
      if (cmap !== undefined && ref[1] !== undefined) fonts.set(ref[1], readCmap(cmap));
    }
  }
  return { fonts, cmapIds: new Set(toUnicodeOf.values()) };
}

const utf16 = (hex: string): string => Buffer.from(hex, 'hex').swap16().toString('utf16le');

function readCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const start = parseInt(r[1] ?? '0', 16);
      const target = r[3] ?? '';
      if (target.startsWith('[')) {
        // A ligature maps to several characters: `<0066 0069>` is "fi".
        [...target.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((u, i) => map.set(start + i, utf16((u[1] ?? '').replace(/\s+/g, ''))));
      } else {
        const first = parseInt(target.slice(1, -1), 16);
        for (let code = start; code <= parseInt(r[2] ?? '0', 16); code++) map.set(code, String.fromCodePoint(first + code - start));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const c of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(c[1] ?? '0', 16), utf16(c[2] ?? ''));
  }
  return map;
}
