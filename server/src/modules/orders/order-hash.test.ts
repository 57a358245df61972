import { expect, it } from 'vitest';
import { looksLikeOrderHash, newOrderHash, newOrderId } from './order-hash';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

it('makes order ids that are UUIDs version 7, in the order of their time, and different within one millisecond', () => {
  const t = Date.parse('2026-03-01T10:00:00Z');
  const ids = [t, t + 1, t + 2, t + 1_000, t + 86_400_000].map((ms) => newOrderId(ms));
  for (const id of ids) expect(id).toMatch(UUID_V7);
  expect([...ids].sort()).toEqual(ids);
  expect(ids[0]!.slice(0, 13)).toBe(`${t.toString(16).padStart(12, '0').slice(0, 8)}-${t.toString(16).padStart(12, '0').slice(8)}`);
  const sameMs = new Set(Array.from({ length: 1_000 }, () => newOrderId(t)));
  expect(sameMs.size).toBe(1_000);
});

it('hands out each random byte once: order hashes drawn across many refills of the random pool all differ', () => {
  // 18 bytes a hash: 2,000 hashes go through the 4 kB pool about nine times.
  const hashes = Array.from({ length: 2_000 }, () => newOrderHash());
  for (const h of hashes) expect(looksLikeOrderHash(h)).toBe(true);
  expect(new Set(hashes).size).toBe(hashes.length);
  // No hash shares a byte run with the next: a pool handing out overlapping slices would repeat a tail as a head.
  const random = hashes.map((h) => Buffer.from(h, 'base64url').subarray(2));
  for (let i = 1; i < random.length; i++) expect(random[i]!.subarray(0, 8).equals(random[i - 1]!.subarray(8))).toBe(false);
});

it('starts order hashes made in the same second alike (one index page), then 128 random bits', () => {
  const t = Date.parse('2026-03-01T10:00:00.100Z');
  const sameSecond = [t, t + 1, t + 850].map((ms) => Buffer.from(newOrderHash(ms), 'base64url'));
  const nextSecond = Buffer.from(newOrderHash(t + 1_000), 'base64url');
  for (const b of sameSecond) expect(b.readUInt16BE(0)).toBe(Math.floor(t / 1000) % 0x10000);
  expect(nextSecond.readUInt16BE(0)).toBe((Math.floor(t / 1000) + 1) % 0x10000);
  expect(new Set(sameSecond.map((b) => b.subarray(2).toString('hex'))).size).toBe(3);
  expect(sameSecond[0]!.length - 2).toBe(16);
  expect(looksLikeOrderHash(newOrderHash(t))).toBe(true);
});
