import { describe, expect, it } from 'vitest';
import { CUSTOMER_FILE_LINK_TTL_MS, createCustomerFileLinks } from './customer-file-links';

const NOW = new Date('2026-03-01T10:00:00Z');
const HASH = 'Qk9xZ2h0LW9yZGVyLWhhc2gtMDAx';

describe('the customer\'s links to the signed contract and the evidence', () => {
  const links = createCustomerFileLinks('a pepper long enough for the tests of this file');

  it('opens the file it was made for, for one hour', () => {
    const { token, expiresAt } = links.issue('signed_contract', HASH, NOW);
    expect(expiresAt.getTime() - NOW.getTime()).toBe(CUSTOMER_FILE_LINK_TTL_MS);
    expect(links.check(token, 'signed_contract', HASH, new Date(NOW.getTime() + CUSTOMER_FILE_LINK_TTL_MS - 1000))).toBe('ok');
    expect(links.check(token, 'signed_contract', HASH, expiresAt)).toBe('expired');
  });

  it('opens nothing else: another file, another order, another key, an altered or missing token', () => {
    const { token } = links.issue('signed_contract', HASH, NOW);
    expect(links.check(token, 'evidence_bundle', HASH, NOW)).toBe('invalid');
    expect(links.check(token, 'signed_contract', `${HASH}x`, NOW)).toBe('invalid');
    expect(createCustomerFileLinks('another pepper, another key entirely').check(token, 'signed_contract', HASH, NOW)).toBe('invalid');
    const altered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    expect(links.check(altered, 'signed_contract', HASH, NOW)).toBe('invalid');
    expect(links.check(undefined, 'signed_contract', HASH, NOW)).toBe('invalid');
    expect(links.check('', 'signed_contract', HASH, NOW)).toBe('invalid');
  });

  it('carries neither the order\'s hash nor anything readable of it', () => {
    const { token } = links.issue('evidence_bundle', HASH, NOW);
    const bytes = Buffer.from(token, 'base64url');
    expect(bytes.includes(Buffer.from(HASH))).toBe(false);
    expect(token).not.toContain(HASH);
  });
});
