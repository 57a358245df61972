import { describe, expect, it } from 'vitest';
import { brandInitials, newOrderNumber } from './order-number';

describe('order numbers', () => {
  it('read FV-<Italian year>-<six characters>, with nothing to mistake read aloud', () => {
    // 23:30 UTC on New Year's Eve is already the next year in Rome.
    expect(newOrderNumber('FV', new Date('2026-12-31T23:30:00Z'))).toMatch(/^FV-2027-[A-HJKMNP-Z2-9]{6}$/);
    for (let i = 0; i < 200; i++) expect(newOrderNumber('FV', new Date('2026-06-01T10:00:00Z')).slice(-6)).not.toMatch(/[01OIL]/);
  });

  it('take the year of Rome at the moment they are made, in whatever order the moments come', () => {
    // Rome's new year is 23:00 UTC on 31 December (CET, UTC+1).
    const year = (iso: string) => newOrderNumber('FV', new Date(iso)).slice(3, 7);
    expect(year('2026-12-31T22:59:59Z')).toBe('2026');
    expect(year('2026-12-31T23:00:00Z')).toBe('2027');
    expect(year('2026-12-31T22:30:00Z')).toBe('2026');
    expect(year('2027-06-30T21:59:59Z')).toBe('2027');
    expect(year('2026-12-31T23:59:59Z')).toBe('2027');
  });

  it('are not a sequence: a thousand in a row are all different', () => {
    const now = new Date('2026-06-01T10:00:00Z');
    expect(new Set(Array.from({ length: 1000 }, () => newOrderNumber('FV', now))).size).toBe(1000);
  });

  it('use every character of the alphabet', () => {
    const now = new Date('2026-06-01T10:00:00Z');
    // 12,000 characters drawn: each of the 31 comes up about 390 times.
    const seen = new Set(Array.from({ length: 2000 }, () => newOrderNumber('FV', now).slice(-6)).join(''));
    expect([...seen].sort().join('')).toBe('23456789ABCDEFGHJKMNPQRSTUVWXYZ');
  });

  it('take the brand initials', () => {
    expect(brandInitials('Fibra Viva')).toBe('FV');
    expect(brandInitials('Rete Ultra Veloce Italia Spa')).toBe('RUVI');
    expect(brandInitials('')).toBe('FV');
  });
});
