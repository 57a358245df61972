import { beforeEach, describe, expect, it } from 'vitest';
import { DEFERRED_STYLE_ATTR, applyDeferredStyles } from './deferred-styles';

// A document without a browsing context: its links are never fetched.
let doc: Document;
beforeEach(() => { doc = document.implementation.createHTMLDocument('page'); });

describe('applyDeferredStyles', () => {
  it('turns each style preload into a stylesheet in place, and resolves once all have loaded or failed', async () => {
    doc.head.innerHTML = [
      '<style>.critical{}</style>',
      `<link rel="preload" as="style" crossorigin href="/assets/index.css" ${DEFERRED_STYLE_ATTR}>`,
      `<link rel="preload" as="style" crossorigin href="/assets/route.css" ${DEFERRED_STYLE_ATTR}>`,
      '<link rel="modulepreload" href="/assets/page.js">',
    ].join('');
    let done = false;
    const applied = applyDeferredStyles(doc).then(() => { done = true; });
    const sheets = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(sheets.map((l) => l.getAttribute('href'))).toEqual(['/assets/index.css', '/assets/route.css']);
    expect(sheets.every((l) => l.getAttribute('crossorigin') === '')).toBe(true);
    expect(doc.head.querySelector('link[rel="preload"]')).toBeNull();
    // Same place: after the critical CSS, before what follows.
    expect([...doc.head.children].map((e) => e.tagName)).toEqual(['STYLE', 'LINK', 'LINK', 'LINK']);
    sheets[0]?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(done).toBe(false);
    sheets[1]?.dispatchEvent(new Event('error'));
    await applied;
    expect(done).toBe(true);
  });

  it('resolves at once on a page without deferred styles', async () => {
    doc.head.innerHTML = '<link rel="stylesheet" href="/assets/index.css">';
    await expect(applyDeferredStyles(doc)).resolves.toBeUndefined();
  });
});
