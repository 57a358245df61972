import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDbTypes, TYPES_FILE } from './generate-types';

// db/types.ts is generated from the migrations; a migration without `npm run -w server db:types` fails here.
describe('db/types.ts', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'db-types-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is what kysely-codegen makes of the migrated schema', async () => {
    const fresh = path.join(dir, 'types.ts');
    await generateDbTypes(fresh);
    expect(readFileSync(TYPES_FILE, 'utf8'), 'db/types.ts is stale: run `npm run -w server db:types`').toBe(readFileSync(fresh, 'utf8'));
  });
});
