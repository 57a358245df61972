import { findRoute, resolveMeta, type Branding, type ResolvedMeta } from '@checkout/contract';

/**
 * The tags the server writes into the served HTML for link previews; after a client-side
 * navigation the SPA rewrites the same tags with the same text (both read contract ROUTES).
 */
const TAGS: { attr: 'name' | 'property'; key: string; value: (m: ResolvedMeta) => string }[] = [
  { attr: 'name', key: 'description', value: (m) => m.description },
  { attr: 'property', key: 'og:title', value: (m) => m.title },
  { attr: 'property', key: 'og:description', value: (m) => m.description },
  { attr: 'name', key: 'twitter:title', value: (m) => m.title },
  { attr: 'name', key: 'twitter:description', value: (m) => m.description },
];

export const metaForPath = (pathname: string, branding: Branding): ResolvedMeta => resolveMeta(findRoute(pathname), branding);

export const applyDocumentMeta = (meta: ResolvedMeta, doc: Document = document): void => {
  doc.title = meta.title;
  for (const tag of TAGS) {
    let el = doc.head.querySelector<HTMLMetaElement>(`meta[${tag.attr}="${tag.key}"]`);
    if (!el) {
      el = doc.createElement('meta');
      el.setAttribute(tag.attr, tag.key);
      doc.head.appendChild(el);
    }
    el.setAttribute('content', tag.value(meta));
  }
};
