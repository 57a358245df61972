import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_LEGAL_PAGES_URL, IDENTITY_PROVIDER_KINDS } from '@checkout/contract';

/** Only for development and tests: production requires OTP_PEPPER (config.ts refuses to start without it). */
export const DEVELOPMENT_OTP_PEPPER = 'development-only-otp-pepper-not-a-secret';

/** The demo's SEPA creditor (a valid form, no real creditor): refused in production. */
const DEMO_SEPA_CREDITOR_ID = 'IT00ZZZ0000000000000000';
const DEMO_SEPA_CREDITOR_ADDRESS = 'Via della Fibra 1, 20121 Milano (MI)';
/** The demo's customer-service email and PEC, printed on the withdrawal forms: refused in production. */
const DEMO_SUPPORT_EMAIL = 'assistenza@fibraviva.it';
const DEMO_PEC_ADDRESS = 'fibraviva@pec.fibraviva.it';

/**
 * Environment → typed configuration, validated once at start (DESIGN §6.2).
 * The only file that reads `process.env` (lint enforces it); everything else receives a `Config`.
 * docs/configuration.md keeps the table of every variable.
 */

/** The repository root: relative paths in the environment resolve against it, whatever the cwd (npm -w runs in server/). */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export const DEMO_PUBLIC_API_KEY = 'demo-public-key';

/** Where an unset `HOST` listens: only this machine, except in production (a container or a host behind a proxy). */
export const LOOPBACK_HOST = '127.0.0.1';

/**
 * HTTP timeouts, in ms (docs/configuration.md). The request timeout is above the browser's own API timeout
 * (contract `API_TIMEOUT_MS`, 45 s, uploads included), so a slow but honest visitor sees the page's message.
 * Keep-alive stays above the 60 s idle timeout of common load balancers (Fastify's default), so the balancer,
 * not the server, closes an idle connection and never reuses one the server is closing.
 */
export const DEFAULT_TIMEOUTS = {
  requestTimeoutMs: 60_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 72_000,
  connectionTimeoutMs: 30_000,
} as const;

const fromRepo = (p: string): string => (path.isAbsolute(p) ? p : path.resolve(REPO_ROOT, p));

/** `sqlite:relative/or/absolute.db`, `sqlite::memory:`, or a PostgreSQL URL. */
const databaseUrl = z
  .string()
  .refine((v) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v), 'usare sqlite:<file> oppure postgres://…')
  .transform((v) => {
    if (!v.startsWith('sqlite:')) return v;
    const file = v.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    return file === ':memory:' ? v : `sqlite:${fromRepo(file)}`;
  });

/** The most proxies `TRUST_PROXY` may count: a longer chain is a configuration mistake, not a deployment. */
export const MAX_PROXY_HOPS = 10;
/** The named networks @fastify/proxy-addr understands in a trusted-proxy list (METRICS_ALLOW takes them too), as it defines them. */
export const NAMED_NETWORKS: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};
const PROXY_NETWORK_NAMES = Object.keys(NAMED_NETWORKS);

/**
 * The addresses nobody on the internet connects from: private (RFC 1918), shared by carrier-grade NAT (RFC 6598,
 * not routed on the internet), loopback, link-local and unique local (IPv6 ULA), and those that are never a
 * connection's source (0.0.0.0/8, multicast, 240.0.0.0/4 with the broadcast address, ::), each IPv4 range also
 * as an IPv4-mapped IPv6 address. A trusted proxy or an allowed scraper is in these; a network reaching outside
 * them trusts strangers.
 */
const NON_PUBLIC_IPV4 = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '0.0.0.0/8', '224.0.0.0/4', '240.0.0.0/4'];
const NON_PUBLIC_IPV6 = ['::1/128', 'fe80::/10', 'fc00::/7', '::/128', 'ff00::/8'];

interface Block { base: bigint; bits: number }

const toBigInt = (bytes: number[]): bigint => bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);

/** `a.b.c.d/n` or `x::/n` (or a bare address) as a block of its family's width, host bits cleared. */
function blockOf(cidr: string): { width: 32 | 128; block: Block } {
  const [address = '', bits] = cidr.split('/');
  const parsed = ipaddr.parse(address);
  const width = parsed.kind() === 'ipv4' ? 32 : 128;
  const prefix = bits === undefined ? width : Number(bits);
  const hostBits = BigInt(width - prefix);
  return { width, block: { base: (toBigInt(parsed.toByteArray()) >> hostBits) << hostBits, bits: prefix } };
}

const NON_PUBLIC: Record<32 | 128, Block[]> = {
  32: NON_PUBLIC_IPV4.map((c) => blockOf(c).block),
  128: [...NON_PUBLIC_IPV6, ...NON_PUBLIC_IPV4.map((c) => { const [a, n] = c.split('/'); return `::ffff:${a}/${96 + Number(n)}`; })].map((c) => blockOf(c).block),
};

const prefixOf = (base: bigint, bits: number, width: number): bigint => base >> BigInt(width - bits);

/**
 * An address of `block` outside every one of `ranges` (the middle of the highest such part, as an example), or
 * null when their union covers it. CIDR blocks either nest or do not meet: a block is covered by one range, or
 * its two halves are each covered by the ranges inside it, down to the longest prefix among them.
 */
function uncoveredAddress(block: Block, width: number, ranges: readonly Block[]): bigint | null {
  if (ranges.some((r) => r.bits <= block.bits && prefixOf(block.base, r.bits, width) === prefixOf(r.base, r.bits, width))) return null;
  const inside = ranges.filter((r) => r.bits > block.bits && prefixOf(r.base, block.bits, width) === prefixOf(block.base, block.bits, width));
  const half = block.bits === width ? 0n : 1n << BigInt(width - block.bits - 1);
  if (inside.length === 0) return block.base + half;
  // The upper half first: the non-public ranges sit low in each family, so its example is a plainer address (4000::, not ::).
  return uncoveredAddress({ base: block.base + half, bits: block.bits + 1 }, width, inside)
    ?? uncoveredAddress({ base: block.base, bits: block.bits + 1 }, width, inside);
}

