import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@pehnava/shared';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('is 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponseSchema.parse(res.json());
    expect(body).toMatchObject({ success: true, status: 'ok', database: { reachable: true } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is 503 when the database cannot be reached', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(healthResponseSchema.parse(res.json())).toMatchObject({
      success: false,
      status: 'degraded',
      database: { reachable: false, latencyMs: null },
    });
  });
});
