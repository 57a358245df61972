import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { leadDeliveryOptions } from './routes';

describe('lead webhook configuration', () => {
  it('is off by default, with the documented timing', () => {
    const c = loadConfig({});
    expect(c.leadWebhookUrl).toBeUndefined();
    expect(c.leadDelivery).toEqual({ pollMs: 1000, backoffBaseMs: 1000, backoffMaxMs: 600_000, timeoutMs: 10_000 });
    expect(leadDeliveryOptions(c)).toBeNull();
  });

  it('reads the URL, the secret and the tuning', () => {
    const c = loadConfig({
      LEAD_WEBHOOK_URL: 'https://crm.example.com/leads', LEAD_WEBHOOK_SECRET: 's'.repeat(32),
      LEAD_DELIVERY_POLL_MS: '500', LEAD_DELIVERY_BACKOFF_BASE_MS: '50', LEAD_DELIVERY_BACKOFF_MAX_MS: '60000', LEAD_DELIVERY_TIMEOUT_MS: '5000',
    });
    expect(leadDeliveryOptions(c)).toEqual({
      target: { url: 'https://crm.example.com/leads', secret: 's'.repeat(32), timeoutMs: 5000 },
      backoff: { baseMs: 50, maxMs: 60_000 },
    });
    expect(c.leadDelivery.pollMs).toBe(500);
  });

  it.each([
    [{ LEAD_WEBHOOK_URL: 'https://crm.example.com/leads' }, 'LEAD_WEBHOOK_SECRET'],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example.com/leads', LEAD_WEBHOOK_SECRET: 'short' }, 'LEAD_WEBHOOK_SECRET'],
    [{ LEAD_WEBHOOK_URL: 'ftp://x', LEAD_WEBHOOK_SECRET: 's'.repeat(32) }, 'LEAD_WEBHOOK_URL'],
    [{ LEAD_DELIVERY_TIMEOUT_MS: '0' }, 'LEAD_DELIVERY_TIMEOUT_MS'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try { loadConfig(env); } catch (err) { expect((err as ConfigError).problems.join('\n')).toContain(variable); }
  });
});
