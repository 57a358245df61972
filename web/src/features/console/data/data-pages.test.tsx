import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReferenceJob } from '@checkout/contract/console/schemas-data';
import { consoleQueryClient } from '../api/client';
import { buildConsoleRoutes } from '../routes';
import { either, ok, refused, serve, sessionHandler, type Call } from '../../../testing/console-kit';
import { dataConsoleNav, dataConsoleRoutes } from './index';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); consoleQueryClient.clear(); });

const renderData = (url: string) => {
  const router = createMemoryRouter(buildConsoleRoutes({ children: dataConsoleRoutes, nav: dataConsoleNav }), { initialEntries: [url] });
  render(<QueryClientProvider client={consoleQueryClient}><RouterProvider router={router} /></QueryClientProvider>);
  return router;
};

const job = (over: Partial<ReferenceJob>): ReferenceJob => ({
  id: 'job-1', kind: 'coverage', filename: 'copertura.csv', size_bytes: 2048, skip_bad: true, status: 'queued', phase: null, progress: 0,
  rows_read: 0, rows_good: 0, rows_bad: 0, applied: null, counts: null, imported: null, row_errors: [], report: [], message: null,
  operator_email: 'admin@example.it', created_at: '2026-11-26T09:00:00.000Z', started_at: null, finished_at: null, ...over,
});
const counts = { inserted: 4, updated: 0, unchanged: 0 };

