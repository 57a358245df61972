import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../../app/app-providers';
import { useCheckoutStore } from '../../state/checkout-store';
import SignaturePage from './signature-page';
import { answer } from '../../testing/api-answers';

const HASH = 's'.repeat(24);
const ORDER = { id: HASH, hash: HASH, short_hash: 'ABC123', status: 'ready_to_sign' as const };

const ok = (data: unknown) => answer(200, { result: true, data });

interface Call { path: string; body: Record<string, unknown> }

/**
 * The server as the signature page meets it: a preview, send-otp, reopen-order, change-mobile-phone-number
 * and confirm-mobile-phone-number; `overrides` answer a path differently. Every call is recorded in order.
 */
const fakeServer = (overrides: Record<string, (body: Record<string, unknown>) => Response | Promise<Response>> = {}) => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace(`/api/orders/${HASH}/`, '');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ path, body });
    const override = overrides[path];
    if (override) return override(body);
    switch (path) {
      case 'contract-preview': return ok({
        pdf_base64: 'JVBERi0xLjQK', sha256: 'a'.repeat(64), filename: 'contratto.pdf',
        summary: { pdf_base64: 'JVBERi0xLjQK', sha256: 'b'.repeat(64), filename: 'sintesi-contrattuale-fibra-viva.pdf' },
        totals: { monthly: 3190, one_off: 3990, vat_included: true },
      });
      case 'send-otp': return ok({ sent: true, channel: 'sms', destination: '+39 333 ••• 4567', resend_after_seconds: 60 });
      case 'reopen-order': return ok(ORDER);
      case 'change-mobile-phone-number': return ok({ pending: true, destination: '+39 3** *** **21', expires_at: new Date(Date.now() + 600_000).toISOString(), resend_after_seconds: 30 });
      case 'confirm-mobile-phone-number': return ok({ changed: true, destination: '+39 3** *** **21', changed_at: new Date().toISOString() });
      default: return answer(404, { result: false, error: { code: 'not_found', message: 'Risorsa non trovata.' } });
    }
  }));
  return calls;
};

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

const renderPage = () => render(
  <AppProviders>
    <MemoryRouter initialEntries={['/attiva/firma']}>
      <Routes>
        <Route path="/attiva/firma" element={<SignaturePage />} />
        <Route path="/attiva/step-5" element={<Link to="/attiva/firma">Alla firma</Link>} />
      </Routes>
      <Where />
    </MemoryRouter>
  </AppProviders>,
);

const sendButton = () => screen.getByRole('button', { name: 'Invia codice' });
const summaryBox = () => screen.getByRole('checkbox', { name: /Ho letto la sintesi contrattuale/ });
const feaBox = () => screen.getByRole('checkbox', { name: /condizioni della firma elettronica avanzata/ });
const termsBox = () => screen.getByRole('checkbox', { name: /Ho letto e accetto le condizioni generali di contratto/ });
const withdrawalBox = () => screen.getByRole('checkbox', { name: /Ho letto l’informativa sul diritto di recesso \(14 giorni\)/ });
/** The message a control's aria-describedby points to (its error). */
const errorOf = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ')
  .map((id) => document.getElementById(id)).find((e) => e?.getAttribute('role') === 'alert')?.textContent ?? null;

const setCustomer = (customer_type: 'privato' | 'business') => useCheckoutStore.setState((s) => ({
  persistent: { ...s.persistent, maxStep: 5, currentStep: 5, currentOrderData: { id: HASH, hash: HASH } },
  fields: { ...s.fields, customer_type, first_name: 'Maria', email: 'maria@example.it', mobile_phone_number: '3331234567' },
  order: ORDER,
}));

