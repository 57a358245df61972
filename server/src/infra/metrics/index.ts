/**
 * Prometheus metrics (prom-client): the app's registry and its counters, gauges read at scrape time, and
 * the code channels that count their sends. `http/metrics.ts` serves them on `/metrics` (docs/operations.md).
 */
export { UNMATCHED_ROUTE, createMetrics } from './registry';
export type { AppMetrics, MetricsDeps, UploadOutcome } from './registry';
export { countingCodeSends } from './code-sends';
