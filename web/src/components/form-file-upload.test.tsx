import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { AppProviders } from '../app/app-providers';
import { FormFileUpload, uploadProblem, type AttachmentRef } from './form-file-upload';

afterEach(cleanup);

const a: AttachmentRef = { id: 'm1', kind: 'identity_document', filename: 'fronte.pdf', size: 20480 };
const b: AttachmentRef = { id: 'm2', kind: 'identity_document', filename: 'retro.jpg', size: 3 * 1024 * 1024 };

function Harness({ remove, upload }: { remove: (item: AttachmentRef) => Promise<void>; upload?: (file: File, onProgress: (f: number) => void) => Promise<AttachmentRef> }) {
  const [items, setItems] = useState<AttachmentRef[]>([a, b]);
  return (
    <AppProviders>
      <FormFileUpload
        label="Carica il documento d’identità"
        listLabel="File caricati: documento d’identità"
        items={items}
        upload={upload ?? (async () => a)}
        remove={remove}
        onChange={setItems}
        errorMessage={(e) => (e instanceof Error ? e.message : 'errore')}
      />
    </AppProviders>
  );
}

describe('upload list', () => {
  it('lists the uploaded files and deletes one', async () => {
    const remove = vi.fn(async () => {});
    render(<Harness remove={remove} />);
    const list = screen.getByRole('list', { name: 'File caricati: documento d’identità' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(list.textContent).toContain('fronte.pdf');
    expect(list.textContent).toContain('3 MB');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Elimina fronte.pdf' }));
    });
    expect(remove).toHaveBeenCalledWith(a);
    expect(screen.queryByText('fronte.pdf')).toBeNull();
    expect(screen.getByText('retro.jpg')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('File eliminato: fronte.pdf');
  });

  it('keeps the file and says why when the delete fails', async () => {
    render(<Harness remove={async () => { throw new Error('Documento non trovato'); }} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Elimina retro.jpg' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Documento non trovato');
    expect(screen.getByText('retro.jpg')).toBeTruthy();
  });

  it('adds an uploaded file to the list', async () => {
    const c: AttachmentRef = { id: 'm3', kind: 'identity_document', filename: 'tessera.png', size: 1000 };
    render(<Harness remove={async () => {}} upload={async (_file, onProgress) => { onProgress(0.5); return c; }} />);
    const input = screen.getByLabelText('Carica il documento d’identità');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'tessera.png', { type: 'image/png' })] } });
    });
    expect(screen.getByText('tessera.png')).toBeTruthy();
  });
});

describe('uploadProblem', () => {
  it.each([
    [{ name: 'a.pdf', type: 'application/pdf', size: 10 }, null],
    [{ name: 'a.JPG', type: '', size: 10 }, null],
    [{ name: 'a.exe', type: 'application/x-msdownload', size: 10 }, 'type'],
    [{ name: 'a.png', type: 'image/png', size: 11 * 1024 * 1024 }, 'size'],
  ])('%j → %s', (file, problem) => {
    expect(uploadProblem(file)).toBe(problem);
  });
});

describe('the form’s own complaint', () => {
  it('shows a required file’s error next to the input, marks it invalid and names it in its description', () => {
    render(
      <AppProviders>
        <FormFileUpload
          label="Carica il documento d’identità" listLabel="File caricati: documento d’identità" items={[]}
          upload={async () => a} remove={async () => {}} onChange={() => {}} errorMessage={() => 'errore'}
          fieldError="Carica anche il retro del documento." inputId="identity-upload"
        />
      </AppProviders>,
    );
    const input = screen.getByLabelText('Carica il documento d’identità');
    expect(input.id).toBe('identity-upload-file');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Carica anche il retro del documento.');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
  });
});
