import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readinessResponseSchema } from '@pehnava/shared';
import { createTestApp, type TestApp } from '../../test/app.js';

/*
 * GET /api/ready (decision 075): 200 while this process should be sent requests; 503 naming the
 * failed check when it is draining, the database does not answer, the database lacks a migration
 * this build ships, or Redis (when configured) does not answer. Never cached, never slow.
 */
const ready = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/ready' });

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is 200 when the database answers and every migration is applied', async () => {
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['retry-after']).toBeUndefined();
    const body = readinessResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      success: true,
      status: 'ready',
      failed: [],
      checks: {
        draining: { status: 'ok' },
        database: { status: 'ok' },
        migrations: { status: 'ok', pending: 0 },
        redis: { status: 'skipped', ms: null },
      },
    });
  });

  it('is listed in the API reference with its contract, as /health is', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    expect(Object.keys(docs.paths['/api/ready']?.get?.responses ?? {})).toEqual(['200', '503']);
    expect(docs.paths['/metrics']).toBeUndefined();
  });

  it('is 503 naming the migrations when the database lacks one this build ships', async () => {
    await t.database.exec(`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = readinessResponseSchema.parse(res.json());
    expect(body.failed).toEqual(['migrations']);
    expect(body.checks.migrations).toMatchObject({
      status: 'failed',
      pending: 1,
      reason: "1 of this build's migrations is not applied",
    });
    expect(body.checks.database.status).toBe('ok');
  });

  it('is 503 at once when the process is draining, while other requests are still answered', async () => {
    t.services.readiness.markDraining();
    const started = performance.now();
    const res = await ready(t);
    expect(performance.now() - started).toBeLessThan(500);
    expect(res.statusCode).toBe(503);
    const body = readinessResponseSchema.parse(res.json());
    expect(body.failed).toEqual(['draining']);
    expect(body.checks.database.status).toBe('skipped');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('GET /api/ready without a database', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('is 503 naming the database (and the migrations it cannot read) when it cannot be reached', async () => {
    t = await createTestApp({ jobs: false });
    await t.database.close();
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    const body = readinessResponseSchema.parse(res.json());
    expect(body.failed).toEqual(['database', 'migrations']);
    expect(body.checks.database).toMatchObject({
      status: 'failed',
      reason: 'did not answer a query',
    });
    expect(body.checks.migrations).toMatchObject({ status: 'failed', pending: null });
  });
});

describe('GET /api/ready with REDIS_URL', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('is 503 naming Redis when Redis does not answer', { timeout: 20_000 }, async () => {
    // Nothing listens on port 1: the client never connects.
    t = await createTestApp({ jobs: false, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    const body = readinessResponseSchema.parse(res.json());
    expect(body.failed).toEqual(['redis']);
    expect(body.checks.redis).toMatchObject({ status: 'failed', reason: 'could not be reached' });
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.runIf(redisUrl)('is 200 with Redis answering', async () => {
    t = await createTestApp({ jobs: false, env: { REDIS_URL: redisUrl! } });
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    expect(readinessResponseSchema.parse(res.json()).checks.redis.status).toBe('ok');
  });
});
