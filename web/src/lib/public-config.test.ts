import { describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@checkout/contract';
import { parsePublicConfig, readPublicConfig } from './public-config';

const docWith = (content: string | null) => {
  const doc = document.implementation.createHTMLDocument('x');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'app-config';
    meta.content = content;
    doc.head.appendChild(meta);
  }
  return doc;
};

describe('readPublicConfig', () => {
  it('falls back to the demo defaults', () => {
    expect(readPublicConfig(docWith(null))).toEqual({ apiKey: 'demo-public-key', brand: 'Fibra Viva', brandKey: 'fibraviva', product: 'Fibra Viva Casa', gtmId: null, apiBaseUrl: '', legalPagesUrl: 'https://www.fibraviva.it/legale' });
  });

  it('reads what the server injected', () => {
    const c = readPublicConfig(docWith(JSON.stringify({ apiKey: 'k', brandName: 'B', productName: 'P', gtmId: 'GTM-ABC' })));
    expect(c).toMatchObject({ apiKey: 'k', brand: 'B', product: 'P', gtmId: 'GTM-ABC', apiBaseUrl: '' });
  });

  it('reads the field names the server writes (server/src/http/public-config.ts)', () => {
    const c = readPublicConfig(docWith(JSON.stringify({ apiKey: 'k', brandName: 'Acme', brandKey: 'acme', productName: 'Acme Fibra', gtmId: null, legalPagesUrl: 'https://acme.example/legal/' })));
    expect(c).toEqual({ apiKey: 'k', brand: 'Acme', brandKey: 'acme', product: 'Acme Fibra', gtmId: null, apiBaseUrl: '', legalPagesUrl: 'https://acme.example/legal' });
  });

  it.each(['{broken', '42', '[]', JSON.stringify({ brand: 7 }), JSON.stringify({ brandName: '' }), JSON.stringify({ gtmId: 3 }), JSON.stringify({ legalPagesUrl: 'javascript:alert(1)' })])('ignores a malformed tag %s', (content) => {
    expect(readPublicConfig(docWith(content)).brand).toBe('Fibra Viva');
  });
});

describe('parsePublicConfig', () => {
  // Its hand-written rules and the contract's schema (what the server writes) accept the same tags.
  const tags: unknown[] = [
    {}, { apiKey: 'k' }, { apiKey: '' }, { apiKey: 7 }, { brandName: 'B' }, { brandName: '' }, { productName: '' }, { productName: 'P' },
    { brandKey: 'acme2' }, { brandKey: 'Acme' }, { brandKey: '2acme' }, { brandKey: 'a'.repeat(30) }, { brandKey: 'a'.repeat(31) }, { brandKey: '' },
    { gtmId: null }, { gtmId: 'GTM-1' }, { gtmId: 3 },
    { legalPagesUrl: 'https://acme.example/legal/' }, { legalPagesUrl: 'http://acme.example' }, { legalPagesUrl: 'ftp://acme.example' },
    { legalPagesUrl: 'javascript:alert(1)' }, { legalPagesUrl: 'not a url' }, { legalPagesUrl: `https://acme.example/${'x'.repeat(500)}` },
    { apiKey: 'k', brandName: 'B', brandKey: 'b', productName: 'P', gtmId: null, legalPagesUrl: 'https://b.example' },
    { apiKey: 'k', brandName: 'B', brandKey: 'b', productName: 'P', gtmId: null, legalPagesUrl: 'mailto:x@b.example' },
    null, 42, 'x', [],
  ];
  it.each(tags.map((tag) => [JSON.stringify(tag), tag]))('%s: accepted iff the schema accepts it', (_name, tag) => {
    expect(parsePublicConfig(tag) !== null).toBe(publicConfigSchema.partial().safeParse(tag).success);
  });
});
