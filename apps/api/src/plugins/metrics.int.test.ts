import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@pehnava/shared';
import { MAIL_OUTBOX_JOB } from '../jobs/mail-outbox.job.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { catalogueProducts } from '../test/shopping.js';

/*
 * GET /metrics (decision 075): Prometheus's text format, read from the internal network only or
 * with METRICS_TOKEN; HTTP timings under route patterns, Node's event-loop lag, the database
 * pool, the jobs, and the shop's queues read at scrape time. Not in the access log.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
const OUTSIDE = '203.0.113.9';

const scrape = (
  t: TestApp,
  {
    remoteAddress,
    headers = {},
  }: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** The value of one sample line, found by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics without a token configured', () => {
  let t: TestApp;
  const logLines: string[] = [];
  let product: Product;
  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      jobs: false,
      env: { ACCESS_LOG: 'all' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    product = (await catalogueProducts(t))[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers loopback and private addresses', async () => {
    for (const remoteAddress of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '192.168.4.5',
      '172.20.0.9',
      'fd12::7',
    ]) {
      const res = await scrape(t, { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    const res = await scrape(t, {
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '10.0.0.7, 127.0.0.1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses an outside address, and an outside visitor forwarded by an internal proxy', async () => {
    const cases: { remoteAddress: string; headers?: Record<string, string> }[] = [
      { remoteAddress: OUTSIDE },
      { remoteAddress: '172.32.0.1' },
      { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': OUTSIDE } },
      // A visitor writing an internal address first: the proxy appends the real one.
      { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `127.0.0.1, ${OUTSIDE}` } },
      {
        remoteAddress: '127.0.0.1',
        headers: { forwarded: `for="[2001:db8::1]:4711";proto=https` },
      },
      { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': OUTSIDE } },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': 'not-an-address' } },
    ];
    for (const request of cases) {
      const res = await scrape(t, request);
      expect(res.statusCode, JSON.stringify(request)).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        message: 'Metrics are read from the internal network only, or with the metrics token',
      });
    }
  });

  it('times requests under their route pattern and status, never the URL', async () => {
    expect((await t.app.inject(`/api/product/list/${product._id}`)).statusCode).toBe(200);
    expect((await t.app.inject('/api/product/list/no-such-piece')).statusCode).toBe(404);
    expect((await t.app.inject('/api/no/such/route')).statusCode).toBe(404);
    await t.app.inject({ method: 'HEAD', url: '/api/health' });
    const text = (await scrape(t)).body;
    const route = 'route="/api/product/list/:id"';
    expect(
      sample(text, `http_request_duration_seconds_count{method="GET",${route},status_code="200"}`),
    ).toBe(1);
    expect(
      sample(text, `http_request_duration_seconds_count{method="GET",${route},status_code="404"}`),
    ).toBe(1);
    expect(
      sample(
        text,
        `http_request_duration_seconds_bucket{le="+Inf",method="GET",${route},status_code="200"}`,
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        `http_request_duration_seconds_bucket{le="10",method="GET",${route},status_code="200"}`,
      ),
    ).toBe(1);
    expect(
      sample(text, `http_request_duration_seconds_sum{method="GET",${route},status_code="200"}`),
    ).toBeGreaterThan(0);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="HEAD",route="/api/health",status_code="200"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(product._id);
    expect(text).not.toContain('no-such-piece');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it("has Node's event-loop lag, the jobs' runs, failures and lag, and the shop's queues", async () => {
    await t.services.repos.outbox.enqueue('test', {
      to: 'someone@pehnava.test',
      subject: 'Waiting',
      text: 'Waiting',
      html: '<p>Waiting</p>',
    });
    let text = (await scrape(t)).body;
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_seconds_total',
      'pehnava_refunds_pending',
      'pehnava_refunds_failed',
      'pehnava_payments_awaiting_reconciliation',
      'pehnava_payments_reconciliation_overdue',
      'pehnava_mail_outbox_oldest_seconds',
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name} \\d`, 'm'));
    }
    expect(sample(text, 'pehnava_mail_outbox_waiting')).toBe(1);
    expect(sample(text, 'pehnava_backlog_read_success')).toBe(1);
    expect(sample(text, `pehnava_job_runs_total{job="${MAIL_OUTBOX_JOB}"}`)).toBe(0);

    await t.deliverMail();
    text = (await scrape(t)).body;
    expect(sample(text, `pehnava_job_runs_total{job="${MAIL_OUTBOX_JOB}"}`)).toBe(1);
    expect(sample(text, `pehnava_job_failures_total{job="${MAIL_OUTBOX_JOB}"}`)).toBe(0);
    expect(sample(text, `pehnava_job_items_total{job="${MAIL_OUTBOX_JOB}"}`)).toBe(1);
    expect(sample(text, `pehnava_job_lag_seconds{job="${MAIL_OUTBOX_JOB}"}`)).toBeLessThan(5);
    expect(sample(text, 'pehnava_mail_outbox_waiting')).toBe(0);
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'pehnava_db_pool_max')).toBeGreaterThan(0);
      expect(sample(text, 'pehnava_db_pool_in_use')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'pehnava_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('pehnava_db_pool_');
    }
  });

  it('is never in the access log; a refused scrape is logged as any refusal is', async () => {
    logLines.length = 0;
    await scrape(t);
    await t.app.inject('/api/health');
    await scrape(t, { remoteAddress: OUTSIDE });
    const lines = logLines.map(
      (line) => JSON.parse(line) as { msg: string; req?: { url?: string }; status?: number },
    );
    expect(lines.map((line) => [line.msg, line.req?.url])).toEqual([
      ['request completed', '/api/health'],
      ['request rejected', '/metrics'],
    ]);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks for the token (401), refuses another (403), answers it from anywhere', async () => {
    const none = await scrape(t);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: 'A metrics token is needed' });
    const basic = await scrape(t, { headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.statusCode).toBe(401);
    const wrong = await scrape(t, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      success: false,
      message: 'That metrics token is not the one configured',
    });
    const right = await scrape(t, {
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('refuses a token too short to be one', async () => {
    const { loadConfig } = await import('../config.js');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
