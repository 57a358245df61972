import { z } from 'zod';
import { cep } from './define';
import { dashboardQuerySchema, dashboardSchema } from './schemas-dashboard';

/** The console's dashboard (defined with `cep` from define.ts): the counts, and the same counts as CSV. */
export const dashboardConsoleEndpoints = {
  dashboard: cep({
    method: 'GET', path: '/api/console/dashboard', summary: 'The funnel, the review backlog and the one-time codes, counted from the records',
    access: 'dashboard.read', request: dashboardQuerySchema, response: dashboardSchema,
  }),
  exportDashboard: cep({
    method: 'GET', path: '/api/console/dashboard/export.csv', summary: "The dashboard's numbers as CSV, with the same filters",
    access: 'dashboard.read', request: dashboardQuerySchema, response: z.never(), file: true,
  }),
} as const;