const addressText = (value: bigint, width: number): string => {
  const bytes = Array.from({ length: width / 8 }, (_, i) => Number((value >> BigInt(width - 8 * (i + 1))) & 0xffn));
  return ipaddr.fromByteArray(bytes).toString();
};

/**
 * The entries of a TRUST_PROXY or METRICS_ALLOW list (valid ones: `proxyEntryProblem` passed them) that reach a
 * public address, each with one such address as an example: `0.0.0.0/1` (half of IPv4), `8.0.0.0/8`, `2000::/3`.
 * An entry is judged whole, so a list covering all addresses in pieces (`0.0.0.0/1,128.0.0.0/1`) is caught by its pieces.
 */
export function publicEntries(entries: readonly string[]): Array<{ entry: string; example: string }> {
  const found: Array<{ entry: string; example: string }> = [];
  for (const entry of entries) {
    if (entry in NAMED_NETWORKS) continue;
    const { width, block } = blockOf(entry);
    const example = uncoveredAddress(block, width, NON_PUBLIC[width]);
    if (example !== null) found.push({ entry, example: addressText(example, width) });
  }
  return found;
}

const NON_PUBLIC_SUMMARY = 'reti private (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 100.64.0.0/10), loopback (127.0.0.0/8, ::1), '
  + 'link-local (169.254.0.0/16, fe80::/10) o locali uniche (fc00::/7), oppure loopback, linklocal, uniquelocal';

export const TRUST_PROXY_TRUE_REFUSED = 'true (fidarsi di qualunque proxy) non è accettato: il server crederebbe all\'intestazione X-Forwarded-For scritta dal client stesso '
  + 'e ogni limite per indirizzo IP si aggirerebbe cambiandola. Indicare il numero di proxy davanti al server (es. 1 per un solo nginx) '
  + 'oppure i loro indirizzi o reti (es. 127.0.0.1 oppure 10.0.0.0/8,192.168.1.10)';

/** Why `entry` is not a trusted-proxy address, network or range name (null when it is one). */
function proxyEntryProblem(entry: string): string | null {
  if (PROXY_NETWORK_NAMES.includes(entry)) return null;
  const [address = '', bits, ...extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) {
    return `«${entry}» non è un indirizzo IP, una rete CIDR (es. 10.0.0.0/8) né uno di ${PROXY_NETWORK_NAMES.join(', ')}`;
  }
  const max = family === 4 ? 32 : 128;
  // A /0 network is every address: the same as trusting any X-Forwarded-For, which `true` is refused for.
  if (bits !== undefined && (Number(bits) < 1 || Number(bits) > max)) return `«${entry}»: la rete deve avere un prefisso tra /1 e /${max}`;
  return null;
}

/**
 * `TRUST_PROXY`: which X-Forwarded-For entries name the client. Nothing by default (the socket's address); a number of
 * proxy hops; or the proxies' addresses and networks, checked hop by hop (docs/configuration.md, docs/decisions.md).
 */
const trustProxy = z
  .string()
  .max(1000)
  .transform((raw, ctx): false | number | string[] => {
    const v = raw.trim();
    const keyword = v.toLowerCase();
    if (['false', 'no'].includes(keyword)) return false;
    if (['true', 'yes'].includes(keyword)) {
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_REFUSED });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops === 0) return false;
      if (hops <= MAX_PROXY_HOPS) return hops;
      ctx.addIssue({ code: 'custom', message: `il numero di proxy deve essere tra 1 e ${MAX_PROXY_HOPS}` });
      return z.NEVER;
    }
    const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
    if (entries.length > 50) {
      ctx.addIssue({ code: 'custom', message: 'al massimo 50 indirizzi o reti' });
      return z.NEVER;
    }
    const problems = entries.map(proxyEntryProblem).filter((p): p is string => p !== null);
    for (const message of problems) ctx.addIssue({ code: 'custom', message });
    return problems.length > 0 ? z.NEVER : entries;
  });

/**
 * `METRICS_ALLOW`: who may read `/metrics` without the token: addresses, CIDR networks and the named ranges of
 * `TRUST_PROXY` (checked against the client's address as TRUST_PROXY makes it), or `none` (the token only).
 */
const metricsAllow = z
  .string()
  .max(1000)
  .transform((raw, ctx): string[] => {
    if (raw.trim().toLowerCase() === 'none') return [];
    const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
    const problems = entries.map(proxyEntryProblem).filter((p): p is string => p !== null);
    for (const message of problems) ctx.addIssue({ code: 'custom', message });
    return problems.length > 0 ? z.NEVER : entries;
  });

/** Standard Webhooks secrets are 24-64 random bytes (standardwebhooks.com, "Signature scheme"). */
export const WEBHOOK_SECRET_BYTES = { min: 24, max: 64 } as const;

/**
 * `WEBHOOK_SECRET`: `whsec_` and the base64 of 24-64 bytes, as Standard Webhooks writes secrets. Refused
 * at start otherwise: a typo would sign every event with a key the receiver does not have.
 */
const webhookSecret = z.string().max(200).superRefine((v, ctx) => {
  const m = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(v);
  const bytes = m && m[1]!.length % 4 === 0 ? Buffer.from(m[1]!, 'base64').length : 0;
  if (bytes < WEBHOOK_SECRET_BYTES.min || bytes > WEBHOOK_SECRET_BYTES.max) {
    ctx.addIssue({ code: 'custom', message: `usare whsec_ seguito dalla codifica base64 di ${WEBHOOK_SECRET_BYTES.min}-${WEBHOOK_SECRET_BYTES.max} byte casuali (es. whsec_$(openssl rand -base64 32))` });
  }
});

