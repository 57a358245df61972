import { describe, expect, it } from 'vitest';
import { activationWaitsUntil, firstActivationDay, startsBeforeDay, withdrawalLastDay, withinWithdrawalPeriod } from './withdrawal-period';

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

describe('activation and the withdrawal period', () => {
  const signedAt = new Date('2026-03-01T10:00:00Z');
  const consumer = { customerType: 'privato' as const, signedAt, earlyActivationRequested: false };

  it('waits for the day after the period for a consumer who did not ask to start early', () => {
    expect(firstActivationDay(consumer)).toBe('2026-03-16');
    expect(activationWaitsUntil(consumer, new Date('2026-03-15T22:59:00Z'))).toBe('2026-03-16'); // 23:59 on the 15th in Rome
    expect(activationWaitsUntil(consumer, new Date('2026-03-15T23:00:00Z'))).toBeNull(); // midnight: the 16th
  });

  it('does not wait for a consumer who asked, a business customer or an order not signed', () => {
    expect(firstActivationDay({ ...consumer, earlyActivationRequested: true })).toBeNull();
    expect(firstActivationDay({ ...consumer, customerType: 'business' })).toBeNull();
    expect(firstActivationDay({ ...consumer, signedAt: null })).toBeNull();
    expect(activationWaitsUntil({ ...consumer, earlyActivationRequested: true }, signedAt)).toBeNull();
  });

  it('tells an appointment on the last day of the period from one on the day after, in Italian time', () => {
    expect(startsBeforeDay(new Date('2026-03-15T21:00:00Z'), '2026-03-16')).toBe(true); // 22:00 on the 15th
    expect(startsBeforeDay(new Date('2026-03-15T23:00:00Z'), '2026-03-16')).toBe(false); // 00:00 on the 16th
  });
});
