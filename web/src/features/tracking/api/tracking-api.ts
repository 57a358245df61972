import { useQuery, useQueryClient } from '@tanstack/react-query';
import { trackingDocumentDownload, type BodyOf, type TrackingDocument } from '@checkout/contract';
import { ApiError, API_ERROR_CODES } from '@checkout/contract/api/client';
import { getApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-hooks';
import { getPublicConfig } from '../../../lib/public-config';

/*
 * The tracking page's calls: the public status by order number, the code that opens the details, the
 * details with their access token, the appointment booking and the document download.
 */

export const trackingStatusKey = (orderNumber: string) => ['tracking-status', orderNumber] as const;
export const trackingDetailsKey = (token: string) => ['tracking-details', token] as const;

/** The public status; a 404 is an answer (unknown number), not retried. */
export const useTrackingStatus = (orderNumber: string, enabled: boolean) => useQuery({
  queryKey: trackingStatusKey(orderNumber),
  queryFn: ({ signal }) => getApiClient().trackingStatus({ order_number: orderNumber }, { signal }),
  enabled: enabled && orderNumber !== '',
  retry: false,
  staleTime: 60_000,
});

/** The details while the access lasts; a 401 means it ended. */
export const useTrackingDetails = (token: string | null) => useQuery({
  queryKey: trackingDetailsKey(token ?? ''),
  queryFn: ({ signal }) => getApiClient().trackingDetails({ token: token ?? '' }, { signal }),
  enabled: token !== null,
  retry: false,
  staleTime: 30_000,
});

export const useTrackingSendOtp = () => useApiMutation({ mutationFn: (body: BodyOf<'trackingSendOtp'>) => getApiClient().trackingSendOtp(body) });

export const useTrackingVerify = () => useApiMutation({ mutationFn: (body: BodyOf<'trackingVerify'>) => getApiClient().trackingVerify(body) });

/** Books a slot; the details are read again (the booked slot, the offered ones, the timeline). */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (body: BodyOf<'trackingBookAppointment'>) => getApiClient().trackingBookAppointment(body),
    onSuccess: (_answer, body) => queryClient.invalidateQueries({ queryKey: trackingDetailsKey(body.token) }),
  });
}

/**
 * A document as a file: a POST (the token stays out of addresses and histories) answered with the PDF,
 * or with the usual error envelope, read into the same ApiError as every other call.
 */
export async function downloadTrackingDocument(token: string, document: TrackingDocument): Promise<Blob> {
  const { apiBaseUrl, apiKey } = getPublicConfig();
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl.replace(/\/+$/, '')}${trackingDocumentDownload.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf, application/json' },
      body: JSON.stringify({ api_key: apiKey, token, document }),
    });
  } catch (cause) {
    throw new ApiError('Network Error', { code: API_ERROR_CODES.network, cause });
  }
  if (response.ok) return response.blob();
  let body: unknown;
  try { body = await response.json(); } catch { body = undefined; }
  const error = (body as { error?: { code?: unknown; fields?: Record<string, string> } } | undefined)?.error;
  throw new ApiError(`Request failed with status code ${response.status}`, {
    code: typeof error?.code === 'string' ? error.code : API_ERROR_CODES.http, status: response.status, body, fields: error?.fields,
  });
}
