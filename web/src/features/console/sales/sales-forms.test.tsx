import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { encodeTrustedAmounts, offerSchema, offerWireSchema } from '@checkout/contract';
import { consoleQueryClient } from '../api/client';
import { buildConsoleRoutes } from '../routes';
import { either, ok, refused, serve, sessionHandler, type Call, type Handler } from '../../../testing/console-kit';
import { salesConsoleNav, salesConsoleRoutes } from './index';

/*
 * The console's sales forms in the real console frame: the real routes and query client, the contract's
 * clients, and a stubbed fetch answering like the server (console calls and the public coverage calls).
 */

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const renderSales = (url: string) => {
  const router = createMemoryRouter(buildConsoleRoutes({ children: salesConsoleRoutes, nav: salesConsoleNav }), { initialEntries: [url] });
  render(<QueryClientProvider client={consoleQueryClient}><RouterProvider router={router} /></QueryClientProvider>);
  return router;
};

const offer = offerSchema.parse({
  id: 101, name: 'Fibra Viva Casa 1 Giga', customer_type: 'privato', technologies: ['FTTH'], recurrent_cost: 2690, cash_amount: 3990, max_download_speed: 1000,
  options: [
    { id: 20, name: 'Modem Wi-Fi 6', category: 'router', included: true, recurrent_cost: 0, cash_amount: 0, contract_code: 'C20' },
    { id: 10, name: 'Voce Illimitata Family', category: 'voip', recurrent_cost: 500, cash_amount: 0, contract_code: 'C10' },
  ],
});
const address = { id_egon_civico: '0580910000001', id_building: null, street: 'Via Roma', number: '1', zip_code: '00100', id_comune: '058091', city: 'Roma', province: 'RM', label: 'Via Roma 1, 00100 Roma (RM)' };

/** The public calls of the coverage search and the catalogue. */
const publicCalls: Handler = (c) => {
  if (c.path === '/api/utility/check-copertura/search-comuni/') {
    return ok([{ id: '058091', name: 'Roma', province: 'RM', province_name: 'Roma', region: 'Lazio', caps: ['00100'] }]);
  }
  if (c.path === '/api/utility/check-copertura/list-address-advanced/') return ok([address]);
  if (c.path === '/api/utility/check-copertura/services/') {
    return ok({ address, services: [], suggested_technology: 'FTTH', openfiber_cluster: 'A', offer_ids: [101] });
  }
  if (c.path === '/api/offers/101') return ok(encodeTrustedAmounts(offerWireSchema, offer));
  return undefined;
};

const created = {
  id: 'ord_9', code: 'K7M2QX9TZB', order_number: 'FV-2026-000042', path: '/attiva/fill-order/pre/K7M2QX9TZB',
  url: 'https://negozio.example.it/attiva/fill-order/pre/K7M2QX9TZB', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>',
  expires_at: '2026-12-26T10:00:00.000Z', needs_code: true, masked_phone: '+39 3** *** **67',
};
const creates = (calls: Call[]) => calls.filter((c) => c.path === '/api/console/premade-orders' && c.method === 'POST');

