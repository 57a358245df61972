import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError, DEFAULT_TIMEOUTS, DEMO_PUBLIC_API_KEY, PEPPER_MIN_BITS, REPO_ROOT, TRUST_PROXY_TRUE_REFUSED, developmentModeWarning, estimatedEntropyBits,
  loadConfig, publicEntries,
} from './config';

/** What a production start must set to its own values, beyond the demo's placeholders; and what signing needs. */
const PRODUCTION_OWN = {
  PUBLIC_API_KEY: 'prod-key-123', SEPA_CREDITOR_ID: 'IT66ZZZA1B2C3D4E5F6G7H8', SEPA_CREDITOR_ADDRESS: 'Corso Buenos Aires 1, 20124 Milano (MI)',
  LEGAL_PAGES_URL: 'https://www.acme.example/legale', SUPPORT_EMAIL: 'assistenza@acme.example', PEC_ADDRESS: 'acme@pec.acme.example',
  SMTP_URL: 'smtps://mail.acme.example:465', SEAL_P12_PATH: '/srv/seal.p12', OTP_PEPPER: 'n0Vb3Qe7xYk2LmR9sTf4WpZ8hJc6GdUa1EiKoPq5rS=',
  PUBLIC_BASE_URL: 'https://www.acme.example',
};

