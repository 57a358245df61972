import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_UPLOAD_ENDPOINTS, createConsoleClient } from './client';
import { consoleEndpoints } from './endpoints';
import type { ConsoleEndpointDef } from './define';

describe('console uploads', () => {
  it('names exactly the calls defined with upload: true', () => {
    const flagged = Object.entries(consoleEndpoints as Record<string, ConsoleEndpointDef>)
      .filter(([, def]) => def.upload === true).map(([name]) => name).sort();
    expect([...CONSOLE_UPLOAD_ENDPOINTS].sort()).toEqual(flagged);
    for (const name of CONSOLE_UPLOAD_ENDPOINTS) expect(consoleEndpoints[name].method).toBe('POST');
  });

  it('sends the file as the body, the request as the query string, the CSRF token; parses the answer', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const job = {
      id: 'j1', kind: 'ateco', filename: 'a.csv', size_bytes: 3, skip_bad: true, status: 'queued', phase: null, progress: 0,
      rows_read: 0, rows_good: 0, rows_bad: 0, applied: null, counts: null, imported: null, row_errors: [], report: [], message: null,
      operator_email: 'a@b.it', created_at: 'x', started_at: null, finished_at: null,
    };
    const client = createConsoleClient({
      baseUrl: '', csrfToken: () => 'tok',
      fetch: async (url, init) => { seen.push({ url, init }); return new Response(JSON.stringify({ result: true, data: { job } })); },
    });
    const progress: number[] = [];
    const answer = await client.upload('uploadReferenceFile', { kind: 'ateco', filename: 'a b.csv', skip_bad: true }, new Blob(['abc']), { onUploadProgress: (f) => progress.push(f) });
    expect(answer.job.id).toBe('j1');
    expect(seen[0]?.url).toBe('/api/console/data/uploads?kind=ateco&filename=a%20b.csv&skip_bad=1');
    expect((seen[0]?.init.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
    expect(seen[0]?.init.body).toBeInstanceOf(Blob);
    expect(progress).toEqual([1]);
  });

  it('throws the envelope’s code and message on a refusal', async () => {
    const client = createConsoleClient({
      baseUrl: '', csrfToken: () => null,
      fetch: async () => new Response(JSON.stringify({ result: false, error: { code: 'console_import_running', message: 'Già in corso' } }), { status: 409 }),
    });
    await expect(client.upload('uploadReferenceFile', { kind: 'coverage', filename: 'c.csv' }, new Blob(['x'])))
      .rejects.toMatchObject({ code: 'console_import_running', status: 409, message: 'Già in corso' });
  });

  describe('through XMLHttpRequest (a browser)', () => {
    afterEach(() => { vi.unstubAllGlobals(); });
    /** A stand-in XMLHttpRequest: reports two progress events, then answers `status` with `body`. */
    const fakeXhr = (status: number, body: unknown, sent: { headers: Record<string, string>; body?: unknown; url?: string }) =>
      class {
        upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        onabort: (() => void) | null = null;
        ontimeout: (() => void) | null = null;
        timeout = 0;
        status = 0;
        responseText = '';
        open(_method: string, url: string) { sent.url = url; }
        setRequestHeader(name: string, value: string) { sent.headers[name] = value; }
        abort() { this.onabort?.(); }
        send(b: unknown) {
          sent.body = b;
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
          this.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 4 });
          this.status = status;
          this.responseText = JSON.stringify(body);
          queueMicrotask(() => this.onload?.());
        }
      };

    it('reports the upload progress and sends the CSRF token and the raw content type', async () => {
      const sent: { headers: Record<string, string>; body?: unknown; url?: string } = { headers: {} };
      vi.stubGlobal('XMLHttpRequest', fakeXhr(409, { result: false, error: { code: 'console_import_running', message: 'Già in corso' } }, sent));
      const client = createConsoleClient({ baseUrl: '', csrfToken: () => 'tok', fetch: async () => { throw new Error('fetch must not be used'); } });
      const progress: number[] = [];
      const file = new Blob(['abcd']);
      await expect(client.upload('uploadReferenceFile', { kind: 'coverage', filename: 'c.csv' }, file, { onUploadProgress: (f) => progress.push(f) }))
        .rejects.toMatchObject({ code: 'console_import_running', status: 409, message: 'Già in corso' });
      expect(progress).toEqual([0.25, 1]);
      expect(sent).toMatchObject({ url: '/api/console/data/uploads?kind=coverage&filename=c.csv', body: file });
      expect(sent.headers).toMatchObject({ 'x-csrf-token': 'tok', 'Content-Type': 'application/octet-stream', Accept: 'application/json' });
    });
  });
});
