import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { OperatorRole } from '@checkout/contract/console/roles';
import { consoleQueryClient } from './api/client';
import { either, ok, refused, renderConsole, serve, sessionHandler } from '../../testing/console-kit';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const emptyList = (c: { path: string }) => (c.path === '/api/console/orders' ? ok({ items: [], total: 0, page: 1, page_size: 25 }) : undefined);
const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Sezioni della console' });
  return within(nav).getAllByRole('link').map((a) => a.textContent);
};

describe('console navigation by role', () => {
  it.each<[OperatorRole, string[]]>([
    ['admin', ['Ordini', 'Verifica documenti', 'Cruscotto', 'Contatti', 'Ordini precompilati', 'Ordini mobile', 'File di riferimento', 'Privacy', 'Token API', 'Operatori', 'Registro attività']],
    ['backoffice', ['Ordini', 'Verifica documenti', 'Cruscotto', 'Contatti', 'Ordini precompilati', 'Ordini mobile']],
    ['viewer', ['Ordini', 'Contatti', 'Ordini precompilati']],
  ])('%s sees %j', async (role, expected) => {
    serve(either(sessionHandler(role), emptyList));
    renderConsole('/console/ordini');
    expect(await navLinks()).toEqual(expected);
    expect(screen.getByText(`Operatore ${role}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Esci' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Esci da tutti i dispositivi' })).toBeTruthy();
  });

  it('keeps an admin page from a backoffice operator who types its address', async () => {
    const calls = serve(either(sessionHandler('backoffice'), emptyList));
    renderConsole('/console/operatori');
    expect((await screen.findByRole('alert')).textContent).toContain('Il tuo ruolo non permette');
    expect(calls.some((c) => c.path === '/api/console/operators')).toBe(false);
  });

  it('sends a visitor without a session to sign in, keeping the page', async () => {
    serve(sessionHandler(null));
    const router = renderConsole('/console/ordini?status=signed');
    await screen.findByRole('heading', { name: 'Accesso alla console' });
    expect(router.state.location.pathname).toBe('/console/accesso');
    expect(router.state.location.search).toBe('?da=%2Fconsole%2Fordini%3Fstatus%3Dsigned');
  });

  it('when the session expires mid-use, goes to sign-in with a message and the page to return to', async () => {
    serve(either(sessionHandler('backoffice'), (c) => (c.path === '/api/console/orders' ? refused(401, { code: 'console_unauthenticated', message: 'x' }) : undefined)));
    const router = renderConsole('/console/ordini?q=rossi');
    expect(await screen.findByText('La sessione è scaduta: accedi di nuovo per continuare.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/accesso');
    expect(new URLSearchParams(router.state.location.search).get('da')).toBe('/console/ordini?q=rossi');
  });
});

describe('signing out', () => {
  it.each([
    ['Esci', '/api/console/auth/sign-out', 'Sei uscito dalla console.'],
    ['Esci da tutti i dispositivi', '/api/console/auth/sign-out-everywhere', 'Sei uscito dalla console su tutti i dispositivi.'],
  ])('«%s» ends the session and says so on the sign-in page', async (button, path, message) => {
    vi.stubGlobal('confirm', () => true);
    const calls = serve(either(sessionHandler('backoffice'), emptyList, (c) => (c.path === path ? ok({ ok: true }) : undefined)));
    const router = renderConsole('/console/ordini');
    (await screen.findByRole('button', { name: button })).click();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/accesso');
    const sent = calls.find((c) => c.path === path);
    expect(sent?.method).toBe('POST');
    expect(sent?.headers['x-csrf-token']).toBe('csrf-123');
  });
});
