import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROUTES } from '@checkout/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../support/dialects';
import type { TestApp } from '../support/dialects';
import { withoutRequestId } from '../support/request-id';
import { API_KEY, PRIVATO_STEPS, newOrder, readyOrder, signedOrder, unthrottledModules, uploadPng } from './fixtures';
import { TINY_PNG } from './hostile-files';
import { multipartBody } from './multipart';
import { DEVELOPMENT_OTP_PEPPER } from '../../src/modules/signature';
import { createCustomerFileLinks } from '../../src/modules/signature/customer-file-links';
import type { CustomerFile } from '../../src/modules/signature/customer-file-links';

/*
 * An order hash is a capability: whoever has the URL has the order (DESIGN §6: ≥128 random bits).
 * So the server must not tell a near miss from a wild guess from garbage: every order call answers an
 * unknown or malformed hash with one and the same 404, byte for byte; otherwise the differences are an
 * oracle for guessing. And the URL must not leak: order data is never cached (no-store) and order
 * pages/calls send no Referer (no-referrer). security.test.ts checks one call and one page; this file
 * covers every order call of the contract and every page of the route table that carries an order code.
 *
 * HOSTILE_HASHES=N changes the number of hashes tried (default 10 000, spread over the calls).
 */
const HASHES = Number(process.env.HOSTILE_HASHES) > 0 ? Number(process.env.HOSTILE_HASHES) : 10_000;

const NOT_FOUND_BODY = JSON.stringify({ result: false, error: { code: 'not_found', message: 'Ordine non trovato' } });

/** Every call addressed by an order hash, each with a body that passes validation (else the 422 would come first). */
const ORDER_CALLS: ReadonlyArray<{ name: string; request: (hash: string, mediaId: string) => InjectOptions }> = [
  { name: 'update-order', request: (h) => json(`/api/orders/${h}/update-order`, { offer_id: 101 }) },
  { name: 'step-contact', request: (h) => json(`/api/orders/${h}/step-contact`, PRIVATO_STEPS['step-contact'] ?? {}) },
  { name: 'step-document', request: (h) => json(`/api/orders/${h}/step-document`, PRIVATO_STEPS['step-document'] ?? {}) },
  { name: 'update-document-data', request: (h) => json(`/api/orders/${h}/update-document-data`, PRIVATO_STEPS['step-document'] ?? {}) },
  {
    name: 'document-upload',
    request: (h) => ({
      method: 'POST', url: `/api/orders/${h}/document-upload`,
      ...multipartBody([{ name: 'api_key', body: API_KEY }, { name: 'file', filename: 'doc.png', body: TINY_PNG }]),
    }),
  },
  { name: 'change-mobile-phone-number', request: (h) => json(`/api/orders/${h}/change-mobile-phone-number`, { mobile_phone_number: '3331234567' }) },
  { name: 'confirm-mobile-phone-number', request: (h) => json(`/api/orders/${h}/confirm-mobile-phone-number`, { otp: '123456' }) },
  { name: 'send-otp', request: (h) => json(`/api/orders/${h}/send-otp`, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true }) },
  { name: 'contract-preview', request: (h) => json(`/api/orders/${h}/contract-preview`, {}) },
  { name: 'sign-with-otp', request: (h) => json(`/api/orders/${h}/sign-with-otp`, { otp: '123456' }) },
  // With a genuine one-hour link made for the hash tried: the link is no key without its order's hash.
  { name: 'signed-contract', request: (h) => ({ method: 'GET', url: `/api/orders/${h}/signed-contract?link=${linkFor(h, 'signed_contract')}` }) },
  { name: 'evidence-bundle', request: (h) => ({ method: 'GET', url: `/api/orders/${h}/evidence-bundle?link=${linkFor(h, 'evidence_bundle')}` }) },
  // The hash travels in the body here; the media id is real, so only the hash decides.
  { name: 'medias/{id}/delete', request: (h, media) => json(`/api/medias/${media}/delete`, { order_id: decodeURIComponent(h) }) },
];