/** OTP_PEPPER in production: long and unpredictable enough that the stored code hashes cannot be searched through. */
export const PEPPER_MIN_LENGTH = 32;
export const PEPPER_MIN_BITS = 128;
/** The character classes the estimate knows, with their sizes (symbols: the other printable ASCII characters). */
const CHARACTER_CLASSES: ReadonlyArray<[RegExp, number]> = [[/[a-z]/, 26], [/[A-Z]/, 26], [/[0-9]/, 10], [/[^a-zA-Z0-9]/, 33]];

/**
 * A cautious estimate of a secret's entropy in bits, for a value an operator pasted (not a password policy):
 * a repeated block counts once (`abcdabcd…` is `abcd`); a character equal or next to the one before it
 * (`aaaa`, `abcd`, `4321`) adds nothing; every other character adds log2 of the alphabet its classes span
 * (lower case 26, upper case 26, digits 10, symbols 33); and the total is at most the Shannon entropy of the
 * characters' frequencies (a random-looking string of two letters is worth a bit a character).
 * `openssl rand -base64 32` (44 characters) is worth about 200; `'p'.repeat(32)` nothing.
 */
export function estimatedEntropyBits(secret: string): number {
  const chars = [...secret];
  let period = chars.length;
  for (let p = 1; p <= chars.length / 2; p += 1) {
    if (chars.every((c, i) => i < p || c === chars[i - p])) { period = p; break; }
  }
  const block = chars.slice(0, period);
  if (block.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const c of block) counts.set(c, (counts.get(c) ?? 0) + 1);
  const shannon = [...counts.values()].reduce((bits, n) => bits - n * Math.log2(n / block.length), 0);
  const alphabet = CHARACTER_CLASSES.filter(([re]) => block.some((c) => re.test(c))).reduce((sum, [, size]) => sum + size, 0);
  const fresh = block.filter((c, i) => i === 0 || Math.abs(c.codePointAt(0)! - block[i - 1]!.codePointAt(0)!) > 1).length;
  return Math.min(shannon, fresh * Math.log2(alphabet));
}

/** Why OTP_PEPPER is too weak for production, or null. */
function pepperProblem(pepper: string): string | null {
  const bits = Math.floor(estimatedEntropyBits(pepper));
  const length = [...pepper].length;
  if (length >= PEPPER_MIN_LENGTH && bits >= PEPPER_MIN_BITS) return null;
  return `troppo prevedibile per la produzione (${length} caratteri, circa ${bits} bit stimati): servono almeno ${PEPPER_MIN_LENGTH} caratteri `
    + `e ${PEPPER_MIN_BITS} bit di entropia stimata. La stima conta una volta sola un blocco ripetuto (abcdabcd…), non conta un carattere `
    + 'uguale o consecutivo al precedente (aaaa, abcd, 4321), dà a ogni altro carattere log2 dell\'alfabeto delle classi presenti '
    + '(minuscole 26, maiuscole 26, cifre 10, simboli 33) e non supera l\'entropia di Shannon delle frequenze dei caratteri. '
    + 'Generarlo con: openssl rand -base64 32';
}

/** A host on this machine: a service there is reached without crossing a network, so cleartext is acceptable. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.process(host);
  return address.range() === 'loopback';
}

/**
 * Why a URL that carries one-time codes, tokens or whole orders would send them in clear, or null:
 * production wants https:// (SMS, webhooks) and smtps:// or smtp:// with STARTTLS required (nodemailer's
 * `requireTLS=true`), with the certificate checked, unless the service is on this machine.
 */
function cleartextProblem(variable: 'SMTP_URL' | 'SMS_API_URL' | 'WEBHOOK_URL' | 'LEAD_WEBHOOK_URL', value: string): string | null {
  const url = new URL(value);
  if (isLoopbackHost(url.hostname)) return null;
  const onThisMachine = 'salvo un servizio su questa macchina (127.0.0.0/8, ::1, localhost)';
  if (variable !== 'SMTP_URL') {
    return url.protocol === 'https:' ? null : `in produzione deve essere https://: con http:// i dati viaggerebbero in chiaro (${onThisMachine})`;
  }
  if (url.searchParams.get('tls.rejectUnauthorized') === 'false') {
    return `in produzione il certificato del server SMTP va verificato: togliere tls.rejectUnauthorized=false (${onThisMachine})`;
  }
  const requireTls = ['true', '1'].includes(url.searchParams.get('requireTLS') ?? '');
  if (url.protocol === 'smtps:' || requireTls) return null;
  return 'in produzione usare smtps://… (TLS implicito, porta 465) oppure smtp://…?requireTLS=true (STARTTLS obbligatorio): '
    + `senza, codici e contratti possono viaggiare in chiaro (${onThisMachine})`;
}

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/*
 * Sign-in with CIE id or SPID (modules/identity, docs/identity.md): the relying party of the national OpenID
 * Connect federation. Off unless IDENTITY_TRUST_ANCHOR is set; then the entity id, both key sets, the trust
 * anchor's keys and the providers are required too. Keys are JWK sets in the variables (private parts
 * included): more than one key per set lets a new key be published before it signs (rotation by `kid`).
 */
