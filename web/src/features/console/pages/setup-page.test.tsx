import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { consoleQueryClient } from '../api/client';
import { either, ok, refused, renderConsole, serve, type Call } from '../../../testing/console-kit';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const TOKEN = 'tok_abc';
const info = (c: Call) => (c.path === `/api/console/setup/${TOKEN}` ? ok({ email: 'anna@example.it', name: 'Anna Admin', role: 'admin', expires_at: '2026-11-27T09:00:00.000Z' }) : undefined);
const begin = (c: Call) => (c.path.endsWith('/begin') ? ok({ otpauth_uri: 'otpauth://totp/x', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', secret: 'JBSWY3DPEHPK3PXP' }) : undefined);
const PASSWORD = 'tramonto-sul-lago-42';

const choosePassword = async (password: string, confirm: string) => {
  fireEvent.change(await screen.findByLabelText('Nuova password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Ripeti la password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
};

describe('console account setup', () => {
  it('says plainly when the link is used or expired', async () => {
    serve((c) => (c.path.startsWith('/api/console/setup/') ? refused(410, { code: 'console_setup_link_invalid', message: 'x' }) : undefined));
    renderConsole(`/console/attiva/${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toContain('non è valido o è scaduto');
  });

  it('checks the password rules before asking for the secret', async () => {
    const calls = serve(either(info, begin));
    renderConsole(`/console/attiva/${TOKEN}`);
    expect(await screen.findByText('Anna Admin (anna@example.it)')).toBeTruthy();
    await choosePassword('breve', 'breve');
    await waitFor(() => expect(document.getElementById('c-attiva-password-error')?.textContent).toBe('La password deve avere almeno 12 caratteri'));
    await choosePassword(PASSWORD, `${PASSWORD}x`);
    await waitFor(() => expect(document.getElementById('c-attiva-confirm-error')?.textContent).toBe('Le due password non coincidono'));
    expect(calls.some((c) => c.path.endsWith('/begin'))).toBe(false);
  });

  it('shows the QR code as an image and the secret, then the recovery codes once, confirmed before going on', async () => {
    const calls = serve(either(info, begin, (c) => (c.path.endsWith('/complete') ? ok({ recovery_codes: ['aaaa-bbbb-cc', 'dddd-eeee-ff'] }) : undefined)));
    renderConsole(`/console/attiva/${TOKEN}`);
    await choosePassword(PASSWORD, PASSWORD);
    const qr = await screen.findByRole('img', { name: 'Codice QR per l’app di autenticazione' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    // The key in groups of four; its text (what a selection copies) and the button's copy are the key itself.
    const key = screen.getByTestId('totp-secret');
    expect(Array.from(key.children).map((g) => g.textContent)).toEqual(['JBSW', 'Y3DP', 'EHPK', '3PXP']);
    expect(key.textContent).toBe('JBSWY3DPEHPK3PXP');
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copia la chiave' }));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
    fireEvent.change(screen.getByLabelText('Codice di 6 cifre mostrato dall’app'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Attiva l’account' }));
    await waitFor(() => expect(document.getElementById('c-attiva-code-error')?.textContent).toBe('Inserisci il codice a 6 cifre'));
    fireEvent.change(screen.getByLabelText('Codice di 6 cifre mostrato dall’app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Attiva l’account' }));
    expect(await screen.findByText('aaaa-bbbb-cc')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/complete'))?.body).toEqual({ password: PASSWORD, code: '123456' });
    expect((screen.getByRole('button', { name: 'Vai all’accesso' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Ho salvato i codici di recupero'));
    expect(screen.getByRole('link', { name: 'Vai all’accesso' }).getAttribute('href')).toBe('/console/accesso');
  });

  it('a common password sends the operator back to choose another, the reason beside the field', async () => {
    serve(either(info, begin, (c) => (c.path.endsWith('/complete') ? refused(422, { code: 'console_password_common', message: 'x', fields: { password: 'Password troppo comune' } }) : undefined)));
    renderConsole(`/console/attiva/${TOKEN}`);
    await choosePassword(PASSWORD, PASSWORD);
    fireEvent.change(await screen.findByLabelText('Codice di 6 cifre mostrato dall’app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Attiva l’account' }));
    await waitFor(() => expect(document.getElementById('c-attiva-password-error')?.textContent).toBe('Password troppo comune'));
  });
});
