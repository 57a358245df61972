import { describe, expect, it } from 'vitest';
import { newAnswerCache } from './endpoint';

describe('the answer cache', () => {
  it('answers what was stored under a key, nothing for other keys', () => {
    const cache = newAnswerCache<string>(10);
    cache.set('rom', '{"a":1}');
    expect(cache.get('rom')).toBe('{"a":1}');
    expect(cache.get('ro')).toBeUndefined();
  });

  it('keeps at most `size` entries, dropping the least recently used', () => {
    const cache = newAnswerCache<string>(2);
    cache.set('a', '1');
    cache.set('b', '2');
    expect(cache.get('a')).toBe('1'); // a is now more recent than b
    cache.set('c', '3');
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('1');
    expect(cache.get('c')).toBe('3');
  });

  it('replacing a key does not evict another', () => {
    const cache = newAnswerCache<string>(2);
    cache.set('a', '1');
    cache.set('b', '2');
    cache.set('b', '3');
    expect([cache.get('a'), cache.get('b'), cache.size]).toEqual(['1', '3', 2]);
  });

  it('with a time to live, stops answering an entry once it is older than that', () => {
    let now = 1_000;
    const cache = newAnswerCache<string>(10, 60_000, { now: () => now });
    cache.set('via roma', '1');
    now += 59_999;
    expect(cache.get('via roma')).toBe('1');
    now += 2;
    expect(cache.get('via roma')).toBeUndefined();
  });
});
