import { Histogram, type Registry } from 'prom-client';

/** Upper bounds in seconds: kept answers take well under a millisecond, a checkout seconds. */
export const ROUTE_TIMING_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;
const BOUNDS_MS = ROUTE_TIMING_BUCKETS.map((seconds) => seconds * 1000);

/** The label of requests no route matched (the not-found handler, which also serves pages). */
export const UNMATCHED_ROUTE = 'unmatched';

type Label = 'method' | 'route' | 'status_code';

/** One method and status of one route: a count per bucket (the last one above every bound). */
interface Series {
  readonly method: string;
  readonly status: number;
  readonly counts: Float64Array;
  sumMs: number;
  count: number;
}

/** A route's series, made once when the route is registered and found again per request. */
export interface RouteSeries {
  readonly route: string;
  readonly series: Series[];
}

const NAME = 'http_request_duration_seconds';
const HELP = 'Time to answer HTTP requests, by method, route pattern and status';

/** A sample as prom-client's Histogram hands it to the text format: `le` apart from the rest. */
interface PromSample {
  labels: { le?: number | '+Inf' };
  sharedLabels: Record<Label, string | number>;
  value: number;
  metricName: string;
}

/**
 * `http_request_duration_seconds{method, route, status_code}` counted for every request at the
 * cost of a few array writes (decision 075): a route's series is found from the route itself
 * (its pattern, never the URL), its bucket by a short scan, and nothing is allocated once a route
 * has answered with a status. prom-client's own `observe` hashes its labels into a string on
 * every call (about 0.4 µs); this keeps the counts in typed arrays and gives prom-client the same
 * samples its Histogram would when a scrape asks (`getForPromString`), so the registry, the text format and the
 * cluster's aggregation are prom-client's.
 */
export class RouteTimings extends Histogram<Label> {
  readonly #routes = new Map<string, RouteSeries>();
  readonly #unmatched: RouteSeries = { route: UNMATCHED_ROUTE, series: [] };

  constructor(registry: Registry) {
    super({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status_code'],
      buckets: [...ROUTE_TIMING_BUCKETS],
      registers: [registry],
    });
  }

  /** The series of a route pattern (one per pattern, whichever methods it answers). */
  forRoute(route: string): RouteSeries {
    let found = this.#routes.get(route);
    if (!found) {
      found = { route, series: [] };
      this.#routes.set(route, found);
    }
    return found;
  }

  /** Count one answer: `route` undefined for a request no route matched. */
  record(route: RouteSeries | undefined, method: string, status: number, ms: number): void {
    const { series } = route ?? this.#unmatched;
    let entry: Series | undefined;
    for (let i = 0; i < series.length; i += 1) {
      const candidate = series[i]!;
      if (candidate.status === status && candidate.method === method) {
        entry = candidate;
        break;
      }
    }
    if (!entry) {
      entry = {
        method,
        status,
        counts: new Float64Array(BOUNDS_MS.length + 1),
        sumMs: 0,
        count: 0,
      };
      series.push(entry);
    }
    let bucket = 0;
    while (bucket < BOUNDS_MS.length && ms > BOUNDS_MS[bucket]!) bucket += 1;
    entry.counts[bucket]! += 1;
    entry.sumMs += ms;
    entry.count += 1;
  }

  /**
   * The samples, shaped as prom-client's Histogram shapes them: the registry's text format reads
   * this, and the inherited `get` (the cluster's aggregation) spreads `sharedLabels` into `labels`.
   */
  async getForPromString(): Promise<{
    name: string;
    help: string;
    type: 'histogram';
    aggregator: 'sum';
    values: PromSample[];
  }> {
    const values: PromSample[] = [];
    for (const { route, series } of [...this.#routes.values(), this.#unmatched]) {
      for (const entry of series) {
        const sharedLabels = { method: entry.method, route, status_code: entry.status };
        let cumulative = 0;
        ROUTE_TIMING_BUCKETS.forEach((le, i) => {
          cumulative += entry.counts[i]!;
          values.push({
            labels: { le },
            sharedLabels,
            value: cumulative,
            metricName: `${NAME}_bucket`,
          });
        });
        values.push(
          {
            labels: { le: '+Inf' },
            sharedLabels,
            value: entry.count,
            metricName: `${NAME}_bucket`,
          },
          { labels: {}, sharedLabels, value: entry.sumMs / 1000, metricName: `${NAME}_sum` },
          { labels: {}, sharedLabels, value: entry.count, metricName: `${NAME}_count` },
        );
      }
    }
    return { name: NAME, help: HELP, type: 'histogram', aggregator: 'sum', values };
  }

  override reset(): void {
    super.reset();
    // prom-client's constructor resets the metric before this class's fields exist.
    if (!(#routes in this)) return;
    for (const { series } of [...this.#routes.values(), this.#unmatched]) series.length = 0;
  }
}