beforeEach(() => setCustomer('privato'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

/** Renders and waits for the preview (the send button waits for it too). */
const ready = async () => {
  renderPage();
  await screen.findByTestId('contract-download');
};

describe('signature page: acceptances before the code', () => {
  it('asks every customer to read the contract summary first, its label opening the summary PDF in the page', async () => {
    fakeServer();
    await ready();
    const summary = document.getElementById('sintesi-contrattuale') as HTMLDetailsElement;
    expect(summary.open).toBe(false);
    fireEvent.click(within(summaryBox().closest('.form-check') as HTMLElement).getByRole('link', { name: 'sintesi contrattuale' }));
    expect(summary.open).toBe(true);
    expect(within(summary).getByTitle('Sintesi contrattuale').tagName).toBe('IFRAME');
    expect(within(summary).getByTestId('summary-download').getAttribute('download')).toBe('sintesi-contrattuale-fibra-viva.pdf');
    const boxes = screen.getAllByRole('checkbox').map((box) => box.id);
    expect(boxes.indexOf('accept-contract_summary_read')).toBe(0);
  });

  it('asks a consumer for the general conditions and the withdrawal information, each label opening its text', async () => {
    fakeServer();
    await ready();
    const terms = document.getElementById('condizioni-generali') as HTMLDetailsElement;
    const withdrawal = document.getElementById('informativa-recesso') as HTMLDetailsElement;
    expect(terms.open).toBe(false);
    expect(withdrawal.open).toBe(false);

    fireEvent.click(within(termsBox().closest('.form-check') as HTMLElement).getByRole('link', { name: 'condizioni generali di contratto' }));
    expect(terms.open).toBe(true);
    expect(terms.textContent).toContain('4. Recesso');

    fireEvent.click(within(withdrawalBox().closest('.form-check') as HTMLElement).getByRole('link', { name: 'l’informativa sul diritto di recesso (14 giorni)' }));
    expect(withdrawal.open).toBe(true);
    expect(withdrawal.textContent).toContain('entro 14 giorni');
    // Codice del Consumo allegato I, parte B: the model withdrawal form.
    const form = screen.getByTestId('withdrawal-form');
    expect(form.textContent).toContain('Modulo di recesso tipo');
    expect(form.textContent).toContain('Con la presente io/noi (*) notifichiamo il recesso dal mio/nostro (*) contratto');
    expect(form.textContent).toContain('Destinatario: Fibra Viva S.p.A.');
  });

  it('asks a business customer for the general conditions only', async () => {
    setCustomer('business');
    fakeServer();
    await ready();
    expect(summaryBox()).toBeTruthy();
    expect(termsBox()).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /diritto di recesso/ })).toBeNull();
    expect(document.getElementById('informativa-recesso')).toBeNull();
  });

  it('does not ask for a code until the boxes are ticked, and says so next to each box', async () => {
    const calls = fakeServer();
    await ready();
    await act(async () => {
      fireEvent.click(sendButton());
    });
    expect(errorOf(summaryBox())).toBe('Apri e leggi la sintesi contrattuale per ricevere il codice.');
    expect(errorOf(termsBox())).toBe('Accetta le condizioni generali di contratto per ricevere il codice.');
    expect(errorOf(withdrawalBox())).toBe('Conferma di aver letto l’informativa sul diritto di recesso per ricevere il codice.');
    expect(termsBox().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(summaryBox());
    expect(calls.map((c) => c.path)).not.toContain('send-otp');

    // Ticking one clears its own message only.
    fireEvent.click(termsBox());
    expect(errorOf(termsBox())).toBeNull();
    expect(errorOf(withdrawalBox())).not.toBeNull();
  });

  it('sends the acceptances with the code request', async () => {
    const calls = fakeServer();
    await ready();
    fireEvent.click(summaryBox());
    fireEvent.click(termsBox());
    fireEvent.click(withdrawalBox());
    fireEvent.click(feaBox());
    await act(async () => {
      fireEvent.click(sendButton());
    });
    await screen.findByText(/Codice inviato a/);
    expect(calls.find((c) => c.path === 'send-otp')?.body).toMatchObject({
      mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true,
      // Never asked for unless the consumer ticks it.
      early_activation_requested: false,
    });
    expect(useCheckoutStore.getState().persistent.alreadySentOtp).toBe(true);
    // Codice del Consumo art. 51 c. 2: the server's price, duration and withdrawal right right before an unambiguous order button.
    const info = screen.getByTestId('pre-contract');
    expect(screen.getByTestId('pre-contract-price').textContent).toBe('Prezzo: 31,90\u00a0€ al mese e 39,90\u00a0€ una tantum (IVA inclusa).');
    expect(info.textContent).toContain('entro 14 giorni');
    expect(screen.getByRole('button', { name: 'Firma: ordine con obbligo di pagare' })).toBeTruthy();
  });

  it('sends the consumer’s express request to start within the 14 days only when ticked, and offers none to a business', async () => {
    const calls = fakeServer();
    await ready();
    const early = screen.getByRole('checkbox', { name: /Chiedo che l’attivazione inizi durante i 14 giorni/ });
    expect((early as HTMLInputElement).checked).toBe(false);
    for (const box of [summaryBox(), termsBox(), withdrawalBox(), feaBox(), early]) fireEvent.click(box);
    await act(async () => {
      fireEvent.click(sendButton());
    });
    await screen.findByText(/Codice inviato a/);
    expect(calls.find((c) => c.path === 'send-otp')?.body).toMatchObject({ early_activation_requested: true });
    cleanup();
    setCustomer('business');
    fakeServer();
    await ready();
    expect(screen.queryByRole('checkbox', { name: /Chiedo che l’attivazione/ })).toBeNull();
  });

  it('puts the server’s refusal of a missing acceptance next to its box', async () => {
    fakeServer({
      'send-otp': () => answer(422, {
        result: false,
        error: {
          code: 'acceptance_required', message: 'Per firmare devi prima accettare le condizioni indicate.',
          fields: { contract_withdrawal_accepted: 'Conferma di aver letto l’informativa sul diritto di recesso per continuare.' },
        },
      }),
    });
    await ready();
    fireEvent.click(summaryBox());
    fireEvent.click(termsBox());
    fireEvent.click(withdrawalBox());
    fireEvent.click(feaBox());
    await act(async () => {
      fireEvent.click(sendButton());
    });
    await waitFor(() => expect(errorOf(withdrawalBox())).toBe('Conferma di aver letto l’informativa sul diritto di recesso per continuare.'));
    expect(errorOf(termsBox())).toBeNull();
    expect(withdrawalBox().getAttribute('aria-invalid')).toBe('true');
  });
});

