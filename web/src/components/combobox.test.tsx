import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AppProviders } from '../app/app-providers';
import { Combobox } from './combobox';

afterEach(cleanup);

const COMUNI = ['Roma', 'Romagnano Sesia', 'Romano di Lombardia', 'Milano'];

/** The combobox with a synchronous search, so the test is about keyboard and ARIA, not timing. */
function Harness({ loading = false, onPick = () => {} }: { loading?: boolean; onPick?: (name: string) => void }) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState('');
  const options = text.trim().length >= 2 ? COMUNI.filter((c) => c.toLowerCase().startsWith(text.trim().toLowerCase())) : [];
  return (
    <AppProviders>
      <Combobox<string>
        label="Comune"
        value={text}
        onInputChange={setText}
        options={loading ? [] : options}
        getOptionKey={(c) => c}
        getOptionLabel={(c) => c}
        onSelect={(c) => { setText(c); setPicked(c); onPick(c); }}
        loading={loading}
      />
      <span data-testid="picked">{picked}</span>
    </AppProviders>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Comune' });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const key = (k: string) => fireEvent.keyDown(input(), { key: k });
const activeName = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('combobox (ARIA 1.2, list autocomplete, manual selection)', () => {
  it('is wired to its listbox and stays closed until the visitor types', () => {
    render(<Harness />);
    const box = input();
    const listbox = document.getElementById(box.getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    type('r');
    expect(box.getAttribute('aria-expanded')).toBe('false'); // one letter is not a search
    type('rom');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Roma', 'Romagnano Sesia', 'Romano di Lombardia']);
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('ArrowDown and ArrowUp move the active option and wrap around', () => {
    render(<Harness />);
    type('rom');
    key('ArrowDown');
    expect(activeName()).toBe('Roma');
    key('ArrowDown');
    key('ArrowDown');
    expect(activeName()).toBe('Romano di Lombardia');
    key('ArrowDown');
    expect(activeName()).toBe('Roma');
    key('ArrowUp');
    expect(activeName()).toBe('Romano di Lombardia');
    const active = screen.getByRole('option', { name: 'Romano di Lombardia' });
    expect(active.getAttribute('aria-selected')).toBe('true');
  });

  it('Enter chooses the active option and closes the list', () => {
    const picks: string[] = [];
    render(<Harness onPick={(c) => picks.push(c)} />);
    type('rom');
    key('Enter'); // nothing active yet: nothing chosen
    expect(picks).toEqual([]);
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(picks).toEqual(['Romagnano Sesia']);
    expect((input() as HTMLInputElement).value).toBe('Romagnano Sesia');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes an open list, then clears a closed field', () => {
    render(<Harness />);
    type('mil');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    key('Escape');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect((input() as HTMLInputElement).value).toBe('mil');
    key('ArrowDown'); // reopens on the first option
    expect(activeName()).toBe('Milano');
    key('Escape');
    key('Escape');
    expect((input() as HTMLInputElement).value).toBe('');
  });

  it('a click chooses an option', () => {
    render(<Harness />);
    type('mil');
    fireEvent.click(screen.getByRole('option', { name: 'Milano' }));
    expect(screen.getByTestId('picked').textContent).toBe('Milano');
  });

  it('says "Nessun risultato" and announces result counts politely', () => {
    render(<Harness />);
    const live = screen.getByRole('status');
    expect(live.getAttribute('aria-live')).toBe('polite');
    type('xyz');
    expect(screen.getByText('Nessun risultato', { selector: 'p' })).toBeTruthy();
    expect(live.textContent).toBe('Nessun risultato');
    type('rom');
    expect(live.textContent).toMatch(/^3 risultati disponibili\./);
    type('mil');
    expect(live.textContent).toMatch(/^1 risultato disponibile\./);
  });

  it('shows "Ricerca in corso…" while a search runs', () => {
    render(<Harness loading />);
    type('rom');
    expect(screen.getByText('Ricerca in corso…')).toBeTruthy();
    expect(screen.getByRole('listbox', { hidden: true }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
