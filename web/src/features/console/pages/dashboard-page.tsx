import { lazy, Suspense, useId, useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  dropOff, formatRate, rate, withdrawalRate,
} from '@checkout/contract/console/dashboard';
import {
  CODE_PURPOSE_LABELS, DASHBOARD_COUNT_DEFINITIONS, DASHBOARD_COUNT_LABELS, DASHBOARD_GRANULARITIES, DASHBOARD_GRANULARITY_LABELS,
  DASHBOARD_MAX_DAYS, DASHBOARD_OUTCOMES, dashboardQuerySchema, FUNNEL_STAGES, REVIEW_AGE_LABELS,
} from '@checkout/contract/console/schemas-dashboard';
import type { Dashboard, DashboardQueryInput } from '@checkout/contract/console/schemas-dashboard';
import { dashboardExportUrl, useDashboard } from '../api/dashboard';
import { controlId } from '../components/field';
import { ErrorAlert, Loading } from '../components/feedback';
import { DateFilter, FilterForm, FilterSelect, ListHeader } from '../components/list-filters';
import { formatDate, formatDateTime } from '../format';
import { readUrlQuery, toUrlParams } from '../url-query';
import { usePageTitle } from '../use-page-title';
import { DASHBOARD_TEXT as T } from './dashboard-text';

// The chart library is fetched when the dashboard first draws a chart: no other page of the console carries it.
const HorizontalBars = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.HorizontalBars })));
const TrendLines = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.TrendLines })));

const SHAPE = dashboardQuerySchema.shape;
const KEYS = Object.keys(SHAPE);
const id = (name: string) => controlId('cruscotto', name);
const n = (v: number): string => v.toLocaleString('it-IT');

type Group = Dashboard['by_offer'][number];

/** A chart, hidden from assistive technology (the table beside it holds the same numbers), with its space kept while it loads. */
function Chart({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure className="console-chart mb-3">
      <div aria-hidden="true"><Suspense fallback={<div className="console-chart-placeholder" />}>{children}</Suspense></div>
      <figcaption className="visually-hidden">{label}</figcaption>
    </figure>
  );
}

/** A table's box: it may scroll sideways on a narrow window, so it is a named region the keyboard can reach. */
function TableBox({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return <div className={`table-responsive ${className}`} role="region" aria-label={label} tabIndex={0}>{children}</div>;
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card card-body mb-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">{title}</h2>
      {description ? <p className="text-body-secondary small">{description}</p> : null}
      {children}
    </section>
  );
}

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="col-6 col-md-4 col-xl">
      <div className="card h-100"><div className="card-body py-2">
        <p className="small text-body-secondary mb-0">{label}</p>
        <p className="h4 mb-0">{value}</p>
        {hint ? <p className="small text-body-secondary mb-0">{hint}</p> : null}
      </div></div>
    </div>
  );
}

