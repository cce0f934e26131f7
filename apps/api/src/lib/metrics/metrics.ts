import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import type { JobRunner, JobStats } from '../../jobs/runner.js';
import type { ShopHealthService } from '../../modules/health/shop-health.service.js';
import { RouteTimings } from './route-timings.js';

/** The longest a scrape waits for the shop's counts before answering without them. */
export const BACKLOG_READ_TIMEOUT_MS = 1_000;

let processRegistry: Registry | undefined;

/**
 * Node's and the process's own metrics (event-loop lag, heap, CPU, GC, handles), collected once
 * per process however many apps it builds (tests build many): prom-client's default metrics
 * start monitors that are never stopped.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsDeps {
  jobs: Pick<JobRunner, 'stats'>;
  database: Pick<DatabaseHandle, 'poolStats'>;
  shopHealth: Pick<ShopHealthService, 'backlog'>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

export interface Metrics {
  /** This process's HTTP timings, jobs and pool: summed over a cluster's workers. */
  readonly registry: Registry;
  readonly timings: RouteTimings;
  /** The shop's counts, read from the database now (once per scrape, whichever worker). */
  shopText(): Promise<string>;
  /** Everything, for a process that is not one of a cluster's workers. */
  text(): Promise<string>;
  readonly contentType: string;
}

/**
 * The metrics /metrics serves (decision 075), in prom-client's registries. Counts kept elsewhere
 * (the job runner's, the pool's) are read when a scrape asks; the shop's queues are read from the
 * database then, time-boxed, in a registry of their own that a cluster does not sum.
 */
export function createMetrics({ jobs, database, shopHealth, logger }: MetricsDeps): Metrics {
  const registry = new Registry();
  const timings = new RouteTimings(registry);

  // The runner keeps its own counts; each scrape copies them (prom-client counters only add).
  const jobCounter = (name: string, help: string, read: (job: JobStats) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['job'],
      registers: [registry],
      collect() {
        this.reset();
        for (const job of jobs.stats()) this.inc({ job: job.name }, read(job));
      },
    });
  jobCounter(
    'pehnava_job_runs_total',
    'Background job runs finished in this process, failed ones included',
    (job) => job.runs,
  );
  jobCounter(
    'pehnava_job_failures_total',
    'Background job runs that failed',
    (job) => job.failures,
  );
  jobCounter('pehnava_job_items_total', 'Rows background job runs handled', (job) => job.items);
  new Gauge({
    name: 'pehnava_job_lag_seconds',
    help: 'Seconds since a run of the job last finished without failing (the least over workers)',
    labelNames: ['job'],
    registers: [registry],
    aggregator: 'min',
    collect() {
      this.reset();
      for (const job of jobs.stats()) {
        this.set({ job: job.name }, Math.round(job.secondsSinceSuccess * 1000) / 1000);
      }
    },
  });

  const poolStats = database.poolStats?.bind(database);
  if (poolStats) {
    const pool = poolStats();
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('pehnava_db_pool_max', 'The most connections the database pool opens', () => pool.max);
    gauge(
      'pehnava_db_pool_in_use',
      'Database connections lent out to queries',
      () => poolStats().open - poolStats().idle,
    );
    gauge('pehnava_db_pool_idle', 'Database connections open and idle', () => poolStats().idle);
    gauge(
      'pehnava_db_pool_waiting',
      'Queries waiting for a database connection',
      () => poolStats().waiting,
    );
  }

  const shop = new Registry();
  const shopGauge = (name: string, help: string) => new Gauge({ name, help, registers: [shop] });
  const mailWaiting = shopGauge('pehnava_mail_outbox_waiting', 'Mails in the outbox not sent yet');
  const mailOldest = shopGauge(
    'pehnava_mail_outbox_oldest_seconds',
    'Age of the oldest mail not sent yet (0 when none waits)',
  );
  const refundsPending = shopGauge(
    'pehnava_refunds_pending',
    'Refunds still to be made at the payment provider',
  );
  const refundsFailed = shopGauge(
    'pehnava_refunds_failed',
    'Refunds failed until an admin retries them',
  );
  const awaiting = shopGauge(
    'pehnava_payments_awaiting_reconciliation',
    'Unpaid orders the reconciliation still watches',
  );
  const overdue = shopGauge(
    'pehnava_payments_reconciliation_overdue',
    'Watched orders the reconciliation should have asked about over 10 minutes ago',
  );
  const readOk = shopGauge(
    'pehnava_backlog_read_success',
    '1 when this scrape read the counts above from the database, else 0',
  );
  const counts = [mailWaiting, mailOldest, refundsPending, refundsFailed, awaiting, overdue];

  async function shopText(): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const row = await Promise.race([
        shopHealth.backlog(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${BACKLOG_READ_TIMEOUT_MS} ms`)),
            BACKLOG_READ_TIMEOUT_MS,
          );
        }),
      ]);
      mailWaiting.set(row.mailWaiting);
      mailOldest.set(row.mailOldestSeconds ?? 0);
      refundsPending.set(row.refundsPending);
      refundsFailed.set(row.refundsFailed);
      awaiting.set(row.paymentsAwaiting);
      overdue.set(row.paymentsOverdue);
      readOk.set(1);
    } catch (err) {
      logger.warn({ err }, 'metrics: the backlog could not be read');
      // Not a count (a 0 would read as 'nothing waits'): NaN, which no alert threshold matches.
      for (const gauge of counts) gauge.set(Number.NaN);
      readOk.set(0);
    } finally {
      clearTimeout(timer);
    }
    return shop.metrics();
  }

  return {
    registry,
    timings,
    shopText,
    async text() {
      const [node, own, counted] = await Promise.all([
        processMetrics().metrics(),
        registry.metrics(),
        shopText(),
      ]);
      return `${node}\n${own}\n${counted}`;
    },
    contentType: registry.contentType,
  };
}
