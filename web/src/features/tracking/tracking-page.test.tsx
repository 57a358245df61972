import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../app/app-providers';
import { answer, refusal } from '../../testing/api-answers';
import { TRACKING_ACCESS_KEY } from './tracking-access';
import TrackingPage from './tracking-page';

/*
 * The tracking page as the server answers it: the public status first, the code that opens the details
 * (kept for the tab, so a refresh shows them again), the appointment to choose with its outcome said
 * aloud, and the access that ends.
 */

const NUMBER = 'FV-2026-K7M4Q9';
const SINCE = '2026-03-02T09:00:00.000Z';
const status = { order_number: NUMBER, status: 'activating', label: 'In attivazione', since: SINCE };
const SLOTS = [
  { id: 'slot-1', starts_at: '2099-03-10T08:00:00.000Z', ends_at: '2099-03-10T12:00:00.000Z' },
  { id: 'slot-2', starts_at: '2099-03-11T12:00:00.000Z', ends_at: '2099-03-11T16:00:00.000Z' },
];
const details = (booked: typeof SLOTS[number] | null = null) => ({
  ...status,
  timeline: [
    { id: 'created', at: '2026-03-01T09:00:00.000Z', title: 'Ordine creato', text: null },
    { id: 'signed', at: '2026-03-01T09:10:00.000Z', title: 'Contratto firmato', text: 'Firmato online con il codice monouso.' },
    { id: 'entry-3', at: SINCE, title: 'In attivazione', text: null },
  ],
  documents: [{ document: 'signed_contract', label: 'Contratto firmato', filename: `contratto-firmato-${NUMBER}.pdf` }],
  document_to_redo: null,
  appointment: { booked, offered: SLOTS.filter((s) => s.id !== booked?.id), open: true },
  withdrawal: { last_day: '2026-03-15', path: `/recesso/${NUMBER}`, activation_text: null },
  access_expires_at: '2099-01-01T10:30:00.000Z',
});
const ok = (data: unknown) => answer(200, { result: true, data });

type Handler = (body: Record<string, unknown>) => Response;
/** The server: one answer per call path; every call is recorded. */
const serve = (handlers: Record<string, Handler>) => {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ path, body });
    const handler = handlers[path];
    if (!handler) throw new Error(`unexpected call ${path}`);
    return handler(body);
  }));
  return calls;
};

