import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_LIFETIME_DAYS } from '@checkout/contract';
import { deleteCookie, getCookie, originFromLocation, rememberOrigin, serializeCookie, setCookie } from './cookies';

afterEach(() => {
  for (const name of ['provenienza', 'referer_code', 'prova']) deleteCookie(name);
});

describe('cookies', () => {
  it('last 14 days', () => {
    expect(COOKIE_LIFETIME_DAYS).toBe(14);
    const now = new Date('2025-03-01T10:00:00Z');
    const cookie = serializeCookie('provenienza', 'partner', { now });
    expect(cookie).toContain(`Max-Age=${14 * 24 * 60 * 60}`);
    expect(cookie).toContain(`Expires=${new Date('2025-03-15T10:00:00Z').toUTCString()}`);
    expect(cookie).toContain('Path=/');
  });

  it('round-trip values that need encoding', () => {
    setCookie('prova', 'a b;c=d');
    expect(getCookie('prova')).toBe('a b;c=d');
    expect(getCookie('assente')).toBeNull();
  });

  it.each([
    ['', {}, { provenienza: null, refererCode: null }],
    ['?referer_code=AMICO10', {}, { provenienza: null, refererCode: 'AMICO10' }],
    ['', { provenienza: 'volantino' }, { provenienza: 'volantino', refererCode: null }],
    ['?provenienza=query&referer_code=X', { provenienza: 'route' }, { provenienza: 'route', refererCode: 'X' }],
  ])('origin from %j %j', (search, params, expected) => {
    expect(originFromLocation(search, params)).toEqual(expected);
  });

  it('remember the origin and the referer code', () => {
    expect(rememberOrigin({ provenienza: 'volantino', refererCode: 'AMICO10' })).toEqual({ provenienza: 'volantino', refererCode: 'AMICO10' });
    // A later visit without them keeps what was saved.
    expect(rememberOrigin({ provenienza: null, refererCode: null })).toEqual({ provenienza: 'volantino', refererCode: 'AMICO10' });
  });
});