const jwkShape = z.looseObject({
  kty: z.enum(['RSA', 'EC']),
  kid: z.string().min(1).max(200),
  use: z.enum(['sig', 'enc']).optional(),
  alg: z.string().max(20).optional(),
});
const jsonVariable = <S extends z.ZodType>(schema: S) => z.string().max(50_000).transform((text, ctx) => {
  try { return JSON.parse(text) as unknown; } catch {
    ctx.addIssue({ code: 'custom', message: 'deve essere un JSON valido' });
    return z.NEVER;
  }
}).pipe(schema);
const privateJwks = jsonVariable(z.object({
  keys: z.array(jwkShape.refine((k) => typeof k.d === 'string', { message: 'ogni chiave deve comprendere la parte privata (d)' })).min(1).max(10),
}));
const httpsOrLocalUrl = z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s)' }).max(500);
const IDENTITY_ENV = {
  IDENTITY_TRUST_ANCHOR: httpsOrLocalUrl.optional(),
  IDENTITY_TRUST_ANCHOR_JWKS: jsonVariable(z.object({ keys: z.array(jwkShape).min(1).max(10) })).optional(),
  IDENTITY_ENTITY_ID: httpsOrLocalUrl.optional(),
  IDENTITY_AUTHORITY_HINTS: z.string().max(2000).transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(httpsOrLocalUrl).min(1).max(5)).optional(),
  IDENTITY_FEDERATION_JWKS: privateJwks.optional(),
  IDENTITY_RP_JWKS: privateJwks.optional(),
  IDENTITY_PROVIDERS: jsonVariable(z.array(z.object({
    entity_id: httpsOrLocalUrl,
    kind: z.enum(IDENTITY_PROVIDER_KINDS),
    name: z.string().min(1).max(100),
  })).min(1).max(50)).optional(),
  IDENTITY_REDIRECT_URI: httpsOrLocalUrl.optional(),
  IDENTITY_TRUST_MARKS: jsonVariable(z.array(z.object({ id: z.string().min(1).max(500), trust_mark: z.string().min(1).max(10_000) })).max(10)).optional(),
  IDENTITY_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
};
type IdentityEnv = z.output<z.ZodObject<typeof IDENTITY_ENV>> & {
  PUBLIC_BASE_URL?: string | undefined; PORT: number; BRAND_NAME: string; SUPPORT_EMAIL: string; LEGAL_PAGES_URL: string;
};

