import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/app-providers';
import { useCheckoutStore } from '../../state/checkout-store';
import { answer, refusal } from '../../testing/api-answers';
import DocumentUploadPage from './document-upload-page';

/* What the page says is still needed, before any upload: from nothing (after the signature the checkout starts afresh) or from this browser's checkout. */

const HASH = 'AbCdEfGhIjKlMnOpQrStUv12';

const renderPage = (code = HASH) => {
  const router = createMemoryRouter([{ path: '/document-upload/:ordercode', element: <DocumentUploadPage /> }], { initialEntries: [`/document-upload/${code}`] });
  render(<AppProviders><RouterProvider router={router} /></AppProviders>);
};
const checklist = () => within(screen.getByTestId('upload-needed')).getByRole('list', { name: 'Cosa ci serve' });
const lines = () => within(checklist()).getAllByRole('listitem').map((li) => li.textContent);

/** The server's answer to the order's documents call. */
const serverAnswers = (data: unknown) => vi.stubGlobal('fetch', vi.fn(async (url: string) => (
  String(url).endsWith(`/api/orders/${HASH}/documents`)
    ? answer(200, { result: true, data })
    : refusal(404, 'not_found', 'Ordine non trovato')
)));

// No server unless a test gives one: the list cannot be read, the page keeps what this browser knows.
beforeEach(() => { vi.stubGlobal('fetch', vi.fn(async () => refusal(503, 'unavailable', 'Servizio non disponibile'))); });

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

describe('document upload page', () => {
  it('opens with the tracking page\'s upload link, and says where to get a new one once it has expired', async () => {
    const link = 'AQAAZ0dhbGxlcnktdG9rZW4tb2YtdGhlLXRyYWNraW5nLXBhZ2U';
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (String(url).endsWith(`/api/orders/${link}/documents`)
      ? refusal(410, 'file_link_expired', 'Il link per caricare il documento è scaduto')
      : refusal(404, 'not_found', 'Ordine non trovato'))));
    renderPage(link);
    const expired = await screen.findByTestId('upload-link-expired');
    expect(within(expired).getByRole('alert').textContent).toContain('Il link per caricare il documento è scaduto');
    expect(within(expired).getByRole('link', { name: 'Vai alla pagina del tuo ordine' }).getAttribute('href')).toBe('/ordine');
    expect(screen.queryByTestId('upload-unknown-code')).toBeNull();
  });


  it('after the signature lists what the server has on file, uploaded from any device', async () => {
    serverAnswers({ status: 'signed', accepts_documents: true, medias: [
      { id: 'm1', order_id: HASH, kind: 'identity_document', filename: 'fronte.jpg', mime: 'image/jpeg', size: 2048 },
    ] });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Carica documento' })).toBeTruthy();
    expect(screen.getByText(/Hai già firmato il contratto\? Puoi caricare i documenti anche adesso/)).toBeTruthy();
    expect(screen.getByTestId('upload-needed').textContent).toMatch(/Verifichiamo i documenti/);
    await waitFor(() => expect(lines()).toEqual([
      '✓Fronte del documento d’identità: caricato',
      '○Retro del documento d’identità: da caricare',
      '○Tessera sanitaria: da caricare',
    ]));
    expect(screen.getByTestId('upload-missing').textContent).toBe('Ancora da caricare: retro del documento d’identità e tessera sanitaria.');
    expect(screen.getByTestId('upload-missing').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('list', { name: 'File caricati: documento d’identità' }).textContent).toContain('fronte.jpg');
    expect(screen.queryByText(/non serve caricarli di nuovo/)).toBeNull();
  });

  it('says a closed order takes no more documents, and offers no upload', async () => {
    serverAnswers({ status: 'cancelled', accepts_documents: false, medias: [] });
    renderPage();
    expect(await screen.findByTestId('upload-closed')).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('when the list cannot be read, says what this device knows and that earlier uploads need not be repeated', async () => {
    renderPage();
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(screen.getByText(/non serve caricarli di nuovo/)).toBeTruthy();
  });

  it("counts the files of this browser's checkout of the same order: an identity PDF is both sides", () => {
    useCheckoutStore.setState((s) => ({
      persistent: { ...s.persistent, currentOrderData: { id: HASH, hash: HASH } },
      fields: { ...s.fields, attachments: [{ id: 'm1', kind: 'identity_document', filename: 'carta.pdf', size: 2048 }] },
    }));
    renderPage();
    expect(lines()).toEqual([
      '✓Fronte del documento d’identità: caricato',
      '✓Retro del documento d’identità: caricato',
      '○Tessera sanitaria: da caricare',
    ]);
    expect(screen.getByTestId('upload-missing').textContent).toBe('Ancora da caricare: tessera sanitaria.');
    expect(screen.getByRole('list', { name: 'File caricati: documento d’identità' }).textContent).toContain('carta.pdf');
    expect(screen.queryByText(/non serve caricarli di nuovo/)).toBeNull();
  });

  it('says nothing is missing once everything is there', () => {
    useCheckoutStore.setState((s) => ({
      persistent: { ...s.persistent, currentOrderData: { id: HASH, hash: HASH } },
      fields: {
        ...s.fields,
        attachments: [
          { id: 'm1', kind: 'identity_document', filename: 'fronte.jpg', size: 2048 },
          { id: 'm2', kind: 'identity_document', filename: 'retro.jpg', size: 2048 },
          { id: 'm3', kind: 'health_card', filename: 'tessera.png', size: 2048 },
        ],
      },
    }));
    renderPage();
    expect(screen.getByTestId('upload-missing').textContent).toBe('Nessun documento mancante: abbiamo tutto quello che ci serve.');
  });
});
