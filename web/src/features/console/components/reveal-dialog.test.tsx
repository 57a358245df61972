import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { consoleQueryClient } from '../api/client';
import { either, ok, refused, renderConsole, serve, sessionHandler, type Call } from '../../../testing/console-kit';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const ORDER_ID = 'ord_1';
/** The order page's answer, masked (a viewer's) or in clear (the reveal's). */
const detail = (masked: boolean) => ({
  order: {
    id: ORDER_ID, hash: masked ? 'AbCd…' : 'AbCdEfGhIjKlMnOpQrStUvWx', order_number: 'FV-000123', status: 'signed', customer_type: 'privato',
    customer_name: masked ? 'M*** R***' : 'Mario Rossi', offer_id: 101, offer_name: 'Fibra 1000', technology: 'FTTH', promo: null, premade_code: null,
    documents_to_review: false, created_at: '2026-11-20T09:00:00.000Z', signed_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z',
  },
  masked,
  steps: [{ step: 'step-personal', title: 'Dati personali', rows: [{ label: 'Codice fiscale', value: masked ? '*************01U' : 'RSSMRA80A01H501U' }] }],
  offer: null, documents: [], contract_files: [], has_signature_evidence: false, withdrawal_period: null, timeline: [], transitions: [],
});

const serveOrder = (onReveal: (c: Call) => Response) => serve(either(
  sessionHandler('viewer'),
  (c) => (c.path === `/api/console/orders/${ORDER_ID}` ? ok(detail(true)) : undefined),
  (c) => (c.path.endsWith('/reveal') ? onReveal(c) : undefined),
  (c) => (c.path.endsWith('/events') ? ok({ items: [], webhook_configured: true }) : undefined),
));

const LABEL = 'Motivo della consultazione';
const reveals = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/reveal'));

describe('reveal dialog', () => {
  it('asks the reason before revealing: an error next to the field while it is empty, then the reason goes with the call', async () => {
    const calls = serveOrder(() => ok(detail(false)));
    renderConsole(`/console/ordini/${ORDER_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Mostra dati personali' }));
    await screen.findByRole('dialog');
    expect(screen.getByLabelText(LABEL).getAttribute('aria-required')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Mostra i dati' }));
    await waitFor(() => expect(screen.getByLabelText(LABEL).getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('c-mostra-dati-reason-error')?.textContent).toBe('Scrivi il motivo della consultazione (almeno 5 caratteri)');
    expect(screen.getByLabelText(LABEL).getAttribute('aria-describedby')).toContain('c-mostra-dati-reason-error');
    // Four characters are not a reason either.
    fireEvent.change(screen.getByLabelText(LABEL), { target: { value: '  boh  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mostra i dati' }));
    expect(reveals(calls)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(LABEL), { target: { value: '  Il cliente ha chiamato per il suo ordine  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mostra i dati' }));
    await waitFor(() => expect(reveals(calls)).toHaveLength(1));
    expect(reveals(calls)[0]).toMatchObject({ method: 'POST', body: { reason: 'Il cliente ha chiamato per il suo ordine' } });
    expect(reveals(calls)[0]?.headers['x-csrf-token']).toBe('csrf-123');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('RSSMRA80A01H501U')).toBeTruthy();
  });

  it('shows the server\'s field message next to the field', async () => {
    serveOrder(() => refused(422, { code: 'validation_error', message: 'Controlla i campi', fields: { reason: 'Al massimo 500 caratteri' } }));
    renderConsole(`/console/ordini/${ORDER_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Mostra dati personali' }));
    fireEvent.change(await screen.findByLabelText(LABEL), { target: { value: 'Verifica richiesta dal cliente' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mostra i dati' }));
    await waitFor(() => expect(document.getElementById('c-mostra-dati-reason-error')?.textContent).toBe('Al massimo 500 caratteri'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
