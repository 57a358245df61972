import { decodePdfNameEscapes, inflatedObjectStreams } from './pdf-objects';

/*
 * Magic numbers say how a file *starts*; a polyglot is a file that starts as one thing and is also
 * another (JPEG + ZIP/JAR read from the end, PDF + HTML, an image with `<?php` in it). An identity
 * document has no reason to be two things, so besides the magic number the upload must:
 *
 * - have the skeleton of its type: PNG chunks up to IEND and nothing after it; JPEG marker segments
 *   up to the scan (what follows is image data or a camera trailer, e.g. Samsung's or a Motion
 *   Photo's video, which are normal in phone photos and so allowed); PDF `%%EOF` in the last
 *   1 KiB, the tolerance PDF readers apply (so `%PDF-` + an executable or a page of HTML is refused);
 * - not be a ZIP archive as well (its end-of-central-directory record in the last 64 KiB, where
 *   ZIP readers look for it: how JPEG+JAR/APK/DOCX polyglots work);
 * - contain no markup a browser or PHP would run (`<script`, `<?php `, `<html>`…), anywhere;
 * - for PDFs, no active content: JavaScript, launch, submit-form, import-data, remote and embedded
 *   go-to and URI actions, embedded files, rich media, XFA forms (names decoded from `#xx` escapes
 *   first), also inside compressed object streams (pdf-objects.ts inflates them); an encrypted PDF
 *   cannot be read, so it is refused.
 *
 * Every markup pattern is at least six bytes long, so random-looking compressed data matches one by
 * chance about once in 100 000 uploads of 10 MB (a phone photo is a few MB). Images are re-encoded
 * after this screen (image-reencode.ts), which drops whatever it missed; PDFs are stored as sent, so
 * for them this screen is the whole defence. The stored files are never served to browsers nor opened
 * by the server.
 */

const PNG_IEND = 0x49454e44;
/** `PK\x05\x06` and disk numbers 0/0, as every single-volume archive writes it. */
const ZIP_END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0]);
/** ZIP's comment is at most 65 535 bytes, after the 22-byte record. */
const ZIP_TAIL = 65_535 + 22;
const PDF_EOF_TOLERANCE = 1024;
const MARKUP = /<(?:script|iframe|object|embed|\?php\s|html[\s>]|!doctype\s+html)|javascript:/i;
/** Action types and keys that run something, send data out or open another file; `(?![A-Za-z0-9])` ends the name. */
const PDF_ACTIVE = /\/(?:JavaScript|JS|Launch|SubmitForm|ImportData|GoToR|GoToE|URI|EmbeddedFiles?|RichMedia|XFA|Encrypt)(?![A-Za-z0-9])/;
/** Text is scanned in windows this long, overlapping by more than the longest pattern (an escaped name is three bytes a letter). */
const WINDOW = 1 << 20;
const OVERLAP = 256;

function pngComplete(b: Buffer): boolean {
  let i = 8;
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i);
    const type = b.readUInt32BE(i + 4);
    const next = i + 12 + length;
    if (next > b.length) return false;
    if (type === PNG_IEND) return next === b.length;
    i = next;
  }
  return false;
}

/** SOI, then well-formed marker segments up to the start of scan. */
function jpegHeadersComplete(b: Buffer): boolean {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return false;
    let marker = b[i + 1] as number;
    while (marker === 0xff && i + 2 < b.length) marker = b[++i + 1] as number; // fill bytes
    if (marker === 0xda) return true;
    if (marker === 0xd9) return false;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
    const length = b.readUInt16BE(i + 2);
    if (length < 2) return false;
    i += 2 + length;
  }
  return false;
}

function pdfComplete(b: Buffer): boolean {
  const at = b.lastIndexOf('%%EOF', b.length - 1, 'latin1');
  return at >= 0 && at >= b.length - PDF_EOF_TOLERANCE - 5;
}

/** True when `test` holds for one of the overlapping latin1 windows of `b`: no 10 MB string at once. */
function someWindow(b: Buffer, test: (text: string) => boolean): boolean {
  for (let start = 0; start < b.length; start += WINDOW) {
    if (test(b.toString('latin1', Math.max(0, start - OVERLAP), Math.min(b.length, start + WINDOW)))) return true;
  }
  return false;
}

/** True when a PDF's text (after `#xx` escapes) names an active-content action or key. */
const pdfTextActive = (text: string): boolean => PDF_ACTIVE.test(decodePdfNameEscapes(text));

/** Why these bytes are not a plain document of `mime`, or null when they are. */
export function structuralProblem(bytes: Uint8Array, mime: 'application/pdf' | 'image/jpeg' | 'image/png'): string | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (mime === 'image/png' && !pngComplete(b)) return 'png structure';
  if (mime === 'image/jpeg' && !jpegHeadersComplete(b)) return 'jpeg structure';
  if (mime === 'application/pdf' && !pdfComplete(b)) return 'pdf structure';
  if (b.subarray(Math.max(0, b.length - ZIP_TAIL)).includes(ZIP_END_OF_CENTRAL_DIRECTORY)) return 'zip inside';
  if (someWindow(b, (text) => MARKUP.test(text))) return 'markup inside';
  if (mime === 'application/pdf') {
    if (someWindow(b, pdfTextActive)) return 'pdf active content';
    const objects = inflatedObjectStreams(b);
    if (objects === null) return 'pdf unreadable object stream';
    if (objects.some((o) => someWindow(o, pdfTextActive))) return 'pdf active content';
  }
  return null;
}
