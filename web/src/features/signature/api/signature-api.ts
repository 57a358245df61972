import { useQuery } from '@tanstack/react-query';
import type { BodyOf } from '@checkout/contract';
import { getApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-hooks';
import { reopenCurrentOrder } from '../../../lib/reopen-order';

/** The calls of the signature page (SPEC §7 signature), one hook each. */

/** The contract to sign and its summary, generated for the order as it is now. */
export const useContractPreview = (hash: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['contract-preview', hash],
    queryFn: ({ signal }) => getApiClient().contractPreview({ order_hash: hash ?? '' }, {}, { signal }),
    enabled,
    retry: false,
    staleTime: Infinity,
    // The preview is of the order as it is now: after a visit to the steps the next one is generated afresh.
    gcTime: 0,
  });

export const contractPreviewKey = (hash: string) => ['contract-preview', hash] as const;

export const useSendOtp = () =>
  useApiMutation({
    mutationFn: ({ hash, body }: { hash: string; body: BodyOf<'sendOtp'> }) => getApiClient().sendOtp({ order_hash: hash }, body),
  });

/** Rejects with the response body (SPEC §7): toUiError reads it. */
export const useSignWithOtp = () =>
  useApiMutation({
    mutationFn: ({ hash, otp }: { hash: string; otp: string }) => getApiClient().signWithOtp({ order_hash: hash }, { otp }),
  });

/** Back to the steps: the server voids the pending code and unfreezes the order. */
export const useReopenOrder = () => useApiMutation({ mutationFn: () => reopenCurrentOrder() });

export const useChangeMobileNumber = () =>
  useApiMutation({
    mutationFn: ({ hash, number }: { hash: string; number: string }) =>
      getApiClient().changeMobilePhoneNumber({ order_hash: hash }, { mobile_phone_number: number }),
  });

export const useConfirmMobileNumber = () =>
  useApiMutation({
    mutationFn: ({ hash, otp }: { hash: string; otp: string }) => getApiClient().confirmMobilePhoneNumber({ order_hash: hash }, { otp }),
  });