/** The tests' servers keep the development pepper (no OTP_PEPPER): the link the signature would give for `hash`. */
const linkFor = (hash: string, file: CustomerFile): string => {
  let raw = hash;
  try { raw = decodeURIComponent(hash); } catch { /* a mutated hash may not decode: use it as it is */ }
  return createCustomerFileLinks(DEVELOPMENT_OTP_PEPPER).issue(file, raw, new Date()).token;
};

function json(url: string, body: Record<string, unknown>): InjectOptions {
  return { method: 'POST', url, payload: { api_key: API_KEY, ...body } };
}

/** One character of a real hash changed, its case flipped, one character cut or added: the nearest misses. */
const nearMiss = (real: string): fc.Arbitrary<string> => fc.tuple(fc.nat(real.length - 1), fc.constantFrom('change', 'case', 'cut', 'add'))
  .map(([i, how]) => {
    const c = real[i] as string;
    if (how === 'change') return real.slice(0, i) + (c === 'A' ? 'B' : 'A') + real.slice(i + 1);
    if (how === 'case') return real.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + real.slice(i + 1);
    if (how === 'cut') return real.slice(0, i) + real.slice(i + 1);
    return `${real}${c}`;
  })
  .filter((h) => h !== real);

/**
 * Candidate hashes as they go in a URL (percent-encoded). Up to 64 characters (delete-media's
 * `order_id` limit) and 100 encoded (Fastify's maxParamLength): beyond that the router answers
 * 414 for any segment whatever it holds, which tells nothing about orders. `.` and `..` are left
 * out because clients and proxies resolve dot segments before the request leaves.
 */
const hashArbitrary = (real: string[]): fc.Arbitrary<string> => fc.oneof(
  // Well-formed: the exact shape of a real hash (24 base64url characters).
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{24}$/) },
  { weight: 3, arbitrary: fc.constantFrom(...real).chain(nearMiss) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) },
  // Standard base64 instead of base64url, SQL and wildcard tricks, unicode of every plane, NUL.
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9+/=]{24}$/) },
  { weight: 1, arbitrary: fc.constantFrom("' OR '1'='1", '%', '_', '*', '%25', ' ', '\u0000', 'null', '0', '-1', '[object Object]', 'AAAAAAAAAAAAAAAAAAAAAAA\u0000') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }) },
)
  .map((h) => h.replace(/[\ud800-\udfff]/gu, '\ufffd'))
  .filter((h) => h !== '.' && h !== '..' && !real.includes(h))
  .map(encodeURIComponent)
  .filter((h) => h.length <= 100 && decodeURIComponent(h).length <= 64);

