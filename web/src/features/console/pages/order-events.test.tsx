import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { consoleQueryClient } from '../api/client';
import { either, ok, refused, renderConsole, serve, sessionHandler, type Call } from '../../../testing/console-kit';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const ORDER = {
  order: {
    id: 'ord_1', hash: 'ord_1-hash-0123456789', order_number: 'FV-2026-K7M4Q9', status: 'signed', customer_type: 'privato', customer_name: 'Mario Rossi',
    offer_id: 101, offer_name: 'Fibra', technology: 'FTTH', promo: null, premade_code: null, documents_to_review: false,
    created_at: '2026-11-20T09:00:00.000Z', signed_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z',
  },
  masked: false, steps: [], offer: null, contract_files: [], has_signature_evidence: false, withdrawal_period: null, timeline: [], transitions: [], documents: [],
};

const delivery = (target: string, patch: Record<string, unknown> = {}) => ({
  id: `msg_1.${target}`, target, template: target === 'webhook' ? null : 'contract_signed', status: 'pending', attempts: 0,
  next_attempt_at: '2026-11-20T10:00:00.000Z', last_error: null, last_status_code: null, delivered_at: null, recent_attempts: [], can_redeliver: false, ...patch,
});
const flagged = delivery('webhook', {
  status: 'flagged', attempts: 1, next_attempt_at: null, last_error: 'HTTP 422: ordine sconosciuto', last_status_code: 422, can_redeliver: true,
  recent_attempts: [{ at: '2026-11-20T10:00:01.000Z', ok: false, status_code: 422, error: 'HTTP 422: ordine sconosciuto', duration_ms: 40, operator_name: null }],
});
const events = (webhook: Record<string, unknown>) => ({
  webhook_configured: true,
  items: [{ id: 'msg_1', type: 'order.signed', seq: 1, created_at: '2026-11-20T10:00:00.000Z', deliveries: [webhook, delivery('email'), delivery('sms')] }],
});

describe('order page: events and messages', () => {
  it('shows each delivery and sends a flagged one again; the list is read again after it', async () => {
    let sent = false;
    const calls = serve(either(
      sessionHandler('backoffice'),
      (c: Call) => (c.path === '/api/console/orders/ord_1' ? ok(ORDER) : undefined),
      (c: Call) => (c.path === '/api/console/orders/ord_1/events' ? ok(events(sent ? delivery('webhook', { status: 'delivered', attempts: 2, next_attempt_at: null, delivered_at: '2026-11-21T10:00:00.000Z' }) : flagged)) : undefined),
      (c: Call) => {
        if (c.path !== '/api/console/orders/ord_1/deliveries/msg_1.webhook/redeliver') return undefined;
        sent = true;
        return ok(delivery('webhook', { status: 'delivered', attempts: 2, next_attempt_at: null, delivered_at: '2026-11-21T10:00:00.000Z' }));
      },
    ));
    renderConsole('/console/ordini/ord_1');
    const section = within((await screen.findByRole('heading', { name: 'Eventi e messaggi' })).closest('section')!);
    await section.findByText('Ordine firmato');
    expect(section.getByText('Da verificare')).toBeTruthy();
    expect(section.getByText('HTTP 422: ordine sconosciuto')).toBeTruthy();
    expect(section.getAllByText('In attesa')).toHaveLength(2);
    // Only the delivery that can go now has the button.
    const buttons = section.getAllByRole('button', { name: /Invia di nuovo/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    await section.findByText('Inviato di nuovo: consegnato.');
    await waitFor(() => expect(section.queryByText('Da verificare')).toBeNull());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/console/orders/ord_1/deliveries/msg_1.webhook/redeliver');
    expect(post?.headers['x-csrf-token']).toBe('csrf-123');
    expect(calls.filter((c) => c.path.endsWith('/events'))).toHaveLength(2);
  });

  it('a viewer reads the deliveries without the button; a refusal is said in the page', async () => {
    serve(either(
      sessionHandler('viewer'),
      (c: Call) => (c.path === '/api/console/orders/ord_1' ? ok(ORDER) : undefined),
      (c: Call) => (c.path === '/api/console/orders/ord_1/events' ? ok({ ...events(flagged), webhook_configured: false }) : undefined),
    ));
    renderConsole('/console/ordini/ord_1');
    const section = within((await screen.findByRole('heading', { name: 'Eventi e messaggi' })).closest('section')!);
    await section.findByText('Ordine firmato');
    expect(section.queryByRole('button', { name: /Invia di nuovo/ })).toBeNull();
    expect(section.getByText(/WEBHOOK_URL/)).toBeTruthy();
  });

  it('a busy delivery: the server\'s refusal is shown', async () => {
    serve(either(
      sessionHandler('admin'),
      (c: Call) => (c.path === '/api/console/orders/ord_1' ? ok(ORDER) : undefined),
      (c: Call) => (c.path === '/api/console/orders/ord_1/events' ? ok(events(flagged)) : undefined),
      (c: Call) => (c.method === 'POST' ? refused(409, { code: 'conflict', message: 'La consegna è in corso proprio ora: riprova tra qualche secondo.' }) : undefined),
    ));
    renderConsole('/console/ordini/ord_1');
    const section = within((await screen.findByRole('heading', { name: 'Eventi e messaggi' })).closest('section')!);
    fireEvent.click(await section.findByRole('button', { name: /Invia di nuovo/ }));
    await section.findByText('La consegna è in corso proprio ora: riprova tra qualche secondo.');
  });
});
