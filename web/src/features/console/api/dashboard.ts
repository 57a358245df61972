import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardQueryInput } from '@checkout/contract/console/schemas-dashboard';
import { consoleClient } from './client';

/** `query` as the URL holds it (text values: the server parses them and fills the default period). */
export const useDashboard = (query: DashboardQueryInput) =>
  useQuery({ queryKey: ['console', 'dashboard', query], queryFn: () => consoleClient.dashboard(query), placeholderData: keepPreviousData });

/** The same numbers as CSV, with the same filters. */
export const dashboardExportUrl = (query: DashboardQueryInput): string => consoleClient.fileUrl('exportDashboard', {}, query);
