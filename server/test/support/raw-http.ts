import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/*
 * Real sockets for what `app.inject` cannot show: answers Node writes before Fastify sees a request
 * (431, unreadable requests, timeouts) and connections the server cuts.
 */

/** Listens on an ephemeral loopback port; `app.close()` stops it. */
export async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

export interface RawResponse {
  status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

/** Status line, headers and body of the first answer in `raw` (null when nothing arrived). */
export function parseRawResponse(raw: string): RawResponse | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(end + 4) };
}

/** Writes `request` as it is and reads until the server closes the connection. */
export function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => { socket.write(request); });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => { chunks.push(chunk); });
    // The server may close while the request is still being written (431): what it answered still counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const parsed = parseRawResponse(raw);
      if (parsed) resolve(parsed);
      else reject(new Error(`no HTTP answer, got ${JSON.stringify(raw.slice(0, 200))}`));
    });
  });
}