function Funnel({ d }: { d: Dashboard }) {
  const stages = dropOff(d.totals);
  return (
    <Section title={T.funnel.title} description={T.funnel.description}>
      <Chart label={T.funnel.chart}>
        <HorizontalBars data={stages.map((s) => ({ label: DASHBOARD_COUNT_LABELS[s.stage], value: s.reached }))} />
      </Chart>
      <TableBox label={T.funnel.title}>
        <table className="table table-sm align-middle console-table mb-2">
          <caption className="visually-hidden">{T.funnel.title}</caption>
          <thead><tr>
            <th scope="col">{T.funnel.stage}</th><th scope="col" className="text-end">{T.funnel.reached}</th><th scope="col" className="text-end">{T.funnel.ofCreated}</th>
            <th scope="col" className="text-end">{T.funnel.dropped}</th><th scope="col" className="text-end">{T.funnel.dropRate}</th>
          </tr></thead>
          <tbody>
            {stages.map((s) => (
              <tr key={s.stage}>
                <th scope="row" className="fw-normal">{DASHBOARD_COUNT_LABELS[s.stage]}</th>
                <td className="text-end" data-count={s.stage}>{n(s.reached)}</td>
                <td className="text-end">{formatRate(s.ofCreated)}</td>
                <td className="text-end">{s.dropped === null ? '—' : n(s.dropped)}</td>
                <td className="text-end">{formatRate(s.dropRate)}</td>
              </tr>
            ))}
            {DASHBOARD_OUTCOMES.map((k) => (
              <tr key={k}>
                <th scope="row" className="fw-normal">{DASHBOARD_COUNT_LABELS[k]}</th>
                <td className="text-end" data-count={k}>{n(d.totals[k])}</td>
                <td className="text-end">{formatRate(rate(d.totals[k], d.totals.created))}</td>
                <td className="text-end">—</td><td className="text-end">—</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <details>
        <summary>{T.funnel.definitions}</summary>
        <dl className="small mt-2 mb-0">
          {[...FUNNEL_STAGES, ...DASHBOARD_OUTCOMES].map((k) => (
            <div key={k}><dt>{DASHBOARD_COUNT_LABELS[k]}</dt><dd>{DASHBOARD_COUNT_DEFINITIONS[k]}</dd></div>
          ))}
        </dl>
      </details>
    </Section>
  );
}

const TREND_KEYS = ['created', 'signed', 'activated', 'withdrawn'] as const;

function Trend({ d }: { d: Dashboard }) {
  const label = (period: string) => (d.granularity === 'week' ? T.trend.week(formatDate(period)) : formatDate(period));
  const data = d.series.map((s) => ({ label: d.granularity === 'week' ? formatDate(s.period) : formatDate(s.period).slice(0, 5), ...s }));
  return (
    <Section title={T.trend.title(DASHBOARD_GRANULARITY_LABELS[d.granularity].toLowerCase())}>
      <Chart label={T.trend.chart}>
        <TrendLines data={data} series={TREND_KEYS.map((k) => ({ key: k, label: DASHBOARD_COUNT_LABELS[k] }))} />
      </Chart>
      <details>
        <summary>{T.trend.table}</summary>
        <TableBox label={T.trend.table} className="console-scroll-table mt-2">
          <table className="table table-sm console-table mb-0">
            <caption className="visually-hidden">{T.trend.table}</caption>
            <thead><tr><th scope="col">{T.trend.period}</th>{FUNNEL_STAGES.map((k) => <th key={k} scope="col" className="text-end">{DASHBOARD_COUNT_LABELS[k]}</th>)}<th scope="col" className="text-end">{DASHBOARD_COUNT_LABELS.withdrawn}</th></tr></thead>
            <tbody>
              {d.series.map((s) => (
                <tr key={s.period}>
                  <th scope="row" className="fw-normal text-nowrap">{label(s.period)}</th>
                  {FUNNEL_STAGES.map((k) => <td key={k} className="text-end">{n(s[k])}</td>)}
                  <td className="text-end">{n(s.withdrawn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      </details>
    </Section>
  );
}

function GroupTable({ title, column, groups }: { title: string; column: string; groups: readonly Group[] }) {
  return (
    <div className="col-12">
      <h3 className="h6">{title}</h3>
      <TableBox label={title}>
        <table className="table table-sm console-table">
          <caption className="visually-hidden">{title}</caption>
          <thead><tr>
            <th scope="col">{column}</th>
            <th scope="col" className="text-end">{DASHBOARD_COUNT_LABELS.created}</th><th scope="col" className="text-end">{DASHBOARD_COUNT_LABELS.signed}</th>
            <th scope="col" className="text-end">{T.groups.signedRate}</th><th scope="col" className="text-end">{DASHBOARD_COUNT_LABELS.activated}</th>
            <th scope="col" className="text-end">{DASHBOARD_COUNT_LABELS.withdrawn}</th>
          </tr></thead>
          <tbody>
            {groups.length === 0 ? <tr><td colSpan={6} className="text-body-secondary">—</td></tr> : groups.map((g) => (
              <tr key={g.key}>
                <th scope="row" className="fw-normal text-break">{g.label}</th>
                <td className="text-end">{n(g.created)}</td><td className="text-end">{n(g.signed)}</td>
                <td className="text-end text-nowrap">{formatRate(rate(g.signed, g.created))}</td>
                <td className="text-end">{n(g.activated)}</td><td className="text-end">{n(g.withdrawn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </div>
  );
}

function Review({ d }: { d: Dashboard }) {
  const r = d.review;
  return (
    <Section title={T.review.title} description={T.review.description}>
      <p>{r.waiting === 0 ? T.review.none : T.review.summary(r.waiting, formatDateTime(r.oldest_at))} <Link to="/console/verifica">{T.review.open}</Link></p>
      {r.waiting > 0 ? (
        <Chart label={T.review.chart}>
          <HorizontalBars data={r.ages.map((a) => ({ label: REVIEW_AGE_LABELS[a.bucket], value: a.count }))} color="#b02a37" labelWidth={130} />
        </Chart>
      ) : null}
      <table className="table table-sm console-table w-auto">
        <caption className="visually-hidden">{T.review.title}</caption>
        <thead><tr><th scope="col">{T.review.age}</th><th scope="col" className="text-end">{T.review.orders}</th></tr></thead>
        <tbody>{r.ages.map((a) => <tr key={a.bucket}><th scope="row" className="fw-normal">{REVIEW_AGE_LABELS[a.bucket]}</th><td className="text-end" data-count={`review-${a.bucket}`}>{n(a.count)}</td></tr>)}</tbody>
      </table>
    </Section>
  );
}

function Codes({ d }: { d: Dashboard }) {
  return (
    <Section title={T.codes.title} description={T.codes.description}>
      <TableBox label={T.codes.title}>
        <table className="table table-sm console-table mb-0">
          <caption className="visually-hidden">{T.codes.title}</caption>
          <thead><tr>
            <th scope="col">{T.codes.purpose}</th><th scope="col" className="text-end">{T.codes.sent}</th><th scope="col" className="text-end">{T.codes.confirmed}</th>
            <th scope="col" className="text-end">{T.codes.notConfirmed}</th><th scope="col" className="text-end">{T.codes.locked}</th><th scope="col" className="text-end">{T.codes.wrong}</th>
          </tr></thead>
          <tbody>
            {d.codes.map((c) => (
              <tr key={c.purpose}>
                <th scope="row" className="fw-normal">{CODE_PURPOSE_LABELS[c.purpose]}</th>
                <td className="text-end" data-count={`codes-${c.purpose}-sent`}>{n(c.sent)}</td><td className="text-end">{n(c.confirmed)}</td>
                <td className="text-end">{n(c.sent - c.confirmed)}</td><td className="text-end">{n(c.locked)}</td><td className="text-end">{n(c.wrong_attempts)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </Section>
  );
}

function DashboardBody({ d }: { d: Dashboard }) {
  const t = d.totals;
  return (
    <>
      <p className="mb-2"><strong>{T.period(formatDate(d.from), formatDate(d.to))}</strong>. <span className="text-body-secondary">{T.generatedAt(formatDateTime(d.generated_at))}</span></p>
      <h2 className="visually-hidden">{T.kpi.label}</h2>
      <div className="row g-2 mb-3" data-testid="dashboard-kpis">
        <Kpi label={T.kpi.created} value={n(t.created)} />
        <Kpi label={T.kpi.signed} value={n(t.signed)} hint={T.kpi.ofCreated(formatRate(rate(t.signed, t.created)))} />
        <Kpi label={T.kpi.activated} value={n(t.activated)} />
        <Kpi label={T.kpi.withdrawalRate} value={formatRate(withdrawalRate(t))} hint={T.kpi.withdrawalHint(t.withdrawn, t.signed)} />
        <Kpi label={T.kpi.waiting} value={n(d.review.waiting)} hint={T.kpi.waitingHint} />
      </div>
      <Funnel d={d} />
      <Trend d={d} />
      <Section title={T.groups.title}>
        <div className="row g-3">
          <GroupTable title={T.groups.offer} column={T.offer} groups={d.by_offer} />
          <GroupTable title={T.groups.promo} column={T.promo} groups={d.by_promo} />
          <GroupTable title={T.groups.origin} column={T.provenienza} groups={d.by_origin} />
        </div>
      </Section>
      <Review d={d} />
      <Codes d={d} />
    </>
  );
}

export function DashboardPage() {
  usePageTitle(T.title);
  const [params, setParams] = useSearchParams();
  const raw = useMemo(() => readUrlQuery(params, SHAPE) as DashboardQueryInput, [params]);
  const dashboard = useDashboard(raw);
  const go = (values: Record<string, string | undefined>) => setParams(toUrlParams(values, KEYS));
  const d = dashboard.data;
  return (
    <>
      <ListHeader title={T.title}>
        <a className="btn btn-outline-primary btn-sm" href={dashboardExportUrl(raw)} download>{T.export}</a>
      </ListHeader>
      <p className="text-body-secondary small">{T.intro}</p>
      <FilterForm key={`${params.toString()}|${d?.from ?? ''}|${d?.to ?? ''}`} label={T.filters} className="card card-body mb-3 console-filters" onApply={(v) => go(v)}>
        <DateFilter idOf={id} labels={T} from={raw.from ?? d?.from} to={raw.to ?? d?.to} />
        <FilterSelect id={id('granularity')} name="granularity" label={T.granularity} anyLabel={DASHBOARD_GRANULARITY_LABELS.day} value={raw.granularity === 'day' ? '' : raw.granularity} className="col-6 col-md-4 col-lg-2">
          {DASHBOARD_GRANULARITIES.filter((g) => g !== 'day').map((g) => <option key={g} value={g}>{DASHBOARD_GRANULARITY_LABELS[g]}</option>)}
        </FilterSelect>
        <FilterSelect id={id('offer_id')} name="offer_id" label={T.offer} anyLabel={T.anyOffer} value={raw.offer_id === undefined ? undefined : String(raw.offer_id)} className="col-6 col-md-4 col-lg-2">
          {(d?.offers ?? []).map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
        </FilterSelect>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor={id('promo')} className="form-label">{T.promo}</label>
          <input id={id('promo')} name="promo" maxLength={50} className="form-control" autoComplete="off" spellCheck={false} defaultValue={raw.promo ?? ''} />
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor={id('provenienza')} className="form-label">{T.provenienza}</label>
          <input id={id('provenienza')} name="provenienza" maxLength={100} className="form-control" autoComplete="off" spellCheck={false} defaultValue={raw.provenienza ?? ''} />
        </div>
        <div className="col-12 col-lg-auto d-flex gap-2">
          <button type="submit" className="btn btn-primary">{T.apply}</button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => go({})}>{T.reset}</button>
        </div>
        <p className="col-12 form-text mb-0">{T.maxSpan(DASHBOARD_MAX_DAYS)}</p>
      </FilterForm>
      {dashboard.isPending ? <Loading label={T.loading} /> : null}
      {dashboard.isError ? <ErrorAlert error={dashboard.error} onRetry={() => void dashboard.refetch()} /> : null}
      {d && !dashboard.isError ? <div aria-busy={dashboard.isFetching}><DashboardBody d={d} /></div> : null}
    </>
  );
}
