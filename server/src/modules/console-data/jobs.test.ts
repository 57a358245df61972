import { afterEach, expect, it } from 'vitest';
import { ApiError, REFERENCE_FILE_MAX_BYTES } from '@checkout/contract';
import type { ConsoleClient, ReferenceJob } from '@checkout/contract';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { signInOperator } from '../../../test/support/console-session';
import { consoleAuthModule } from '../console-auth';
import { createConsoleDataModule } from './routes';
import type { ReferenceJobRunner } from './jobs';

/** A refusal of the console client: status, code and message. */
async function refusal(call: Promise<unknown>): Promise<{ status: number | null; code: string; message: string }> {
  const err = await call.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => e);
  if (!(err instanceof ApiError)) throw err;
  return { status: err.status, code: err.code, message: err.message };
}

const HEADER = 'id_egon_civico,id_building,street_type,street_name,number,id_comune,city,province,zip_code,technology,network,max_download,max_upload,cabinet_distance,available,building_cluster,building_status';
const GOOD = [
  'E1,B1,Via,Garibaldi,1,015146,Milano,MI,20121,FTTH,Open Fiber,1000,300,,1,C,active',
  'E1,B1,Via,Garibaldi,1,015146,Milano,MI,20121,FTTC,FiberCop,100,20,180,1,C,active',
  'E2,B1,Via,Garibaldi,1/A,015146,Milano,MI,20121,FTTH,Open Fiber,1000,300,,1,C,active',
  'E3,,Piazza,Duomo,5,015146,Milano,MI,20123,FWA,EOLO,100,20,,si,,',
  'E4,,Via,Dante,7,015146,Milano,MI,20121,,,,,,,,',
];
const BAD = [
  'E5,,Via,Roma,1,999999,Nowhere,MI,20121,FTTH,Open Fiber,1000,300,,1,,', // unknown comune (line 7)
  'E6,,Via,Roma,2,015146,Milano,MI,201,FTTH,Open Fiber,1000,300,,1,,', // bad CAP (line 8)
];
const csv = (rows: string[]): Blob => new Blob([`${[HEADER, ...rows].join('\n')}\n`]);
const ATECO = 'Codice Ateco;Titolo Ateco 2025\n62;Produzione di software, consulenza informatica\nXX.YY;\n62.10;Attività di programmazione informatica\n';

