import { describe, expect, it } from 'vitest';
import { promoClusterOf } from './promo-cluster';

describe('promoClusterOf', () => {
  it.each([
    [{ cluster: 'C', openfiber_cluster: 'A' }, 'C'],
    [{ cluster: '', openfiber_cluster: 'A' }, 'A'],
    [{ cluster: '  ', openfiber_cluster: 'B' }, 'B'],
    [{ openfiber_cluster: 'D' }, 'D'],
    [{ cluster: '', openfiber_cluster: '' }, null],
    [{ cluster: 3, openfiber_cluster: null }, null],
    [{}, null],
  ])('%j → %s', (fields, cluster) => {
    expect(promoClusterOf(fields)).toBe(cluster);
  });
});
