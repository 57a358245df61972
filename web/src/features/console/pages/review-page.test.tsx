import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { consoleQueryClient } from '../api/client';
import { either, ok, renderConsole, serve, sessionHandler, type Call } from '../../../testing/console-kit';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const orderOf = (id: string, number: string) => ({
  order: {
    id, hash: `${id}-hash-0123456789`, order_number: number, status: 'in_review', customer_type: 'privato', customer_name: 'Mario Rossi',
    offer_id: 101, offer_name: 'Fibra', technology: 'FTTH', promo: null, premade_code: null, documents_to_review: true,
    created_at: '2026-11-20T09:00:00.000Z', signed_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z',
  },
  masked: false, steps: [], offer: null, contract_files: [], has_signature_evidence: false, withdrawal_period: null, timeline: [], transitions: [],
  documents: [{ id: `${id}-doc`, kind: 'identity_document', filename: 'carta.png', mime: 'image/png', size: 2048, created_at: '2026-11-20T10:00:00.000Z', review: null }],
});
const queueItem = (id: string, number: string) => ({ order_id: id, order_number: number, customer_name: 'Mario Rossi', status: 'in_review', documents: 1, uploaded_at: '2026-11-20T10:00:00.000Z', claimed_by: null, claimed_until: null, claimed_by_me: false, withdrawal_period: null });

describe('document review', () => {
  it('rejects with a reason from the list, then goes on to the next order of the queue, claimed', async () => {
    let decided = false;
    const calls = serve(either(
      sessionHandler('backoffice'),
      (c: Call) => (c.path === '/api/console/orders/ord_1' ? ok(orderOf('ord_1', 'FV-1')) : c.path === '/api/console/orders/ord_2' ? ok(orderOf('ord_2', 'FV-2')) : undefined),
      (c: Call) => (c.path === '/api/console/reviews' ? ok({ items: decided ? [queueItem('ord_2', 'FV-2')] : [queueItem('ord_1', 'FV-1'), queueItem('ord_2', 'FV-2')] }) : undefined),
      (c: Call) => (c.path.endsWith('/claim') ? ok({ ok: true }) : undefined),
      (c: Call) => { if (!c.path.endsWith('/decide')) return undefined; decided = true; return ok({ status: 'documents_to_redo' }); },
    ));
    const router = renderConsole('/console/verifica/ord_1');
    await screen.findByRole('heading', { name: 'Verifica dell’ordine FV-1' });
    expect(screen.getByRole('link', { name: /carta\.png/ }).getAttribute('href')).toBe('/api/console/orders/ord_1/documents/ord_1-doc');
    fireEvent.click(screen.getByLabelText('Rifiuta il documento'));
    fireEvent.click(screen.getByRole('button', { name: 'Rifiuta il documento' }));
    await waitFor(() => expect(document.getElementById('c-verifica-reason-error')?.textContent).toBe('Scegli un motivo'));
    fireEvent.change(screen.getByLabelText('Motivo del rifiuto'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rifiuta il documento' }));
    // «Altro motivo» needs the words for the customer.
    await waitFor(() => expect(document.getElementById('c-verifica-note-error')?.textContent).toBe('Spiega il motivo'));
    fireEvent.change(screen.getByLabelText('Spiegazione per il cliente'), { target: { value: 'Manca la firma sul documento' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rifiuta il documento' }));
    await screen.findByRole('heading', { name: 'Verifica dell’ordine FV-2' });
    expect(router.state.location.pathname).toBe('/console/verifica/ord_2');
    expect(screen.getByText('Decisione registrata.')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/decide'))?.body).toEqual({ decision: 'reject', reason: 'other', note: 'Manca la firma sul documento' });
    expect(calls.filter((c) => c.path.endsWith('/claim')).map((c) => c.path)).toEqual(['/api/console/reviews/ord_2/claim']);
  });
});
