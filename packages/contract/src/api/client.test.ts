// The test (only) runs a real node:http server; contract source itself stays free of Node types.
/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS } from '../constants';
import { ApiError, createApiClient, createHttpClient, MULTIPART_ENDPOINTS, postJson } from './client';
import { endpoints } from './endpoints';

// A real HTTP server on a random port: the client is tested on the wire, with no fetch mock.

interface Seen { method: string; url: string; contentType: string; raw: Buffer; json: unknown }
type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

let server: Server;
let baseUrl = '';
let handler: Handler = (_req, res) => res.end();
const seen: Seen[] = [];

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const answer = (status: number, body: unknown): Handler => (_req, res) => send(res, status, body);
const ok = (data: unknown) => answer(200, { result: true, data });
const last = (): Seen => {
  const request = seen.at(-1);
  if (!request) throw new Error('no request reached the server');
  return request;
};
/** The multipart body as the server would read it. */
const formOf = (request: Seen) =>
  new Request('http://x/', { method: 'POST', headers: { 'content-type': request.contentType }, body: new Uint8Array(request.raw) }).formData();

// A fresh server (and so a fresh origin and connection pool) per test: a socket one test
// destroys is never handed by fetch's pool to the next test.
beforeEach(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const contentType = req.headers['content-type'] ?? '';
      let json: unknown;
      if (contentType.startsWith('application/json')) json = JSON.parse(raw.toString('utf8')) as unknown;
      const request = { method: req.method ?? '', url: req.url ?? '', contentType, raw, json };
      seen.push(request);
      handler(req, res, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  seen.length = 0;
  // Slow handlers may still hold a socket open.
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (timeoutMs?: number) => createApiClient({ baseUrl: `${baseUrl}/`, apiKey: 'pub-key', ...(timeoutMs === undefined ? {} : { timeoutMs }) });
const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
};

const order = { id: 'o1', hash: 'h'.repeat(22), status: 'draft' };
const option = { id: 2, name: 'IP statico', category: 'other', recurrent_cost: 500, cash_amount: 0, contract_code: 'IP' };
const offer = { id: 5, name: 'Fibra', customer_type: 'privato', technologies: ['FTTH'], recurrent_cost: 2990, cash_amount: 0, max_download_speed: 2500, options: [option] };

describe('createApiClient on the wire', () => {
  it('has one function per endpoint', () => {
    expect(Object.keys(client()).sort()).toEqual(Object.keys(endpoints).sort());
    expect(Object.entries(endpoints).filter(([, def]) => 'multipart' in def && def.multipart).map(([name]) => name))
      .toEqual([...MULTIPART_ENDPOINTS]);
  });

  it('POSTs JSON with api_key to the filled path and resolves with the parsed data', async () => {
    handler = ok(offer);
    const result = await client().getOffer({ offer_id: 5 }, { customer_type: 'privato' });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/offers/5', json: { customer_type: 'privato', api_key: 'pub-key' } });
    // Defaults of the response schema are applied: the data was parsed.
    expect(result.options[0]).toMatchObject({ id: 2, included: false, hidden_public: false, max_download_speed: null });
  });

  it('sends a body-less call with the api key only', async () => {
    handler = ok([{ sigla: 'RM', name: 'Roma', region: 'Lazio' }]);
    await expect(client().provinces()).resolves.toEqual([{ sigla: 'RM', name: 'Roma', region: 'Lazio' }]);
    expect(last().json).toEqual({ api_key: 'pub-key' });
  });

  it('fills several path params and encodes them', async () => {
    handler = ok(order);
    await client().submitStep({ order_hash: 'a b', step_name: 'step-contact' }, { email: 'a@b.it' });
    expect(last().url).toBe('/api/orders/a%20b/step-contact');
  });

  it('drops `_` fields at any depth and keeps the rest', async () => {
    handler = ok(order);
    await client().submitStep({ order_hash: 'h', step_name: 'step-personal' }, {
      first_name: 'Anna', _confirm: 'x', nested: { keep: 1, _drop: 2, list: [{ _a: 1, b: 2 }] },
    });
    expect(last().json).toEqual({ first_name: 'Anna', nested: { keep: 1, list: [{ b: 2 }] }, api_key: 'pub-key' });
  });

  it.each([
    ['submitStep', true],
    ['updateDocumentData', true],
    ['cfGenerator', true],
    ['updateOrder', false],
  ] as const)('%s converts dd/mm/yyyy dates: %s', async (name, converts) => {
    handler = ok(name === 'cfGenerator' ? { cf: 'RSSMRA80A01H501U' } : order);
    const api = client();
    const body = { birth_date: '01/02/1980', document_issue_date: '15/06/2020', note: 'nel 01/02/1980' };
    if (name === 'cfGenerator') {
      await api.cfGenerator({ first_name: 'M', last_name: 'R', sex: 'M', birth_date: '01/02/1980' });
    } else if (name === 'updateOrder') {
      await api.updateOrder({ order_hash: 'h' }, { offer_id: 5, birth_date: '01/02/1980' });
    } else if (name === 'updateDocumentData') {
      await api.updateDocumentData({ order_hash: 'h' }, {
        document_type: 'CI', document_number: 'X', document_issuer: 'Comune',
        document_issue_date: '15/06/2020', document_expiry_date: '15/06/2030',
      });
    } else {
      await api.submitStep({ order_hash: 'h', step_name: 'step-personal' }, body);
    }
    const json = last().json as Record<string, unknown>;
    if (name === 'updateDocumentData') {
      expect(json).toMatchObject({ document_issue_date: '2020-06-15', document_expiry_date: '2030-06-15' });
    } else {
      expect(json.birth_date).toBe(converts ? '1980-02-01' : '01/02/1980');
    }
    if (name === 'submitStep') expect(json.note).toBe('nel 01/02/1980');
  });

  it('sends documentUpload as multipart with file, fields and api_key', async () => {
    handler = ok({ id: 'm1', order_id: 'o1', kind: 'identity_document', filename: 'ci.pdf', mime: 'application/pdf', size: 4 });
    const file = new Blob(['%PDF'], { type: 'application/pdf' });
    await client().documentUpload({ order_hash: 'h' }, { file, filename: 'ci.pdf', kind: 'identity_document' });
    const request = last();
    expect(request.url).toBe('/api/orders/h/document-upload');
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(request);
    expect(form.get('api_key')).toBe('pub-key');
    expect(form.get('kind')).toBe('identity_document');
    const sent = form.get('file');
    expect(sent).toBeInstanceOf(Blob);
    expect((sent as File).name).toBe('ci.pdf');
    expect(await (sent as Blob).text()).toBe('%PDF');
  });

  it('sends again, after the time it is told, a request a draining or overloaded process refused before any work', async () => {
    const refusals = [
      { code: 'shutting_down', message: 'Il servizio si sta riavviando', retry_after_seconds: 0.05 },
      { code: 'server_busy', message: 'Il servizio è molto richiesto', retry_after_seconds: 0.05 },
    ];
    handler = (_req, res) => {
      const refusal = refusals.shift();
      if (refusal) send(res, 503, { result: false, error: refusal });
      else send(res, 200, { result: true, data: [] });
    };
    await expect(client().provinces()).resolves.toEqual([]);
    expect(seen.map((r) => [r.url, r.json])).toEqual(Array(3).fill([expect.stringMatching(/provinces/), { api_key: 'pub-key' }]));
  });

  it('gives up after two refusals, and never sends again a 503 that is not such a refusal', async () => {
    handler = answer(503, { result: false, error: { code: 'server_busy', message: 'Il servizio è molto richiesto', retry_after_seconds: 0 } });
    await expect(client().ibanValidation({ iban: 'IT00' })).rejects.toMatchObject({ status: 503, code: 'server_busy' });
    expect(seen).toHaveLength(3);
    seen.length = 0;
    handler = answer(503, { result: false, error: { code: 'otp_delivery_failed', message: 'Non è stato possibile inviare il codice' } });
    await expect(client().ibanValidation({ iban: 'IT00' })).rejects.toMatchObject({ status: 503, code: 'otp_delivery_failed' });
    expect(seen).toHaveLength(1);
  });

  it('rejects a falsy result with an ApiError carrying code and fields', async () => {
    handler = answer(200, { result: false, error: { code: 'validation_error', message: 'Dati non validi', fields: { email: 'Email non valida' } } });
    const error = await rejection(client().createLead({} as never));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Dati non validi', code: 'validation_error', status: 200, fields: { email: 'Email non valida' } });
  });

  it('rejects a non-2xx with SPEC §8 message, status, body, code and fields', async () => {
    const body = { result: false, error: { code: 'validation_error', message: 'Dati non validi', fields: { iban: 'IBAN non valido' } } };
    handler = answer(422, body);
    const error = await rejection(client().ibanValidation({ iban: 'IT00' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Request failed with status code 422', status: 422, code: 'validation_error', body, fields: { iban: 'IBAN non valido' },
    });
  });

  it('rejects a 500 with a text body', async () => {
    handler = (_req, res) => { res.writeHead(500, { 'content-type': 'text/plain' }); res.end('boom'); };
    const error = await rejection(client().countries());
    expect(error).toMatchObject({ message: 'Request failed with status code 500', status: 500, code: 'http_error', body: 'boom' });
  });

  it('rejects data that does not match the response schema with invalid_response', async () => {
    handler = ok({ not: 'an offer' });
    await expect(client().getOffer({ offer_id: 1 })).rejects.toMatchObject({ name: 'ApiError', code: 'invalid_response' });
    handler = (_req, res) => { res.writeHead(200); res.end('<html>'); };
    await expect(client().getOffer({ offer_id: 1 })).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('rejects a reset connection with Network Error', async () => {
    handler = (req) => req.socket.destroy();
    const error = await rejection(client().provinces());
    expect(error).toMatchObject({ name: 'ApiError', message: 'Network Error', code: 'network_error', status: null });
  });

  it('rejects a connection cut in the middle of the body with Network Error', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"result":true,');
      setTimeout(() => req.socket.destroy(), 20);
    };
    await expect(client().provinces()).rejects.toMatchObject({ message: 'Network Error' });
  });

  it('rejects a refused connection with Network Error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' });
    await expect(api.provinces()).rejects.toMatchObject({ message: 'Network Error' });
  });

  it('rejects a slow answer with `timeout of {ms}ms exceeded`', async () => {
    handler = (_req, res) => { setTimeout(() => { if (!res.destroyed) send(res, 200, { result: true, data: [] }); }, 500); };
    const error = await rejection(client(50).provinces());
    expect(error).toMatchObject({ name: 'ApiError', message: 'timeout of 50ms exceeded', code: 'timeout' });
  });

  it('waits for an answer slower than nothing when the timeout is large', async () => {
    handler = (_req, res) => { setTimeout(() => send(res, 200, { result: true, data: [] }), 80); };
    await expect(client(1_000).provinces()).resolves.toEqual([]);
  });

  it('rejects with `Request aborted` when the caller aborts', async () => {
    handler = () => { /* never answers */ };
    const controller = new AbortController();
    const pending = client().provinces(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toMatchObject({ name: 'ApiError', message: 'Request aborted', code: 'aborted' });
    // An already aborted signal never sends.
    seen.length = 0;
    await expect(client().provinces(undefined, { signal: controller.signal })).rejects.toMatchObject({ message: 'Request aborted' });
    expect(seen).toHaveLength(0);
  });

  it('uses the 45 s API timeout by default', () => {
    expect(API_TIMEOUT_MS).toBe(45_000);
  });
});

