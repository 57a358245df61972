import type { BodyOf } from '@checkout/contract';
import { getApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-hooks';

/** Changing the optional consents after the order (SPEC §7 consents): a code to the order's contact, then the choices with it. */
export const useConsentsSendOtp = () => useApiMutation({ mutationFn: (body: BodyOf<'consentsSendOtp'>) => getApiClient().consentsSendOtp(body) });

export const useConsentsUpdate = () => useApiMutation({ mutationFn: (body: BodyOf<'consentsUpdate'>) => getApiClient().consentsUpdate(body) });
