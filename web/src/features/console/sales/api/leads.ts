import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { leadFiltersSchema, leadListQuerySchema } from '@checkout/contract/console/schemas-sales';
import { consoleClient } from '../../api/client';

const LEADS_KEY = ['console', 'leads'] as const;
const leadKey = (leadId: string) => ['console', 'lead', leadId] as const;

/** `query` as the URL holds it (text values: the server parses them). */
export const useLeads = (query: z.input<typeof leadListQuerySchema>) =>
  useQuery({ queryKey: [...LEADS_KEY, query], queryFn: () => consoleClient.listLeads(query), placeholderData: keepPreviousData });

export const useLead = (leadId: string) =>
  useQuery({ queryKey: leadKey(leadId), queryFn: () => consoleClient.getLead({ lead_id: leadId }) });

/** The CSV of the filtered list (a plain link: the session cookie opens it). */
export const leadsExportUrl = (filters: z.input<typeof leadFiltersSchema>): string => consoleClient.fileUrl('exportLeads', {}, filters);

/** A mutation that answers the lead's new page: it replaces the cached one and refreshes the list. */
const useLeadChange = <V>(leadId: string, call: (v: V) => ReturnType<typeof consoleClient.getLead>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (detail) => {
      queryClient.setQueryData(leadKey(leadId), detail);
      await queryClient.invalidateQueries({ queryKey: LEADS_KEY });
    },
  });
};

export const useRetryLead = (leadId: string) => useLeadChange<void>(leadId, () => consoleClient.retryLead({ lead_id: leadId }));

export const useMarkLeadHandled = (leadId: string) =>
  useLeadChange<string>(leadId, (note) => consoleClient.markLeadHandled({ lead_id: leadId }, { note }));