describe('reference files', () => {
  it('uploads a file, keeps the job in the URL, follows its progress and shows the row errors', async () => {
    // No XMLHttpRequest: the client sends through fetch (the stub), which reports the end of the upload only.
    vi.stubGlobal('XMLHttpRequest', undefined);
    let polls = 0;
    const calls = serve(either(sessionHandler('admin'), (c: Call) => {
      if (c.method === 'POST' && c.path === '/api/console/data/uploads') return ok({ job: job({}) });
      if (c.path === '/api/console/data/uploads/job-1') {
        polls++;
        return ok(polls === 1
          ? job({ status: 'running', phase: 'check', progress: 0.4, rows_read: 400, rows_good: 399, rows_bad: 1, started_at: '2026-11-26T09:00:01.000Z' })
          : job({
            status: 'done', phase: 'write', progress: 1, rows_read: 1000, rows_good: 998, rows_bad: 2, applied: true,
            counts: { addresses: counts, services: counts, buildings: counts },
            row_errors: [{ line: 7, errors: ['id_comune: comune sconosciuto'] }, { line: 8, errors: ['zip_code: 5 cifre'] }],
            report: ['Righe non valide saltate: 2', 'Indirizzi: 4 inseriti, 0 aggiornati, 0 invariati'],
          }));
      }
      if (c.path === '/api/console/data/uploads') return ok({ items: [] });
      return undefined;
    }));
    const router = renderData('/console/dati/copertura');
    expect(await screen.findByRole('link', { name: 'File di riferimento' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Carica e importa' }));
    expect(await screen.findByText('Scegli un file.')).toBeTruthy();

    const file = new File(['id_egon_civico\n'], 'copertura.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('File CSV'), { target: { files: [file] } });
    fireEvent.click(screen.getByLabelText(/Importa solo le righe valide/));
    fireEvent.click(screen.getByRole('button', { name: 'Carica e importa' }));

    await waitFor(() => expect(router.state.location.search).toBe('?job=job-1'));
    const upload = calls.find((c) => c.method === 'POST')!;
    expect(upload.path).toBe('/api/console/data/uploads');
    expect(upload.query.toString()).toBe('kind=coverage&filename=copertura.csv&skip_bad=1');
    expect(upload.headers['x-csrf-token']).toBe('csrf-123');

    const bar = await screen.findByRole('progressbar', { name: 'Verifica delle righe' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText(/Righe lette: 400 \(valide 399, non valide 1\)/)).toBeTruthy();

    const table = await screen.findByRole('table', { name: '2 righe non valide' }, { timeout: 3000 });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['7id_comune: comune sconosciuto', '8zip_code: 5 cifre']);
    expect(screen.getByText('Importazione completata: il database è aggiornato.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('finds the job again after a reload, and says why a job failed', async () => {
    serve(either(sessionHandler('admin'), (c: Call) => {
      if (c.path === '/api/console/data/uploads/job-9') return ok(job({ id: 'job-9', kind: 'ateco', status: 'failed', message: 'Interrotta: il server si è fermato.' }));
      if (c.path === '/api/console/data/uploads') return ok({ items: [job({ id: 'job-9', kind: 'ateco', status: 'failed' })] });
      return undefined;
    }));
    renderData('/console/dati/ateco?job=job-9');
    expect((await screen.findByRole('alert')).textContent).toBe('Interrotta: il server si è fermato.');
    expect(screen.getByRole('link', { name: 'Codici ATECO' }).getAttribute('aria-current')).toBe('page');
  });

  it('is not offered to a back-office operator', async () => {
    serve(sessionHandler('backoffice'));
    renderData('/console/dati/copertura');
    expect((await screen.findByRole('alert')).textContent).toMatch(/ruolo/i);
    expect(screen.queryByRole('link', { name: 'File di riferimento' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Privacy' })).toBeNull();
  });
});

describe('privacy', () => {
  const result = {
    kind: 'fiscal_code', value: 'RSSMRA80A01H501U',
    orders: [
      { id: 'o-signed', order_number: 'FV-000001', status: 'signed', status_label: 'Firmato', customer_type: 'privato', customer_name: 'Mario Rossi',
        created_at: '2026-11-01T09:00:00.000Z', updated_at: '2026-11-01T09:00:00.000Z', documents: 1, erasable: false,
        erase_refusal: 'Ordine firmato: si conservano per 20 anni dalla firma.' },
      { id: 'o-draft', order_number: 'FV-000002', status: 'in_progress', status_label: 'In compilazione', customer_type: 'privato', customer_name: 'Mario Rossi',
        created_at: '2026-11-02T09:00:00.000Z', updated_at: '2026-11-02T09:00:00.000Z', documents: 0, erasable: true, erase_refusal: null },
    ],
    leads: [], mobile_orders: [],
  };

  it('searches without putting the codice fiscale in the URL, exports, erases a draft after confirmation, shows why a signed order stays', async () => {
    const calls = serve(either(sessionHandler('admin'), (c: Call) => {
      if (c.path === '/api/console/privacy/search') return ok(result);
      if (c.path === '/api/console/privacy/orders/o-draft/erase') {
        const body = c.body as { confirm_order_number: string };
        return body.confirm_order_number === 'FV-000002'
          ? ok({ order_id: 'o-draft', order_number: 'FV-000002', removed_rows: { orders: 1 }, removed_files: true })
          : refused(422, { code: 'validation_error', message: 'Non corrisponde', fields: { confirm_order_number: 'Il numero non corrisponde' } });
      }
      return undefined;
    }));
    const router = renderData('/console/privacy');
    fireEvent.change(await screen.findByLabelText('Codice fiscale o email'), { target: { value: 'rssmra80a01h501u' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cerca' }));
    await screen.findByText('FV-000001');
    expect(router.state.location.search).toBe('');
    expect(calls.find((c) => c.path === '/api/console/privacy/search')!.query.get('q')).toBe('rssmra80a01h501u');
    expect(screen.getByRole('link', { name: 'Esporta tutti i dati (ZIP)' }).getAttribute('href'))
      .toBe('/api/console/privacy/export.zip?q=RSSMRA80A01H501U');
    // The signed order: no erase button, the reason one click away.
    expect(screen.queryByRole('button', { name: 'Cancella i dati dell’ordine FV-000001' })).toBeNull();
    expect(screen.getByText('Ordine firmato: si conservano per 20 anni dalla firma.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancella i dati dell’ordine FV-000002' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Cancella definitivamente' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/scrivi il numero dell’ordine/), { target: { value: 'FV-000009' } });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Il numero non corrisponde')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/scrivi il numero dell’ordine/), { target: { value: 'FV-000002' } });
    fireEvent.click(confirm);
    expect((await screen.findByRole('status', {}, { timeout: 3000 })).textContent).toBe('Dati dell’ordine FV-000002 cancellati.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.headers['x-csrf-token'])).toEqual(['csrf-123', 'csrf-123']);
  });

  it('shows the server’s reason when an erasure is refused', async () => {
    serve(either(sessionHandler('admin'), (c: Call) => {
      if (c.path === '/api/console/privacy/search') return ok(result);
      if (c.path === '/api/console/privacy/orders/o-draft/erase') {
        return refused(409, { code: 'console_erasure_refused', message: 'Per quest’ordine esistono prove di una firma: si conservano per 20 anni.' });
      }
      return undefined;
    }));
    renderData('/console/privacy');
    fireEvent.change(await screen.findByLabelText('Codice fiscale o email'), { target: { value: 'RSSMRA80A01H501U' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cerca' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancella i dati dell’ordine FV-000002' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/scrivi il numero dell’ordine/), { target: { value: 'FV-000002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancella definitivamente' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Cancellazione non possibilePer quest’ordine esistono prove di una firma: si conservano per 20 anni.');
  });
});
