import type { z } from 'zod';
import type { mediaSchema } from '@checkout/contract';
import { getApiClient } from './api-client';
import { useApiMutation } from './api-hooks';

/*
 * Uploading and removing an order's documents: step 5 of the checkout and the upload page after it
 * (features checkout and documents) send the same calls, so they live here, shared.
 */

export type Media = z.infer<typeof mediaSchema>;
export type MediaKind = Media['kind'];

export interface DocumentUploadInput {
  orderHash: string;
  kind: MediaKind;
  file: File;
  /** 0..1 while the bytes go out (the contract client's upload progress). */
  onProgress?: (fraction: number) => void;
}

/** document-upload (SPEC §7): resolves with the media the server kept. */
export const useDocumentUpload = () =>
  useApiMutation({
    mutationFn: ({ orderHash, kind, file, onProgress }: DocumentUploadInput) =>
      getApiClient().documentUpload({ order_hash: orderHash }, { kind, file }, onProgress ? { onUploadProgress: onProgress } : {}),
  });

/** delete-media: the media of an order (the order's hash is the proof it belongs to this visitor). */
export const useDeleteMedia = () =>
  useApiMutation({
    mutationFn: ({ id, orderHash }: { id: string; orderHash: string }) => getApiClient().deleteMedia({ id }, { order_id: orderHash }),
  });
