import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentMeta, metaForPath } from './document-meta';

const brand = { brand: 'Fibra Viva', product: 'Fibra Viva Casa' };
const meta = (attr: string, key: string) => document.head.querySelector(`meta[${attr}="${key}"]`)?.getAttribute('content');

afterEach(() => {
  document.head.innerHTML = '';
});

describe('route meta on navigation', () => {
  it.each([
    ['/attiva/step-1', 'Dati di contatto - Fibra Viva Casa'],
    ['/attiva/verifica-copertura/ESTATE/from/partner', 'Verifica copertura - Fibra Viva Casa'],
    ['/error-404', 'Pagina non trovata'],
    ['/nessuna/rotta', 'Fibra Viva Casa - Internet Ultra Veloce'],
  ])('%s → %s', (path, title) => {
    applyDocumentMeta(metaForPath(path, brand));
    expect(document.title).toBe(title);
    expect(meta('property', 'og:title')).toBe(title);
    expect(meta('name', 'twitter:title')).toBe(title);
    expect(meta('name', 'description')?.length).toBeGreaterThan(10);
    expect(meta('name', 'description')).not.toContain('{brand}');
  });

  it('rewrites the tags the server injected instead of adding more', () => {
    document.head.innerHTML = '<meta property="og:title" content="vecchio"><meta name="description" content="vecchia">';
    applyDocumentMeta(metaForPath('/attiva/offerta', brand));
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(meta('property', 'og:title')).toBe('La tua offerta - Fibra Viva Casa');
    expect(meta('name', 'description')).toContain('Fibra Viva');
  });
});
