import { useQuery } from '@tanstack/react-query';
import type { CustomerType } from '@checkout/contract';
import { getApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-hooks';

/** A pre-made order as its code opens it (fill-order), asked afresh on every visit. */
export const useFillOrder = (code: string) =>
  useQuery({
    queryKey: ['fill-order', code],
    queryFn: ({ signal }) => getApiClient().fillOrder({ code }, {}, { signal }),
    staleTime: 0,
  });

/** The pre-made order's offer, once fill-order has named it (the same key as the offer page's). */
export const usePremadeOffer = (offerId: number | undefined, customerType: CustomerType) =>
  useQuery({
    queryKey: ['offer', offerId, customerType, ''],
    queryFn: ({ signal }) => getApiClient().getOffer({ offer_id: offerId ?? 0 }, { customer_type: customerType }, { signal }),
    enabled: offerId !== undefined,
  });

export const useFillOrderSendCode = () =>
  useApiMutation({ mutationFn: (code: string) => getApiClient().fillOrderSendCode({ code }, {}) });

export const useFillOrderVerify = () =>
  useApiMutation({
    mutationFn: ({ code, otp, challengeId }: { code: string; otp: string; challengeId: string }) => getApiClient().fillOrderVerify({ code }, { otp, challenge_id: challengeId }),
  });
