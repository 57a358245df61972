import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditFiltersSchema, auditQuerySchema } from '@checkout/contract/console/index';
import { consoleClient } from './client';

export const useAudit = (query: z.output<typeof auditQuerySchema>) =>
  useQuery({ queryKey: ['console', 'audit', query], queryFn: () => consoleClient.listAudit(query), placeholderData: keepPreviousData });

/** The CSV of the log with the list's filters (the export is a record of its own). */
export const auditExportUrl = (filters: z.input<typeof auditFiltersSchema>): string => consoleClient.fileUrl('exportAudit', {}, filters);