describe('loadConfig', () => {
  it('has working defaults for `npm start`', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      nodeEnv: 'development', port: 3000, host: '127.0.0.1', publicApiKey: DEMO_PUBLIC_API_KEY,
      databaseUrl: `sqlite:${path.join(REPO_ROOT, 'data/checkout.db')}`, storageDir: path.join(REPO_ROOT, 'data/storage'), storageDriver: 'filesystem',
      webDistDir: path.join(REPO_ROOT, 'web/dist'), brandName: 'Fibra Viva', productName: 'Fibra Viva Casa',
      gtmId: undefined, redisUrl: undefined, corsOrigins: [], logLevel: 'info', rateLimitMax: 300, seedDemoData: true, trustProxy: false,
    });
  });

  it.each([
    ['postgres://u@h:5432/db', 'postgres://u@h:5432/db'],
    ['postgresql://u@h/db', 'postgresql://u@h/db'],
    ['sqlite:/tmp/x.db', 'sqlite:/tmp/x.db'],
    ['sqlite:./data/other.db', `sqlite:${path.join(REPO_ROOT, 'data/other.db')}`],
    ['sqlite::memory:', 'sqlite::memory:'],
  ])('DATABASE_URL %s', (value, expected) => {
    expect(loadConfig({ DATABASE_URL: value }).databaseUrl).toBe(expected);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      ...PRODUCTION_OWN,
      PORT: '8080', HOST: '127.0.0.1', PUBLIC_API_KEY: 'k-123456789', REDIS_URL: 'redis://127.0.0.1:6379', STORAGE_DIR: '/srv/st', STORAGE_DRIVER: 'database',
      BRAND_NAME: 'Acme', PRODUCT_NAME: 'Acme Fibra', GTM_ID: 'GTM-AB12CD', NODE_ENV: 'production', WEB_DIST_DIR: '/srv/web',
      CORS_ORIGINS: 'https://a.example, https://b.example', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '50', SEED_DEMO_DATA: 'false', TRUST_PROXY: '1',
    });
    expect(c).toMatchObject({
      port: 8080, host: '127.0.0.1', publicApiKey: 'k-123456789', redisUrl: 'redis://127.0.0.1:6379', storageDir: '/srv/st', storageDriver: 'database',
      brandName: 'Acme', productName: 'Acme Fibra', gtmId: 'GTM-AB12CD', nodeEnv: 'production', webDistDir: '/srv/web',
      corsOrigins: ['https://a.example', 'https://b.example'], logLevel: 'warn', rateLimitMax: 50, seedDemoData: false, trustProxy: 1,
    });
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ GTM_ID: '', PORT: ' ' })).toMatchObject({ gtmId: undefined, port: 3000 });
  });

  it('does not seed demo data in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_OWN }).seedDemoData).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ GTM_ID: 'UA-123' }, 'GTM_ID'],
    [{ GTM_ID: 'GTM-ab12' }, 'GTM_ID'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV'],
    [{ NODE_ENV: 'Production' }, 'NODE_ENV'],
    [{ NODE_ENV: 'dev' }, 'NODE_ENV'],
    [{ HEADERS_TIMEOUT_MS: '70000', REQUEST_TIMEOUT_MS: '60000' }, 'HEADERS_TIMEOUT_MS'],
    [{ REQUEST_TIMEOUT_MS: '0' }, 'REQUEST_TIMEOUT_MS'],
    [{ KEEP_ALIVE_TIMEOUT_MS: 'forever' }, 'KEEP_ALIVE_TIMEOUT_MS'],
    [{ NODE_ENV: 'production' }, 'PUBLIC_API_KEY'],
    [{ NODE_ENV: 'production', PUBLIC_API_KEY: DEMO_PUBLIC_API_KEY }, 'PUBLIC_API_KEY'],
    [{ NODE_ENV: 'production', ...PRODUCTION_OWN, SEPA_CREDITOR_ID: undefined }, 'SEPA_CREDITOR_ID'],
    [{ NODE_ENV: 'production', ...PRODUCTION_OWN, SEPA_CREDITOR_ADDRESS: undefined }, 'SEPA_CREDITOR_ADDRESS'],
    [{ NODE_ENV: 'production', ...PRODUCTION_OWN, LEGAL_PAGES_URL: undefined }, 'LEGAL_PAGES_URL'],
    // The withdrawal form names them: the demo's would send a consumer's withdrawal nowhere.
    [{ NODE_ENV: 'production', ...PRODUCTION_OWN, SUPPORT_EMAIL: undefined }, 'SUPPORT_EMAIL'],
    [{ NODE_ENV: 'production', ...PRODUCTION_OWN, PEC_ADDRESS: undefined }, 'PEC_ADDRESS'],
    [{ PEC_ADDRESS: 'not an address' }, 'PEC_ADDRESS'],
    [{ NODE_ENV: 'production', ...PRODUCTION_OWN, SMTP_URL: undefined }, 'SMTP_URL / SMS_API_URL'],
    [{ NODE_ENV: 'production', ...PRODUCTION_OWN, SEAL_P12_PATH: undefined }, 'SEAL_P12_PATH'],
    [{ NODE_ENV: 'production', ...PRODUCTION_OWN, OTP_PEPPER: undefined }, 'OTP_PEPPER'],
    // The links in the customer's emails and SMS need the site's address.
    [{ NODE_ENV: 'production', ...PRODUCTION_OWN, PUBLIC_BASE_URL: undefined }, 'PUBLIC_BASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ CORS_ORIGINS: 'not a url' }, 'CORS_ORIGINS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX'],
  ])('refuses %o naming %s', (env, variable) => {
    let error: unknown;
    try { loadConfig(env); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(`${variable}:`);
    expect((error as ConfigError).problems.some((p) => p.startsWith(`${variable}:`))).toBe(true);
  });

  describe('fail closed', () => {
    it('names the accepted modes, in Italian, for an unknown NODE_ENV', () => {
      expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow('NODE_ENV: usare development, test oppure production');
    });

    it.each([
      [{}, '127.0.0.1'],
      [{ NODE_ENV: 'development' }, '127.0.0.1'],
      [{ NODE_ENV: 'test' }, '127.0.0.1'],
      [{ NODE_ENV: 'production', ...PRODUCTION_OWN }, '0.0.0.0'],
      [{ HOST: '0.0.0.0' }, '0.0.0.0'],
      [{ NODE_ENV: 'development', HOST: '::' }, '::'],
      [{ NODE_ENV: 'production', ...PRODUCTION_OWN, HOST: '10.0.0.5' }, '10.0.0.5'],
    ])('%o listens on %s', (env, host) => {
      expect(loadConfig(env).host).toBe(host);
    });

    it('development mode says what it exposes; the other modes say nothing', () => {
      const warning = developmentModeWarning(loadConfig({}));
      expect(warning).toMatch(/^MODALITÀ SVILUPPO/);
      for (const risk of ['dati dimostrativi', DEMO_PUBLIC_API_KEY, '/api/dev/outbox', '127.0.0.1', 'NODE_ENV=production']) expect(warning).toContain(risk);
      expect(developmentModeWarning(loadConfig({ HOST: '0.0.0.0' }))).toContain('In ascolto su 0.0.0.0');
      expect(developmentModeWarning(loadConfig({ NODE_ENV: 'test' }))).toBeNull();
      expect(developmentModeWarning(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_OWN }))).toBeNull();
    });
  });

  describe('metrics and tracing', () => {
    it('let only loopback read /metrics by default, with no token, no port of their own and no tracing', () => {
      const config = loadConfig({});
      expect(config.metrics).toEqual({ allow: ['loopback'], token: undefined, port: undefined, host: '127.0.0.1' });
      expect(config.tracing).toEqual({ otlpEndpoint: undefined, serviceName: 'checkout' });
    });

    it('read the allowed addresses, none, a token and the OTLP endpoint', () => {
      expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.10,::1' }).metrics.allow).toEqual(['10.0.0.0/8', '192.168.1.10', '::1']);
      expect(loadConfig({ METRICS_ALLOW: 'none' }).metrics.allow).toEqual([]);
      expect(loadConfig({ METRICS_TOKEN: 'a-scraper-token-123' }).metrics.token).toBe('a-scraper-token-123');
      expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing.otlpEndpoint).toBe('http://collector:4318');
    });

    it('read a port of their own, on this machine unless METRICS_HOST says otherwise', () => {
      expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toMatchObject({ port: 9464, host: '127.0.0.1' });
      expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toMatchObject({ port: 9464, host: '10.0.0.5' });
    });

    it.each([
      [{ METRICS_PORT: '3000' }, 'METRICS_PORT: deve essere diversa da PORT (3000)'],
      [{ METRICS_PORT: '8080', PORT: '8080' }, 'METRICS_PORT: deve essere diversa da PORT (8080)'],
      [{ METRICS_PORT: '0' }, 'METRICS_PORT:'],
      [{ METRICS_PORT: '70000' }, 'METRICS_PORT:'],
      [{ METRICS_HOST: '127.0.0.1' }, 'METRICS_HOST: vale solo con METRICS_PORT'],
    ])('refuse %o', (env, message) => {
      expect(() => loadConfig(env)).toThrow(message);
    });

    it.each([
      ['METRICS_ALLOW', '0.0.0.0/0'],
      ['METRICS_ALLOW', 'prometheus.local'],
      ['METRICS_TOKEN', 'short'],
      ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ])('refuse %s=%s', (name, value) => {
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    });
  });

  describe('TRUST_PROXY: a hop count or the proxies\' addresses, never "trust everything"', () => {
    it.each([
      ['1', 1],
      ['2', 2],
      ['10', 10],
      ['0', false],
      ['false', false],
      ['no', false],
      ['127.0.0.1', ['127.0.0.1']],
      ['10.0.0.0/8, 192.168.1.10', ['10.0.0.0/8', '192.168.1.10']],
      ['::1,fd00::/8', ['::1', 'fd00::/8']],
      ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    ])('%s trusts %o', (value, expected) => {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
    });

    it.each(['true', 'TRUE', 'yes'])('refuses %s, saying in Italian what to give instead', (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY: ${TRUST_PROXY_TRUE_REFUSED}`);
      expect(TRUST_PROXY_TRUE_REFUSED).toMatch(/numero di proxy.*es\. 1.*indirizzi o reti/);
    });

    it.each([
      ['11', '11', 'tra 1 e 10'],
      ['0.0.0.0/0', '0.0.0.0/0', 'tra /1 e /32'],
      ['::/0', '::/0', 'tra /1 e /128'],
      ['10.0.0.0/33', '10.0.0.0/33', 'tra /1 e /32'],
      ['10.0.0.0/8/8', '10.0.0.0/8/8', '«10.0.0.0/8/8» non è un indirizzo IP'],
      ['10.0.0.0/x', '10.0.0.0/x', 'non è un indirizzo IP'],
      ['1.2.3', '1.2.3', '«1.2.3» non è un indirizzo IP'],
      ['nginx', 'nginx', '«nginx» non è un indirizzo IP'],
      ['a host name in a list', '127.0.0.1, proxy.example', '«proxy.example» non è un indirizzo IP'],
      ['51 addresses', Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`).join(','), 'al massimo 50'],
      ['more than 1000 characters', `10.0.0.1,${'1'.repeat(1000)}`, 'TRUST_PROXY:'],
    ])('refuses %s', (_name, value, message) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY:');
    });
  });

  describe('production refuses what would expose it', () => {
    const production = (env: Record<string, string | undefined>) => ({ NODE_ENV: 'production', ...PRODUCTION_OWN, ...env });
    const problemsOf = (env: Record<string, string | undefined>): string[] => {
      try { loadConfig(env); } catch (e) { if (e instanceof ConfigError) return e.problems; throw e; }
      return [];
    };

    it('starts with its own values', () => {
      expect(problemsOf(production({}))).toEqual([]);
    });

    describe('trusted proxies and metrics readers on private networks only', () => {
      it.each([
        ['all of IPv4 in two halves', '0.0.0.0/1,128.0.0.0/1', ['0.0.0.0/1', '128.0.0.0/1']],
        ['a public /8', '8.0.0.0/8', ['8.0.0.0/8']],
        ['a private network widened past its edge', '10.0.0.0/7', ['10.0.0.0/7']],
        ['172.16.0.0/11 (twice the private /12)', '172.16.0.0/11', ['172.16.0.0/11']],
        ['one public address beside a private network', '10.0.0.0/8, 203.0.113.7', ['203.0.113.7']],
        ['global IPv6', '2000::/3', ['2000::/3']],
        ['half of IPv6', '::/1', ['::/1']],
        ['IPv4 written as IPv6', '::ffff:0:0/96', ['::ffff:0:0/96']],
        ['a ULA prefix widened', 'fc00::/6', ['fc00::/6']],
      ])('%s (%s)', (_name, value, refused) => {
        for (const variable of ['TRUST_PROXY', 'METRICS_ALLOW']) {
          const problems = problemsOf(production({ [variable]: value }));
          expect(problems.map((p) => p.split(' comprende')[0])).toEqual(refused.map((entry) => `${variable}: «${entry}»`));
          expect(problems[0]).toMatch(/comprende indirizzi pubblici \(es\. [0-9a-f.:]+\): in produzione/);
          // Outside production the same value starts (the demo and the tests run on this machine).
          expect(problemsOf({ [variable]: value })).toEqual([]);
        }
      });

      it.each([
        '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '192.168.1.10', '127.0.0.0/8', '127.0.0.1', '100.64.0.0/10', '169.254.0.0/16',
        '::1', 'fc00::/7', 'fd12:3456::/32', 'fe80::/10', '::ffff:10.0.0.0/104', '::ffff:127.0.0.1',
        'loopback,linklocal,uniquelocal', '10.0.0.0/9,10.128.0.0/9', '224.0.0.0/3',
      ])('accepts %s', (value) => {
        expect(problemsOf(production({ TRUST_PROXY: value, METRICS_ALLOW: value }))).toEqual([]);
      });

      it('names an address the entry reaches', () => {
        expect(publicEntries(['0.0.0.0/1', '8.0.0.0/8', '2000::/3', '10.0.0.0/8', '203.0.113.7'])).toEqual([
          { entry: '0.0.0.0/1', example: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/) as string },
          { entry: '8.0.0.0/8', example: '8.128.0.0' },
          { entry: '2000::/3', example: '3000::' },
          { entry: '203.0.113.7', example: '203.0.113.7' },
        ]);
        const [example] = publicEntries(['0.0.0.0/1']).map((p) => p.example);
        expect(publicEntries([example!])).toHaveLength(1);
      });

      it('a hop count is not an address list: accepted', () => {
        expect(problemsOf(production({ TRUST_PROXY: '2' }))).toEqual([]);
      });
    });

    it('refuses the demo data', () => {
      expect(problemsOf(production({ SEED_DEMO_DATA: 'true' }))).toEqual([expect.stringMatching(/^SEED_DEMO_DATA: non ammessa in produzione: .*codici pubblicati/)]);
      expect(problemsOf(production({ SEED_DEMO_DATA: 'false' }))).toEqual([]);
      expect(loadConfig({ SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    });

    describe('OTP_PEPPER: at least 32 characters and 128 bits of estimated entropy', () => {
      it.each([
        ['one character repeated', 'p'.repeat(32)],
        ['a short block repeated', 'abcd'.repeat(8)],
        ['a long block repeated', 'Xq7#mZ2!vL9@kR4$'.repeat(2)],
        ['a block repeated in part', 'k3Jd9'.repeat(7)],
        ['an alphabet run', 'abcdefghijklmnopqrstuvwxyzABCDEF'],
        ['a keyboard row and digits in order', '1234567890qwertyuiop1234567890asdf'],
        ['two letters at random', 'abbabaaabbbabaabbaababbbaaabbabababbab'],
        ['random, but short', 'n0Vb3Qe7xYk2LmR9sTf4WpZ8'],
        ['31 characters: enough estimated bits, one character short', 'Vz#4q!Lr8&Wm2^Tk9*Hx5%Pj7@Ns3$G'],
        ['hex of 16 bytes (128 bits, but 32 hex digits estimate fewer)', 'e3b0c44298fc1c149afbf4c8996fb924'],
      ])('refuses %s, explaining the measure', (_name, pepper) => {
        const [problem, ...more] = problemsOf(production({ OTP_PEPPER: pepper }));
        expect(more).toEqual([]);
        expect(problem).toMatch(/^OTP_PEPPER: troppo prevedibile per la produzione \(\d+ caratteri, circa \d+ bit stimati\): servono almeno 32 caratteri e 128 bit/);
        for (const words of ['blocco ripetuto', 'consecutivo al precedente', 'Shannon', 'openssl rand -base64 32']) expect(problem).toContain(words);
      });

      it.each([
        ['openssl rand -base64 32', 'n0Vb3Qe7xYk2LmR9sTf4WpZ8hJc6GdUa1EiKoPq5rS='],
        ['openssl rand -hex 32', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
        ['a long random pass phrase with symbols', 'Vz#4q!Lr8&Wm2^Tk9*Hx5%Pj7@Ns3$Gd6'],
      ])('accepts %s', (_name, pepper) => {
        expect(estimatedEntropyBits(pepper)).toBeGreaterThanOrEqual(PEPPER_MIN_BITS);
        expect(problemsOf(production({ OTP_PEPPER: pepper }))).toEqual([]);
      });

      it('estimates as documented', () => {
        expect(estimatedEntropyBits('Vz#4q!Lr8&Wm2^Tk9*Hx5%Pj7@Ns3$G')).toBeGreaterThanOrEqual(PEPPER_MIN_BITS);
        expect(estimatedEntropyBits('')).toBe(0);
        expect(estimatedEntropyBits('p'.repeat(40))).toBe(0);
        // `abcd` once: one fresh character of 26 lower-case letters, and 2 bits a character of Shannon entropy.
        expect(estimatedEntropyBits('abcd'.repeat(8))).toBeCloseTo(Math.log2(26));
        expect(estimatedEntropyBits('ab')).toBeCloseTo(2);
        expect(estimatedEntropyBits('a1')).toBeCloseTo(2);
        expect(estimatedEntropyBits('aQ')).toBeCloseTo(2);
      });

      it('outside production 16 characters are enough (the tests\' own values)', () => {
        expect(problemsOf({ OTP_PEPPER: 'p'.repeat(16) })).toEqual([]);
        expect(problemsOf({ OTP_PEPPER: 'p'.repeat(15) })).toEqual(['OTP_PEPPER: almeno 16 caratteri']);
      });
    });

    describe('codes, tokens and orders never sent in clear', () => {
      it.each([
        ['SMS_API_URL', 'http://sms.acme.example/send', 'https://'],
        ['WEBHOOK_URL', 'http://bss.acme.example/events', 'https://'],
        ['LEAD_WEBHOOK_URL', 'http://crm.acme.example/leads', 'https://'],
        ['LEAD_WEBHOOK_URL', 'http://10.0.0.5/leads', 'https://'],
        ['SMTP_URL', 'smtp://mail.acme.example:587', 'requireTLS=true'],
        ['SMTP_URL', 'smtp://mail.acme.example:587?requireTLS=false', 'requireTLS=true'],
        ['SMTP_URL', 'smtp://mail.acme.example:25?ignoreTLS=true', 'requireTLS=true'],
        ['SMTP_URL', 'smtps://mail.acme.example:465?tls.rejectUnauthorized=false', 'tls.rejectUnauthorized=false'],
      ])('refuses %s=%s', (variable, url, advice) => {
        const extra = variable === 'SMS_API_URL' ? { SMS_API_TOKEN: 'sms-token' } : variable === 'WEBHOOK_URL' ? { WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}` } : variable === 'LEAD_WEBHOOK_URL' ? { LEAD_WEBHOOK_SECRET: 'lead-secret-1234567' } : {};
        const problems = problemsOf(production({ [variable]: url, ...extra }));
        expect(problems).toEqual([expect.stringMatching(new RegExp(`^${variable}: in produzione .*salvo un servizio su questa macchina`))]);
        expect(problems[0]).toContain(advice);
        // Development and tests talk to services on this machine, or to none.
        expect(problemsOf({ [variable]: url, ...extra })).toEqual([]);
      });

      it.each([
        ['SMTP_URL', 'smtps://mail.acme.example:465'],
        ['SMTP_URL', 'smtp://user:pass@mail.acme.example:587?requireTLS=true'],
        ['SMTP_URL', 'smtp://mail.acme.example:587?requireTLS=1'],
        ['SMTP_URL', 'smtp://127.0.0.1:25'],
        ['SMTP_URL', 'smtp://localhost:25'],
        ['SMTP_URL', 'smtp://[::1]:25'],
        ['SMS_API_URL', 'https://sms.acme.example/send'],
        ['SMS_API_URL', 'http://127.0.0.2:8080/send'],
        ['WEBHOOK_URL', 'http://localhost:4000/'],
        ['WEBHOOK_URL', 'http://[::1]:4000/'],
        ['LEAD_WEBHOOK_URL', 'https://crm.acme.example/leads'],
      ])('accepts %s=%s', (variable, url) => {
        const extra = variable === 'SMS_API_URL' ? { SMS_API_TOKEN: 'sms-token' } : variable === 'WEBHOOK_URL' ? { WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}` } : variable === 'LEAD_WEBHOOK_URL' ? { LEAD_WEBHOOK_SECRET: 'lead-secret-1234567' } : {};
        expect(problemsOf(production({ [variable]: url, ...extra }))).toEqual([]);
      });

      it('localhost.example is not this machine', () => {
        expect(problemsOf(production({ SMS_API_URL: 'http://localhost.acme.example/send', SMS_API_TOKEN: 't' }))).toHaveLength(1);
        expect(problemsOf(production({ SMS_API_URL: 'http://128.0.0.1/send', SMS_API_TOKEN: 't' }))).toHaveLength(1);
      });
    });
  });

  it('HTTP timeouts: defaults, and every one configurable', () => {
    expect(loadConfig({}).timeouts).toEqual(DEFAULT_TIMEOUTS);
    expect(DEFAULT_TIMEOUTS).toEqual({ requestTimeoutMs: 60_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 72_000, connectionTimeoutMs: 30_000 });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '30000', HEADERS_TIMEOUT_MS: '5000', KEEP_ALIVE_TIMEOUT_MS: '65000', CONNECTION_TIMEOUT_MS: '20000' }).timeouts)
      .toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 5000, keepAliveTimeoutMs: 65_000, connectionTimeoutMs: 20_000 });
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', GTM_ID: 'y' })).toThrow(/PORT:[\s\S]*GTM_ID:|GTM_ID:[\s\S]*PORT:/);
  });
});
