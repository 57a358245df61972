import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { endpoints } from '@checkout/contract';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { importAtecoFile } from './ateco-cli';
import { createAtecoSource } from './ateco-source';
import { referenceModule } from './routes';

const dir = mkdtempSync(path.join(tmpdir(), 'ateco-import-'));
const csv = (name: string, text: string) => { const f = path.join(dir, name); writeFileSync(f, text); return f; };
const GOOD = csv('good.csv', 'Codice Ateco;Titolo Ateco 2025\n62;Produzione di software, consulenza informatica\n62.10;Attività di programmazione informatica\n62.10.00;Produzione di software non connesso all\'edizione\n');
const BAD = csv('bad.csv', 'Codice Ateco;Titolo Ateco 2025\n62;Produzione di software\nXX.YY;\n62.10;Programmazione\n');

describeEachDialect('import-ateco', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { modules: [referenceModule] }); });
  afterAll(async () => t.close());

  const cli = async ([, file, flag]: string[]) => {
    const lines: string[] = [];
    const code = await importAtecoFile(t.db, file as string, { skipBad: flag === '--skip-bad' }, (l) => lines.push(l));
    return { code, out: lines.join('\n') };
  };

  it('refuses a file with bad lines, names them and writes nothing', async () => {
    const r = await cli(['import-ateco', BAD]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/Riga 3/);
    expect(await t.db.selectFrom('ateco_codes').selectAll().execute()).toEqual([]);
  });

  it('imports the good lines of a bad file with --skip-bad', async () => {
    const r = await cli(['import-ateco', BAD, '--skip-bad']);
    expect(r.code).toBe(0);
    expect((await t.db.selectFrom('ateco_codes').select('code').execute()).map((x) => x.code).sort()).toEqual(['62', '62.10']);
  });

  it('replaces the list on a new import, and get-ateco searches it', async () => {
    expect((await cli(['import-ateco', GOOD])).code).toBe(0);
    expect((await cli(['import-ateco', GOOD])).code).toBe(0);
    expect(await t.db.selectFrom('ateco_codes').select('code').execute()).toHaveLength(3);
    const source = createAtecoSource(t.db, 0);
    expect((await source()).map((e) => e.code)).toContain('62.10.00');
    const res = await t.app.inject({ method: 'POST', url: endpoints.getAteco.path, payload: { api_key: t.config.publicApiKey, search: 'edizione' } });
    expect(res.json()).toEqual({ result: true, data: [{ code: '62.10.00', description: "Produzione di software non connesso all'edizione" }] });
  });
});
