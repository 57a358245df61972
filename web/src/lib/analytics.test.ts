import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_DEFAULTS } from '@checkout/contract';
import { CONSENT_COOKIE, initAnalytics, resetAnalyticsForTests, saveConsentChoice, track, type DataLayerHost } from './analytics';
import { deleteCookie } from './cookies';

// A document whose <head> is detached: the GTM script is inserted but never fetched.
const freshDoc = () => {
  const head = document.createElement('head');
  return { head, cookie: '', createElement: document.createElement.bind(document), querySelector: (s: string) => head.querySelector(s) } as unknown as Document;
};
const commands = (host: DataLayerHost) =>
  (host.dataLayer ?? []).map((e) => (Array.isArray(e) || !(e as { event?: string }).event ? Array.from(e as ArrayLike<unknown>) : e));

afterEach(() => {
  resetAnalyticsForTests();
  deleteCookie(CONSENT_COOKIE);
});

describe('consent mode and GTM', () => {
  it('pushes the consent default before GTM loads', () => {
    const host: DataLayerHost = {};
    const doc = freshDoc();
    expect(initAnalytics({ gtmId: 'GTM-AB12CD', doc, host }).gtmLoaded).toBe(true);
    const layer = commands(host);
    expect(layer[0]).toEqual(['consent', 'default', { ...CONSENT_DEFAULTS }]);
    const gtmIndex = layer.findIndex((e) => (e as { event?: string }).event === 'gtm.js');
    expect(gtmIndex).toBeGreaterThan(0);
    expect(doc.head.querySelector('script')?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD');
  });

  it('denies everything but security_storage and waits 500 ms for an update', () => {
    expect(CONSENT_DEFAULTS).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied', security_storage: 'granted', wait_for_update: 500 });
    for (const [key, value] of Object.entries(CONSENT_DEFAULTS)) {
      if (key !== 'security_storage' && key !== 'wait_for_update') expect(value).toBe('denied');
    }
  });

  it.each([null, '', 'GTM-', 'gtm-ABC123', 'UA-12345', 'GTM-abc', 'GTM-AB"><script>'])('does not load GTM with id %j', (gtmId) => {
    const host: DataLayerHost = {};
    const doc = freshDoc();
    expect(initAnalytics({ gtmId, doc, host }).gtmLoaded).toBe(false);
    expect(doc.querySelector('script')).toBeNull();
    expect(commands(host)).toHaveLength(1); // the consent default only
  });

  it('replays a remembered choice right after the default', () => {
    saveConsentChoice({ analytics: true, marketing: false }, document, {});
    resetAnalyticsForTests();
    const host: DataLayerHost = {};
    initAnalytics({ gtmId: null, doc: document, host });
    expect(commands(host)[1]).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'denied' })]);
  });

  it('tracks only with analytics consent', () => {
    const host: DataLayerHost = {};
    expect(track('view_offer', { offer_id: 1 }, host)).toBe(false);
    saveConsentChoice({ analytics: true, marketing: false }, document, host);
    expect(track('view_offer', { offer_id: 1 }, host)).toBe(true);
    expect(host.dataLayer?.at(-1)).toEqual({ event: 'view_offer', offer_id: 1 });
  });
});
