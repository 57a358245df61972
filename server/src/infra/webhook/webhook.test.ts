import { afterEach, describe, expect, it } from 'vitest';
import { backoffMs } from './backoff';
import { createPollingWorker } from './polling-worker';
import { postWebhook } from './post-webhook';
import { TestReceiver } from './test-receiver';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

const SECRET = 'test-secret-0123456789';

describe('webhook signature', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const ts = Math.floor(now.getTime() / 1000);
  const body = '{"id":"a","lead":{}}';
  const sig = signWebhook(SECRET, 'a', ts, body);

  it('is sha256=<hex HMAC of id.timestamp.body>', () => {
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(SECRET, { id: 'a', timestamp: String(ts), signature: sig }, body, { now })).toBe(true);
  });

  it.each([
    ['another secret', { secret: 'other-secret-0123456789' }],
    ['another id', { id: 'b' }],
    ['another body', { body: '{"id":"a","lead":{"x":1}}' }],
    ['another timestamp', { timestamp: String(ts + 1) }],
    ['a stale timestamp', { now: new Date(now.getTime() + 301_000) }],
    ['no signature', { signature: '' }],
  ])('refuses %s', (_name, change: { secret?: string; id?: string; body?: string; timestamp?: string; now?: Date; signature?: string }) => {
    expect(verifyWebhookSignature(
      change.secret ?? SECRET,
      { id: change.id ?? 'a', timestamp: change.timestamp ?? String(ts), signature: change.signature ?? sig },
      change.body ?? body,
      { now: change.now ?? now },
    )).toBe(false);
  });
});

describe('backoff', () => {
  const opts = { baseMs: 1000, maxMs: 600_000 };
  it.each([
    [1, 1000], [2, 2000], [3, 4000], [10, 512_000], [11, 600_000], [50, 600_000],
  ])('after %i failures at most %i ms, at least half of it', (failures, max) => {
    expect(backoffMs(failures, opts, () => 0.999999)).toBeLessThanOrEqual(max);
    expect(backoffMs(failures, opts, () => 0.999999)).toBeGreaterThan(max * 0.99);
    expect(backoffMs(failures, opts, () => 0)).toBe(max / 2);
  });
});

describe('postWebhook', () => {
  let receiver: TestReceiver | undefined;
  afterEach(async () => { await receiver?.stop(); receiver = undefined; });

  const target = (url: string, timeoutMs = 2000) => ({ url, secret: SECRET, timeoutMs });

  it.each([
    [200, '{"success":true}', true, ''],
    [201, '{"success":true,"id":"x"}', true, ''],
    [200, '{"success":false}', false, 'success non è true'],
    [200, '{"success":"true"}', false, 'success non è true'],
    [200, 'OK', false, 'non JSON'],
    [500, '{"success":true}', false, 'HTTP 500'],
    [302, '{"success":true}', false, 'HTTP 302'],
    [404, '', false, 'HTTP 404'],
  ])('HTTP %i %s → delivered %s', async (status, body, ok, error) => {
    receiver = new TestReceiver(() => ({ status, body }));
    await receiver.start(0);
    const result = await postWebhook(target(receiver.url), { id: 'lead-1', rawBody: '{"id":"lead-1"}' });
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.error).toContain(error);
    const seen = receiver.requests[0]!;
    expect(seen.headers['x-lead-id']).toBe('lead-1');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(verifyWebhookSignature(SECRET, {
      id: seen.headers['x-lead-id'] as string, timestamp: seen.headers['x-lead-timestamp'] as string, signature: seen.headers['x-lead-signature'] as string,
    }, seen.rawBody)).toBe(true);
  });

  it('a receiver that is down is a failure, not a throw', async () => {
    receiver = new TestReceiver(() => ({ status: 200, body: '{"success":true}' }));
    await receiver.start(0);
    const url = receiver.url;
    await receiver.stop();
    const result = await postWebhook(target(url), { id: 'x', rawBody: '{}' });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('non raggiungibile') });
  });

  it('gives up after the timeout', async () => {
    receiver = new TestReceiver(() => ({ status: 200, body: '{"success":true}', delayMs: 500 }));
    await receiver.start(0);
    const result = await postWebhook(target(receiver.url, 100), { id: 'x', rawBody: '{}' });
    expect(result).toEqual({ ok: false, error: 'nessuna risposta entro 100 ms' });
  });

  it('an abort (server stopping) is reported as such', async () => {
    receiver = new TestReceiver(() => ({ status: 200, body: '{"success":true}', delayMs: 500 }));
    await receiver.start(0);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await postWebhook(target(receiver.url), { id: 'x', rawBody: '{}' }, { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, aborted: true });
  });
});

describe('polling worker', () => {
  it('runs passes one at a time until stopped, and wake() runs one at once', async () => {
    let active = 0;
    let maxActive = 0;
    let passes = 0;
    const worker = createPollingWorker(async () => {
      active++; maxActive = Math.max(maxActive, active); passes++;
      await new Promise((r) => setTimeout(r, 5));
      active--;
    }, { intervalMs: 10_000, onError: () => undefined });
    worker.start();
    await new Promise((r) => setTimeout(r, 30));
    expect(passes).toBe(1);
    worker.wake(); worker.wake(); worker.wake();
    await new Promise((r) => setTimeout(r, 50));
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(passes).toBeLessThanOrEqual(3);
    expect(maxActive).toBe(1);
    await worker.stop();
    const after = passes;
    worker.wake();
    await new Promise((r) => setTimeout(r, 30));
    expect(passes).toBe(after);
  });

  it('stop() aborts the running pass and waits for it', async () => {
    let aborted = false;
    const worker = createPollingWorker(async (signal) => {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => { aborted = true; resolve(); }));
    }, { intervalMs: 10, onError: () => undefined });
    worker.start();
    await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(aborted).toBe(true);
  });

  it('a failing pass is reported and the loop goes on', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const worker = createPollingWorker(async () => { passes++; throw new Error('boom'); }, { intervalMs: 5, onError: (e) => errors.push(e) });
    worker.start();
    await new Promise((r) => setTimeout(r, 60));
    await worker.stop();
    expect(passes).toBeGreaterThan(2);
    expect(errors.length).toBe(passes);
  });
});
