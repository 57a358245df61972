import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OperatorRole } from '@checkout/contract/console/roles';
import type { ConsoleProviderToken } from '@checkout/contract/console/endpoints-provider-tokens';
import { consoleQueryClient } from '../api/client';
import { buildConsoleRoutes } from '../routes';
import { either, ok, refused, serve, sessionHandler, type Call } from '../../../testing/console-kit';
import { providerTokensConsoleNav, providerTokensConsoleRoutes } from './index';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const renderTokens = () => {
  const router = createMemoryRouter(buildConsoleRoutes({ children: providerTokensConsoleRoutes, nav: providerTokensConsoleNav }), { initialEntries: ['/console/token-api'] });
  render(<QueryClientProvider client={consoleQueryClient}><RouterProvider router={router} /></QueryClientProvider>);
};

const SECRET = `pt_${'A'.repeat(43)}`;
const token = (over: Partial<ConsoleProviderToken>): ConsoleProviderToken => ({
  id: 'tok-1', name: 'CRM Fibra', token_prefix: 'pt_AbC1234', scopes: ['orders:read'], created_at: '2026-11-26T09:00:00.000Z',
  created_from: 'console', created_by_name: 'Anna Admin', last_used_at: null, revoked_at: null, ...over,
});

describe('provider tokens', () => {
  it('lists tokens in words, checks the form field by field, and shows a new secret once with its warning', async () => {
    let items = [token({ id: 'tok-0', name: 'Vecchio', created_from: 'cli', created_by_name: null, last_used_at: '2026-11-26T10:00:00.000Z', revoked_at: '2026-11-27T10:00:00.000Z' })];
    const calls = serve(either(sessionHandler('admin'), (c: Call) => {
      if (c.path !== '/api/console/provider-tokens') return undefined;
      if (c.method === 'GET') return ok({ items });
      const made = token({ scopes: (c.body as { scopes: ConsoleProviderToken['scopes'] }).scopes });
      items = [made, ...items];
      return ok({ token: SECRET, item: made });
    }));
    renderTokens();
    const table = await screen.findByRole('table', { name: 'Token creati' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('Vecchiopt_AbC1234…Leggere gli ordini26/11/2026, 10:00da riga di comando26/11/2026, 11:00Revocatoil 27/11/2026, 11:00—');

    fireEvent.click(screen.getByRole('button', { name: 'Crea token' }));
    const name = await screen.findByLabelText('Nome');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Dai un nome al token: per esempio il sistema che lo userà')).toBeTruthy();
    expect(screen.getByText('Scegli almeno un permesso')).toBeTruthy();
    const read = screen.getByLabelText(/^Leggere un ordine/);
    expect(read.getAttribute('aria-describedby')).toBe('c-nuovo-token-scopes-error');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'CRM Fibra' } });
    fireEvent.click(read);
    fireEvent.click(screen.getByLabelText(/^Pubblicare le fasce orarie/));
    fireEvent.click(screen.getByRole('button', { name: 'Crea token' }));
    const created = await screen.findByRole('region', { name: 'Token «CRM Fibra» creato' });
    const post = calls.find((c) => c.method === 'POST')!;
    expect([post.body, post.headers['x-csrf-token']]).toEqual([{ name: 'CRM Fibra', scopes: ['orders:read', 'appointments:write'] }, 'csrf-123']);
    expect(within(created).getByText(/non sarà più mostrato/)).toBeTruthy();
    expect((within(created).getByLabelText('Token «CRM Fibra»') as HTMLInputElement).value).toBe(SECRET);
    expect(within(created).getByRole('button', { name: 'Copia' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(created));
    const row = await within(table).findByRole('row', { name: /CRM Fibra/ });
    expect(row.textContent).toContain('Leggere gli ordiniPubblicare le fasce per gli appuntamenti');
    expect(row.textContent).toContain('da Anna AdminMai usatoAttivo');

    fireEvent.click(within(created).getByRole('button', { name: 'Ho copiato il token: nascondilo' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
  });

  it('revokes after a confirmation and says so', async () => {
    let items = [token({})];
    const calls = serve(either(sessionHandler('admin'), (c: Call) => {
      if (c.method === 'GET' && c.path === '/api/console/provider-tokens') return ok({ items });
      if (c.method === 'POST' && c.path === '/api/console/provider-tokens/tok-1/revoke') {
        items = [token({ revoked_at: '2026-11-28T09:00:00.000Z' })];
        return ok({ item: items[0], newly_revoked: true });
      }
      return undefined;
    }));
    renderTokens();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoca il token «CRM Fibra»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revocare il token «CRM Fibra»?' });
    expect(dialog.textContent).toContain('errore 401');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoca il token' }));
    expect((await screen.findByRole('status')).textContent).toBe('Token «CRM Fibra» revocato: le chiamate con questo token ora sono rifiutate.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/console/provider-tokens/tok-1/revoke']);
    expect(await screen.findByText('il 28/11/2026, 10:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Revoca il token/ })).toBeNull();
  });

  it.each<OperatorRole>(['backoffice', 'viewer'])('is not offered to a %s', async (role) => {
    const calls = serve(either(sessionHandler(role), (c: Call) => (c.path === '/api/console/provider-tokens' ? refused(403, { code: 'console_forbidden', message: 'No' }) : undefined)));
    renderTokens();
    expect(await screen.findByText('Il tuo ruolo non permette di aprire questa pagina.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Token API' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/console/provider-tokens')).toHaveLength(0);
  });
});
