import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { consoleQueryClient } from '../api/client';
import { either, ok, renderConsole, serve, sessionHandler, type Call } from '../../../testing/console-kit';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const item = { id: 'ord_1', hash: 'AbCdEfGhIjKlMnOp', order_number: 'FV-000123', status: 'signed', customer_type: 'privato', customer_name: 'Mario Rossi',
  offer_id: 101, offer_name: 'Fibra 1000', technology: 'FTTH', promo: null, premade_code: null, documents_to_review: true,
  created_at: '2026-11-20T09:00:00.000Z', signed_at: '2026-11-20T10:00:00.000Z' };
const serveList = () => serve(either(sessionHandler('backoffice'), (c) => (c.path === '/api/console/orders' ? ok({ items: [item], total: 60, page: Number(c.query.get('page') ?? 1), page_size: 25 }) : undefined)));
const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/console/orders').map((c) => c.query.toString());
const here = (router: ReturnType<typeof renderConsole>) => router.state.location.search;

describe('orders list filters and the URL', () => {
  it('fills the form from the URL and asks the server for that list (a reload keeps the filters)', async () => {
    const calls = serveList();
    renderConsole('/console/ordini?status=in_review&q=rossi&documents_to_review=1&page=2&bogus=1&from=not-a-date');
    await screen.findByRole('link', { name: 'FV-000123' });
    expect((screen.getByLabelText('Cerca') as HTMLInputElement).value).toBe('rossi');
    expect((screen.getByLabelText('Stato') as HTMLSelectElement).value).toBe('in_review');
    expect((screen.getByLabelText('Solo con documenti da verificare') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Dal') as HTMLInputElement).value).toBe('');
    expect(listCalls(calls)).toEqual(['status=in_review&documents_to_review=1&q=rossi&page=2']);
    const csv = screen.getByRole('link', { name: 'Esporta CSV' }).getAttribute('href');
    expect(csv).toBe('/api/console/orders/export.csv?q=rossi&status=in_review&documents_to_review=1');
  });

  it('writes submitted filters to the URL, from the first page, and keeps the sort', async () => {
    const calls = serveList();
    const router = renderConsole('/console/ordini?sort=signed_at&dir=asc&page=3');
    await screen.findByRole('link', { name: 'FV-000123' });
    fireEvent.change(screen.getByLabelText('Cerca'), { target: { value: 'RSSMRA80A01H501U' } });
    fireEvent.change(screen.getByLabelText('Cliente'), { target: { value: 'business' } });
    fireEvent.change(screen.getByLabelText('Dal'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
    await waitFor(() => expect(here(router)).toBe('?from=2026-11-01&customer_type=business&q=RSSMRA80A01H501U&sort=signed_at&dir=asc'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('from=2026-11-01&customer_type=business&q=RSSMRA80A01H501U&sort=signed_at&dir=asc'));
  });

  it('sorts by a column header, with aria-sort saying which way', async () => {
    serveList();
    const router = renderConsole('/console/ordini?q=rossi');
    await screen.findByRole('link', { name: 'FV-000123' });
    const header = () => screen.getByRole('columnheader', { name: /^Firmato/ });
    expect(header().getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /^Creato/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: /^Firmato/ }));
    await waitFor(() => expect(here(router)).toBe('?q=rossi&sort=signed_at&dir=desc'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: /^Firmato/ }));
    await waitFor(() => expect(here(router)).toBe('?q=rossi&sort=signed_at&dir=asc'));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
  });

  it('pages through the server’s pages in the URL', async () => {
    serveList();
    const router = renderConsole('/console/ordini?q=rossi');
    await screen.findByText('Pagina 1 di 3');
    fireEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    await waitFor(() => expect(here(router)).toBe('?q=rossi&page=2'));
    await screen.findByText('Pagina 2 di 3');
  });
});

describe('the list’s documents column', () => {
  it('says what is on file: a document to review, none, or how many', async () => {
    const rows = [
      { ...item, id: 'ord_a', order_number: 'FV-A', documents_to_review: true, identity_documents: 2 },
      { ...item, id: 'ord_b', order_number: 'FV-B', documents_to_review: false, identity_documents: 0 },
      { ...item, id: 'ord_c', order_number: 'FV-C', documents_to_review: false, identity_documents: 1 },
      { ...item, id: 'ord_d', order_number: 'FV-D', status: 'draft', signed_at: null, documents_to_review: false, identity_documents: 3 },
    ];
    serve(either(sessionHandler('backoffice'), (c) => (c.path === '/api/console/orders' ? ok({ items: rows, total: 4, page: 1, page_size: 25 }) : undefined)));
    renderConsole('/console/ordini');
    await screen.findByRole('link', { name: 'FV-A' });
    const lastCell = (n: string) => screen.getByRole('link', { name: n }).closest('tr')!.querySelector('td:last-child')!.textContent;
    expect(['FV-A', 'FV-B', 'FV-C', 'FV-D'].map(lastCell)).toEqual(['Da verificare', 'Nessun documento', '1 documento caricato', '3 documenti caricati']);
  });
});