/** The identity module's configuration, or undefined when IDENTITY_TRUST_ANCHOR is unset (the module then registers nothing). */
function identityConfig(e: IdentityEnv) {
  if (!e.IDENTITY_TRUST_ANCHOR) return undefined;
  const missing = (['IDENTITY_TRUST_ANCHOR_JWKS', 'IDENTITY_ENTITY_ID', 'IDENTITY_FEDERATION_JWKS', 'IDENTITY_RP_JWKS', 'IDENTITY_PROVIDERS'] as const)
    .filter((name) => e[name] === undefined);
  if (missing.length > 0) throw new ConfigError(missing.map((name) => `${name}: obbligatoria quando IDENTITY_TRUST_ANCHOR è impostata`));
  const rpKeys = e.IDENTITY_RP_JWKS!.keys;
  if (!rpKeys.some((k) => k.use !== 'enc') || !rpKeys.some((k) => k.use === 'enc' && k.kty === 'RSA')) {
    throw new ConfigError(['IDENTITY_RP_JWKS: servono almeno una chiave di firma e una chiave RSA di cifratura (use "enc")']);
  }
  const entityId = e.IDENTITY_ENTITY_ID!.replace(/\/+$/, '');
  const baseUrl = e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`;
  return {
    trustAnchor: e.IDENTITY_TRUST_ANCHOR.replace(/\/+$/, ''),
    trustAnchorJwks: e.IDENTITY_TRUST_ANCHOR_JWKS!,
    entityId,
    authorityHints: e.IDENTITY_AUTHORITY_HINTS ?? [e.IDENTITY_TRUST_ANCHOR.replace(/\/+$/, '')],
    federationJwks: e.IDENTITY_FEDERATION_JWKS!,
    rpJwks: e.IDENTITY_RP_JWKS!,
    providers: e.IDENTITY_PROVIDERS!.map((p) => ({ ...p, entity_id: p.entity_id.replace(/\/+$/, '') })),
    redirectUri: e.IDENTITY_REDIRECT_URI ?? `${baseUrl}/identita/ritorno`,
    trustMarks: e.IDENTITY_TRUST_MARKS ?? [],
    httpTimeoutMs: e.IDENTITY_HTTP_TIMEOUT_MS,
    organizationName: e.BRAND_NAME,
    contacts: [e.SUPPORT_EMAIL],
    homepageUri: baseUrl,
    policyUri: `${e.LEGAL_PAGES_URL}/privacy`,
  };
}
export type IdentityConfig = NonNullable<ReturnType<typeof identityConfig>>;

const envSchema = z
  .object({
    // Unset means development (the two-command demo); any other value stops the start: a typo such as
    // `prod` must not quietly run the demo mode with its demo key and outbox.
    NODE_ENV: z.enum(['development', 'test', 'production'], { error: 'usare development, test oppure production' }).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    ...IDENTITY_ENV,
    // No default here: unset, development and test listen on loopback only, production on every interface.
    HOST: z.string().min(1).max(255).optional(),
    DATABASE_URL: databaseUrl.prefault('sqlite:./data/checkout.db'),
    PUBLIC_API_KEY: z.string().min(8, 'almeno 8 caratteri').max(200).optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'usare redis://… oppure rediss://…').optional(),
    STORAGE_DIR: z.string().min(1).transform(fromRepo).prefault('./data/storage'),
    // Where documents and contract PDFs live: files under STORAGE_DIR, or chunks in the database (any number of processes).
    STORAGE_DRIVER: z.enum(['filesystem', 'database'], { error: 'usare filesystem oppure database' }).default('filesystem'),
    // Uploaded documents: bytes on disk in all, and bytes one client address may store in an hour.
    STORAGE_BUDGET_BYTES: z.coerce.number().int().min(1024 * 1024).max(Number.MAX_SAFE_INTEGER).default(20 * 1024 ** 3),
    UPLOAD_BYTES_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1024 * 1024).max(Number.MAX_SAFE_INTEGER).default(100 * 1024 ** 2),
    BRAND_NAME: z.string().min(1).max(60).default('Fibra Viva'),
    PRODUCT_NAME: z.string().min(1).max(80).default('Fibra Viva Casa'),
    // The site's primary colour (web/src/app/_bootstrap-config.scss $primary): the PDFs use the same.
    BRAND_COLOUR: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'un colore #rrggbb').default('#0b5ed7'),
    BRAND_KEY: z.string().regex(/^[a-z][a-z0-9]{0,29}$/, 'lower-case letters and digits, starting with a letter').default('fibraviva'),
    GTM_ID: z.string().regex(/^GTM-[0-9A-Z]+$/, 'formato atteso GTM- seguito da cifre e lettere maiuscole').optional(),
    // The brand's legal pages (privacy, cookie policy, conditions…), linked from the footer.
    LEGAL_PAGES_URL: z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s)' }).max(500).transform((v) => v.replace(/\/+$/, '')).default(DEFAULT_LEGAL_PAGES_URL),
    WEB_DIST_DIR: z.string().min(1).transform(fromRepo).prefault('./web/dist'),
    CORS_ORIGINS: z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'ogni origine deve essere un URL http(s)' })))
      .default([]),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
    SEED_DEMO_DATA: bool.optional(),
    TRUST_PROXY: trustProxy.default(false),
    // Signature (issue 4): where one-time codes go, and the SEPA creditor printed on the mandate.
    SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, 'usare smtp://… oppure smtps://…').optional(),
    SMTP_FROM: z.string().min(3).max(200).optional(),
    SMS_API_URL: z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s)' }).optional(),
    SMS_API_TOKEN: z.string().min(1).max(500).optional(),
    SEPA_CREDITOR_ID: z
      .string()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/, 'identificativo creditore SEPA non valido (es. IT00ZZZ0000000000000000)'))
      .prefault(DEMO_SEPA_CREDITOR_ID),
    SEPA_CREDITOR_NAME: z.string().min(1).max(70).optional(),
    SEPA_CREDITOR_ADDRESS: z.string().min(1).max(140).default(DEMO_SEPA_CREDITOR_ADDRESS),
    // Where a consumer may send the withdrawal (Codice del Consumo allegato I-B: the trader's email), and the certified address.
    SUPPORT_EMAIL: z.email({ error: 'un indirizzo email valido' }).max(200).default(DEMO_SUPPORT_EMAIL),
    PEC_ADDRESS: z.email({ error: 'un indirizzo PEC valido' }).max(200).default(DEMO_PEC_ADDRESS),
    OTP_PEPPER: z.string().min(16, 'almeno 16 caratteri').max(500).optional(),
    SEAL_P12_PATH: z.string().min(1).max(500).optional(),
    SEAL_P12_PASSPHRASE: z.string().max(500).optional(),
    OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
    PREMADE_FREE_FAILURES_PER_CLIENT: z.coerce.number().int().positive().max(100_000).default(5),
    // Leads (issue 5): the webhook that receives them and its request timeout; the outbox's worker delivers
    // them (EVENT_DELIVERY_POLL_MS, EVENT_RETRY_DAYS).
    LEAD_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s)' }).optional(),
    LEAD_WEBHOOK_SECRET: z.string().min(16, 'almeno 16 caratteri').max(500).optional(),
    LEAD_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    // The provider's event webhook (docs/integration.md): Standard Webhooks signatures, a `whsec_` secret.
    WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s)' }).max(500).optional(),
    WEBHOOK_SECRET: webhookSecret.optional(),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    EVENT_DELIVERY_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
    EVENT_RETRY_DAYS: z.coerce.number().int().min(3).max(30).default(3),
    // The site's public origin, for links the server hands out (console setup links): `https://shop.example.it`.
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s)' }).max(500).transform((v) => v.replace(/\/+$/, '')).optional(),
    // Operator console: session lifetimes and its own per-IP request limit.
    CONSOLE_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    CONSOLE_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(168).default(12),
    CONSOLE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
    // Provider API (/api/provider): its own per-IP request limit.
    PROVIDER_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
    // HTTP timeouts: a client that sends slowly or not at all must not hold a connection for ever.
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(DEFAULT_TIMEOUTS.requestTimeoutMs),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(DEFAULT_TIMEOUTS.headersTimeoutMs),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(DEFAULT_TIMEOUTS.keepAliveTimeoutMs),
    CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(DEFAULT_TIMEOUTS.connectionTimeoutMs),
    // Metrics (/metrics) and tracing: who may scrape, and where spans go (docs/operations.md, "Metrics").
    METRICS_ALLOW: metricsAllow.prefault('loopback'),
    METRICS_TOKEN: z.string().min(16, 'almeno 16 caratteri').max(500).optional(),
    // A port of their own for /metrics, on METRICS_HOST (this machine by default): the public port then has no /metrics.
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).max(255).optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s)' }).max(500).transform((v) => v.replace(/\/+$/, '')).optional(),
    OTEL_SERVICE_NAME: z.string().min(1).max(100).default('checkout'),
    // Retention: unsigned orders untouched this many days are purged with their files (docs/operations.md).
    DRAFT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // Minutes between purge passes; 0 turns the job off. Unset: hourly in production, off in development and
    // test, whose demo data keeps an expired pre-made order on purpose.
    DRAFT_PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).optional(),
    // Shutdown: requests in flight at SIGTERM get this long to finish before their connections are cut.
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
    // Back-pressure (503 server_busy): mean event-loop delay and V8 heap use past which new requests are
    // refused; 0 turns a check off. Unset heap limit: 90% of the V8 heap limit (near it GC stalls everything).
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).optional(),
  })
  .superRefine((env, ctx) => {
    // Node refuses a header timeout longer than the whole request's (http.createServer).
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: `non può superare REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS})` });
    }
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    // A public key is public, but the demo one is documented in the README: production must choose its own.
    if (!env.PUBLIC_API_KEY || env.PUBLIC_API_KEY === DEMO_PUBLIC_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_API_KEY'], message: 'obbligatoria in produzione (diversa dalla chiave demo)' });
    }
    // What the customer signs and is told must be the provider's own: the demo's placeholders would be
    // printed on real mandates and contract summaries.
    const demo: Array<[keyof typeof env, unknown, string]> = [
      ['SEPA_CREDITOR_ID', DEMO_SEPA_CREDITOR_ID, 'il proprio identificativo creditore SEPA'],
      ['SEPA_CREDITOR_ADDRESS', DEMO_SEPA_CREDITOR_ADDRESS, 'la sede del creditore stampata sul mandato'],
      ['SUPPORT_EMAIL', DEMO_SUPPORT_EMAIL, 'l\'email del servizio clienti stampata sul modulo di recesso'],
      ['PEC_ADDRESS', DEMO_PEC_ADDRESS, 'la propria PEC stampata sul modulo di recesso'],
      ['LEGAL_PAGES_URL', DEFAULT_LEGAL_PAGES_URL.replace(/\/+$/, ''), 'l\'indirizzo delle proprie pagine legali'],
    ];
    for (const [name, placeholder, what] of demo) {
      if (env[name] === placeholder) ctx.addIssue({ code: 'custom', path: [name], message: `obbligatoria in produzione: ${what}, non quello della demo` });
    }
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: `deve essere diversa da PORT (${env.PORT}): le metriche hanno una porta loro` });
    }
    if (env.METRICS_HOST !== undefined && env.METRICS_PORT === undefined) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_HOST'], message: 'vale solo con METRICS_PORT (l\'indirizzo della porta delle metriche)' });
    }
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    // Trusted proxies and metrics readers reaching public addresses: anyone on the internet could forge
    // X-Forwarded-For (every per-IP limit and the signature evidence's IP) or read the metrics.
    const networks: Array<['TRUST_PROXY' | 'METRICS_ALLOW', string]> = [['TRUST_PROXY', 'proxy fidati'], ['METRICS_ALLOW', 'lettori delle metriche']];
    for (const [name, who] of networks) {
      const entries = env[name];
      if (!Array.isArray(entries)) continue;
      for (const { entry, example } of publicEntries(entries)) {
        ctx.addIssue({
          code: 'custom', path: [name],
          message: `«${entry}» comprende indirizzi pubblici (es. ${example}): in produzione i ${who} stanno in ${NON_PUBLIC_SUMMARY}`
            + (name === 'TRUST_PROXY' ? '; per proxy con indirizzo pubblico indicare il loro numero (es. 2)' : '; da un indirizzo pubblico leggere con METRICS_TOKEN'),
        });
      }
    }
    // The demo's pre-made orders open with codes printed in the documentation: not in a real database.
    if (env.SEED_DEMO_DATA === true) {
      ctx.addIssue({ code: 'custom', path: ['SEED_DEMO_DATA'], message: 'non ammessa in produzione: i dati dimostrativi comprendono ordini precompilati con codici pubblicati nella documentazione; togliere la variabile o impostarla a false' });
    }
    const pepper = env.OTP_PEPPER === undefined ? null : pepperProblem(env.OTP_PEPPER);
    if (pepper) ctx.addIssue({ code: 'custom', path: ['OTP_PEPPER'], message: pepper });
    for (const name of ['SMTP_URL', 'SMS_API_URL', 'WEBHOOK_URL', 'LEAD_WEBHOOK_URL'] as const) {
      const value = env[name];
      const problem = value === undefined ? null : cleartextProblem(name, value);
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
    }
  })
  .superRefine((env, ctx) => {
    if (env.SMS_API_URL && !env.SMS_API_TOKEN) ctx.addIssue({ code: 'custom', path: ['SMS_API_TOKEN'], message: 'obbligatoria quando SMS_API_URL è impostata' });
  })
  .superRefine((env, ctx) => {
    if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET) ctx.addIssue({ code: 'custom', path: ['WEBHOOK_SECRET'], message: 'obbligatoria quando WEBHOOK_URL è impostata' });
    // order.signed carries links to the contract files, and the customer's emails and SMS links to the order's
    // pages: a path alone would be useless to the provider and to the customer.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_BASE_URL && (env.WEBHOOK_URL || env.SMTP_URL || env.SMS_API_URL)) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_BASE_URL'], message: 'obbligatoria in produzione con WEBHOOK_URL, SMTP_URL o SMS_API_URL (i collegamenti negli eventi, nelle email e negli SMS)' });
    }
  })
  .superRefine((env, ctx) => {
    if (env.LEAD_WEBHOOK_URL && !env.LEAD_WEBHOOK_SECRET) ctx.addIssue({ code: 'custom', path: ['LEAD_WEBHOOK_SECRET'], message: 'obbligatoria quando LEAD_WEBHOOK_URL è impostata' });
  });

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configurazione non valida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The environment's values, named and grouped as the code reads them: `Config` is this transform's output. */
const configSchema = envSchema.transform((e) => ({
  nodeEnv: e.NODE_ENV,
  port: e.PORT,
  host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : LOOPBACK_HOST),
  /** `sqlite:/absolute/path.db`, `sqlite::memory:` or `postgres://…`. */
  databaseUrl: e.DATABASE_URL,
  publicApiKey: e.PUBLIC_API_KEY ?? DEMO_PUBLIC_API_KEY,
  redisUrl: e.REDIS_URL,
  /** The files (filesystem driver), or only the uploads' working files while they are screened (database driver). */
  storageDir: e.STORAGE_DIR,
  storageDriver: e.STORAGE_DRIVER,
  /** Uploaded documents: the sum of their sizes may not pass `storageBudgetBytes`; one client address stores at most `bytesPerClientPerHour`. */
  uploads: { storageBudgetBytes: e.STORAGE_BUDGET_BYTES, bytesPerClientPerHour: e.UPLOAD_BYTES_PER_CLIENT_PER_HOUR },
  brandName: e.BRAND_NAME,
  /** Names the brand's fields of SPEC §3: `is_{brandKey}_customer`, `is{BrandKey}Customer`, `is{BrandKey}Pop`. */
  brandKey: e.BRAND_KEY,
  /** `#rrggbb`: titles and headings of the contract PDF. */
  brandColour: e.BRAND_COLOUR,
  productName: e.PRODUCT_NAME,
  gtmId: e.GTM_ID,
  /** Base URL of the brand's legal pages (no trailing slash): `<url>/privacy`, `<url>/cookie-policy`… */
  legalPagesUrl: e.LEGAL_PAGES_URL,
  webDistDir: e.WEB_DIST_DIR,
  corsOrigins: e.CORS_ORIGINS,
  logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' as const : 'info' as const),
  /** Requests per minute per client IP on /api/*. */
  rateLimitMax: e.RATE_LIMIT_MAX,
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For), for the per-IP
   * limits and the IP in the signature evidence: `false` none (the socket's address), the number of proxy hops
   * (the n nearest addresses, the socket's first, are proxies), or the proxies' addresses and CIDR networks.
   */
  trustProxy: e.TRUST_PROXY,
  /** Seed the demo catalogue, coverage and orders into an empty database at start. */
  seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV !== 'production',
  /** Email one-time codes through this SMTP server; unset: the development outbox. */
  smtpUrl: e.SMTP_URL,
  /** The From of those emails (default `<BRAND_NAME> <no-reply@example.com>`). */
  smtpFrom: e.SMTP_FROM ?? `${e.BRAND_NAME} <no-reply@example.com>`,
  /** SMS one-time codes through this provider endpoint (POST { to, text }, bearer token); unset: the development outbox. */
  smsApiUrl: e.SMS_API_URL,
  smsApiToken: e.SMS_API_TOKEN,
  /** SEPA creditor identifier printed on the mandate (demo default IT00ZZZ0000000000000000). */
  sepaCreditorId: e.SEPA_CREDITOR_ID,
  /** SEPA creditor name (default `<BRAND_NAME> S.p.A.`). */
  sepaCreditorName: e.SEPA_CREDITOR_NAME ?? `${e.BRAND_NAME} S.p.A.`,
  /** The creditor's address the mandate prints (the rulebook asks for it). */
  sepaCreditorAddress: e.SEPA_CREDITOR_ADDRESS,
  /** The provider's customer-service email and PEC: the model withdrawal form names them (Codice del Consumo allegato I-B). */
  supportEmail: e.SUPPORT_EMAIL,
  pecAddress: e.PEC_ADDRESS,
  /** Secret mixed into the one-time code hashes; required in production. */
  otpPepper: e.OTP_PEPPER,
  /** PKCS#12 of the provider's seal on signed contracts; unset outside production: a self-signed development seal. */
  sealP12Path: e.SEAL_P12_PATH,
  sealP12Passphrase: e.SEAL_P12_PASSPHRASE,
  /** One-time codes one client IP may ask for in an hour, across orders (the per-order limit is 5). */
  otpSendsPerIpPerHour: e.OTP_SENDS_PER_IP_PER_HOUR,
  /** Wrong pre-made or one-time codes one client IP may send before its waits start (premade/code-delay). */
  premadeFreeFailuresPerClient: e.PREMADE_FREE_FAILURES_PER_CLIENT,
  /** Where leads are delivered (signed POST); unset: leads stay pending, listed by `npm run cli -- list-leads`. */
  leadWebhookUrl: e.LEAD_WEBHOOK_URL,
  /** HMAC-SHA256 key of the lead signature; required with the URL. */
  leadWebhookSecret: e.LEAD_WEBHOOK_SECRET,
  /** A request to the lead webhook is abandoned (and tried again by the outbox) after `timeoutMs`. */
  leadDelivery: {
    timeoutMs: e.LEAD_DELIVERY_TIMEOUT_MS,
  },
  /**
   * The provider's event webhook (events module): where events go, signed with `secret` (Standard Webhooks,
   * `whsec_…`), each request within `timeoutMs`. Without `url` webhook deliveries stay pending, nothing lost.
   * The worker looks for due deliveries every `pollMs` and retries a failing one for `retryDays` after its event.
   */
  webhook: {
    url: e.WEBHOOK_URL,
    secret: e.WEBHOOK_SECRET,
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
  },
  events: {
    pollMs: e.EVENT_DELIVERY_POLL_MS,
    retryDays: e.EVENT_RETRY_DAYS,
  },
  /**
   * The origin links handed out start with (no trailing slash). Unset: `http://localhost:<PORT>` outside
   * production; in production such links are paths only (`/console/attiva/…`) until it is set.
   */
  publicBaseUrl: e.PUBLIC_BASE_URL ?? (e.NODE_ENV === 'production' ? '' : `http://localhost:${e.PORT}`),
  /**
   * The operator console: a session ends after `idleMs` without a call or `absoluteMs` after sign-in,
   * whichever comes first; `rateLimitMax` console requests per minute per client IP. With REDIS_URL the
   * sessions live in Redis under keys starting with `redisKeyPrefix` (not an environment variable: tests
   * set their own), otherwise in the database.
   */
  console: {
    idleMs: e.CONSOLE_SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: e.CONSOLE_SESSION_MAX_HOURS * 3_600_000,
    rateLimitMax: e.CONSOLE_RATE_LIMIT_MAX,
    redisKeyPrefix: 'checkout-console:',
  },
  /** The provider API: `rateLimitMax` calls per minute per client IP (its own counter, as the console's). */
  provider: {
    rateLimitMax: e.PROVIDER_RATE_LIMIT_MAX,
  },
  /**
   * HTTP timeouts in ms: the whole request (headers and body) must arrive within `requestTimeoutMs`, its headers
   * within `headersTimeoutMs`; an idle keep-alive connection closes after `keepAliveTimeoutMs`, a connection with
   * no traffic at all (a client that stops reading the answer) after `connectionTimeoutMs`.
   */
  timeouts: {
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
  },
  /**
   * `/metrics`: answered to clients whose address (req.ip; on its own port the socket's) is in `allow` (addresses,
   * CIDR networks, `loopback`…) or who send `Authorization: Bearer <token>`; everyone else gets the 404 of an unknown address.
   */
  metrics: {
    allow: e.METRICS_ALLOW,
    token: e.METRICS_TOKEN,
    /** Set: /metrics is served only on this port (on `host`), and the public port answers 404 for it. */
    port: e.METRICS_PORT,
    host: e.METRICS_HOST ?? LOOPBACK_HOST,
  },
  /** OpenTelemetry tracing (@fastify/otel): spans go by OTLP/HTTP to `<otlpEndpoint>/v1/traces`; unset: nothing is loaded. */
  tracing: {
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: e.OTEL_SERVICE_NAME,
  },
  /**
   * Abandoned drafts: unsigned orders with no activity for `draftDays` days are purged with their files, by a job
   * every `purgeIntervalMs` in the server (0: never; `npm run cli -- purge-drafts` runs it by hand).
   */
  retention: {
    draftDays: e.DRAFT_RETENTION_DAYS,
    purgeIntervalMs: (e.DRAFT_PURGE_INTERVAL_MINUTES ?? (e.NODE_ENV === 'production' ? 60 : 0)) * 60_000,
  },
  /** SIGTERM: how long requests in flight may take to finish before their connections are closed. */
  /** Sign-in with CIE id or SPID; undefined: off (no routes). */
  identity: identityConfig(e),
  shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
  /** Back-pressure thresholds (0: that check is off); past one, requests answer 503 `server_busy`. */
  pressure: {
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: e.MAX_HEAP_USED_BYTES ?? Math.floor(getHeapStatistics().heap_size_limit * 0.9),
  },
}));

