import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFileLinks, FILE_LINK_TTL_MS } from './file-links';

const secret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
const NOW = new Date('2026-03-01T10:00:00Z');
const tokenOf = (url: string): string => url.split('/').pop()!;

describe('event file links', () => {
  const key = secret();
  const links = createFileLinks(key, 'https://shop.example.it');
  const orderId = randomUUID();
  const documentId = randomUUID();

  it('name one file until their expiry, in a path segment Fastify accepts (at most 100 characters)', () => {
    for (const ref of [{ kind: 'contract', orderId }, { kind: 'summary', orderId }, { kind: 'document', orderId, documentId }] as const) {
      const { url, expiresAt } = links.link(ref, NOW);
      expect(url).toMatch(/^https:\/\/shop\.example\.it\/api\/events\/files\/[A-Za-z0-9_-]+$/);
      expect(tokenOf(url).length).toBeLessThanOrEqual(100);
      expect(expiresAt).toEqual(new Date(NOW.getTime() + FILE_LINK_TTL_MS));
      expect(links.verify(tokenOf(url), NOW)).toEqual({ ok: true, ref, expiresAt });
      expect(links.verify(tokenOf(url), new Date(expiresAt.getTime() - 1))).toMatchObject({ ok: true });
      expect(links.verify(tokenOf(url), expiresAt)).toEqual({ ok: false, reason: 'expired' });
    }
  });

  it('cannot be altered, forged with another secret, or spelled another way', () => {
    const token = tokenOf(links.link({ kind: 'document', orderId, documentId }, NOW).url);
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const altered = Buffer.from(bytes);
      altered[i] = altered[i]! ^ 0x01;
      expect(links.verify(altered.toString('base64url'), NOW)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(createFileLinks(secret(), 'https://shop.example.it').verify(token, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.verify(`${token}=`, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.verify(token.slice(0, -2), NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.verify('', NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
