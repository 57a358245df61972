import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { consoleQueryClient } from '../api/client';
import { either, ok, renderConsole, serve, sessionHandler, type Call } from '../../../testing/console-kit';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); window.localStorage.clear(); });

const reviewOf = (id: string, number: string) => ({
  order: { id, order_number: number, status: 'in_review', customer_type: 'privato' },
  person: { first_name: 'Mario', last_name: 'Rossi', company_name: null, cf: 'RSSMRA80A01H501U', birth_date: '1980-01-01' },
  declared: {
    type: 'carta_identita', type_label: "Carta d'identità", number: 'CA12345AB', issuer: 'Comune di Roma', issue_place: 'Roma (RM)',
    issue_date: '2020-06-15', expiry_date: '2021-06-15',
  },
  files: [
    { id: `${id}-front`, filename: 'fronte.png', mime: 'image/png', size: 2048, created_at: '2026-11-20T10:00:00.000Z' },
    { id: `${id}-pdf`, filename: 'retro.pdf', mime: 'application/pdf', size: 4096, created_at: '2026-11-20T10:00:01.000Z' },
  ],
  claim: { operator_name: 'Operatore backoffice', until: '2026-11-20T10:30:00.000Z', mine: true },
  history: [],
});
const queueItem = (id: string, number: string) => ({ order_id: id, order_number: number, customer_name: 'Mario Rossi', status: 'in_review', documents: 1, uploaded_at: '2026-11-20T10:00:00.000Z', claimed_by: null, claimed_until: null, claimed_by_me: false, withdrawal_period: null });

/** Three orders in the queue; a decision takes the one decided out. */
function server() {
  let decided: string | null = null;
  const ids = ['ord_1', 'ord_2', 'ord_3'];
  return serve(either(
    sessionHandler('backoffice'),
    (c: Call) => {
      const m = /^\/api\/console\/reviews\/(ord_\d)$/.exec(c.path);
      return m ? ok(reviewOf(m[1]!, `FV-${m[1]!.slice(4)}`)) : undefined;
    },
    (c: Call) => (c.path === '/api/console/reviews' ? ok({ items: ids.filter((i) => i !== decided).map((i) => queueItem(i, `FV-${i.slice(4)}`)) }) : undefined),
    (c: Call) => (c.path.endsWith('/claim') ? ok({ ok: true }) : undefined),
    (c: Call) => { if (!c.path.endsWith('/decide')) return undefined; decided = c.path.split('/')[4]!; return ok({ status: 'documents_to_redo' }); },
  ));
}

