import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from './translation';
import { toUiError, type UiError } from './ui-error';

/*
 * The shared behaviour of every call a feature's api/ hooks make. Reads go through useQuery with the
 * query client's defaults (query-client.ts: a 4xx is an answer and is not retried, anything else twice);
 * writes through useApiMutation: never retried by itself (a write may have happened), its failure read
 * by toUiError, its pending state from react-query.
 */

export type ApiMutation<TData, TVariables> = UseMutationResult<TData, unknown, TVariables> & {
  /** The last failure as a screen shows it; null while there is none. */
  uiError: UiError | null;
};

export function useApiMutation<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, unknown, TVariables>, 'retry'>,
): ApiMutation<TData, TVariables> {
  const { t } = useTranslation();
  const mutation = useMutation<TData, unknown, TVariables>({ ...options, retry: false });
  return { ...mutation, uiError: mutation.error ? toUiError(mutation.error, t) : null };
}
