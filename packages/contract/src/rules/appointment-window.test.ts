import { describe, expect, it } from 'vitest';
import { appointmentWindowText } from './appointment-window';

describe('an appointment’s window in Italian', () => {
  it('is said in Italy’s time, winter and summer', () => {
    expect(appointmentWindowText('2026-03-10T08:00:00Z', '2026-03-10T12:00:00Z')).toBe('martedì 10 marzo 2026, dalle 9:00 alle 13:00');
    // Summer time (from 29 March 2026): two hours ahead of UTC.
    expect(appointmentWindowText('2026-07-01T12:30:00Z', '2026-07-01T14:00:00Z')).toBe('mercoledì 1 luglio 2026, dalle 14:30 alle 16:00');
  });

  it('names both days across midnight', () => {
    expect(appointmentWindowText('2026-03-10T21:00:00Z', '2026-03-10T23:30:00Z')).toBe('dalle 22:00 di martedì 10 marzo 2026 alle 0:30 di mercoledì 11 marzo 2026');
  });
});
