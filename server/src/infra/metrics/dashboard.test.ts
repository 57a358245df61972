import { readFileSync } from 'node:fs';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { describeEachDialect } from '../../../test/support/dialects';
import { createMetrics } from './registry';

interface Panel { type: string; title: string; targets?: Array<{ expr: string }> }
interface Dashboard { schemaVersion: number; panels: Panel[]; templating: { list: Array<{ type: string; query: unknown; definition?: string }> } }

const dashboard = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy/grafana/checkout-dashboard.json'), 'utf8')) as Dashboard;

/** The metric names a PromQL expression reads (functions and labels are not metric names: they are followed by `(` or `=`). */
const metricNamesOf = (expr: string): string[] => [...expr.matchAll(/\b((?:checkout|nodejs)_[a-z0-9_]+)\b(?!\s*[(=!~])/g)].map((m) => m[1]!);
/** A histogram's series name its family. */
const familyOf = (name: string, families: Set<string>): string =>
  families.has(name) ? name : name.replace(/_(bucket|count|sum)$/, '');

describeEachDialect('the Grafana dashboard', (dialect) => {
  it('reads only metrics the server exposes, from a Prometheus data source variable', async () => {
    const { db, destroy } = await dialect.createDb();
    const metrics = createMetrics({ db, now: () => new Date(), onCollectError: (metric, err) => { throw new Error(`${metric}: ${String(err)}`); } });
    const families = new Set(parsePrometheusTextFormat((await metrics.exposition()).text).map((f) => f.name));
    await destroy();

    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.templating.list.find((v) => v.type === 'datasource')?.query).toBe('prometheus');
    const expressions = [
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)),
      ...dashboard.templating.list.flatMap((v) => (v.definition ? [v.definition] : [])),
    ];
    const used = new Set(expressions.flatMap(metricNamesOf));
    // Every family the issue names is on a panel.
    for (const family of ['checkout_http_requests_total', 'checkout_http_request_duration_seconds_bucket', 'checkout_outbox_pending_deliveries',
      'checkout_outbox_oldest_pending_age_seconds', 'checkout_codes_sent_total', 'checkout_codes_failed_total', 'checkout_signatures_total',
      'checkout_uploads_total', 'checkout_console_sessions_active', 'checkout_db_pool_connections', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(used, family).toContain(family);
    }
    for (const name of used) expect(families, `${name} (deploy/grafana/checkout-dashboard.json)`).toContain(familyOf(name, families));
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
  });
});
