import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/app-providers';
import { useCheckoutStore } from '../../state/checkout-store';
import DocumentUploadPage from './document-upload-page';

/* What the page says is still needed, before any upload: from nothing (after the signature the checkout starts afresh) or from this browser's checkout. */

const HASH = 'AbCdEfGhIjKlMnOpQrStUv12';

const renderPage = () => {
  const router = createMemoryRouter([{ path: '/document-upload/:ordercode', element: <DocumentUploadPage /> }], { initialEntries: [`/document-upload/${HASH}`] });
  render(<AppProviders><RouterProvider router={router} /></AppProviders>);
};
const checklist = () => within(screen.getByTestId('upload-needed')).getByRole('list', { name: 'Cosa ci serve' });
const lines = () => within(checklist()).getAllByRole('listitem').map((li) => li.textContent);

afterEach(() => {
  cleanup();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

describe('document upload page', () => {
  it('after the signature (nothing known here) lists everything as still needed and says earlier uploads need not be repeated', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Carica documento' })).toBeTruthy();
    expect(screen.getByText(/Hai già firmato il contratto\? Puoi caricare i documenti anche adesso/)).toBeTruthy();
    expect(lines()).toEqual([
      '○Fronte del documento d’identità: da caricare',
      '○Retro del documento d’identità: da caricare',
      '○Tessera sanitaria: da caricare',
    ]);
    expect(screen.getByTestId('upload-missing').textContent)
      .toBe('Ancora da caricare: fronte del documento d’identità, retro del documento d’identità e tessera sanitaria.');
    expect(screen.getByTestId('upload-missing').getAttribute('aria-live')).toBe('polite');
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
