import { describe, expect, it } from 'vitest';
import { PER_CLIENT, PER_ORDER_NUMBER, delaySeconds, secondsToWait } from './activation-delay';

describe('SIM activation delays', () => {
  it.each([
    [0, 0], [2, 0], [3, 2], [4, 4], [5, 8], [10, 256], [13, 2048], [14, 3600], [1000, 3600],
  ])('one client, %i failures on an order number: waits %i s', (failures, seconds) => {
    expect(delaySeconds(failures, PER_CLIENT)).toBe(seconds);
  });

  it.each([
    [0, 0], [9, 0], [10, 2], [11, 4], [14, 32], [15, 60], [100_000, 60],
  ])('everyone, %i failures on an order number: waits %i s (never more than a minute)', (failures, seconds) => {
    expect(delaySeconds(failures, PER_ORDER_NUMBER)).toBe(seconds);
  });

  const at = (s: number): string => new Date(Date.UTC(2026, 2, 1, 10, 0, s)).toISOString();
  const now = new Date(Date.UTC(2026, 2, 1, 10, 0, 10));
  it.each([
    ['no failures', { count: 0, latest: null }, { count: 0, latest: null }, 0],
    ['free failures', { count: 2, latest: at(10) }, { count: 9, latest: at(10) }, 0],
    ['the client waits 8 s after its 5th, 3 s gone', { count: 5, latest: at(7) }, { count: 5, latest: at(7) }, 5],
    ['the client\'s wait is over', { count: 5, latest: at(1) }, { count: 5, latest: at(1) }, 0],
    ['others failed: the order number waits, at most a minute', { count: 0, latest: null }, { count: 500, latest: at(10) }, 60],
    ['the longer of the two', { count: 4, latest: at(10) }, { count: 12, latest: at(9) }, 7],
  ])('%s', (_name, client, everyone, seconds) => {
    expect(secondsToWait(client, everyone, now)).toBe(seconds);
  });
});
