import { useId, useRef, useState } from 'react';
import { Link, NavLink, useSearchParams } from 'react-router';
import {
  REFERENCE_FILE_KINDS, REFERENCE_FILE_KIND_LABELS, REFERENCE_FILE_MAX_BYTES, REFERENCE_JOB_PHASE_LABELS, REFERENCE_JOB_STATUS_LABELS,
  type ReferenceFileKind, type ReferenceJob, type ReferenceJobStatus,
} from '@checkout/contract/console/schemas-data';
import { ErrorAlert, Loading } from '../components/feedback';
import { controlId, describedBy } from '../components/field';
import { toConsoleError } from '../console-error';
import { formatDateTime } from '../format';
import { TEXT } from '../text';
import { usePageTitle } from '../use-page-title';
import { useReferenceJob, useReferenceJobs, useUploadReferenceFile } from './api/reference';
import { referencePath } from './paths';
import { DATA_TEXT } from './text';

const T = DATA_TEXT.reference;

const STATUS_TONE: Record<ReferenceJobStatus, string> = {
  queued: 'text-bg-light border', running: 'text-bg-info', done: 'text-bg-success', failed: 'text-bg-danger',
};

/** The job's status; a finished import that bad rows stopped says so (nothing was written). */
function JobStatus({ job }: { job: Pick<ReferenceJob, 'status' | 'applied'> }) {
  if (job.status === 'done' && job.applied === false) return <span className="badge rounded-pill text-bg-warning">{T.notImported}</span>;
  return <span className={`badge rounded-pill ${STATUS_TONE[job.status]}`}>{REFERENCE_JOB_STATUS_LABELS[job.status]}</span>;
}

/** A Bootstrap bar with its value for assistive technology; `label` names what progresses. */
function Bar({ label, fraction }: { label: string; fraction: number }) {
  const pct = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="progress mb-2" role="progressbar" aria-label={label} aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} style={{ height: '1.25rem' }}>
      <div className="progress-bar" style={{ width: `${pct}%` }}>{pct}%</div>
    </div>
  );
}

function UploadForm({ kind, onQueued }: { kind: ReferenceFileKind; onQueued: (jobId: string) => void }) {
  const upload = useUploadReferenceFile();
  const [file, setFile] = useState<File | null>(null);
  const [skipBad, setSkipBad] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const fileId = controlId(`dati-${kind}`, 'file');
  const skipId = controlId(`dati-${kind}`, 'skip_bad');
  const maxMb = REFERENCE_FILE_MAX_BYTES[kind] / (1024 * 1024);
  const busy = progress !== null;

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!file) { setFileError(T.fileMissing); return; }
    if (file.size > REFERENCE_FILE_MAX_BYTES[kind]) { setFileError(T.maxSize(maxMb)); return; }
    setFileError(null);
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    upload.mutate(
      { query: { kind, filename: file.name.slice(0, 200) || 'file.csv', skip_bad: skipBad }, file, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: ({ job }) => { form.current?.reset(); setFile(null); setSkipBad(false); onQueued(job.id); },
        onSettled: () => { setProgress(null); abort.current = null; },
      },
    );
  };
  const error = upload.isError ? toConsoleError(upload.error) : null;
  const shownFileError = fileError ?? error?.fields.file ?? null;
  return (
    <form ref={form} className="card card-body mb-4" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <p className="text-body-secondary">{T.help[kind]}</p>
      <div className="mb-3">
        <label htmlFor={fileId} className="form-label">{T.file}</label>
        <input
          id={fileId} type="file" accept=".csv,text/csv,text/plain" className={`form-control${shownFileError ? ' is-invalid' : ''}`}
          aria-invalid={shownFileError ? true : undefined} aria-describedby={describedBy(fileId, true, shownFileError !== null)} disabled={busy}
          onChange={(e) => { setFile(e.currentTarget.files?.[0] ?? null); setFileError(null); upload.reset(); }}
        />
        <div id={`${fileId}-hint`} className="form-text">{T.maxSize(maxMb)}{kind === 'coverage' ? ` ${T.biggerFiles}` : ''}</div>
        {shownFileError ? <div id={`${fileId}-error`} className="invalid-feedback d-block">{shownFileError}</div> : null}
      </div>
      <div className="form-check mb-3">
        <input id={skipId} type="checkbox" className="form-check-input" checked={skipBad} disabled={busy} onChange={(e) => setSkipBad(e.currentTarget.checked)} />
        <label htmlFor={skipId} className="form-check-label">{T.skipBad}</label>
      </div>
      {busy ? (
        <div className="mb-3">
          <Bar label={T.uploading} fraction={progress} />
          <p className="small mb-0" aria-live="polite">{T.uploading}: {Math.round(progress * 100)}%</p>
        </div>
      ) : null}
      {error && !error.fields.file ? <ErrorAlert error={upload.error} /> : null}
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>{T.submit}</button>
        {busy ? <button type="button" className="btn btn-outline-secondary" onClick={() => abort.current?.abort()}>{T.cancel}</button> : null}
      </div>
    </form>
  );
}

