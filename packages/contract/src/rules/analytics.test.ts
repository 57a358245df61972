import { describe, expect, it } from 'vitest';
import { CONSENT_WAIT_FOR_UPDATE_MS } from '../constants';
import { CONSENT_DEFAULTS, GOOGLE_CONSENT_TYPES, isValidGtmId } from './analytics';

describe('isValidGtmId', () => {
  it.each([
    ['GTM-ABC123', true],
    ['GTM-1', true],
    ['GTM-', false],
    ['gtm-ABC123', false],
    ['GTM-abc123', false],
    ['GTM-ABC 123', false],
    [' GTM-ABC123', false],
    ['G-ABC123', false],
    ['GTM-ABC123<script>', false],
  ])('%j → %s', (id, expected) => {
    expect(isValidGtmId(id)).toBe(expected);
  });
});

describe('CONSENT_DEFAULTS', () => {
  it.each(GOOGLE_CONSENT_TYPES.map((type) => [type, type === 'security_storage' ? 'granted' : 'denied']))('%s is %s', (type, value) => {
    expect(CONSENT_DEFAULTS[type as keyof typeof CONSENT_DEFAULTS]).toBe(value);
  });

  it('waits 500 ms for an update and is frozen', () => {
    expect(CONSENT_DEFAULTS.wait_for_update).toBe(CONSENT_WAIT_FOR_UPDATE_MS);
    expect(CONSENT_WAIT_FOR_UPDATE_MS).toBe(500);
    expect(Object.isFrozen(CONSENT_DEFAULTS)).toBe(true);
  });
});
