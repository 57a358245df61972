import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { emptyOptionsState, type OptionsState } from '@checkout/contract';
import { AppProviders } from '../../app/app-providers';
import { SummaryBox } from '../../components/summary-box';
import { fixtureOffer } from './offer-fixture';
import { OfferOptions } from './offer-options';
import { reconcileOptions } from './offer-selection';

afterEach(cleanup);

const offer = fixtureOffer();

/** The option sections and the summary with the page's own wiring (every change is reconciled). */
function Harness() {
  const [state, setState] = useState<OptionsState>(emptyOptionsState());
  const [variant, setVariant] = useState('Blue');
  return (
    <AppProviders>
      <OfferOptions offer={offer} state={state} onChange={(next) => setState(reconcileOptions(offer, next))} routerVariant={variant} onRouterVariant={setVariant} routerError={false} />
      <SummaryBox offer={offer} state={state} onContinue={() => {}} />
    </AppProviders>
  );
}

const group = (name: string) => screen.getByRole('group', { name });
const checkboxNames = (name: string) => within(group(name)).queryAllByRole('checkbox').map((c) => c.getAttribute('value'));
const monthly = () => screen.getByTestId('summary-monthly-total').textContent;

describe('offer options', () => {
  it('speed cards: a new speed replaces the previous one, "Velocità standard" removes it', () => {
    render(<Harness />);
    const speed = group('Velocità');
    expect(within(speed).getByRole('radio', { name: '1 Gbit/s' })).toHaveProperty('checked', true);
    fireEvent.click(within(speed).getByRole('radio', { name: '2,5 Gbit/s' }));
    expect(monthly()).toBe('31,90\u00a0€/mese');
    fireEvent.click(within(speed).getByRole('radio', { name: '10 Gbit/s' }));
    expect(within(speed).getByRole('radio', { name: '10 Gbit/s' })).toHaveProperty('checked', true);
    expect(within(speed).getByRole('radio', { name: '2,5 Gbit/s' })).toHaveProperty('checked', false);
    expect(screen.queryByTestId('summary-line-option-50')).toBeNull();
    expect(screen.getByTestId('summary-line-option-51')).toBeTruthy();
    expect(monthly()).toBe('36,90\u00a0€/mese');
    fireEvent.click(within(speed).getByRole('radio', { name: '1 Gbit/s' }));
    expect(monthly()).toBe('26,90\u00a0€/mese');
  });

  it('routers are filtered by the chosen speed', () => {
    render(<Harness />);
    const routers = () => within(group('Router')).getAllByRole('radio').filter((r) => r.getAttribute('name')?.endsWith('-router')).map((r) => r.getAttribute('value'));
    expect(routers()).toEqual(['20', '27', '22', '23']);
    fireEvent.click(screen.getByRole('radio', { name: '2,5 Gbit/s' }));
    expect(routers()).toEqual(['27', '22', '23']);
    expect(screen.getByText(/gestisce una velocità inferiore a 2,5 Gbit\/s/)).toBeTruthy();
  });

  it('repeater checkboxes show only the repeaters of the chosen router', () => {
    render(<Harness />);
    expect(checkboxNames('Ripetitori Wi-Fi')).toEqual(['40']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ripetitore Wi-Fi Casa' }));
    expect(monthly()).toBe('28,40\u00a0€/mese');
    fireEvent.click(screen.getByRole('radio', { name: 'Router Top (noleggio)' }));
    // The base repeater does not pair with the Wi-Fi 7 router: it leaves the list and the order.
    expect(checkboxNames('Ripetitori Wi-Fi')).toEqual(['28', '41']);
    expect(monthly()).toBe('29,90\u00a0€/mese');
    fireEvent.click(screen.getByRole('radio', { name: 'Modem libero' }));
    expect(checkboxNames('Ripetitori Wi-Fi')).toEqual([]);
    expect(screen.getByText('Nessun ripetitore è compatibile con il router scelto.')).toBeTruthy();
  });

  it('voice line: sorted by monthly price, one at a time, "Nessuna linea voce" removes it', () => {
    render(<Harness />);
    const voip = group('Linea voce');
    expect(within(voip).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['10', '9', '8', 'none']);
    expect(within(voip).getByRole('radio', { name: 'Nessuna linea voce' })).toHaveProperty('checked', true);
    fireEvent.click(within(voip).getByRole('radio', { name: 'Voce 50' }));
    fireEvent.click(within(voip).getByRole('radio', { name: 'Voce Illimitata Family' }));
    expect(monthly()).toBe('31,90\u00a0€/mese');
    fireEvent.click(within(voip).getByRole('radio', { name: 'Nessuna linea voce' }));
    expect(monthly()).toBe('26,90\u00a0€/mese');
  });

  it('the colour picker offers the 12 colours with Blu chosen by default', () => {
    render(<Harness />);
    const colours = group('Colore del router');
    expect(within(colours).getAllByRole('radio')).toHaveLength(12);
    expect(within(colours).getByRole('radio', { name: 'Blu' })).toHaveProperty('checked', true);
    fireEvent.click(within(colours).getByRole('radio', { name: 'Corten' }));
    expect(within(colours).getByRole('radio', { name: 'Corten' })).toHaveProperty('checked', true);
  });
});
