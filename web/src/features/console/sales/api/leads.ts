import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { leadFiltersSchema, leadListQuerySchema } from '@checkout/contract/console/schemas-sales';
import { consoleClient } from '../../api/client';

const LEADS_KEY = ['console', 'leads'] as const;
const leadKey = (leadId: string) => ['console', 'lead', leadId] as const;
const leadEventsKey = (leadId: string) => ['console', 'lead-events', leadId] as const;

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

/** The lead's events and their deliveries (the lead webhook's among them; fresh at each visit: they move while the page is open). */
export const useLeadEvents = (leadId: string) =>
  useQuery({ queryKey: leadEventsKey(leadId), queryFn: () => consoleClient.leadEvents({ lead_id: leadId }), staleTime: 0 });

/** "Invia di nuovo": one attempt now; the deliveries, the lead and the list are read again after it, whatever came of it. */
export const useRedeliverLead = (leadId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => consoleClient.redeliverLeadEvent({ lead_id: leadId, delivery_id: deliveryId }),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: leadEventsKey(leadId) }),
      queryClient.invalidateQueries({ queryKey: leadKey(leadId) }),
      queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
    ]),
  });
};

export const useMarkLeadHandled = (leadId: string) =>
  useLeadChange<string>(leadId, (note) => consoleClient.markLeadHandled({ lead_id: leadId }, { note }));