/** The server's configuration, as `loadConfig` reads it from the environment. */
export type Config = z.output<typeof configSchema>;

interface ProductionRefusal { variable: string; message: string }

/** Production with no real channel (email or SMS) for the signing code: nobody could sign. */
function messagingRefusals(config: Pick<Config, 'nodeEnv' | 'smtpUrl' | 'smsApiUrl'>): ProductionRefusal[] {
  if (config.nodeEnv !== 'production' || config.smtpUrl || config.smsApiUrl) return [];
  return [{ variable: 'SMTP_URL / SMS_API_URL', message: 'in produzione serve almeno un canale reale (email o SMS) per inviare il codice di firma' }];
}

/** What production must have to take signatures: a real channel, the seal's certificate and the code pepper. */
function signatureRefusals(config: Pick<Config, 'nodeEnv' | 'smtpUrl' | 'smsApiUrl' | 'sealP12Path' | 'otpPepper'>): ProductionRefusal[] {
  const refusals = messagingRefusals(config);
  if (config.nodeEnv === 'production' && !config.sealP12Path) {
    refusals.push({ variable: 'SEAL_P12_PATH', message: 'obbligatoria in produzione (il certificato PKCS#12 del sigillo elettronico sui contratti firmati)' });
  }
  if (config.nodeEnv === 'production' && !config.otpPepper) {
    refusals.push({ variable: 'OTP_PEPPER', message: `obbligatoria in produzione (un segreto casuale di almeno ${PEPPER_MIN_LENGTH} caratteri per proteggere i codici di firma: openssl rand -base64 32)` });
  }
  return refusals;
}

