import { describe, expect, it } from 'vitest';
import { AggregatorRegistry, Registry } from 'prom-client';
import { RouteTimings } from './route-timings.js';

/* The HTTP timings as prom-client writes them, alone and summed over a cluster's workers. */
function worker(observations: [route: string | undefined, status: number, ms: number][]) {
  const registry = new Registry();
  const timings = new RouteTimings(registry);
  for (const [route, status, ms] of observations) {
    timings.record(route === undefined ? undefined : timings.forRoute(route), 'GET', status, ms);
  }
  return registry;
}

describe('RouteTimings', () => {
  it('writes a histogram per method, route pattern and status, with cumulative buckets', async () => {
    const text = await worker([
      ['/api/products', 200, 0.3],
      ['/api/products', 200, 2],
      ['/api/products', 200, 20_000],
      ['/api/products', 304, 0.1],
      [undefined, 404, 1],
    ]).metrics();
    const series = 'method="GET",route="/api/products",status_code="200"';
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.0005",${series}} 1\n`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.001",${series}} 1\n`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.0025",${series}} 2\n`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="10",${series}} 2\n`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="+Inf",${series}} 3\n`);
    const sum =
      /http_request_duration_seconds_sum\{[^}]*route="\/api\/products",status_code="200"\} (\S+)/.exec(
        text,
      );
    expect(Number(sum?.[1])).toBeCloseTo(20.0023, 6);
    expect(text).toContain(`http_request_duration_seconds_count{${series}} 3\n`);
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/products",status_code="304"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 1',
    );
  });

  it("is summed over workers by prom-client's AggregatorRegistry, as the cluster's primary does", async () => {
    const a = worker([['/api/products', 200, 0.3]]);
    const b = worker([
      ['/api/products', 200, 3],
      ['/api/cart', 401, 1],
    ]);
    const summed = AggregatorRegistry.aggregate([
      await a.getMetricsAsJSON(),
      await b.getMetricsAsJSON(),
    ]);
    const text = await summed.metrics();
    const series = 'method="GET",route="/api/products",status_code="200"';
    expect(text).toContain(`http_request_duration_seconds_count{${series}} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.0005",${series}} 1`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.005",${series}} 2`);
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/cart",status_code="401"} 1',
    );
  });

  it('is emptied by reset', async () => {
    const registry = worker([['/api/products', 200, 1]]);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('route=');
  });
});
