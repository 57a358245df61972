import { expect, test } from './server-fixture';

// A link shared on a chat app is previewed without JavaScript: the served HTML must already carry
// the route's title and social tags.
const metaOf = (html: string, attr: string, name: string) =>
  html.match(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`))?.[1];

test.describe('served HTML carries each route’s meta', () => {
  const cases: [string, RegExp][] = [
    ['/attiva/step-1', /^Dati di contatto - /],
    ['/attiva/verifica-copertura', /^Verifica copertura - /],
    ['/attiva/offerta', /^La tua offerta - /],
    ['/error-404', /^Pagina non trovata$/],
    ['/document-upload/ABC123', /^Carica documento$/],
    ['/attiva-sim', /^Attiva SIM - /],
  ];
  for (const [path, title] of cases) {
    test(`GET ${path}`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const served = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
      expect(served).toMatch(title);
      expect(metaOf(html, 'property', 'og:title')).toBe(served);
      expect(metaOf(html, 'name', 'twitter:title')).toBe(served);
      expect(metaOf(html, 'name', 'description')?.length ?? 0).toBeGreaterThan(10);
    });
  }

  test('an unknown path is served the default title', async ({ request }) => {
    const html = await (await request.get('/qualcosa/che/non/esiste')).text();
    expect(html).toMatch(/<title>[^<]+ - Internet Ultra Veloce<\/title>/);
  });
});

test.describe('API envelope', () => {
  test('a call without the api key answers 401 with result false', async ({ request }) => {
    const res = await request.post('/api/italy/provinces/', { data: {} });
    expect(res.status()).toBe(401);
    expect(await res.json()).toMatchObject({ result: false, error: { code: 'invalid_api_key' } });
  });

  test('bad JSON, a wrong content type and a 10 MB body get 4xx envelopes and the server keeps serving', async ({ request }) => {
    const bad = await request.post('/api/italy/provinces/', { headers: { 'content-type': 'application/json' }, data: Buffer.from('{"api_key":') });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).result).toBe(false);

    const wrongType = await request.post('/api/italy/provinces/', { headers: { 'content-type': 'text/csv' }, data: Buffer.from('a,b') });
    expect(wrongType.status()).toBe(415);
    expect((await wrongType.json()).result).toBe(false);

    const huge = await request.post('/api/italy/provinces/', {
      headers: { 'content-type': 'application/json' },
      data: JSON.stringify({ api_key: 'x', pad: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(huge.status()).toBe(413);
    expect((await huge.json()).result).toBe(false);

    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
  });

  test('an unknown API path answers 404 in the envelope', async ({ request }) => {
    const res = await request.post('/api/nope', { data: {} });
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ result: false, error: { code: 'not_found' } });
  });
});
