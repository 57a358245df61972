import type { BodyOf } from '@checkout/contract';
import { getApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-hooks';

/** activate-mobile-order; rejects with the error body or an Error (SPEC §7): sim-failure.ts reads either. */
export const useActivateMobileOrder = () =>
  useApiMutation({ mutationFn: (body: BodyOf<'activateMobileOrder'>) => getApiClient().activateMobileOrder(body) });