describe('signature page: going back reopens the order', () => {
  it('reopens the order before going back to change it, and forgets the sent code', async () => {
    useCheckoutStore.getState().setPersistent({ alreadySentOtp: true });
    let release: () => void = () => undefined;
    const calls = fakeServer({
      // The answer waits: until it comes the page must not move.
      'reopen-order': () => new Promise<Response>((resolve) => { release = () => resolve(ok(ORDER)); }),
    });
    await ready();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Modifica l’ordine' }));
    });
    expect(calls.map((c) => c.path)).toContain('reopen-order');
    expect(screen.getByTestId('location').textContent).toBe('/attiva/firma');
    await act(async () => {
      release();
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/attiva/step-5'));
    expect(useCheckoutStore.getState().persistent.alreadySentOtp).toBe(false);
  });

  it('reopens the order even when this browser did not send the code (another tab may have)', async () => {
    const calls = fakeServer();
    await ready();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/attiva/step-5'));
    expect(calls.map((c) => c.path)).toContain('reopen-order');
  });

  it('stays and says why when the order cannot be reopened', async () => {
    useCheckoutStore.getState().setPersistent({ alreadySentOtp: true });
    fakeServer({
      'reopen-order': () => answer(409, { result: false, error: { code: 'already_signed', message: 'Il contratto di quest’ordine è già stato firmato.' } }),
    });
    await ready();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Modifica l’ordine' }));
    });
    expect((await screen.findByTestId('edit-error')).textContent).toBe('Il contratto di quest’ordine è già stato firmato.');
    expect(screen.getByTestId('location').textContent).toBe('/attiva/firma');
    expect(useCheckoutStore.getState().persistent.alreadySentOtp).toBe(true);
  });

  it('previews the contract afresh after a visit to the steps (the order may have changed there)', async () => {
    const calls = fakeServer();
    await ready();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Alla firma' }));
    await screen.findByTestId('contract-download');
    await waitFor(() => expect(calls.filter((c) => c.path === 'contract-preview')).toHaveLength(2));
  });
});

