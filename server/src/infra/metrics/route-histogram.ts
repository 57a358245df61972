/** A sample as prom-client's registry prints it (its own type of it is not exported). */
export interface Sample { metricName: string; labels: Record<string, string | number>; value: number }

interface Series {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket, not cumulative; the last slot counts those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The answer-duration histogram, by method, route pattern and status. Every answer observes it, so it is
 * kept apart from prom-client's Histogram, whose observe validates and hashes a labels object each time
 * (a visible share of a cached answer's CPU in the API bench); here a series is found by three nested
 * map lookups and the labels are built once per series. It registers as a prom-client metric and
 * exposes the same samples as prom-client's histogram (`_bucket` with `le`, `_sum`, `_count`).
 */
export class RouteDurationHistogram {
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  constructor(readonly name: string, readonly help: string, private readonly bounds: readonly number[]) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, byMethod = new Map());
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, byStatus = new Map());
    let s = byStatus.get(status);
    if (!s) byStatus.set(status, s = { labels: { method, route, status: String(status) }, counts: new Array<number>(this.bounds.length + 1).fill(0), sum: 0, count: 0 });
    let i = 0;
    while (i < this.bounds.length && seconds > (this.bounds[i] ?? Infinity)) i++;
    s.counts[i] = (s.counts[i] ?? 0) + 1;
    s.sum += seconds;
    s.count += 1;
  }

  /** prom-client's Metric interface: what a registry prints at a scrape. */
  async get(): Promise<{ name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: Sample[] }> {
    const values: Sample[] = [];
    for (const byMethod of this.series.values()) {
      for (const byStatus of byMethod.values()) {
        for (const s of byStatus.values()) {
          let cumulative = 0;
          this.bounds.forEach((le, i) => {
            cumulative += s.counts[i] ?? 0;
            values.push({ metricName: `${this.name}_bucket`, labels: { le, ...s.labels }, value: cumulative });
          });
          values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...s.labels }, value: s.count });
          values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
          values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
        }
      }
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
