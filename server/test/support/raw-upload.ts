import net from 'node:net';
import { parseRawResponse } from './raw-http';
import type { RawResponse } from './raw-http';

/*
 * A multipart upload over a bare socket, written in chunks as a browser does, that stops writing as
 * soon as the server answers: so a test sees how much of the body the server needed before it refused
 * (a server that reads the whole body first answers only after the last byte).
 */

export interface RawUploadResult {
  response: RawResponse;
  /** Body bytes written before the answer's first byte arrived. */
  bodyBytesSentBeforeAnswer: number;
  bodyBytes: number;
}

const CHUNK_BYTES = 64 * 1024;

/** POSTs `payload` (the whole multipart body) with `headers`; resolves once the answer is complete or the server closed. */
export function rawUpload(port: number, path: string, payload: Buffer, headers: Record<string, string>, { pauseAfterBytes }: { pauseAfterBytes?: number } = {}): Promise<RawUploadResult> {
  return new Promise((resolve, reject) => {
    // Keep-alive, as browsers send: a server closing on `Connection: close` with body bytes unread resets the connection.
    const head = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Content-Length: ${payload.length}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let sent = 0;
    let sentAtAnswer: number | null = null;
    let done = false;
    const finish = (): void => {
      if (done) return;
      const raw = Buffer.concat(chunks).toString('utf8');
      const parsed = parseRawResponse(raw);
      if (!parsed) { done = true; reject(new Error(`no HTTP answer, got ${JSON.stringify(raw.slice(0, 200))}`)); return; }
      const length = Number(parsed.headers['content-length'] ?? NaN);
      if (Number.isFinite(length) && Buffer.byteLength(parsed.body) < length && !socket.destroyed) return;
      done = true;
      socket.destroy();
      resolve({ response: parsed, bodyBytesSentBeforeAnswer: sentAtAnswer ?? sent, bodyBytes: payload.length });
    };
    socket.on('data', (chunk: Buffer) => {
      sentAtAnswer ??= sent;
      chunks.push(chunk);
      finish();
    });
    // The server may close while the body is still being written: what it answered still counts.
    socket.on('error', () => undefined);
    socket.on('close', () => finish());
    const write = async (): Promise<void> => {
      if (!socket.write(head)) await new Promise((r) => socket.once('drain', r));
      while (sent < payload.length && sentAtAnswer === null && !socket.destroyed) {
        // Optionally stop half-way: the server must answer without the rest.
        if (pauseAfterBytes !== undefined && sent >= pauseAfterBytes) return;
        const chunk = payload.subarray(sent, Math.min(payload.length, sent + CHUNK_BYTES));
        sent += chunk.length;
        if (!socket.write(chunk)) await new Promise((r) => { socket.once('drain', r); socket.once('close', r); });
      }
    };
    socket.once('connect', () => { void write(); });
  });
}
