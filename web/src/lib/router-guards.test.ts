import { describe, expect, it } from 'vitest';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { refuseSameRouteNavigation } from './router-guards';

const makeHistory = () => refuseSameRouteNavigation(createMemoryHistory({ initialEntries: ['/attiva/step-1'], v5Compat: true }));

describe('same-route navigation', () => {
  it.each(['push', 'replace'] as const)('is refused by %s: no new history entry, same location key', (method) => {
    const history = makeHistory();
    const before = history.location.key;
    history[method]('/attiva/step-1');
    history[method]({ pathname: '/attiva/step-1/' });
    expect(history.location.key).toBe(before);
    expect(history.action).toBe('POP');
    expect(history.index).toBe(0);
  });

  it('goes ahead to a different route, or the same one with another query', () => {
    const history = makeHistory();
    history.push('/attiva/step-2');
    expect(history.location.pathname).toBe('/attiva/step-2');
    expect(history.action).toBe('PUSH');
    history.push('/attiva/step-2?promo=X');
    expect(history.index).toBe(2);
    history.go(-2);
    expect(history.location.pathname).toBe('/attiva/step-1');
  });
});
