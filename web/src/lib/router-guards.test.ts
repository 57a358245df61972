import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { refuseSameRouteNavigation } from './router-guards';

const makeRouter = () =>
  refuseSameRouteNavigation(createMemoryRouter([{ path: '/attiva/:page', element: null }], { initialEntries: ['/attiva/step-1'] }));

describe('same-route navigation', () => {
  it('is refused: no new history entry, same location key', async () => {
    const router = makeRouter();
    const before = router.state.location.key;
    await router.navigate('/attiva/step-1');
    expect(router.state.location.key).toBe(before);
    expect(router.state.historyAction).toBe('POP');
  });

  it('goes ahead to a different route', async () => {
    const router = makeRouter();
    await router.navigate('/attiva/step-2');
    expect(router.state.location.pathname).toBe('/attiva/step-2');
    expect(router.state.historyAction).toBe('PUSH');
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/attiva/step-1');
  });
});