describe('signature page: changing the mobile number', () => {
  const changeNumber = async (typed: string) => {
    fireEvent.click(screen.getByRole('button', { name: 'Cambia numero di cellulare' }));
    const field = screen.getByLabelText('Nuovo numero di cellulare');
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: typed } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Invia il codice' }));
    });
  };
  const codeBox = () => screen.getByLabelText('Codice ricevuto sul nuovo numero (6 cifre)');
  const confirmWith = async (code: string) => {
    fireEvent.change(codeBox(), { target: { value: code } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Conferma il nuovo numero' }));
    });
  };

  it('sends a code to the new number and changes nothing until it is confirmed; then previews the contract again', async () => {
    useCheckoutStore.getState().setPersistent({ alreadySentOtp: true });
    const calls = fakeServer();
    await ready();
    await changeNumber('347 765 4321');
    await waitFor(() => expect(document.activeElement).toBe(codeBox()));
    expect(calls.map((c) => c.path)).toEqual(['contract-preview', 'reopen-order', 'change-mobile-phone-number']);
    expect(calls[2]?.body).toMatchObject({ mobile_phone_number: '3477654321' });
    expect(screen.getByTestId('mobile-code-sent').textContent)
      .toBe('Abbiamo inviato un codice a +39\u00a03**\u00a0***\u00a0**21: vale 10 minuti. Finché non lo confermi, il codice di firma arriva ancora al numero 3331234567.');
    // The code field names what was sent where (screen readers read it with the field).
    expect(codeBox().getAttribute('aria-describedby')).toContain(screen.getByTestId('mobile-code-sent').id);
    expect(useCheckoutStore.getState().fields.mobile_phone_number).toBe('3331234567');
    expect(screen.getByRole('radio', { name: 'Via SMS al numero 3331234567' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invia di nuovo il codice' }).hasAttribute('disabled')).toBe(true);

    await confirmWith('123456');
    await screen.findByText(/Numero aggiornato: 3477654321/);
    await waitFor(() => expect(calls.filter((c) => c.path === 'contract-preview')).toHaveLength(2));
    expect(calls.map((c) => c.path).slice(3)).toEqual(['reopen-order', 'confirm-mobile-phone-number', 'contract-preview']);
    expect(calls[4]?.body).toMatchObject({ otp: '123456' });
    expect(useCheckoutStore.getState().fields.mobile_phone_number).toBe('3477654321');
    expect(useCheckoutStore.getState().persistent.alreadySentOtp).toBe(false);
    expect(screen.getByRole('radio', { name: 'Via SMS al numero 3477654321' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cambia numero di cellulare' })));
  });

  it('says why a wrong code is refused next to the code field, and keeps the old number', async () => {
    fakeServer({
      'confirm-mobile-phone-number': () => answer(422, {
        result: false, error: { code: 'otp_wrong', message: 'Codice errato: restano 4 tentativi.', attempts_left: 4, fields: { otp: 'Codice errato.' } },
      }),
    });
    await ready();
    await changeNumber('3477654321');
    await confirmWith('000000');
    await waitFor(() => expect(errorOf(codeBox())).toBe('Codice errato: restano 4 tentativi.'));
    expect(codeBox().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(codeBox());
    expect(useCheckoutStore.getState().fields.mobile_phone_number).toBe('3331234567');
    expect(screen.queryByText(/Numero aggiornato/)).toBeNull();
  });

  it('checks the number before asking, and puts the server’s refusal next to the number field', async () => {
    const calls = fakeServer({
      'change-mobile-phone-number': () => answer(429, {
        result: false, error: { code: 'otp_destination_limit', message: 'Abbiamo già inviato troppi codici a questo recapito: riprova tra 50 minuti.', retry_after_seconds: 3000 },
      }),
    });
    await ready();
    await changeNumber('06 1234567');
    const field = screen.getByLabelText('Nuovo numero di cellulare');
    expect(errorOf(field)).toBe('Inserisci un numero di cellulare italiano valido (es. 333 1234567).');
    expect(calls.map((c) => c.path)).not.toContain('change-mobile-phone-number');
    fireEvent.change(field, { target: { value: '3477654321' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Invia il codice' }));
    });
    await waitFor(() => expect(errorOf(field)).toBe('Abbiamo già inviato troppi codici a questo recapito: riprova tra 50 minuti.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByLabelText('Codice ricevuto sul nuovo numero (6 cifre)')).toBeNull();
  });

  it('shows the pending change again after a refresh, until it is confirmed or cancelled', async () => {
    fakeServer();
    await ready();
    await changeNumber('3477654321');
    await screen.findByTestId('mobile-code-sent');
    cleanup();
    fakeServer();
    await ready();
    expect(screen.getByTestId('mobile-code-sent').textContent).toContain('+39\u00a03**\u00a0***\u00a0**21');
    expect(codeBox()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByTestId('mobile-change')).toBeNull();
    cleanup();
    fakeServer();
    await ready();
    expect(screen.queryByTestId('mobile-change')).toBeNull();
  });
});

describe('signature page: a code that no longer signs', () => {
  const signWith = async (code: string) => {
    fireEvent.change(screen.getByLabelText('Codice di firma (6 cifre)'), { target: { value: code } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Firma: ordine con obbligo di pagare' }));
    });
  };
  const refusal = (code: string, message: string) => () => answer(409, { result: false, error: { code, message } });

  it('says the contract changed, and shows the contract as it is now', async () => {
    useCheckoutStore.getState().setPersistent({ alreadySentOtp: true });
    const message = 'Il contenuto del contratto è cambiato dopo l’invio del codice (l’ordine è stato modificato oppure un prezzo non è più lo stesso): rileggi il contratto aggiornato e richiedi un nuovo codice.';
    const calls = fakeServer({ 'sign-with-otp': refusal('otp_document_changed', message) });
    await ready();
    await signWith('123456');
    await waitFor(() => expect(errorOf(screen.getByLabelText('Codice di firma (6 cifre)'))).toBe(message));
    await waitFor(() => expect(calls.filter((c) => c.path === 'contract-preview')).toHaveLength(2));
  });

  it('says the number changed when it is the number, and previews nothing again', async () => {
    useCheckoutStore.getState().setPersistent({ alreadySentOtp: true });
    const message = 'Il codice non è più valido perché il numero di cellulare del contratto è cambiato dopo l’invio: richiedine uno nuovo.';
    const calls = fakeServer({ 'sign-with-otp': refusal('otp_invalidated', message) });
    await ready();
    await signWith('123456');
    await waitFor(() => expect(errorOf(screen.getByLabelText('Codice di firma (6 cifre)'))).toBe(message));
    expect(calls.filter((c) => c.path === 'contract-preview')).toHaveLength(1);
  });
});
