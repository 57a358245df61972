import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ROLE_PERMISSIONS, type OperatorRole } from '@checkout/contract/console/roles';
import type { ConsoleSession } from '@checkout/contract/console/schemas';
import { consoleQueryClient } from './api/client';
import { buildConsoleRoutes } from './routes';

/*
 * The console's page tests: the real routes in a memory router, the real query client and typed client,
 * and a stubbed fetch answering like the server (the envelope over a real Response).
 */

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const ok = (data: unknown): Response => json(200, { result: true, data });
export const refused = (status: number, error: Record<string, unknown>): Response => json(status, { result: false, error });

export const sessionFor = (role: OperatorRole): ConsoleSession => ({
  operator: { id: `op-${role}`, email: `${role}@example.it`, name: `Operatore ${role}`, role },
  permissions: [...ROLE_PERMISSIONS[role]],
  csrf_token: 'csrf-123',
  idle_expires_at: '2026-11-26T10:30:00.000Z',
  expires_at: '2026-11-26T22:00:00.000Z',
});

export interface Call { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> }
export type Handler = (call: Call) => Response | undefined;

/** Stubs fetch with `handler` (answering 404 when it returns nothing); returns the calls made. */
export const serve = (handler: Handler): Call[] => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET', path: url.pathname, query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    return handler(call) ?? refused(404, { code: 'not_found', message: 'Non trovato' });
  }));
  return calls;
};

/** The console at `url`; the session call answers for `role` (or 401 when null). */
export const renderConsole = (url: string) => {
  const router = createMemoryRouter(buildConsoleRoutes(), { initialEntries: [url] });
  render(<QueryClientProvider client={consoleQueryClient}><RouterProvider router={router} /></QueryClientProvider>);
  return router;
};

export const sessionHandler = (role: OperatorRole | null): Handler => (call) => {
  if (call.path !== '/api/console/auth/session') return undefined;
  return role ? ok(sessionFor(role)) : refused(401, { code: 'console_unauthenticated', message: 'Accedi' });
};

export const either = (...handlers: Handler[]): Handler => (call) => {
  for (const h of handlers) {
    const r = h(call);
    if (r) return r;
  }
  return undefined;
};
