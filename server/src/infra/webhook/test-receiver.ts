import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a webhook receiver saw it. */
export interface ReceivedRequest {
  headers: IncomingMessage['headers'];
  rawBody: string;
  status: number;
}

export type Responder = (req: { headers: IncomingMessage['headers']; rawBody: string; index: number }) =>
  { status: number; body: string; delayMs?: number };

/**
 * A real HTTP receiver on 127.0.0.1 for the tests (no mocks: the worker's fetch goes over a socket).
 * `stop()` closes it (connection refused afterwards); `restart()` listens again on the same port.
 */
export class TestReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** Answers fully written: a test can tell whether the other side waited for one. */
  answered = 0;
  private server: Server | undefined;
  port = 0;

  constructor(private readonly respond: Responder) {}

  get url(): string { return `http://127.0.0.1:${this.port}/leads`; }

  async start(port = this.port): Promise<void> {
    const server = createServer((req, res) => { void this.handle(req, res); });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const answer = this.respond({ headers: req.headers, rawBody, index: this.requests.length });
    this.requests.push({ headers: req.headers, rawBody, status: answer.status });
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
    this.answered++;
  }
}
