import { afterEach, describe, expect, it } from 'vitest';
import { clearThankYou, readThankYou, saveThankYou, THANK_YOU_KEY } from './thank-you-store';

const data = {
  orderCode: 'abc', orderNumber: 'FV-2026-K7M4Q9', email: 'mario@example.it', customerName: 'Mario', signedAt: '2026-01-01T10:00:00.000Z',
  signedContractUrl: '/api/orders/abc/signed-contract', shipsRouter: true, consumer: true,
};

afterEach(() => sessionStorage.clear());

describe('thank-you store', () => {
  it('keeps the data across refreshes until it is cleared', () => {
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
