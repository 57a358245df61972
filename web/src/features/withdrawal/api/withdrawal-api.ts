import type { BodyOf } from '@checkout/contract';
import { getApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-hooks';

/** Withdrawal within 14 days (SPEC §7 withdrawals): a code to the signer, then the confirmation with it. */
export const useWithdrawalSendOtp = () => useApiMutation({ mutationFn: (body: BodyOf<'withdrawalSendOtp'>) => getApiClient().withdrawalSendOtp(body) });

export const useWithdrawalConfirm = () => useApiMutation({ mutationFn: (body: BodyOf<'withdrawalConfirm'>) => getApiClient().withdrawalConfirm(body) });
