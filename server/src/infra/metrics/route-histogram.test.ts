import { Histogram, Registry } from 'prom-client';
import type { Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteDurationHistogram } from './route-histogram';

const BOUNDS = [0.005, 0.01, 0.1, 1];
const OBSERVATIONS: Array<[method: string, route: string, status: number, seconds: number]> = [
  ['POST', '/api/orders/new', 200, 0.004],
  ['POST', '/api/orders/new', 200, 0.005],
  ['POST', '/api/orders/new', 200, 0.02],
  ['POST', '/api/orders/new', 422, 0.002],
  ['GET', 'unmatched', 404, 3],
  ['POST', '/api/orders/:order_hash/sign-with-otp', 200, 0.7],
];

const sortedLines = (text: string): string[] => text.split('\n').filter(Boolean).sort();

describe('the route duration histogram', () => {
  it('prints what prom-client\'s Histogram prints for the same observations', async () => {
    const ours = new Registry();
    const histogram = new RouteDurationHistogram('t_duration_seconds', 'Durations.', BOUNDS);
    ours.registerMetric(histogram as unknown as Metric);
    const theirs = new Registry();
    const reference = new Histogram({ name: 't_duration_seconds', help: 'Durations.', labelNames: ['method', 'route', 'status'], buckets: BOUNDS, registers: [theirs] });
    for (const [method, route, status, seconds] of OBSERVATIONS) {
      histogram.observe(method, route, status, seconds);
      reference.observe({ method, route, status: String(status) }, seconds);
    }
    const text = await ours.metrics();
    expect(sortedLines(text)).toEqual(sortedLines(await theirs.metrics()));
    // A value on a bound counts in that bucket; one above every bound only in +Inf.
    expect(text).toContain('t_duration_seconds_bucket{le="0.005",method="POST",route="/api/orders/new",status="200"} 2');
    expect(text).toContain('t_duration_seconds_bucket{le="1",method="GET",route="unmatched",status="404"} 0');
    expect(text).toContain('t_duration_seconds_bucket{le="+Inf",method="GET",route="unmatched",status="404"} 1');
  });
});