function CountsTable({ counts }: { counts: NonNullable<ReferenceJob['counts']> }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm console-table w-auto">
        <caption className="caption-top">{T.counts}</caption>
        <thead><tr><th scope="col">{T.table}</th><th scope="col" className="text-end">{T.inserted}</th><th scope="col" className="text-end">{T.updated}</th><th scope="col" className="text-end">{T.unchanged}</th></tr></thead>
        <tbody>
          {(['addresses', 'services', 'buildings'] as const).map((t) => (
            <tr key={t}>
              <th scope="row">{T.tables[t]}</th>
              <td className="text-end">{counts[t].inserted.toLocaleString('it-IT')}</td>
              <td className="text-end">{counts[t].updated.toLocaleString('it-IT')}</td>
              <td className="text-end">{counts[t].unchanged.toLocaleString('it-IT')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowErrors({ job }: { job: ReferenceJob }) {
  if (job.row_errors.length === 0) return null;
  return (
    <section aria-labelledby={`errori-${job.id}`}>
      <h3 id={`errori-${job.id}`} className="h6 mt-3">{T.errorsTitle}</h3>
      <div className="table-responsive" style={{ maxHeight: '28rem' }}>
        <table className="table table-sm table-striped console-table">
          <caption className="caption-top">{T.errorsCaption(job.row_errors.length, job.rows_bad)}</caption>
          <thead className="sticky-top"><tr><th scope="col" className="text-end">{T.line}</th><th scope="col">{T.errors}</th></tr></thead>
          <tbody>
            {job.row_errors.map((e) => (
              <tr key={e.line}>
                <th scope="row" className="text-end fw-normal font-monospace">{e.line}</th>
                <td className="text-break">{e.errors.join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function JobPanel({ id }: { id: string }) {
  const job = useReferenceJob(id);
  const headingId = useId();
  if (job.isPending) return <Loading />;
  if (job.isError) return <ErrorAlert error={job.error} onRetry={() => void job.refetch()} />;
  const j = job.data;
  const active = j.status === 'queued' || j.status === 'running';
  return (
    <section className="card mb-4" aria-labelledby={headingId}>
      <div className="card-header d-flex flex-wrap gap-2 align-items-center">
        <h2 id={headingId} className="h5 mb-0 me-auto text-break">{T.job}: {j.filename}</h2>
        <JobStatus job={j} />
      </div>
      <div className="card-body">
        <p className="small text-body-secondary mb-2">
          {REFERENCE_FILE_KIND_LABELS[j.kind]} · {(j.size_bytes / 1024).toLocaleString('it-IT', { maximumFractionDigits: 0 })} kB · {formatDateTime(j.created_at)}
          {j.operator_email ? ` · ${j.operator_email}` : ''}
        </p>
        {active ? (
          <>
            <Bar label={j.phase ? REFERENCE_JOB_PHASE_LABELS[j.phase] : REFERENCE_JOB_STATUS_LABELS[j.status]} fraction={j.progress} />
            <p className="mb-1" aria-live="polite">
              {j.phase ? `${REFERENCE_JOB_PHASE_LABELS[j.phase]} · ` : `${REFERENCE_JOB_STATUS_LABELS[j.status]} · `}
              {T.rows(j.rows_read, j.rows_good, j.rows_bad)}
            </p>
            <p className="small text-body-secondary mb-0">{T.reloadSafe}</p>
          </>
        ) : null}
        {j.status === 'failed' ? <div className="alert alert-danger mb-0" role="alert">{j.message}</div> : null}
        {j.status === 'done' ? (
          <>
            <div className={`alert ${j.applied ? 'alert-success' : 'alert-warning'}`} role="status">
              <p className="mb-1">{j.applied ? T.applied : T.notApplied}</p>
              <p className="mb-0">{T.rows(j.rows_read, j.rows_good, j.rows_bad)}</p>
            </div>
            {j.counts && j.applied ? <CountsTable counts={j.counts} /> : null}
            {j.report.length > 0 ? (
              <details className="mb-2">
                <summary>{T.report}</summary>
                <pre className="small bg-body-tertiary p-2 mb-0 text-wrap">{j.report.join('\n')}</pre>
              </details>
            ) : null}
          </>
        ) : null}
        <RowErrors job={j} />
      </div>
    </section>
  );
}

function RecentJobs() {
  const jobs = useReferenceJobs();
  return (
    <section aria-labelledby="importazioni-recenti">
      <h2 id="importazioni-recenti" className="h5">{T.recent}</h2>
      {jobs.isPending ? <Loading /> : jobs.isError ? <ErrorAlert error={jobs.error} onRetry={() => void jobs.refetch()} /> : jobs.data.items.length === 0 ? (
        <p className="text-body-secondary">{T.recentEmpty}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle console-table">
            <caption className="visually-hidden">{T.recentCaption}</caption>
            <thead><tr><th scope="col">{T.filename}</th><th scope="col">{T.kind}</th><th scope="col">{T.status}</th><th scope="col">{T.created}</th><th scope="col">{T.operator}</th></tr></thead>
            <tbody>
              {jobs.data.items.map((j) => (
                <tr key={j.id}>
                  <td><Link to={referencePath(j.kind, j.id)}>{j.filename}</Link></td>
                  <td>{T.kinds[j.kind]}</td>
                  <td><JobStatus job={j} /></td>
                  <td className="text-nowrap"><time dateTime={j.created_at}>{formatDateTime(j.created_at)}</time></td>
                  <td className="text-break">{j.operator_email ?? TEXT.none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Upload a coverage or ATECO file, follow its import (the job id in the URL survives a reload), read its report. */
export function ReferencePage({ kind }: { kind: ReferenceFileKind }) {
  usePageTitle(`${T.kinds[kind]} · ${T.title}`);
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  return (
    <>
      <h1 className="h3 mb-3">{T.title}</h1>
      <nav aria-label={T.tabs}>
        <ul className="nav nav-tabs mb-3">
          {REFERENCE_FILE_KINDS.map((k) => (
            <li key={k} className="nav-item">
              <NavLink to={referencePath(k)} className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`} end>{T.kinds[k]}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <UploadForm key={kind} kind={kind} onQueued={(id) => setParams({ job: id })} />
      {jobId ? <JobPanel key={jobId} id={jobId} /> : null}
      <RecentJobs />
    </>
  );
}