describe('documented exceptions (SPEC §7)', () => {
  it('newOrder resolves with error_message on a referer-code error', async () => {
    handler = ok({ isRefererCodeError: true, error_message: 'Codice amico non valido' });
    await expect(client().newOrder({ offer_id: 5, referer_code: 'NOPE' })).resolves.toBe('Codice amico non valido');
    // Also when the server flags it on a failure envelope.
    handler = answer(409, { result: false, data: { isRefererCodeError: true, error_message: 'Codice amico scaduto' }, error: { code: 'conflict', message: 'x' } });
    await expect(client().newOrder({ offer_id: 5 })).resolves.toBe('Codice amico scaduto');
  });

  it('newOrder resolves with the order otherwise', async () => {
    handler = ok(order);
    await expect(client().newOrder({ offer_id: 5 })).resolves.toEqual(order);
    expect(last().json).toMatchObject({ offer_id: 5, api_key: 'pub-key' });
  });

  it.each([
    [422, { result: false, error: { code: 'invalid_otp', message: 'Codice errato' } }],
    [200, { result: false, error: { code: 'otp_expired', message: 'Codice scaduto' } }],
  ])('signWithOtp rejects with the response body itself (%s)', async (status, body) => {
    handler = answer(status, body);
    const error = await rejection(client().signWithOtp({ order_hash: 'h' }, { otp: '123456' }));
    expect(error).not.toBeInstanceOf(Error);
    expect(error).toEqual(body);
  });

  it('signWithOtp keeps the transport ApiError when there is no body', async () => {
    handler = (req) => req.socket.destroy();
    await expect(client().signWithOtp({ order_hash: 'h' }, { otp: '123456' })).rejects.toMatchObject({ message: 'Network Error' });
  });

  it('activateMobileOrder rejects with the error body', async () => {
    const error = { code: 'not_found', message: 'Ordine non trovato' };
    handler = answer(404, { result: false, error });
    await expect(client().activateMobileOrder({ order_number: 'A1', iccid_last5: '12345' })).rejects.toEqual(error);
  });

  it('activateMobileOrder rejects with an Error with a message when there is no error body', async () => {
    handler = (_req, res) => { res.writeHead(500); res.end(); };
    const error = await rejection(client().activateMobileOrder({ order_number: 'A1', iccid_last5: '12345' }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ message: 'Request failed with status code 500' });
  });
});

