import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MODAL_IDS } from '@checkout/contract';
import { i18n } from '../../app/i18n';
import { ModalHost } from '../../app/modal-host';
import { MODAL_REGISTRY } from './modal-registry';
import { closeModal, openModal } from './modal-store';

const t = i18n.t.bind(i18n);

afterEach(() => {
  closeModal();
  cleanup();
});

describe('modal registry', () => {
  it('has exactly the ten SPEC modal ids and the modem libero parameters', () => {
    expect(Object.keys(MODAL_REGISTRY).sort()).toEqual([...MODAL_IDS].sort());
    expect(MODAL_IDS).toHaveLength(11);
  });

  it.each(MODAL_IDS.map((id) => [id]))('%s has an Italian title and body', (id) => {
    const entry = MODAL_REGISTRY[id];
    const title = entry.title(t, {});
    const body = entry.paragraphs(t, {});
    expect(title).not.toMatch(/^modals\./);
    expect(title.length).toBeGreaterThan(3);
    expect(body.length).toBeGreaterThan(0);
    expect(body.join(' ').length).toBeGreaterThan(40);
    // Italian, not placeholder text: some of the commonest Italian words appear.
    expect(`${title} ${body.join(' ')}`).toMatch(/\b(il|la|di|che|per|con|del|della|un|una|è)\b/);
  });

  it('option-description shows the option it was opened for', () => {
    const entry = MODAL_REGISTRY['option-description'];
    expect(entry.title(t, { title: 'IP statico' })).toBe('IP statico');
    expect(entry.paragraphs(t, { description: 'Un indirizzo IP pubblico fisso.' })).toEqual(['Un indirizzo IP pubblico fisso.']);
  });

  it('opens through openModal in the single host', async () => {
    render(<ModalHost />);
    act(() => openModal('support'));
    expect(await screen.findByRole('dialog', { name: 'Hai bisogno di aiuto?' })).toBeTruthy();
    expect(screen.getByText(/800 123 456/)).toBeTruthy();
  });
});
