import { afterEach, describe, expect, it } from 'vitest';
import { clearThankYou, readThankYou, saveThankYou, THANK_YOU_KEY } from './thank-you-store';

const data = {
  orderCode: 'abc', email: 'mario@example.it', customerName: 'Mario', signedAt: '2026-01-01T10:00:00.000Z',
  signedContractUrl: '/api/orders/abc/signed-contract', shipsRouter: true,
};

afterEach(() => sessionStorage.clear());

describe('thank-you store', () => {
  it('shows the data once more after a refresh, then forgets it', () => {
    saveThankYou(data);
    expect(readThankYou()).toEqual(data);
    expect(readThankYou()).toEqual(data);
    clearThankYou();
    expect(readThankYou()).toBeNull();
  });

  it('ignores malformed data', () => {
    sessionStorage.setItem(THANK_YOU_KEY, '{"orderCode":1}');
    expect(readThankYou()).toBeNull();
  });
});
