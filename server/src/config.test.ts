import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_TIMEOUTS, DEMO_PUBLIC_API_KEY, REPO_ROOT, TRUST_PROXY_TRUE_REFUSED, developmentModeWarning, loadConfig } from './config';

/** What a production start must set to its own values, beyond the demo's placeholders; and what signing needs. */
const PRODUCTION_OWN = {
  PUBLIC_API_KEY: 'prod-key-123', SEPA_CREDITOR_ID: 'IT66ZZZA1B2C3D4E5F6G7H8', SEPA_CREDITOR_ADDRESS: 'Corso Buenos Aires 1, 20124 Milano (MI)',
  LEGAL_PAGES_URL: 'https://www.acme.example/legale', SUPPORT_EMAIL: 'assistenza@acme.example', PEC_ADDRESS: 'acme@pec.acme.example',
  SMTP_URL: 'smtp://mail.acme.example:587', SEAL_P12_PATH: '/srv/seal.p12', OTP_PEPPER: 'p'.repeat(32),
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
      CORS_ORIGINS: 'https://a.example, https://b.example', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '50', SEED_DEMO_DATA: 'true', TRUST_PROXY: '1',
    });
    expect(c).toMatchObject({
      port: 8080, host: '127.0.0.1', publicApiKey: 'k-123456789', redisUrl: 'redis://127.0.0.1:6379', storageDir: '/srv/st', storageDriver: 'database',
      brandName: 'Acme', productName: 'Acme Fibra', gtmId: 'GTM-AB12CD', nodeEnv: 'production', webDistDir: '/srv/web',
      corsOrigins: ['https://a.example', 'https://b.example'], logLevel: 'warn', rateLimitMax: 50, seedDemoData: true, trustProxy: 1,
    });
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
    it('let only loopback read /metrics by default, with no token and no tracing', () => {
      const config = loadConfig({});
      expect(config.metrics).toEqual({ allow: ['loopback'], token: undefined });
      expect(config.tracing).toEqual({ otlpEndpoint: undefined, serviceName: 'checkout' });
    });

    it('read the allowed addresses, none, a token and the OTLP endpoint', () => {
      expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.10,::1' }).metrics.allow).toEqual(['10.0.0.0/8', '192.168.1.10', '::1']);
      expect(loadConfig({ METRICS_ALLOW: 'none' }).metrics.allow).toEqual([]);
      expect(loadConfig({ METRICS_TOKEN: 'a-scraper-token-123' }).metrics.token).toBe('a-scraper-token-123');
      expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing.otlpEndpoint).toBe('http://collector:4318');
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
