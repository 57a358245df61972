import { afterEach, describe, expect, it } from 'vitest';
import { clearTrackingAccess, readTrackingAccess, saveTrackingAccess, TRACKING_ACCESS_KEY } from './tracking-access';

afterEach(() => sessionStorage.clear());

describe('the access kept for this tab', () => {
  const access = { order_number: 'FV-2026-K7M4Q9', token: 'token', expires_at: '2026-03-01T10:30:00.000Z' };

  it('opens its own order until it ends, and no other', () => {
    saveTrackingAccess(access);
    expect(readTrackingAccess('FV-2026-K7M4Q9', new Date('2026-03-01T10:29:59Z'))).toEqual(access);
    expect(readTrackingAccess('FV-2026-K7M4Q9', new Date('2026-03-01T10:30:00Z'))).toBeNull();
    expect(readTrackingAccess('FV-2026-AAAAAA', new Date('2026-03-01T10:00:00Z'))).toBeNull();
    clearTrackingAccess();
    expect(readTrackingAccess('FV-2026-K7M4Q9', new Date('2026-03-01T10:00:00Z'))).toBeNull();
  });

  it('reads anything else kept under its name as no access', () => {
    for (const raw of ['not json', '{"order_number":"FV-2026-K7M4Q9"}', JSON.stringify({ ...access, token: 'x'.repeat(500) })]) {
      sessionStorage.setItem(TRACKING_ACCESS_KEY, raw);
      expect(readTrackingAccess('FV-2026-K7M4Q9', new Date('2026-03-01T10:00:00Z')), raw).toBeNull();
    }
  });
});
