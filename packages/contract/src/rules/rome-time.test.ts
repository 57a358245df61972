import { describe, expect, it } from 'vitest';
import { romeDateTime } from './rome-time';

describe('romeDateTime', () => {
  it('prints Italian civil time with its offset, in winter and in summer', () => {
    expect(romeDateTime(new Date('2026-11-27T09:15:03Z'))).toBe('27/11/2026 10:15:03 (UTC+01:00)');
    expect(romeDateTime('2026-07-01T22:30:00.000Z')).toBe('02/07/2026 00:30:00 (UTC+02:00)');
  });

  it('follows the change of offset at the end of summer time', () => {
    // 25 October 2026, 03:00 CEST becomes 02:00 CET: the same wall time twice, told apart by the offset.
    expect(romeDateTime('2026-10-25T00:30:00Z')).toBe('25/10/2026 02:30:00 (UTC+02:00)');
    expect(romeDateTime('2026-10-25T01:30:00Z')).toBe('25/10/2026 02:30:00 (UTC+01:00)');
  });
});
