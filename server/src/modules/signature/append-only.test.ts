import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

describe('signature evidence', () => {
  it('is append-only: no code updates or deletes it', () => {
    const offenders = sources(SERVER_SRC).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return /(updateTable|deleteFrom)\(\s*['"]signature_evidence['"]/.test(text)
        || /\b(update|delete\s+from)\s+"?signature_evidence\b/i.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
