import { ApiError, API_ERROR_CODES, API_TIMEOUT_MS, endpoints, fillPath, mediaSchema } from '@checkout/contract';
import type { z } from 'zod';
import { getPublicConfig } from './public-config';

export type Media = z.infer<typeof mediaSchema>;
export type MediaKind = Media['kind'];

export interface UploadInput {
  orderHash: string;
  kind: MediaKind;
  file: File;
  /** 0..1 while the bytes go out (XMLHttpRequest upload progress; fetch has none). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Like every other call (SPEC §9: 45 s); 0 means none. */
  timeoutMs?: number;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

type ErrorBody = { error?: { code?: unknown; message?: unknown; fields?: unknown } };

/** The failure of an answered upload, shaped like the contract client's (code, status, body, fields). */
export const uploadError = (status: number, body: unknown): ApiError => {
  const error = (typeof body === 'object' && body !== null ? (body as ErrorBody).error : undefined) ?? {};
  const fields = typeof error.fields === 'object' && error.fields !== null ? (error.fields as Record<string, string>) : undefined;
  return new ApiError(`Request failed with status code ${status}`, {
    code: typeof error.code === 'string' ? error.code : API_ERROR_CODES.http, status, body, fields,
  });
};

/**
 * document-upload (SPEC §7) through XMLHttpRequest, the one browser API that reports upload progress.
 * Same path (from the contract's endpoint), same multipart body (kind, api_key, then the file) and the
 * same envelope rules as the typed client; resolves with the parsed media.
 */
export const uploadDocumentWithProgress = ({ orderHash, kind, file, onProgress, signal, timeoutMs = API_TIMEOUT_MS }: UploadInput): Promise<Media> => {
  const { apiBaseUrl, apiKey } = getPublicConfig();
  const url = apiBaseUrl.replace(/\/+$/, '') + fillPath(endpoints.documentUpload.path, { order_hash: orderHash });
  const form = new FormData();
  // The fields before the file: the server checks the key when the file part begins and refuses a file sent first.
  form.append('kind', kind);
  form.append('api_key', apiKey);
  form.append('file', file, file.name || 'documento');

  return new Promise<Media>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      const body = parse(xhr.responseText);
      if (xhr.status < 200 || xhr.status > 299) return reject(uploadError(xhr.status, body));
      const envelope = (typeof body === 'object' && body !== null ? body : {}) as { result?: unknown; data?: unknown };
      if (!envelope.result) return reject(uploadError(xhr.status, body));
      const media = mediaSchema.safeParse(envelope.data);
      if (!media.success) return reject(new ApiError('Invalid response', { code: API_ERROR_CODES.invalidResponse, status: xhr.status, body }));
      onProgress?.(1);
      resolve(media.data);
    };
    xhr.onerror = () => reject(new ApiError('Network Error', { code: API_ERROR_CODES.network }));
    xhr.onabort = () => reject(new ApiError('Request aborted', { code: API_ERROR_CODES.aborted }));
    // SPEC §8's wording, as the typed client words its own timeout.
    xhr.ontimeout = () => reject(new ApiError(`timeout of ${timeoutMs}ms exceeded`, { code: API_ERROR_CODES.timeout }));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
};