describeEachDialect('capability URLs (order hashes)', (dialect) => {
  let t: TestApp;
  let webDir: string;
  let mediaId: string;
  const real: string[] = [];

  beforeAll(async () => {
    // A minimal web build, so order pages answer 200 like in production.
    webDir = mkdtempSync(path.join(tmpdir(), 'checkout-hostile-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>x</title><!--app-head--></head><body></body></html>');
    t = await buildTestApp(dialect, { coverage: true, modules: unthrottledModules(), config: { webDistDir: webDir } });
    const draft = await newOrder(t);
    mediaId = await uploadPng(t, draft);
    real.push(draft, await readyOrder(t), await signedOrder(t));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it(`answers ${HASHES} unknown or malformed hashes on every order call with one byte-identical 404`, async () => {
    const seen = new Map<string, number>();
    await fc.assert(fc.asyncProperty(hashArbitrary(real), fc.nat(ORDER_CALLS.length - 1), async (hash, i) => {
      const call = ORDER_CALLS[i]!;
      // In a JSON body, text with NUL is refused (422) for every call before anything is looked up
      // (http/nul-characters.ts): decided by the request alone, so it tells nothing about orders.
      fc.pre(!(call.name === 'medias/{id}/delete' && decodeURIComponent(hash).includes('\u0000')));
      const res = await t.app.inject(call.request(hash, mediaId));
      seen.set(call.name, (seen.get(call.name) ?? 0) + 1);
      expect({ call: call.name, hash, status: res.statusCode, body: withoutRequestId(res.body), type: res.headers['content-type'] })
        .toEqual({ call: call.name, hash, status: 404, body: NOT_FOUND_BODY, type: 'application/json; charset=utf-8' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }), { numRuns: HASHES });
    // Every call was really tried, not just the first few.
    expect([...seen.keys()].sort()).toEqual(ORDER_CALLS.map((c) => c.name).sort());
    // Its size is the point, not its speed (22 s on SQLite, past 30 s on PostgreSQL on a busy machine): room for both.
  }, 120_000);

  it('answers the real hashes (so the 404s above are about the hash, not a broken request)', async () => {
    const [draft, ready, signed] = real as [string, string, string];
    const status = async (call: string, hash: string) =>
      (await t.app.inject(ORDER_CALLS.find((c) => c.name === call)!.request(hash, mediaId))).statusCode;
    expect(await status('update-order', draft)).toBe(200);
    expect(await status('step-contact', draft)).toBe(200);
    expect(await status('contract-preview', ready)).toBe(200);
    expect(await status('signed-contract', signed)).toBe(200);
    expect(await status('evidence-bundle', signed)).toBe(200);
    expect(await status('medias/{id}/delete', draft)).toBe(200);
  });

  it('never lets order data be cached or referred, on success either', async () => {
    const [draft, ready, signed] = real as [string, string, string];
    const answers = [
      await t.app.inject(json(`/api/orders/${draft}/update-order`, { offer_id: 101 })),
      await t.app.inject(json(`/api/orders/${ready}/contract-preview`, {})),
      await t.app.inject(ORDER_CALLS.find((c) => c.name === 'signed-contract')!.request(signed, mediaId)),
      await t.app.inject(ORDER_CALLS.find((c) => c.name === 'evidence-bundle')!.request(signed, mediaId)),
      await t.app.inject(json('/api/orders/new', { offer_id: 101, id_egon_civico: '0580910000001' })),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  /** Pages of the route table whose parameter is an order code, hash or number (SPEC §2). */
  const ORDER_PAGES = ROUTES.filter((r) => /:(ordercode|orderid|shortHash)\b/.test(r.path)).map((r) => r.path);

  it('knows the order pages of the route table', () => {
    // A new page with an order code must be added to the server's no-referrer list (http/spa.ts) too.
    expect(ORDER_PAGES.sort()).toEqual(['/attiva-sim/:orderid?', '/attiva/fill-order/pre/:ordercode', '/consensi/:ordercode?', '/dati-portabilita/:ordercode?', '/document-upload/:ordercode', '/mnp/:shortHash', '/ordine/:ordercode?', '/recesso/:ordercode?']);
  });

  it('serves every order page with no-referrer, whatever the code and however the path is spelt', async () => {
    const code = fc.oneof(fc.constantFrom(...real), fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/));
    // The web router matches case-insensitively and on decoded segments: so must the server.
    const spelling = fc.constantFrom('as-is', 'trailing-slash', 'query', 'upper-case', 'encoded-letter');
    await fc.assert(fc.asyncProperty(fc.constantFrom(...ORDER_PAGES), code, spelling, async (pattern, c, how) => {
      let url = pattern.replace(/:[A-Za-z]+\??/, c);
      if (how === 'trailing-slash') url += '/';
      if (how === 'query') url += '?utm_source=mail&x=%00';
      if (how === 'upper-case') url = url.replace(/^\/[a-z-]+/, (s) => s.toUpperCase());
      if (how === 'encoded-letter') url = url.replace(/^\/(.)/, (_m, ch: string) => `/%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }), { numRuns: 300 });
  });
});
