import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { allowedTransitions, CONSOLE_STATUS_LABELS, type WorkflowStatus } from '@checkout/contract/console/workflow';
import { consoleQueryClient } from '../api/client';
import { either, ok, refused, renderConsole, serve, sessionHandler, type Call } from '../../../testing/console-kit';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const ORDER_ID = 'ord_1';
/** The order page's answer for an order in `status`, offering the moves the workflow table gives a backoffice operator. */
const detail = (status: WorkflowStatus) => ({
  order: {
    id: ORDER_ID, hash: 'AbCdEfGhIjKlMnOp', order_number: 'FV-000123', status, customer_type: 'privato', customer_name: 'Mario Rossi',
    offer_id: 101, offer_name: 'Fibra 1000', technology: 'FTTH', promo: null, premade_code: null, documents_to_review: false,
    created_at: '2026-11-20T09:00:00.000Z', signed_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z',
  },
  masked: false,
  steps: [{ step: 'step-1', title: 'Dati di contatto', rows: [{ label: 'Nome', value: 'Mario' }] }],
  offer: { name: 'Fibra 1000', lines: [{ name: 'Canone', monthly_cents: 2990, one_off_cents: 0 }], monthly_total_cents: 2990, one_off_total_cents: 0, vat_included: true },
  documents: [], contract_files: [], has_signature_evidence: false, withdrawal_period: null, timeline: [],
  transitions: allowedTransitions(status, 'backoffice').map((t) => ({ to: t.to, label: CONSOLE_STATUS_LABELS[t.to], reason_required: t.reasonRequired })),
});

const serveOrder = (status: WorkflowStatus, onTransition: (c: Call) => Response) => serve(either(
  sessionHandler('backoffice'),
  (c) => (c.path === `/api/console/orders/${ORDER_ID}` ? ok(detail(status)) : undefined),
  (c) => (c.path.endsWith('/transition') ? onTransition(c) : undefined),
  // The page's events section (its own tests: pages/order-events.test.tsx).
  (c) => (c.path.endsWith('/events') ? ok({ items: [], webhook_configured: true }) : undefined),
));

const open = async (label: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Passa a «${label}»` }));
  return screen.findByRole('dialog');
};

describe('transition dialog', () => {
  it.each(allowedTransitions('in_review', 'backoffice').filter((t) => t.reasonRequired).map((t) => [CONSOLE_STATUS_LABELS[t.to], t.to] as const))(
    'asks why before moving to «%s», as the workflow table requires',
    async (label, to) => {
      const calls = serveOrder('in_review', () => ok({ status: to }));
      renderConsole(`/console/ordini/${ORDER_ID}`);
      await open(label);
      expect(screen.getByLabelText('Motivo (solo per lo staff)').getAttribute('aria-required')).toBe('true');
      fireEvent.click(screen.getByRole('button', { name: 'Conferma' }));
      await waitFor(() => expect(screen.getByLabelText('Motivo (solo per lo staff)').getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById('c-transizione-reason-error')?.textContent).toBe('Indica il motivo');
      expect(calls.filter((c) => c.path.endsWith('/transition'))).toHaveLength(0);

      fireEvent.change(screen.getByLabelText('Motivo (solo per lo staff)'), { target: { value: '  Cliente irreperibile  ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Conferma' }));
      await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/transition'))).toHaveLength(1));
      const sent = calls.find((c) => c.path.endsWith('/transition'));
      expect(sent?.body).toEqual({ to, expected_status: 'in_review', reason: 'Cliente irreperibile' });
      expect(sent?.headers['x-csrf-token']).toBe('csrf-123');
    },
  );

  it('moves without a reason where the table asks none', async () => {
    const calls = serveOrder('in_review', () => ok({ status: 'verified' }));
    renderConsole(`/console/ordini/${ORDER_ID}`);
    await open(CONSOLE_STATUS_LABELS.verified);
    expect(screen.getByLabelText('Motivo (facoltativo, solo per lo staff)').getAttribute('aria-required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/transition'))?.body).toEqual({ to: 'verified', expected_status: 'in_review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the message for the customer apart from the reason, and says the customer reads it', async () => {
    const calls = serveOrder('in_review', () => ok({ status: 'verified' }));
    renderConsole(`/console/ordini/${ORDER_ID}`);
    await open(CONSOLE_STATUS_LABELS.verified);
    const message = screen.getByLabelText('Messaggio per il cliente (facoltativo)');
    expect(document.getElementById(message.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Il cliente lo legge');
    fireEvent.change(screen.getByLabelText('Motivo (facoltativo, solo per lo staff)'), { target: { value: 'Verificato al telefono' } });
    fireEvent.change(message, { target: { value: ' Documenti a posto, grazie! ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/transition'))?.body).toEqual({
      to: 'verified', expected_status: 'in_review', reason: 'Verificato al telefono', customer_message: 'Documenti a posto, grazie!',
    }));
  });

  it('on a stale move says where the order is now and offers a reload', async () => {
    serveOrder('verified', () => refused(409, { code: 'console_stale_transition', message: 'x', current_status: 'cancelled' }));
    renderConsole(`/console/ordini/${ORDER_ID}`);
    await open(CONSOLE_STATUS_LABELS.activating);
    fireEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    expect((await screen.findByRole('alert')).textContent).toContain('ora è «Annullato»');
    expect(screen.getByRole('button', { name: 'Ricarica l’ordine' })).toBeTruthy();
  });

  it('shows a viewer no move at all', async () => {
    serve(either(sessionHandler('viewer'), (c) => (c.path === `/api/console/orders/${ORDER_ID}` ? ok({ ...detail('in_review'), masked: true, transitions: [] }) : undefined)));
    renderConsole(`/console/ordini/${ORDER_ID}`);
    await screen.findByRole('heading', { name: 'Ordine FV-000123' });
    expect(screen.queryByRole('button', { name: /^Passa a/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mostra dati personali' })).toBeTruthy();
    expect(screen.queryByLabelText('Aggiungi una nota interna')).toBeNull();
  });
});
