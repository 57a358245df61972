import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const whsec = (bytes: number): string => `whsec_${randomBytes(bytes).toString('base64')}`;
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('WEBHOOK_* configuration', () => {
  it('reads the webhook and the delivery timing, with their defaults', () => {
    const secret = whsec(32);
    expect(loadConfig({ WEBHOOK_URL: 'https://bss.example.it/events', WEBHOOK_SECRET: secret })).toMatchObject({
      webhook: { url: 'https://bss.example.it/events', secret, timeoutMs: 10_000 }, events: { pollMs: 1000, retryDays: 3 },
    });
    expect(loadConfig({}).webhook).toEqual({ url: undefined, secret: undefined, timeoutMs: 10_000 });
    expect(loadConfig({ WEBHOOK_TIMEOUT_MS: '2500', EVENT_DELIVERY_POLL_MS: '250', EVENT_RETRY_DAYS: '7' })).toMatchObject({
      webhook: { timeoutMs: 2500 }, events: { pollMs: 250, retryDays: 7 },
    });
  });

  it.each([
    ['no whsec_ prefix', randomBytes(32).toString('base64')],
    ['not base64', 'whsec_!!!!notbase64!!!!notbase64!!!!'],
    ['too short (16 bytes)', whsec(16)],
    ['too long (65 bytes)', whsec(65)],
    ['bad padding', `${whsec(32).slice(0, -1)}`],
  ])('refuses a WEBHOOK_SECRET with %s at start', (_what, secret) => {
    expect(problemsOf({ WEBHOOK_SECRET: secret })).toEqual([expect.stringMatching(/^WEBHOOK_SECRET: usare whsec_ seguito dalla codifica base64 di 24-64 byte/)]);
  });

  it('accepts 24 to 64 bytes', () => {
    expect(problemsOf({ WEBHOOK_SECRET: whsec(24) })).toEqual([]);
    expect(problemsOf({ WEBHOOK_SECRET: whsec(64) })).toEqual([]);
  });

  it('a URL needs its secret; in production also PUBLIC_BASE_URL (the events\' file links); retries last at least 3 days', () => {
    expect(problemsOf({ WEBHOOK_URL: 'https://bss.example.it/events' })).toEqual(['WEBHOOK_SECRET: obbligatoria quando WEBHOOK_URL è impostata']);
    expect(problemsOf({ WEBHOOK_URL: 'ftp://bss.example.it/', WEBHOOK_SECRET: whsec(32) })).toEqual(['WEBHOOK_URL: deve essere un URL http(s)']);
    expect(problemsOf({ EVENT_RETRY_DAYS: '2' })).toHaveLength(1);
    const production = {
      NODE_ENV: 'production', PUBLIC_API_KEY: 'prod-key-123', SEPA_CREDITOR_ID: 'IT66ZZZA1B2C3D4E5F6G7H8', SEPA_CREDITOR_ADDRESS: 'Corso Buenos Aires 1, 20124 Milano (MI)',
      LEGAL_PAGES_URL: 'https://www.acme.example/legale', SMTP_URL: 'smtps://mail.acme.example:465', SEAL_P12_PATH: '/srv/seal.p12', OTP_PEPPER: 'n0Vb3Qe7xYk2LmR9sTf4WpZ8hJc6GdUa1EiKoPq5rS=',
      SUPPORT_EMAIL: 'assistenza@acme.example', PEC_ADDRESS: 'acme@pec.acme.example',
      WEBHOOK_URL: 'https://bss.example.it/events', WEBHOOK_SECRET: whsec(32),
    };
    expect(problemsOf(production)).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL: obbligatoria in produzione con WEBHOOK_URL/)]);
    expect(problemsOf({ ...production, PUBLIC_BASE_URL: 'https://shop.acme.example' })).toEqual([]);
  });
});
