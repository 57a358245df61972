import fc from 'fast-check';

/*
 * Values a careless or malicious client sends. Each one exists because it breaks something somewhere:
 * NUL (PostgreSQL text refuses it), lone surrogates (not encodable as UTF-8), case mapping that changes
 * the length (`ß` → `SS` after a max-length check), RTL overrides, huge strings, deep nesting (recursive
 * code runs out of stack), numbers JSON can write but JavaScript cannot hold, prototype keys.
 */

/** JSON text put in the body verbatim (what `JSON.stringify` cannot produce: `1e400`, a 100 000-deep array). */
export class RawJson {
  constructor(readonly text: string, readonly label: string) {}
  toString(): string { return this.label; }
}

export const HUGE_LENGTH = 100_000;

const NASTY_STRINGS: readonly string[] = [
  '', ' ', '\t\n', '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83d', '\udc00y',
  '\u202eevil.pdf', '\u200f\u200e', '\ufeffBOM', '\u2028\u2029', 'ß', 'ﬃ', 'İstanbul', 'Z̤͔ͧ̑̓ä͖̭̈̇', '🙂👍🏽👨‍👩‍👧',
  "' OR 1=1 --", "'; DROP TABLE orders; --", '"', '\\', '<script>alert(1)</script>', '../../etc/passwd',
  '%00', '%', '\r\nSet-Cookie: a=b', '${jndi:ldap://x/a}', '{{7*7}}', '__proto__', 'constructor',
  'null', 'undefined', 'NaN', '-0', '1e309', '0x10', '   padded   ', 'RM\u0000', '06/13/2020', '31/02/2020', '0000-00-00',
];

/** Strings that are not text at all: code units in 0xD800–0xDFFF without their pair. */
const loneSurrogates = fc.array(fc.integer({ min: 0xd800, max: 0xdfff }), { minLength: 1, maxLength: 4 })
  .map((units) => String.fromCharCode(...units));

/** 100 000 characters of one kind (one of them multi-byte, one of them NUL). */
export const hugeString = fc.constantFrom('a', 'è', '🙂', '\u0000', ' ', '9').map((c) => c.repeat(Math.ceil(HUGE_LENGTH / c.length)));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 2 },
  { arbitrary: loneSurrogates, weight: 1 },
  { arbitrary: hugeString, weight: 1 },
);

const deep = (depth: number, open: string, leaf: string, close: string) => new RawJson(open.repeat(depth) + leaf + close.repeat(depth), `<nested ${open} ×${depth}>`);

/** JSON values of the wrong kind for any field: the server must answer 4xx, never fall over. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 4 },
  {
    arbitrary: fc.constantFrom<unknown>(
      null, true, false, 0, -1, 1.5, 2 ** 53 + 2, -(2 ** 63), Number.MAX_VALUE, [], {}, [[]], [null], { '': '' },
      new RawJson('1e400', '1e400'), new RawJson('-1e400', '-1e400'), new RawJson('-0', '-0'),
      new RawJson('123456789012345678901234567890', 'a 30-digit integer'),
    ),
    weight: 3,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  // Arrays where objects are expected and the other way round; and sheer size.
  { arbitrary: fc.array(nastyString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.constantFrom(10, 1000, 100_000).map((d) => deep(d, '[', '1', ']')), weight: 1 },
  { arbitrary: fc.constantFrom(10, 1000, 50_000).map((d) => deep(d, '{"a":', '1', '}')), weight: 1 },
  { arbitrary: fc.constant(new RawJson(`[${'0,'.repeat(100_000)}0]`, '<array of 100 001 numbers>')), weight: 1 },
  {
    arbitrary: fc.constant(new RawJson(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`, '<object with 20 000 keys>')),
    weight: 1,
  },
);

/** Extra keys: prototype pollution attempts, client-only `_` keys, names no schema has. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '_client_only', 'api_key ', 'API_KEY', 'id', 'hash', 'status', 'order_id', '', '\u0000', 'a.b', '$where'),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/**
 * JSON text of `value`, with every RawJson spliced in verbatim. The body is built as text because
 * fast-check values must stay plain data and because `JSON.stringify` would choke on 100 000 levels.
 */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const marker = (i: number) => `\u{10FFFF}raw:${i}\u{10FFFF}`;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) { raws.push(v.text); return marker(raws.length - 1); }
    return v;
  }) ?? 'null';
  return raws.reduce((acc, raw, i) => acc.replace(JSON.stringify(marker(i)), () => raw), text);
}

/** The public api key, missing, or wrong in every way the check must not trip over. */
export const hostileApiKey = (key: string): fc.Arbitrary<{ present: boolean; value?: unknown }> => fc.oneof(
  fc.constant({ present: false }),
  fc.constantFrom<unknown>('', ' ', 'wrong', key.toUpperCase(), `${key} `, ` ${key}`, `${key}\u0000`, key.slice(0, -1), 0, null, true, [key], { key }, new RawJson('1e400', '1e400'))
    .map((value) => ({ present: true, value })),
  fc.oneof(nastyString, hugeString).map((value) => ({ present: true, value })),
);

/**
 * Path segments that are not what the route expects. Written as they go on the wire: some are
 * percent-encoded by us, some are deliberately malformed escapes (`%`, `%zz`) or dot segments.
 */
export const oddPathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('.', '..', '%2e%2e', '%2E%2E%2F%2E%2E', '%2F', '%5C', '%00', '%', '%zz', '%C0%AE', '%E2%80%AE', '%F0%9F%99%82', ';', ',', '~', '-', '0', '-1', '1e3', 'null', 'undefined'),
  // Longer than Fastify's maxParamLength (100) and far longer.
  fc.constantFrom(101, 5000).map((n) => 'A'.repeat(n)),
  // encodeURIComponent throws on lone surrogates: those are tried in bodies, here they become U+FFFD.
  nastyString.filter((s) => s.length > 0 && s.length < 200).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/gu, '\ufffd'))),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);

/** Content types besides JSON (415 for the JSON calls), and broken parameters. */
export const hostileContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/xml',
  'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/json;;;', 'APPLICATION/JSON', 'application/jsonx', '*/*', '',
);

/** Bodies that are not a JSON object, or not JSON at all. */
export const hostileRawBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom<string | Buffer>(
    '', ' ', '{', '}', '{"api_key":', '{"a":1,}', "{'a':1}", 'null', 'true', '[]', '[{}]', '"text"', '123', 'nul', '\u0000',
    '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '{"a":1}{"b":2}', '\ufeff{}',
    Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x7d]), Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  ),
  // Over the 1 MB JSON limit: 413, not a crash or a hang.
  fc.constant(`{"api_key":"x","pad":"${'x'.repeat(1024 * 1024 + 10)}"}`),
  fc.constantFrom(1000, 100_000).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
);
