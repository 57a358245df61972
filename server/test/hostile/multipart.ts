import { randomBytes } from 'node:crypto';

/** One part of a hand-made multipart body. `filename` goes on the wire as given (quotes, NUL, `../` included). */
export interface Part {
  name: string;
  /** Absent: a plain text field. */
  filename?: string;
  contentType?: string;
  body: Buffer | string;
}

/**
 * A multipart/form-data body built byte by byte, so a test can send what no browser would:
 * a file name with a NUL or an absolute path, more parts than allowed, a wrong declared type.
 */
export function multipartBody(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----hostile${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename === undefined
      ? `form-data; name="${p.name}"`
      : `form-data; name="${p.name}"; filename="${p.filename}"`;
    const type = p.filename === undefined ? '' : `\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'));
    chunks.push(typeof p.body === 'string' ? Buffer.from(p.body, 'utf8') : p.body, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