describe('generic client', () => {
  it('postJson has no timeout by default and returns status and body', async () => {
    handler = (_req, res) => { setTimeout(() => send(res, 201, { success: true }), 60); };
    await expect(postJson(`${baseUrl}/hook`, { a: 1 })).resolves.toEqual({ status: 201, body: { success: true } });
    expect(last().json).toEqual({ a: 1 });
  });

  it('createHttpClient applies a given timeout', async () => {
    handler = () => { /* never answers */ };
    const http = createHttpClient({ baseUrl, timeoutMs: 40 });
    await expect(http.post('/hook', {})).rejects.toMatchObject({ message: 'timeout of 40ms exceeded' });
  });
});

describe('amounts: euros on the wire, cents inside', () => {
  it('decodes an offer\'s euros into cents', async () => {
    handler = ok({
      id: 101, name: 'Casa', customer_type: 'privato', technologies: ['FTTH'], recurrent_cost: 26.9, cash_amount: 39.9, max_download_speed: 1000,
      options: [{ id: 22, name: 'Router', category: 'router', recurrent_cost: 0, cash_amount: 149, contract_code: 'R' }],
    });
    const offer = await createApiClient({ baseUrl, apiKey: 'k' }).getOffer({ offer_id: 101 });
    expect([offer.recurrent_cost, offer.cash_amount, offer.options[0]?.cash_amount]).toEqual([2690, 3990, 14900]);
  });

  it('sends the added options of an order in euros and keeps the fields the schema does not know', async () => {
    handler = ok({ id: 'h', hash: 'h', status: 'draft' });
    await createApiClient({ baseUrl, apiKey: 'k' }).newOrder({
      offer_id: 101, options: [{ id: 23, category: 'router', recurrent_cost: 300, cash_amount: 0 }],
      ...({ is_fibraviva_customer: true } as object),
    });
    expect(last().json).toMatchObject({
      offer_id: 101, is_fibraviva_customer: true, options: [{ id: 23, category: 'router', recurrent_cost: 3, cash_amount: 0 }],
    });
  });
});