forEachDialect('console reference files', (dialect) => {
  let t: TestApp;
  let runner: ReferenceJobRunner;
  /** Set by a test to hold the import after its first progress write. */
  let hold: { reached: () => void; until: Promise<void> } | null = null;
  afterEach(async () => { await t.close(); });

  const build = async () => {
    t = await buildTestApp(dialect, {
      modules: [consoleAuthModule, createConsoleDataModule({
        onRunner: (r) => { runner = r; },
        progressIntervalMs: 0,
        batchSize: 2,
        afterProgress: async () => {
          const h = hold;
          if (!h) return;
          hold = null;
          h.reached();
          await h.until;
        },
      })],
    });
    return signInOperator(t.app, t.db, 'admin');
  };
  const finished = async (client: ConsoleClient, id: string): Promise<ReferenceJob> => {
    await runner.idle();
    return client.referenceJob({ job_id: id });
  };

  it('imports a coverage CSV with bad rows: nothing written, the row-level report kept with the job', async () => {
    const { client } = await build();
    const { job } = await client.upload('uploadReferenceFile', { kind: 'coverage', filename: 'copertura.csv' }, csv([...GOOD, ...BAD]));
    expect(job).toMatchObject({ kind: 'coverage', filename: 'copertura.csv', status: 'queued', skip_bad: false });
    const done = await finished(client, job.id);
    expect(done).toMatchObject({ status: 'done', applied: false, rows_read: 7, rows_good: 5, rows_bad: 2, progress: 1, message: null });
    expect(done.row_errors.map((e) => e.line)).toEqual([7, 8]);
    expect(done.row_errors[1]!.errors.join(' ')).toMatch(/zip_code|CAP/i);
    expect(done.report.join('\n')).toMatch(/Importazione annullata: nessuna modifica/);
    expect(await t.db.selectFrom('addresses').select('id_egon_civico').execute()).toEqual([]);
    // The upload was audited; its file is gone from the storage once imported.
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'reference_uploaded').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_id: job.id });
    expect(await t.db.selectFrom('reference_jobs').select('storage_key').executeTakeFirstOrThrow()
      .then((r) => import('node:fs').then((fs) => fs.existsSync(`${t.config.storageDir}/${r.storage_key}`)))).toBe(false);
  });

  it('imports the good rows with skip_bad, and lists the job', async () => {
    const { client } = await build();
    const { job } = await client.upload('uploadReferenceFile', { kind: 'coverage', filename: 'c.csv', skip_bad: true }, csv([...GOOD, ...BAD]));
    const done = await finished(client, job.id);
    expect(done).toMatchObject({
      status: 'done', applied: true, rows_bad: 2,
      counts: { addresses: { inserted: 4, updated: 0, unchanged: 0 }, services: { inserted: 4 }, buildings: { inserted: 1 } },
    });
    expect(done.report).toContain('Righe non valide saltate: 2');
    expect((await t.db.selectFrom('addresses').select('id_egon_civico').orderBy('id_egon_civico').execute()).map((r) => r.id_egon_civico)).toEqual(['E1', 'E2', 'E3', 'E4']);
    expect((await client.referenceJobs()).items.map((j) => j.id)).toEqual([job.id]);
  });

  it('imports an ATECO file: bad lines refuse it unless skipped', async () => {
    const { client } = await build();
    const first = await finished(client, (await client.upload('uploadReferenceFile', { kind: 'ateco', filename: 'ateco.csv' }, new Blob([ATECO]))).job.id);
    expect(first).toMatchObject({ status: 'done', applied: false, rows_good: 2, rows_bad: 1, imported: 0, row_errors: [{ line: 3 }] });
    expect(await t.db.selectFrom('ateco_codes').select('code').execute()).toEqual([]);
    const second = await finished(client, (await client.upload('uploadReferenceFile', { kind: 'ateco', filename: 'ateco.csv', skip_bad: true }, new Blob([ATECO]))).job.id);
    expect(second).toMatchObject({ status: 'done', applied: true, imported: 2 });
    expect(second.report.at(-1)).toMatch(/Importati 2 codici ATECO, 1 righe scartate/);
    expect((await t.db.selectFrom('ateco_codes').select('code').orderBy('code').execute()).map((r) => r.code)).toEqual(['62', '62.10']);
  });

  it('shows the progress while the import runs, and refuses a second upload meanwhile', async () => {
    const { client } = await build();
    let reached!: () => void;
    const atProgress = new Promise<void>((r) => { reached = r; });
    let release!: () => void;
    hold = { reached, until: new Promise<void>((r) => { release = r; }) };
    const { job } = await client.upload('uploadReferenceFile', { kind: 'coverage', filename: 'c.csv' }, csv(GOOD));
    await atProgress;
    const running = await client.referenceJob({ job_id: job.id });
    expect(running).toMatchObject({ status: 'running', phase: 'check', rows_read: 2 });
    expect(running.progress).toBeGreaterThan(0);
    expect(running.progress).toBeLessThan(1);
    expect(running.started_at).not.toBeNull();
    expect(await refusal(client.upload('uploadReferenceFile', { kind: 'ateco', filename: 'a.csv' }, new Blob([ATECO]))))
      .toMatchObject({ status: 409, code: 'console_import_running' });
    release();
    expect(await finished(client, job.id)).toMatchObject({ status: 'done', applied: true, phase: 'write', rows_read: 5 });
  });

  it('refuses an unusable file with its reason, an empty one, one too large, a JSON body', async () => {
    const operatorAuth = await build();
    const { client } = operatorAuth;
    const job = await finished(client, (await client.upload('uploadReferenceFile', { kind: 'coverage', filename: 'x.csv' }, new Blob(['nome,cognome\nMario,Rossi\n']))).job.id);
    expect(job).toMatchObject({ status: 'failed', applied: null });
    expect(job.message).toMatch(/Colonne mancanti nell'intestazione/);
    expect(await refusal(client.upload('uploadReferenceFile', { kind: 'coverage', filename: 'x.csv' }, new Blob([]))))
      .toMatchObject({ status: 422, code: 'validation_error' });
    expect(await refusal(client.upload('uploadReferenceFile', { kind: 'ateco', filename: 'x.csv' }, new Blob([new Uint8Array(REFERENCE_FILE_MAX_BYTES.ateco + 1)]))))
      .toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(await refusal(client.upload('uploadReferenceFile', { kind: 'nope' as 'ateco', filename: 'x.csv' }, new Blob(['a']))))
      .toMatchObject({ status: 422, code: 'validation_error' });
    expect(await refusal(client.referenceJob({ job_id: 'nessuno' }))).toMatchObject({ status: 404 });
    // A JSON body is not a file.
    const { cookie, csrfToken } = operatorAuth;
    const json = await t.app.inject({
      method: 'POST', url: '/api/console/data/uploads?kind=coverage&filename=x.csv', headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ kind: 'coverage', filename: 'x.csv' }),
    });
    expect(json.statusCode).toBe(415);
    expect(await t.db.selectFrom('reference_jobs').select('id').where('filename', '=', 'x.csv').where('status', '!=', 'failed').execute()).toEqual([]);
  });

  it('marks failed a job left running by a server that stopped', async () => {
    await build();
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.db.insertInto('reference_jobs').values({
      id: 'j-old', kind: 'coverage', filename: 'c.csv', storage_key: 'reference-files/j-old.csv', size_bytes: 10, skip_bad: 0,
      status: 'running', phase: 'write', created_at: at, started_at: at, updated_at: at,
    }).execute();
    // A restart: a new app on the same database.
    const db = t.db;
    const again = await buildTestApp({ name: dialect.name, createDb: async () => ({ db, dialect: dialect.name, destroy: async () => undefined }) }, {
      modules: [consoleAuthModule, createConsoleDataModule()],
    });
    try {
      await again.app.ready();
      const { client } = await signInOperator(again.app, db, 'admin');
      const job = await client.referenceJob({ job_id: 'j-old' });
      expect(job.status).toBe('failed');
      expect(job.message).toMatch(/il server si è fermato/);
    } finally {
      await again.app.close();
    }
  });

  it('is for admins only', async () => {
    await build();
    for (const role of ['backoffice', 'viewer'] as const) {
      const { client } = await signInOperator(t.app, t.db, role);
      expect(await refusal(client.referenceJobs())).toMatchObject({ status: 403, code: 'console_forbidden' });
      expect(await refusal(client.upload('uploadReferenceFile', { kind: 'coverage', filename: 'c.csv' }, csv(GOOD))))
        .toMatchObject({ status: 403, code: 'console_forbidden' });
    }
    expect(await t.db.selectFrom('reference_jobs').select('id').execute()).toEqual([]);
  });
});
