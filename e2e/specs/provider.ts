import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { createProviderClient, webhookEnvelopeSchema } from '@checkout/contract';
import type { ProviderClient, WebhookEnvelope } from '@checkout/contract';
import { expect } from '@playwright/test';
import { runCli } from './cli';

/*
 * The provider's side of a journey: its webhook receiver (the port e2e/start-server.mjs pointed WEBHOOK_URL
 * at, verifying every request as a receiver must, with the `standardwebhooks` library) and its API client
 * with a token made by the real CLI.
 */

const run = (): Record<string, string> =>
  JSON.parse(readFileSync(path.join(tmpdir(), `checkout-e2e-${process.env.E2E_PORT}.json`), 'utf8')) as Record<string, string>;

export interface ReceivedEvent { id: string; envelope: WebhookEnvelope }

export interface ProviderReceiver {
  /** Every verified event, in arrival order (events of earlier journeys included: filter by order). */
  events: ReceivedEvent[];
  /** Requests whose signature did not verify (there must be none). */
  refused: number;
  close: () => Promise<void>;
}

export async function startProviderReceiver(): Promise<ProviderReceiver> {
  const { WEBHOOK_PORT, WEBHOOK_SECRET } = run();
  const webhook = new Webhook(WEBHOOK_SECRET!);
  const receiver: ProviderReceiver = { events: [], refused: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const verified = webhook.verify(body, req.headers as Record<string, string>);
        receiver.events.push({ id: String(req.headers['webhook-id']), envelope: webhookEnvelopeSchema.parse(verified) });
        res.writeHead(204).end();
      } catch {
        receiver.refused += 1;
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(Number(WEBHOOK_PORT), '127.0.0.1', resolve); });
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}

/** Waits for the order's event of `type` (the outbox delivers it within a poll or two) and answers it. */
export async function eventFor(
  receiver: ProviderReceiver, type: WebhookEnvelope['type'], orderNumber: string, matches: (data: Record<string, unknown>) => boolean = () => true,
): Promise<ReceivedEvent> {
  let found: ReceivedEvent | undefined;
  await expect.poll(() => {
    found = receiver.events.find((e) => e.envelope.type === type && e.envelope.data.order_number === orderNumber && matches(e.envelope.data));
    return found !== undefined;
  }, { message: `${type} of ${orderNumber} at the provider's webhook`, timeout: 15_000 }).toBe(true);
  return found!;
}

/** The provider's API client, with a token the real CLI made (`create-provider-token`). */
export function providerClient(baseURL: string): ProviderClient {
  const printed = runCli(['create-provider-token', 'CRM e2e', '--scopes', 'orders:read,orders:write,appointments:write', '--json']);
  const { token } = JSON.parse(printed.trim().split('\n').at(-1) ?? '{}') as { token: string };
  expect(token).toBeTruthy();
  return createProviderClient({ baseUrl: baseURL, token });
}
