import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { loadApiClient } from './lazy-api-client';

/** Shortest text worth a search: one letter matches half of Italy. */
export const MIN_SEARCH_CHARS = 2;

const searchable = (text: string) => text.trim().length >= MIN_SEARCH_CHARS;

/** Comuni whose name starts with `term` (pass the debounced text). */
export const useComuniSearch = (term: string) =>
  useQuery({
    queryKey: ['search-comuni', term.trim().toLowerCase()],
    queryFn: async ({ signal }) => (await loadApiClient()).searchComuni({ search: term.trim() }, { signal }),
    enabled: searchable(term),
    placeholderData: keepPreviousData,
  });

/** Streets and civic numbers in a comune, as the visitor types them ('via roma 1'). */
export const useAddressSearch = (term: string, idComune: string | null) =>
  useQuery({
    queryKey: ['list-address-advanced', idComune, term.trim().toLowerCase()],
    queryFn: async ({ signal }) =>
      (await loadApiClient()).listAddressAdvanced({ address: term.trim(), id_comune: idComune ?? '', third_party_coverage: true }, { signal }),
    enabled: idComune !== null && searchable(term),
    placeholderData: keepPreviousData,
  });