describe('pre-made order form', () => {
  it('picks the address with the coverage search, the offer and an option, asks for the mobile with customer data, and shows code, link and QR code', async () => {
    const calls = serve(either(sessionHandler('backoffice'), publicCalls, (c) => (c.path === '/api/console/premade-orders' && c.method === 'POST' ? ok(created) : undefined)));
    renderSales('/console/ordini-precompilati/nuovo');
    await screen.findByRole('heading', { name: 'Nuovo ordine precompilato' });
    expect(screen.getByRole('link', { name: 'Ordini precompilati' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Comune'), { target: { value: 'rom' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Roma (RM)' }));
    fireEvent.change(screen.getByLabelText('Via e numero civico'), { target: { value: 'via roma 1' } });
    fireEvent.click(await screen.findByRole('button', { name: address.label }));
    await screen.findByText('Copertura: FTTH');
    const offerSelect = screen.getByLabelText('Offerta') as HTMLSelectElement;
    await waitFor(() => expect(offerSelect.disabled).toBe(false));
    fireEvent.change(offerSelect, { target: { value: '101' } });
    // The included router is not offered as an option to add.
    expect(screen.queryByLabelText(/Modem Wi-Fi 6/)).toBeNull();
    fireEvent.click(screen.getByLabelText(/Voce Illimitata Family/));
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Giulia' } });
    fireEvent.change(screen.getByLabelText('Giorni di validità'), { target: { value: '10' } });

    fireEvent.click(screen.getByRole('button', { name: 'Crea l’ordine' }));
    const phone = screen.getByLabelText('Cellulare');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const errorId = phone.getAttribute('aria-describedby')!.split(' ').find((i) => i.endsWith('-error'))!;
    expect(document.getElementById(errorId)?.textContent).toContain('serve il cellulare');
    expect(creates(calls)).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '347 123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea l’ordine' }));
    await screen.findByRole('heading', { name: 'Ordine precompilato creato' });
    expect(creates(calls).map((c) => c.body)).toEqual([{
      offer_id: 101, customer_type: 'privato', option_ids: [10], first_name: 'Giulia', mobile_phone_number: '3471234567',
      id_egon_civico: address.id_egon_civico, valid_days: 10,
    }]);
    expect(creates(calls)[0]!.headers['x-csrf-token']).toBe('csrf-123');
    expect(screen.getByText(created.code)).toBeTruthy();
    expect((screen.getByLabelText('Link da inviare al cliente') as HTMLInputElement).value).toBe(created.url);
    const qr = screen.getByRole('img', { name: `Codice QR del link per l’ordine ${created.code}` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText(/codice inviato via SMS al \+39 3\*\* \*\*\* \*\*67/)).toBeTruthy();
  });

  it('shows the server’s refusal next to its field', async () => {
    serve(either(sessionHandler('backoffice'), publicCalls, (c) => (c.path === '/api/console/premade-orders' && c.method === 'POST'
      ? refused(422, { code: 'validation_error', message: 'Dati non validi', fields: { email: 'Email già usata per un altro ordine' } }) : undefined)));
    renderSales('/console/ordini-precompilati/nuovo');
    fireEvent.change(await screen.findByLabelText('Comune'), { target: { value: 'rom' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Roma (RM)' }));
    fireEvent.change(screen.getByLabelText('Via e numero civico'), { target: { value: 'via roma 1' } });
    fireEvent.click(await screen.findByRole('button', { name: address.label }));
    await screen.findByRole('option', { name: /Fibra Viva Casa 1 Giga/ });
    fireEvent.change(screen.getByLabelText('Offerta'), { target: { value: '101' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'giulia@example.it' } });
    fireEvent.change(screen.getByLabelText('Cellulare'), { target: { value: '3471234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea l’ordine' }));
    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Email già usata per un altro ordine')).toBeTruthy();
  });

  it('marks an option the server refuses at that option, and drops the message once the option is changed', async () => {
    serve(either(sessionHandler('backoffice'), publicCalls, (c) => (c.path === '/api/console/premade-orders' && c.method === 'POST'
      ? refused(422, { code: 'validation_error', message: 'Dati non validi', fields: { 'options.10': 'Opzione non compatibile con l’offerta' } }) : undefined)));
    renderSales('/console/ordini-precompilati/nuovo');
    fireEvent.change(await screen.findByLabelText('Comune'), { target: { value: 'rom' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Roma (RM)' }));
    fireEvent.change(screen.getByLabelText('Via e numero civico'), { target: { value: 'via roma 1' } });
    fireEvent.click(await screen.findByRole('button', { name: address.label }));
    await screen.findByRole('option', { name: /Fibra Viva Casa 1 Giga/ });
    fireEvent.change(screen.getByLabelText('Offerta'), { target: { value: '101' } });
    const voice = screen.getByRole('checkbox', { name: /^Voce Illimitata Family/ });
    fireEvent.click(voice);
    fireEvent.click(screen.getByRole('button', { name: 'Crea l’ordine' }));
    await waitFor(() => expect(voice.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(voice.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Opzione non compatibile con l’offerta');
    expect(screen.getByText('Correggi i campi evidenziati.')).toBeTruthy();
    fireEvent.click(voice);
    expect(voice.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Opzione non compatibile con l’offerta')).toBeNull();
    expect(screen.queryByText('Correggi i campi evidenziati.')).toBeNull();
  });

  it('is not offered to a viewer', async () => {
    serve(either(sessionHandler('viewer'), publicCalls));
    renderSales('/console/ordini-precompilati/nuovo');
    await screen.findByText('Il tuo ruolo non permette di aprire questa pagina.');
    expect(screen.queryByRole('link', { name: 'Ordini mobile' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contatti' })).toBeTruthy();
  });
});

describe('lead page', () => {
  const detail = {
    lead: {
      id: 'lead-1', created_at: '2026-11-26T08:00:00.000Z', delivery_status: 'flagged', attempts: 10, next_attempt_at: null,
      delivered_at: null, last_error: 'HTTP 404', name: 'Giulia Verdi', email: 'giulia@example.com', phone: '+39 333 1234567', comune: 'Roma',
      request_type: 'callback', offer_name: '', handled_at: null, handled_by: null, handled_note: null,
    },
    masked: false, rows: [{ label: 'Nome', value: 'Giulia' }],
  };
  const delivery = (target: string, patch: Record<string, unknown> = {}) => ({
    id: `msg_1.${target}`, target, template: null, status: 'pending', attempts: 0, next_attempt_at: '2026-11-26T08:00:00.000Z',
    last_error: null, last_status_code: null, delivered_at: null, recent_attempts: [], can_redeliver: false, ...patch,
  });
  const flagged = delivery('lead_webhook', {
    status: 'flagged', attempts: 10, next_attempt_at: null, last_error: 'HTTP 404', last_status_code: 404, can_redeliver: true,
    recent_attempts: [
      { at: '2026-11-26T08:30:00.000Z', ok: false, status_code: 404, error: 'HTTP 404', duration_ms: 30, operator_name: null },
      { at: '2026-11-26T08:20:00.000Z', ok: false, status_code: 503, error: 'HTTP 503', duration_ms: 30, operator_name: null },
    ],
  });
  const delivered = delivery('lead_webhook', { status: 'delivered', attempts: 11, next_attempt_at: null, delivered_at: '2026-11-26T09:00:00.000Z', can_redeliver: true });
  const events = (lead: Record<string, unknown>) => ({
    webhook_configured: false, lead_webhook_configured: true,
    items: [{ id: 'msg_1', type: 'lead.created', seq: 1, created_at: '2026-11-26T08:00:00.000Z', deliveries: [delivery('webhook'), lead] }],
  });

  it('marks the lead handled with a note (refused empty, next to the field) and sends its delivery again', async () => {
    let sent = false;
    const calls = serve(either(sessionHandler('backoffice'), (c) => {
      if (c.path === '/api/console/leads/lead-1' && c.method === 'GET') return ok(detail);
      if (c.path === '/api/console/leads/lead-1/events') return ok(events(sent ? delivered : flagged));
      if (c.path === '/api/console/leads/lead-1/handled') {
        return ok({ ...detail, lead: { ...detail.lead, handled_at: '2026-11-26T09:10:00.000Z', handled_by: 'Operatore backoffice', handled_note: (c.body as { note: string }).note } });
      }
      if (c.path === '/api/console/leads/lead-1/deliveries/msg_1.lead_webhook/redeliver') { sent = true; return ok(delivered); }
      return undefined;
    }));
    renderSales('/console/contatti/lead-1');
    await screen.findByRole('heading', { name: 'Contatto: Giulia Verdi' });
    fireEvent.click(screen.getByRole('button', { name: 'Segna come gestito' }));
    const note = screen.getByLabelText('Nota sulla gestione');
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((c) => c.path.endsWith('/handled'))).toBe(false);
    fireEvent.change(note, { target: { value: 'Richiamata, preventivo inviato' } });
    fireEvent.click(screen.getByRole('button', { name: 'Segna come gestito' }));
    await screen.findByText(/Gestito da Operatore backoffice/);
    expect(calls.find((c) => c.path.endsWith('/handled'))?.body).toEqual({ note: 'Richiamata, preventivo inviato' });

    // The deliveries as the order page shows them: the lead webhook's flagged one can go again; the provider's waits.
    const section = within((await screen.findByRole('heading', { name: 'Eventi e consegne' })).closest('section')!);
    await section.findByText('Richiesta di contatto');
    expect(section.getByText('Webhook dei contatti')).toBeTruthy();
    expect(section.getByText('Da verificare')).toBeTruthy();
    expect(section.getByText(/WEBHOOK_URL/)).toBeTruthy();
    const buttons = section.getAllByRole('button', { name: /Invia di nuovo/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    await section.findByText('Inviato di nuovo: consegnato.');
    await waitFor(() => expect(section.queryByText('Da verificare')).toBeNull());
    const post = calls.find((c) => c.path.endsWith('/redeliver'));
    expect(post?.headers['x-csrf-token']).toBe('csrf-123');
    // The lead and the list are read again after it.
    expect(calls.filter((c) => c.path === '/api/console/leads/lead-1' && c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('a viewer reads it with no action', async () => {
    serve(either(sessionHandler('viewer'), (c) => {
      if (c.path === '/api/console/leads/lead-1') return ok({ ...detail, masked: true });
      if (c.path === '/api/console/leads/lead-1/events') return ok(events(flagged));
      return undefined;
    }));
    renderSales('/console/contatti/lead-1');
    await screen.findByText('I dati personali sono mascherati per il tuo ruolo.');
    const section = within((await screen.findByRole('heading', { name: 'Eventi e consegne' })).closest('section')!);
    await section.findByText('Da verificare');
    expect(screen.queryByRole('button', { name: /Invia di nuovo/ })).toBeNull();
    expect(screen.queryByLabelText('Nota sulla gestione')).toBeNull();
  });
});

describe('mobile order form', () => {
  it('puts the server’s field errors under their fields', async () => {
    serve(either(sessionHandler('backoffice'), (c) => {
      if (c.path === '/api/mobile-operators/list/') return ok([{ id: 'tim', name: 'TIM', migration_code: null, virtual: false }]);
      if (c.path === '/api/console/mobile-orders' && c.method === 'POST') {
        return refused(422, { code: 'validation_error', message: 'Dati non validi', fields: { iccid: 'ICCID non valido: 19-20 cifre, inizia con 8939, cifra di controllo corretta.' } });
      }
      return undefined;
    }));
    renderSales('/console/ordini-mobile/nuovo');
    fireEvent.click(await screen.findByRole('button', { name: 'Crea l’ordine mobile' }));
    await waitFor(() => expect(screen.getByLabelText('Numero della nuova SIM').getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(screen.getByLabelText('Numero della nuova SIM'), { target: { value: '3331234567' } });
    fireEvent.change(screen.getByLabelText('ICCID della SIM'), { target: { value: '8939010000000000018' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea l’ordine mobile' }));
    await screen.findByText(/ICCID non valido: 19-20 cifre/);
    expect(screen.getByLabelText('ICCID della SIM').getAttribute('aria-invalid')).toBe('true');
  });
});
