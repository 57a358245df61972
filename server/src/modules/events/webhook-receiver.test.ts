import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboxDelivery } from '../../infra/outbox';
import { runCli } from '../../cli/main';
import { webhookReceiverCommand } from './cli-commands';
import { createWebhookHandler } from './webhook-handler';

const secret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
const delivery = (id: string): OutboxDelivery => ({
  id: `${id}.0`, target: 'webhook', template: null, attempts: 0,
  event: { id, type: 'order.withdrawn', subjectId: 'o-1', seq: 1, data: { order_id: 'o-1', order_number: 'FV-2026-K7M4Q9\u001b[2J' }, createdAt: '2026-03-01T10:00:00.000Z' },
});
const never = new AbortController().signal;

describe('webhook-receiver (npm run cli -- webhook-receiver)', () => {
  it('verifies each event with the library, prints it, answers 204; a repeat is marked, a bad signature gets 400', async () => {
    const key = secret();
    const out: string[] = [];
    let outcomes: unknown[] = [];
    const code = await webhookReceiverCommand(['--port', '0', '--secret', key], (l) => out.push(l), {}, async ({ port }) => {
      const url = `http://127.0.0.1:${port}/`;
      const right = createWebhookHandler({ url, secret: key, timeoutMs: 2000, links: null });
      const wrong = createWebhookHandler({ url, secret: secret(), timeoutMs: 2000, links: null });
      outcomes = [await right(delivery('msg_1'), never), await right(delivery('msg_1'), never), await wrong(delivery('msg_2'), never)];
    });
    expect(code).toBe(0);
    expect(outcomes).toEqual([
      { kind: 'delivered', statusCode: 204 }, { kind: 'delivered', statusCode: 204 },
      { kind: 'flag', statusCode: 400, error: 'HTTP 400: firma non valida' },
    ]);
    expect(out[0]).toMatch(/^In ascolto su http:\/\/127\.0\.0\.1:\d+\//);
    // The subject is printed harmless for the terminal (an escape sequence stays visible, inert).
    expect(out[1]).toMatch(/^\S+Z order\.withdrawn msg_1 FV-2026-K7M4Q9\\u001b\[2J$/);
    expect(out[2]).toMatch(/msg_1 .*\(ripetuto: già ricevuto\)$/);
    expect(out[3]).toMatch(/RIFIUTATO firma non valida .*id=msg_2$/);
    expect(out).toHaveLength(4);
  });

  it('refuses a secret that is not one (usage, exit 2)', async () => {
    const out: string[] = [];
    expect(await runCli(['webhook-receiver', '--port', '0', '--secret', 'whsec_***'], (l) => out.push(l))).toBe(2);
    expect(out.join('\n')).toContain('--secret non valido');
  });
});
