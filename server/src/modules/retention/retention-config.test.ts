import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const PRODUCTION = {
  NODE_ENV: 'production', PUBLIC_API_KEY: 'prod-key-123', SEPA_CREDITOR_ID: 'IT66ZZZA1B2C3D4E5F6G7H8',
  SEPA_CREDITOR_ADDRESS: 'Corso Buenos Aires 1, 20124 Milano (MI)', LEGAL_PAGES_URL: 'https://www.acme.example/legale',
  SUPPORT_EMAIL: 'assistenza@acme.example', PEC_ADDRESS: 'acme@pec.acme.example',
  SMTP_URL: 'smtps://mail.acme.example:465', SEAL_P12_PATH: '/srv/seal.p12', OTP_PEPPER: 'n0Vb3Qe7xYk2LmR9sTf4WpZ8hJc6GdUa1EiKoPq5rS=', PUBLIC_BASE_URL: 'https://www.acme.example',
};

describe('retention configuration', () => {
  it('keeps drafts 30 days and purges hourly in production; off in development and test (the demo keeps an expired pre-made order)', () => {
    expect(loadConfig(PRODUCTION).retention).toEqual({ draftDays: 30, purgeIntervalMs: 3_600_000 });
    expect(loadConfig({}).retention).toEqual({ draftDays: 30, purgeIntervalMs: 0 });
    expect(loadConfig({ NODE_ENV: 'test' }).retention.purgeIntervalMs).toBe(0);
  });

  it('takes DRAFT_RETENTION_DAYS and DRAFT_PURGE_INTERVAL_MINUTES; 0 minutes turns the job off, also in production', () => {
    expect(loadConfig({ ...PRODUCTION, DRAFT_RETENTION_DAYS: '90', DRAFT_PURGE_INTERVAL_MINUTES: '15' }).retention).toEqual({ draftDays: 90, purgeIntervalMs: 900_000 });
    expect(loadConfig({ ...PRODUCTION, DRAFT_PURGE_INTERVAL_MINUTES: '0' }).retention.purgeIntervalMs).toBe(0);
    expect(loadConfig({ DRAFT_PURGE_INTERVAL_MINUTES: '60' }).retention.purgeIntervalMs).toBe(3_600_000);
  });

  it.each([['DRAFT_RETENTION_DAYS', '0'], ['DRAFT_RETENTION_DAYS', '3651'], ['DRAFT_RETENTION_DAYS', 'x'], ['DRAFT_PURGE_INTERVAL_MINUTES', '-1'], ['DRAFT_PURGE_INTERVAL_MINUTES', '1.5']])(
    'refuses %s=%s at start', (name, value) => {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    },
  );
});
