import { DELIVERY_TARGETS } from '@checkout/contract';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Metric } from 'prom-client';
import { dialectOf, poolStatsOf } from '../../db';
import type { Db } from '../../db';
import { outboxBacklog } from '../outbox';
import { RouteDurationHistogram } from './route-histogram';

/** The route label of a request no route matched (a 404, a page of the SPA): never the raw URL, which has no bound. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Upload outcomes: kept, refused with a 4xx (size, type, quota, key…), or failed on a server error. */
export type UploadOutcome = 'accepted' | 'refused' | 'failed';

/**
 * The app's metrics, in a registry of its own (several apps in one test process do not collide).
 * Counters are incremented where things happen; gauges of what the database or Redis holds are read at
 * each scrape. Every name starts with `checkout_`; the process's own (event-loop delay, memory, GC) keep
 * prom-client's default names.
 */
export interface AppMetrics {
  readonly registry: Registry;
  /**
   * One observation per answer, by method, route pattern and status; `checkout_http_requests_total` is
   * read from its counts at each scrape, so an answer costs one metric update, not two.
   */
  readonly httpDuration: RouteDurationHistogram;
  /** One-time codes handed to a channel (signing, withdrawal, consent, pre-made, tracking, number change). */
  readonly codesSent: Counter<'channel'>;
  readonly codesFailed: Counter<'channel'>;
  readonly signatures: Counter;
  readonly uploads: Counter<'outcome'>;
  /** The console module tells how to count its live sessions (its store is the database or Redis). */
  countConsoleSessionsWith(count: () => Promise<number>): void;
  /** The exposition text of this app's metrics and the process's, and its content type. */
  exposition(): Promise<{ contentType: string; text: string }>;
}

export interface MetricsDeps {
  db: Db;
  now: () => Date;
  /** A reading that failed at scrape time: its metric is left out of this scrape, the rest still answers. */
  onCollectError: (metric: string, err: unknown) => void;
}

/** Seconds: from a fast lookup to a slow upload or signature (seal and PDF). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

let processRegistry: Registry | undefined;

/** Process metrics (event-loop delay, heap, GC, handles) belong to the process, not to an app: collected once. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics({ db, now, onCollectError }: MetricsDeps): AppMetrics {
  const registry = new Registry();
  const registers = [registry];

  /** A gauge read at scrape time; a failed reading leaves the gauge without samples for this scrape. */
  const readGauge = <L extends string>(name: string, help: string, labelNames: readonly L[], read: (g: Gauge<L>) => Promise<void> | void): Gauge<L> =>
    new Gauge<L>({
      name, help, labelNames, registers,
      async collect() {
        this.reset();
        try { await read(this); } catch (err) { this.reset(); onCollectError(name, err); }
      },
    });

  let countConsoleSessions: (() => Promise<number>) | null = null;

  readGauge('checkout_outbox_pending_deliveries', 'Outbox deliveries (provider webhook, lead webhook, email, SMS) not yet delivered, per target.', ['target'], async (g) => {
    const backlog = await outboxBacklog(db);
    for (const target of DELIVERY_TARGETS) g.set({ target }, backlog.find((b) => b.target === target)?.pending ?? 0);
  });
  readGauge('checkout_outbox_oldest_pending_age_seconds', 'Age of the oldest pending outbox delivery, per target (0 when none is pending).', ['target'], async (g) => {
    const backlog = await outboxBacklog(db);
    const at = now().getTime();
    for (const target of DELIVERY_TARGETS) {
      const oldest = backlog.find((b) => b.target === target)?.oldestCreatedAt;
      g.set({ target }, oldest ? Math.max(0, (at - Date.parse(oldest)) / 1000) : 0);
    }
  });
  readGauge('checkout_console_sessions_active', 'Operator console sessions not ended nor expired.', [], async (g) => {
    if (countConsoleSessions) g.set(await countConsoleSessions());
  });
  // SQLite has one connection and no pool: it reports its size (1) and nothing in use or waiting it could not know.
  readGauge('checkout_db_pool_max_connections', 'Connections the database pool may open (SQLite: its one connection).', ['dialect'], (g) => {
    g.set({ dialect: dialectOf(db) }, poolStatsOf(db)?.max ?? 1);
  });
  readGauge('checkout_db_pool_connections', 'PostgreSQL pool connections open, by state (idle, in_use).', ['state'], (g) => {
    const stats = poolStatsOf(db);
    if (!stats) return;
    g.set({ state: 'idle' }, stats.idle);
    g.set({ state: 'in_use' }, stats.total - stats.idle);
  });
  // Labelled so that SQLite, whose queries queue inside its driver unseen, reports nothing rather than a false 0.
  readGauge('checkout_db_pool_waiting_requests', 'Queries waiting for a free PostgreSQL pool connection.', ['dialect'], (g) => {
    const stats = poolStatsOf(db);
    if (stats) g.set({ dialect: 'postgres' }, stats.waiting);
  });

  const codesSent = new Counter({ name: 'checkout_codes_sent_total', help: 'One-time codes the channel accepted, by channel.', labelNames: ['channel'], registers });
  const codesFailed = new Counter({ name: 'checkout_codes_failed_total', help: 'One-time codes the channel failed to send, by channel.', labelNames: ['channel'], registers });
  const uploads = new Counter({ name: 'checkout_uploads_total', help: 'Document uploads, by outcome (accepted, refused, failed).', labelNames: ['outcome'], registers });
  // Known label values start at 0: a rate over a series that appears only with its first event misses that event.
  for (const channel of ['email', 'sms']) { codesSent.inc({ channel }, 0); codesFailed.inc({ channel }, 0); }
  for (const outcome of ['accepted', 'refused', 'failed'] satisfies UploadOutcome[]) uploads.inc({ outcome }, 0);

  const durationName = 'checkout_http_request_duration_seconds';
  const httpDuration = new RouteDurationHistogram(durationName, 'Time to answer HTTP requests, by method, route pattern and status.', DURATION_BUCKETS);
  // It speaks prom-client's metric interface (name, help, type, aggregator, get), not its class.
  registry.registerMetric(httpDuration as unknown as Metric);
  const durationCount = `${durationName}_count`;
  new Counter({
    name: 'checkout_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'], registers,
    async collect() {
      this.reset();
      for (const v of (await httpDuration.get()).values) if (v.metricName === durationCount) this.inc(v.labels, v.value);
    },
  });

  return {
    registry,
    httpDuration,
    codesSent,
    codesFailed,
    signatures: new Counter({ name: 'checkout_signatures_total', help: 'Contracts signed with a one-time code.', registers }),
    uploads,
    countConsoleSessionsWith(count) { countConsoleSessions = count; },
    async exposition() {
      const merged = Registry.merge([registry, processMetrics()]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
}
