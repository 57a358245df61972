import { describe, expect, it } from 'vitest';
import { formatSpeed } from './format-speed';

describe('formatSpeed', () => {
  it.each([
    [30, '30 Mbit/s'],
    [300, '300 Mbit/s'],
    [1000, '1 Gbit/s'],
    [2500, '2,5 Gbit/s'],
    [10000, '10 Gbit/s'],
  ])('%i Mbit/s → %s', (mbps, text) => {
    expect(formatSpeed(mbps)).toBe(text);
  });
});
