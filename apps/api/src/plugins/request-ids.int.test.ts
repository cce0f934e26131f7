import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

/*
 * Request ids (decision 075): the load balancer's X-Request-Id is the request's id on every log
 * line it writes and is answered in X-Request-Id; a hostile one is replaced by an id of our own.
 */
let t: TestApp;
const logLines: string[] = [];
const linesOf = (id: string) =>
  logLines
    .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
    .filter((line) => line.reqId === id);

beforeAll(async () => {
  t = await createTestApp({
    jobs: false,
    env: { ACCESS_LOG: 'all' },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
});

describe('X-Request-Id', () => {
  it("is the id of the request's access line and of its answer", async () => {
    const id = 'haproxy-5f3a9c01-0007';
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    expect(linesOf(id).map((line) => line.msg)).toEqual(['request completed']);
  });

  it('is on every line a request writes: a refusal and its access line', async () => {
    const id = 'lb-refused-1';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-request-id': id },
      payload: { email: 'not an email', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toBe(id);
    expect(linesOf(id).map((line) => line.msg)).toEqual(['request rejected', 'request completed']);
  });

  it('is answered on a 404 and on a path the router cannot read', async () => {
    const missing = await t.app.inject({
      url: '/api/nowhere',
      headers: { 'x-request-id': 'lb-404' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('lb-404');
    const broken = await t.app.inject({
      url: '/api/product/list/%E0%A4%A',
      headers: { 'x-request-id': 'lb-400' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['x-request-id']).toBe('lb-400');
  });

  it('is made here when the request has none, or a hostile one (too long, control characters)', async () => {
    const ids = new Set<string>();
    for (const given of [undefined, 'x'.repeat(129), 'evil\u0001id', 'tab\tid', 'with space']) {
      logLines.length = 0;
      const res = await t.app.inject({
        url: '/api/health',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      expect(linesOf(id)).toHaveLength(1);
      if (given) expect(logLines.join('\n')).not.toContain(given);
      ids.add(id);
    }
    expect(ids.size).toBe(5);
  });
});
