import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { leadWebhookTarget } from './lead-webhook';

describe('lead webhook configuration', () => {
  it('is off by default, with the documented timeout', () => {
    const c = loadConfig({});
    expect(c.leadWebhookUrl).toBeUndefined();
    expect(c.leadDelivery).toEqual({ timeoutMs: 10_000 });
    expect(leadWebhookTarget(c)).toBeNull();
  });

  it('reads the URL, the secret and the timeout (the outbox\'s poll and retries are EVENT_DELIVERY_POLL_MS and EVENT_RETRY_DAYS)', () => {
    const c = loadConfig({ LEAD_WEBHOOK_URL: 'https://crm.example.com/leads', LEAD_WEBHOOK_SECRET: 's'.repeat(32), LEAD_DELIVERY_TIMEOUT_MS: '5000' });
    expect(leadWebhookTarget(c)).toEqual({ url: 'https://crm.example.com/leads', secret: 's'.repeat(32), timeoutMs: 5000 });
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
