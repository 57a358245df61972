import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AppProviders } from '../app-providers';
import CustomizerPanel from './customizer-panel';

afterEach(cleanup);

describe('the customizer', () => {
  it('offers no right-to-left text direction (it broke the layout)', async () => {
    render(<AppProviders><CustomizerPanel show onHide={() => {}} /></AppProviders>);
    await screen.findByRole('radio', { name: 'Chiaro' });
    expect(screen.queryByRole('group', { name: /Direzione del testo/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /RTL|destra a sinistra/ })).toBeNull();
  });
});