const renderPage = (path = `/ordine/${NUMBER}`) => render(
  <AppProviders>
    <MemoryRouter initialEntries={[path]}>
      <Routes><Route path="/ordine/:ordercode?" element={<TrackingPage />} /></Routes>
    </MemoryRouter>
  </AppProviders>,
);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the tracking page', () => {
  it('shows the status first, then opens the details with a code; a wrong code is said next to the code', async () => {
    const calls = serve({
      '/api/tracking/status': () => ok(status),
      '/api/tracking/send-otp': () => ok({ sent: true, destination: '+39 3** *** **67', resend_after_seconds: 60, challenge_id: 'sfida-1' }),
      // The code is checked against the challenge it was sent for: the page sends that back.
      '/api/tracking/verify': (body) => (body.otp === '123456' && body.challenge_id === 'sfida-1'
        ? ok({ token: 't'.repeat(43), expires_at: '2099-01-01T10:30:00.000Z', order_number: NUMBER })
        : answer(422, { result: false, error: { code: 'otp_wrong', message: 'Codice errato: restano 4 tentativi.', fields: { otp: 'Codice errato.' }, attempts_left: 4 } })),
      '/api/tracking/details': () => ok(details()),
    });
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Carico lo stato dell’ordine…');
    expect(await screen.findByTestId('tracking-status-label')).toHaveProperty('textContent', 'In attivazione');
    expect(screen.getByTestId('tracking-status-since').textContent).toBe('dal 2 marzo 2026');
    expect(screen.getByTestId('tracking-next').textContent).toMatch(/^La linea è in attivazione/);
    const stages = screen.getByRole('list', { name: 'Avanzamento dell’ordine' });
    expect(within(stages).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '✓Firma del contratto: completato', '✓Verifica dei documenti: completato', '3Attivazione della linea: in corso', '4Servizio attivo: da fare',
    ]);
    expect(within(stages).getAllByRole('listitem')[2]!.getAttribute('aria-current')).toBe('step');
    expect(screen.queryByTestId('tracking-details')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Vedi i dettagli' }));
    const sms = screen.getByRole('radio', { name: 'Via SMS al cellulare indicato nell’ordine' });
    expect(document.activeElement).toBe(sms);
    // The page names the order: the number is not asked again.
    expect(screen.queryByRole('textbox', { name: /Numero d’ordine/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Invia il codice' }));
    expect((await screen.findByTestId('tracking-sent')).textContent).toBe('Codice inviato a +39 3** *** **67.');
    const code = screen.getByRole('textbox', { name: 'Codice di conferma (6 cifre)' });
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apri i dettagli' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(code.getAttribute('aria-describedby')!)!.textContent).toBe('Codice errato: restano 4 tentativi.');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apri i dettagli' }));
    const opened = await screen.findByTestId('tracking-details');
    expect(document.activeElement).toBe(within(opened).getByRole('heading', { level: 2, name: 'Stato dell’ordine' }));
    expect(within(opened).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Stato dell’ordine', 'Appuntamento con il tecnico', 'I tuoi documenti', 'Storico dell’ordine', 'Hai cambiato idea?',
    ]);
    expect(within(opened).getByRole('link', { name: 'Recedi dal contratto' }).getAttribute('href')).toBe(`/recesso/${NUMBER}`);
    expect(within(opened).getByText(/fino al 15\/03\/2026 compreso/)).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(TRACKING_ACCESS_KEY)!)).toEqual({ order_number: NUMBER, token: 't'.repeat(43), expires_at: '2099-01-01T10:30:00.000Z' });
    expect(calls.find((c) => c.path === '/api/tracking/details')!.body).toMatchObject({ token: 't'.repeat(43) });
  });

  it('a refresh shows the details again without a code; an ended access goes back to the status and says why', async () => {
    sessionStorage.setItem(TRACKING_ACCESS_KEY, JSON.stringify({ order_number: NUMBER, token: 'kept', expires_at: '2099-01-01T10:30:00.000Z' }));
    let ended = false;
    const calls = serve({
      '/api/tracking/details': () => (ended
        ? refusal(401, 'tracking_access_expired', 'Per sicurezza l’accesso ai dettagli dura 30 minuti ed è scaduto: chiedi un nuovo codice.')
        : ok(details())),
      '/api/tracking/status': () => ok(status),
    });
    renderPage();
    await screen.findByTestId('tracking-details');
    expect(calls.map((c) => c.path)).toEqual(['/api/tracking/details']);

    ended = true;
    cleanup();
    renderPage();
    expect((await screen.findByTestId('tracking-notice')).textContent).toBe('Per sicurezza l’accesso ai dettagli dura 30 minuti ed è scaduto: chiedi un nuovo codice per rivederli.');
    expect(screen.getByTestId('tracking-status-label').textContent).toBe('In attivazione');
    expect(sessionStorage.getItem(TRACKING_ACCESS_KEY)).toBeNull();
  });

  it('books a slot from a labelled group: a missing choice is said next to the group, the outcome in a live region', async () => {
    sessionStorage.setItem(TRACKING_ACCESS_KEY, JSON.stringify({ order_number: NUMBER, token: 'kept', expires_at: '2099-01-01T10:30:00.000Z' }));
    let booked: typeof SLOTS[number] | null = null;
    const calls = serve({
      '/api/tracking/details': () => ok(details(booked)),
      '/api/tracking/book-appointment': (body) => {
        booked = SLOTS.find((s) => s.id === body.slot_id)!;
        return ok({ booked, rebooked: false });
      },
    });
    renderPage();
    const section = await screen.findByTestId('tracking-appointment');
    const group = within(section).getByRole('group', { name: 'Scegli quando può venire il tecnico' });
    expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('aria-labelledby') && document.getElementById(r.getAttribute('aria-labelledby')!)!.textContent))
      .toEqual(['Martedì 10 marzo 2099', 'Mercoledì 11 marzo 2099']);

    fireEvent.click(within(section).getByRole('button', { name: 'Conferma l’appuntamento' }));
    expect(within(section).getByRole('alert').textContent).toBe('Scegli una delle date proposte.');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === '/api/tracking/book-appointment')).toBe(false);

    fireEvent.click(within(group).getAllByRole('radio')[1]!);
    fireEvent.click(within(section).getByRole('button', { name: 'Conferma l’appuntamento' }));
    const result = within(section).getByTestId('tracking-appointment-result');
    expect(result.getAttribute('role')).toBe('status');
    await waitFor(() => expect(result.textContent).toBe('Appuntamento confermato: mercoledì 11 marzo 2099, dalle 13:00 alle 17:00. Ti inviamo la conferma per email e SMS.'));
    expect(calls.find((c) => c.path === '/api/tracking/book-appointment')!.body).toMatchObject({ token: 'kept', slot_id: 'slot-2' });
    // The details are read again: the booked slot, the other one still offered to change to.
    expect((await within(section).findByTestId('tracking-appointment-booked')).textContent).toBe('Appuntamento fissato: mercoledì 11 marzo 2099, dalle 13:00 alle 17:00');
    expect(within(section).getByRole('group', { name: 'Vuoi cambiarlo? Scegli un’altra data' })).toBeTruthy();
  });

  it('an unknown number is said next to the number, which can be corrected', async () => {
    serve({
      '/api/tracking/status': () => answer(404, {
        result: false,
        error: { code: 'tracking_unknown_order', message: 'Non troviamo un ordine con questo numero.', fields: { order_number: 'Numero d’ordine non trovato.' } },
      }),
    });
    renderPage('/ordine/FV-2026-ZZZZZZ');
    const number = await screen.findByRole('textbox', { name: /Numero d’ordine/ });
    expect((number as HTMLInputElement).value).toBe('FV-2026-ZZZZZZ');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Numero d’ordine non trovato.');
    fireEvent.change(number, { target: { value: 'fv-2026-k7m4q9' } });
    expect(number.getAttribute('aria-invalid')).toBeNull();
  });
});
