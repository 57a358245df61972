import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { consoleQueryClient } from './api/client';
import { either, ok, refused, renderConsole, serve, sessionFor, sessionHandler } from '../../testing/console-kit';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const fill = (email: string, password: string, code: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Codice di verifica'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
};

describe('console sign-in', () => {
  it('shows each missing field’s error next to it, and calls nothing', async () => {
    const calls = serve(sessionHandler(null));
    renderConsole('/console/accesso');
    await screen.findByRole('heading', { name: 'Accesso alla console' });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Inserisci la password');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('c-accesso-code-error')?.textContent).toContain('Inserisci il codice a 6 cifre');
    expect(calls.filter((c) => c.path.endsWith('/sign-in'))).toHaveLength(0);
  });

  it('says the credentials are wrong without telling which, and keeps the form', async () => {
    serve(either(sessionHandler(null), (c) => (c.path.endsWith('/sign-in') ? refused(401, { code: 'console_invalid_credentials', message: 'x' }) : undefined)));
    renderConsole('/console/accesso');
    await screen.findByRole('heading', { name: 'Accesso alla console' });
    fill('anna@example.it', 'una password lunga', '123456');
    expect((await screen.findByRole('alert')).textContent).toContain('Email, password o codice non corretti. Se hai appena usato questo codice, attendi il prossimo dell’app.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.it');
  });

  it('says how long to wait when locked out', async () => {
    serve(either(sessionHandler(null), (c) => (c.path.endsWith('/sign-in') ? refused(429, { code: 'console_locked_out', message: 'x', retry_after_seconds: 95 }) : undefined)));
    renderConsole('/console/accesso');
    await screen.findByRole('heading', { name: 'Accesso alla console' });
    fill('anna@example.it', 'una password lunga', '123456');
    expect((await screen.findByRole('alert')).textContent).toContain('Troppi tentativi non riusciti. Riprova tra 2 minuti.');
  });

  it('signs in and returns to the page the expired session left', async () => {
    let signedIn = false;
    const calls = serve(either(
      (c) => (c.path.endsWith('/auth/session') ? (signedIn ? ok(sessionFor('backoffice')) : refused(401, { code: 'console_unauthenticated', message: 'x' })) : undefined),
      (c) => { if (!c.path.endsWith('/sign-in')) return undefined; signedIn = true; return ok(sessionFor('backoffice')); },
      (c) => (c.path === '/api/console/orders' ? ok({ items: [], total: 0, page: 1, page_size: 25 }) : undefined),
    ));
    const router = renderConsole('/console/accesso?motivo=scaduta&da=%2Fconsole%2Fordini%3Fstatus%3Dsigned');
    expect((await screen.findByRole('status')).textContent).toContain('La sessione è scaduta');
    fill(' Anna@Example.it ', 'una password lunga', '123456');
    await screen.findByRole('heading', { name: 'Ordini' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/console/ordini?status=signed');
    expect(calls.find((c) => c.path.endsWith('/sign-in'))?.body).toEqual({ email: 'anna@example.it', password: 'una password lunga', code: '123456' });
  });

  it('refuses a return address outside the console', async () => {
    serve(either(sessionHandler('viewer'), (c) => (c.path === '/api/console/orders' ? ok({ items: [], total: 0, page: 1, page_size: 25 }) : undefined)));
    const router = renderConsole('/console/accesso?da=%2F%2Fevil.example%2Fconsole%2F');
    await screen.findByRole('heading', { name: 'Ordini' });
    expect(router.state.location.pathname).toBe('/console/ordini');
  });
});
