import { describe, expect, it } from 'vitest';
import { normaliseCluster, offerSoldInArea } from './sales-area';

describe('normaliseCluster', () => {
  it.each([['C', 'C'], [' c ', 'C'], ['Cluster D', 'D'], ['cluster a', 'A'], ['', null], ['  ', null], [null, null], [undefined, null]])(
    '%j → %j', (input, expected) => { expect(normaliseCluster(input)).toBe(expected); },
  );
});

describe('offerSoldInArea', () => {
  const everywhere = {};
  const tenGiga = { clusters: ['A', 'B'] };
  it.each([
    ['no area limit, any cluster', everywhere, 'C', true],
    ['no area limit, no cluster (not Open Fiber)', everywhere, null, true],
    ['limited, a listed cluster', tenGiga, 'A', true],
    ['limited, a listed cluster as the coverage data writes it', tenGiga, ' cluster b', true],
    ['limited, another cluster', tenGiga, 'C', false],
    ['limited, another cluster', tenGiga, 'D', false],
    ['limited, no cluster (a FiberCop building)', tenGiga, null, false],
    ['limited, an empty cluster', tenGiga, '', false],
    ['limited to nothing', { clusters: [] }, 'A', false],
  ] as const)('%s (%j, %j) → %j', (_label, offer, cluster, expected) => {
    expect(offerSoldInArea(offer, cluster)).toBe(expected);
  });
});
