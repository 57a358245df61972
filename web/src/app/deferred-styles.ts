/** Set by scripts/prerender.ts on the stylesheet preloads of a prerendered page. */
export const DEFERRED_STYLE_ATTR = 'data-deferred-style';

const settled = (link: HTMLLinkElement): Promise<void> =>
  new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    // A stylesheet that fails leaves the page as it is: nothing to wait for.
    link.addEventListener('error', () => resolve(), { once: true });
  });

/**
 * A prerendered page paints with its critical CSS inlined and only preloads the full stylesheets
 * (DESIGN §5: nothing blocks the first paint). This turns each preload into a stylesheet at the same
 * place, in document order, before any route chunk adds its own CSS after them (Vite appends to
 * <head>), so the cascade is the one the build produced. Resolves once they have loaded.
 */
export function applyDeferredStyles(doc: Document = document): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const preload of doc.querySelectorAll<HTMLLinkElement>(`link[rel="preload"][${DEFERRED_STYLE_ATTR}]`)) {
    const sheet = doc.createElement('link');
    sheet.rel = 'stylesheet';
    const crossOrigin = preload.getAttribute('crossorigin');
    if (crossOrigin !== null) sheet.setAttribute('crossorigin', crossOrigin);
    sheet.href = preload.getAttribute('href') ?? '';
    pending.push(settled(sheet));
    preload.replaceWith(sheet);
  }
  return Promise.all(pending).then(() => undefined);
}
