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

/** Source files that update or delete `table` (Kysely or SQL). */
const writersOf = (table: string, { deletes = true, updates = true } = {}): string[] => sources(SERVER_SRC).filter((file) => {
  const text = readFileSync(file, 'utf8');
  const calls = [updates ? 'updateTable' : '', deletes ? 'deleteFrom' : ''].filter(Boolean).join('|');
  const sqlVerbs = [updates ? 'update' : '', deletes ? 'delete\\s+from' : ''].filter(Boolean).join('|');
  return new RegExp(`(${calls})\\(\\s*['"]${table}['"]`).test(text) || new RegExp(`\\b(${sqlVerbs})\\s+"?${table}\\b`, 'i').test(text);
});

describe('evidence tables', () => {
  it('signature evidence is append-only: no code updates or deletes it', () => {
    expect(writersOf('signature_evidence')).toEqual([]);
  });

  it('the consent ledger is append-only: a change of mind is a new row', () => {
    expect(writersOf('consent_events')).toEqual([]);
  });

  it('withdrawals are never deleted (a code row is only marked confirmed or counted)', () => {
    expect(writersOf('withdrawals', { updates: false })).toEqual([]);
    expect(writersOf('consent_changes', { updates: false })).toEqual([]);
  });
});