describe('document review', () => {
  it('shows the files beside the declared data; asks for a decision (none chosen), a reason, then goes on to the next order, claimed', async () => {
    const calls = server();
    const router = renderConsole('/console/verifica/ord_1');
    await screen.findByRole('heading', { name: 'Verifica dell’ordine FV-1' });
    // The image from the console's file call, the PDF in a frame of it; both also in a new tab.
    expect(screen.getByRole('img', { name: 'Documento d’identità del cliente: fronte.png' }).getAttribute('src')).toBe('/api/console/orders/ord_1/documents/ord_1-front');
    expect(screen.getByTitle('Documento d’identità del cliente (PDF): retro.pdf').getAttribute('src')).toBe('/api/console/orders/ord_1/documents/ord_1-pdf');
    const declared = screen.getByRole('region', { name: 'Dati dichiarati dal cliente' });
    for (const text of ['Mario', 'Rossi', 'RSSMRA80A01H501U', '01/01/1980', "Carta d'identità", 'CA12345AB', 'Comune di Roma', '15/06/2020', 'Scaduto']) {
      expect(within(declared).getByText(text, { exact: false })).toBeTruthy();
    }
    // Nothing is chosen for the operator.
    expect((screen.getByLabelText('Approva il documento') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Rifiuta il documento') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Registra la decisione' }));
    await waitFor(() => expect(document.getElementById('c-verifica-decision-error')?.textContent).toBe('Scegli se approvare o rifiutare il documento'));
    expect(document.activeElement?.id).toBe('c-verifica-approve');

    fireEvent.click(screen.getByLabelText('Documento leggibile'));
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
    expect(calls.find((c) => c.path.endsWith('/decide'))?.body).toEqual({
      decision: 'reject', reason: 'other', note: 'Manca la firma sul documento',
      checklist: { names_match: false, not_expired: false, readable: true, photo_present: false },
    });
    expect(calls.filter((c) => c.path.endsWith('/claim')).map((c) => c.path)).toEqual(['/api/console/reviews/ord_2/claim']);
  });

  it('approves only with every check ticked; A, R, N and 1–4 act, but not while typing, nor once turned off', async () => {
    const calls = server();
    const router = renderConsole('/console/verifica/ord_1');
    await screen.findByRole('heading', { name: 'Verifica dell’ordine FV-1' });
    const approve = screen.getByLabelText('Approva il documento') as HTMLInputElement;
    const reject = screen.getByLabelText('Rifiuta il documento') as HTMLInputElement;

    fireEvent.keyDown(document.body, { key: 'r' });
    expect(reject.checked).toBe(true);
    // Typing in the note is typing: the letters stay there.
    const note = screen.getByLabelText('Nota per il cliente (facoltativa)');
    fireEvent.keyDown(note, { key: 'a' });
    fireEvent.keyDown(note, { key: '1' });
    expect(reject.checked).toBe(true);
    expect((screen.getByLabelText('Nomi uguali a quelli dell’ordine') as HTMLInputElement).checked).toBe(false);
    // A modifier belongs to the browser.
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    expect(reject.checked).toBe(true);

    fireEvent.keyDown(document.body, { key: 'A' });
    expect(approve.checked).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Approva il documento' }));
    fireEvent.keyDown(document.body, { key: '1' });
    fireEvent.keyDown(document.body, { key: '3' });
    fireEvent.click(screen.getByRole('button', { name: 'Approva il documento' }));
    await waitFor(() => expect(document.getElementById('c-verifica-checks-error')?.textContent).toMatch(/^Per approvare, ogni verifica deve essere superata/));
    expect(document.activeElement?.id).toBe('c-verifica-check-not_expired');
    expect(calls.some((c) => c.path.endsWith('/decide'))).toBe(false);

    // Turned off (WCAG 2.1.4), the letters do nothing, and the choice is kept for the next page.
    fireEvent.click(screen.getByLabelText('Scorciatoie attive'));
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(approve.checked).toBe(true);
    expect(window.localStorage.getItem('console.review.shortcuts')).toBe('off');
    fireEvent.click(screen.getByLabelText('Scorciatoie attive'));

    // N: the next order after this one, claimed, without a decision.
    fireEvent.keyDown(document.body, { key: 'n' });
    await screen.findByRole('heading', { name: 'Verifica dell’ordine FV-2' });
    expect(router.state.location.pathname).toBe('/console/verifica/ord_2');
    expect(calls.filter((c) => c.path.endsWith('/claim')).map((c) => c.path)).toEqual(['/api/console/reviews/ord_2/claim']);
    // From the second, N goes on to the third, not back to the first.
    fireEvent.keyDown(document.body, { key: 'n' });
    await screen.findByRole('heading', { name: 'Verifica dell’ordine FV-3' });
    expect(calls.some((c) => c.path.endsWith('/decide'))).toBe(false);
  });

  it('sends an approval with every check ticked', async () => {
    const calls = server();
    renderConsole('/console/verifica/ord_1');
    await screen.findByRole('heading', { name: 'Verifica dell’ordine FV-1' });
    for (const label of ['Nomi uguali a quelli dell’ordine', 'Documento non scaduto', 'Documento leggibile', 'Foto presente']) fireEvent.click(screen.getByLabelText(label));
    fireEvent.click(screen.getByLabelText('Approva il documento'));
    fireEvent.click(screen.getByRole('button', { name: 'Approva il documento' }));
    await screen.findByRole('heading', { name: 'Verifica dell’ordine FV-2' });
    expect(calls.find((c) => c.path.endsWith('/decide'))?.body).toEqual({
      decision: 'approve', checklist: { names_match: true, not_expired: true, readable: true, photo_present: true },
    });
  });
});
