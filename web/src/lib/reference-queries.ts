import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getApiClient } from './api-client';
import { useApiMutation } from './api-hooks';

/*
 * Reference data of the checkout steps (SPEC §7): lists that barely change are fetched once per
 * visit (the query client's staleTime), searches are keyed by the debounced text.
 */

const DAY_MS = 24 * 60 * 60_000;

/** Every country with its Italian name, Italy first. */
export const useCountries = () =>
  useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => getApiClient().countries({}, { signal }), staleTime: DAY_MS });

/** Fixed-line operators for number portability. */
export const useTelephoneOperators = () =>
  useQuery({ queryKey: ['telephone-operators'], queryFn: ({ signal }) => getApiClient().telephoneOperators({}, { signal }), staleTime: DAY_MS });

/** ATECO codes by code prefix or words (pass the debounced text). */
export const useAtecoSearch = (term: string) =>
  useQuery({
    queryKey: ['ateco', term.trim().toLowerCase()],
    queryFn: ({ signal }) => getApiClient().getAteco({ search: term.trim() }, { signal }),
    enabled: term.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

/** IBAN checksum, Italian CIN and bank (pass the debounced, compacted IBAN; nothing is asked below 15 characters). */
export const useIbanValidation = (iban: string) =>
  useQuery({
    queryKey: ['iban-validation', iban],
    queryFn: ({ signal }) => getApiClient().ibanValidation({ iban }, { signal }),
    enabled: iban.length >= 15,
    staleTime: DAY_MS,
  });

/** validate-migration-code (SPEC §5, §8): checkout step 3 and the portability page ask it on blur. */
export const useMigrationCodeCheck = () =>
  useApiMutation({ mutationFn: (code: string) => getApiClient().validateMigrationCode({ migration_code: code }) });