const asProblems = (refusals: ProductionRefusal[]): string[] => refusals.map((r) => `${r.variable}: ${r.message}`);

/** The messaging refusal as `ConfigError` problems (for a configuration built without `loadConfig`, e.g. in tests). */
export const messagingProblems = (config: Pick<Config, 'nodeEnv' | 'smtpUrl' | 'smsApiUrl'>): string[] => asProblems(messagingRefusals(config));

/**
 * The signature refusals as `ConfigError` problems: `loadConfig` refuses them (the refinement below); the signature
 * module asks again at start for a configuration built without it (tests, tools).
 */
export const signatureConfigProblems = (config: Config): string[] => asProblems(signatureRefusals(config));

// Every production refusal is a refinement of the configuration: the variables' own above, the signature's here.
const checkedConfigSchema = configSchema.superRefine((config, ctx) => {
  for (const { variable, message } of signatureRefusals(config)) ctx.addIssue({ code: 'custom', path: [variable], message });
});

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`FOO=` in a .env or compose file) means "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = checkedConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0] ?? 'ambiente')}: ${i.message}`));
  }
  return parsed.data;
}

/**
 * What the operator must read at start, or null. Development mode is the two-command demo: it runs with the
 * demo data, the public demo key and the development outbox, none of which may face the internet; without
 * `NODE_ENV` the server is in this mode, so it says so (main.ts logs it as a warning).
 */
export function developmentModeWarning(config: Config): string | null {
  if (config.nodeEnv !== 'development') return null;
  const risks = [
    config.seedDemoData ? 'dati dimostrativi' : null,
    config.publicApiKey === DEMO_PUBLIC_API_KEY ? `chiave API demo pubblica (${DEMO_PUBLIC_API_KEY})` : null,
    !config.smtpUrl && !config.smsApiUrl ? 'codici monouso nella casella di sviluppo /api/dev/outbox' : null,
  ].filter((r): r is string => r !== null);
  return `MODALITÀ SVILUPPO (NODE_ENV=development o non impostata)${risks.length > 0 ? `: ${risks.join(', ')}` : ''}. `
    + `In ascolto su ${config.host}: non esporre questo server su internet; in produzione impostare NODE_ENV=production.`;
}
