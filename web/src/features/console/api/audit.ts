import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditQuerySchema } from '@checkout/contract/console/index';
import { consoleClient } from './client';

export const useAudit = (query: z.output<typeof auditQuerySchema>) =>
  useQuery({ queryKey: ['console', 'audit', query], queryFn: () => consoleClient.listAudit(query), placeholderData: keepPreviousData });
