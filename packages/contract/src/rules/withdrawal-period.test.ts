import { describe, expect, it } from 'vitest';
import { withdrawalLastDay, withinWithdrawalPeriod } from './withdrawal-period';

describe('the 14-day withdrawal period', () => {
  it('ends with the fourteenth day after the signature, in the Italian calendar', () => {
    expect(withdrawalLastDay(new Date('2026-03-01T10:00:00Z'))).toBe('2026-03-15');
    // 23:30 UTC on 28 February is already 1 March in Rome.
    expect(withdrawalLastDay(new Date('2026-02-28T23:30:00Z'))).toBe('2026-03-15');
    expect(withdrawalLastDay(new Date('2026-12-25T09:00:00Z'))).toBe('2027-01-08');
  });

  it('counts the whole last day and nothing after it', () => {
    const signed = new Date('2026-03-01T10:00:00Z');
    expect(withinWithdrawalPeriod(signed, new Date('2026-03-15T22:59:00Z'))).toBe(true); // 23:59 in Rome
    expect(withinWithdrawalPeriod(signed, new Date('2026-03-15T23:00:00Z'))).toBe(false); // 16 March in Rome
    expect(withinWithdrawalPeriod(signed, signed)).toBe(true);
  });
});
