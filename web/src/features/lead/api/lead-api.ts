import type { BodyOf } from '@checkout/contract';
import { getApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-hooks';

/** leads/new: request an offer (stored, then delivered to the webhook). */
export const useCreateLead = () => useApiMutation({ mutationFn: (lead: BodyOf<'createLead'>) => getApiClient().createLead(lead) });
