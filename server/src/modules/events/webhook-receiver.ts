import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhookEnvelopeSchema } from '@checkout/contract';
import { terminalSafe } from '../../cli/output';

/*
 * What an integrator runs to see the events locally (`npm run cli -- webhook-receiver --port 4000
 * --secret whsec_…`): every request is verified as a receiver should, with the `standardwebhooks`
 * library, then printed (type, id, subject) and answered 204; a bad signature gets 400, a body that is
 * no event 422. It keeps the ids it has seen and marks a repeat, as a receiver de-duplicates.
 */

export interface WebhookReceiverOptions {
  port: number;
  host: string;
  /** The same `WEBHOOK_SECRET` the server signs with. */
  secret: string;
  out: (line: string) => void;
  /** Print each event's whole envelope (JSON, one line) after its summary. */
  json?: boolean;
}

export interface RunningReceiver {
  port: number;
  close: () => Promise<void>;
}

/** Events are small JSON bodies; anything larger is not ours. */
const MAX_BODY = 5 * 1024 * 1024;

const subjectOf = (data: Record<string, unknown>): string => {
  for (const key of ['order_number', 'order_id', 'lead_id', 'mobile_order_id']) {
    const v = data[key];
    if (typeof v === 'string' && v) return v;
  }
  return '-';
};

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWebhookReceiver(o: WebhookReceiverOptions): Promise<RunningReceiver> {
  const verifier = new Webhook(o.secret);
  const seen = new Set<string>();
  const out = (line: string): void => o.out(terminalSafe(line));

  const answer = (res: ServerResponse, status: number, message?: string): void => {
    res.writeHead(status, message ? { 'content-type': 'text/plain; charset=utf-8' } : {});
    res.end(message);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') return answer(res, 405, 'solo POST');
    const body = await readBody(req);
    if (body === null) return answer(res, 413, 'corpo troppo grande');
    const headers = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
    try {
      verifier.verify(body, headers);
    } catch (err) {
      out(`${new Date().toISOString()} RIFIUTATO firma non valida (${err instanceof Error ? err.message : String(err)}) id=${headers['webhook-id'] ?? '-'}`);
      return answer(res, 400, 'firma non valida');
    }
    let envelope;
    try {
      envelope = webhookEnvelopeSchema.safeParse(JSON.parse(body));
    } catch {
      envelope = null;
    }
    if (!envelope?.success) {
      out(`${new Date().toISOString()} RIFIUTATO corpo non riconosciuto id=${headers['webhook-id'] ?? '-'}`);
      return answer(res, 422, 'non è un evento');
    }
    const id = headers['webhook-id'] ?? '-';
    const repeat = seen.has(id);
    seen.add(id);
    out(`${new Date().toISOString()} ${envelope.data.type} ${id} ${subjectOf(envelope.data.data)}${repeat ? ' (ripetuto: già ricevuto)' : ''}`);
    if (o.json) out(JSON.stringify(envelope.data));
    return answer(res, 204);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => { if (!res.headersSent) answer(res, 500); else res.destroy(); });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
