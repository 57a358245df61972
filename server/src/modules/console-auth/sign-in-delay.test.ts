import { describe, expect, it } from 'vitest';
import { lockSeconds, PER_ACCOUNT, PER_ADDRESS, secondsLeft, waitText } from './sign-in-delay';

describe('sign-in lock-out rules', () => {
  it.each([
    [0, 0], [4, 0], [5, 30], [6, 60], [7, 120], [8, 240], [9, 480], [10, 900], [50, 900],
  ])('an account after %i failures waits %i s', (failures, seconds) => {
    expect(lockSeconds(failures, PER_ACCOUNT)).toBe(seconds);
  });

  it.each([[19, 0], [20, 30], [21, 60], [26, 1920], [27, 3600], [1000, 3600]])('an address after %i failures waits %i s', (failures, seconds) => {
    expect(lockSeconds(failures, PER_ADDRESS)).toBe(seconds);
  });

  it('counts the wait from the latest failure', () => {
    const latest = '2026-11-26T09:00:00.000Z';
    expect(secondsLeft({ count: 6, latest }, PER_ACCOUNT, new Date('2026-11-26T09:00:00.000Z'))).toBe(60);
    expect(secondsLeft({ count: 6, latest }, PER_ACCOUNT, new Date('2026-11-26T09:00:59.500Z'))).toBe(1);
    expect(secondsLeft({ count: 6, latest }, PER_ACCOUNT, new Date('2026-11-26T09:01:00.000Z'))).toBe(0);
    expect(secondsLeft({ count: 4, latest }, PER_ACCOUNT, new Date(latest))).toBe(0);
    expect(secondsLeft({ count: 0, latest: null }, PER_ACCOUNT, new Date(latest))).toBe(0);
  });

  it.each([[1, '1 secondo'], [30, '30 secondi'], [89, '89 secondi'], [120, '2 minuti'], [900, '15 minuti']])('says %i s as «%s»', (s, text) => {
    expect(waitText(s)).toBe(text);
  });
});
