import type { CustomerType } from '@checkout/contract';
import { loadApiClient } from '../../../lib/lazy-api-client';
import { useApiMutation } from '../../../lib/api-hooks';

/** What can be sold at an address for a customer type (SPEC §7 services). The address searches, shared with the steps, are in lib/coverage-queries. */
export const useCoverageCheck = () =>
  useApiMutation({
    mutationFn: async (input: { id_egon_civico: string; customer_type: CustomerType }) => (await loadApiClient()).services(input),
  });
