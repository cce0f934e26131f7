import { connect, createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signUp } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;

/** A route that takes a JSON body, standing in for the write endpoints of later features. */
const echoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(1) }) } },
    async (request) => ({ success: true, name: request.body.name }),
  );
  app.get('/api/test/boom', async () => {
    throw new Error('secret internal detail: password=hunter2');
  });
  // A query on a database that cannot be reached, as pg reports it: refused, or cut mid-way.
  app.get<{ Querystring: { port: string } }>('/api/test/no-database', async (request) => {
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${request.query.port}/test`,
      connectionTimeoutMillis: 2_000,
    });
    pool.on('error', () => undefined);
    try {
      return await pool.query('select 1');
    } finally {
      await pool.end().catch(() => undefined);
    }
  });
};

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
});
afterAll(async () => {
  await t.close();
});

/** A second app on the same database, with the test routes (routes cannot be added after ready). */
async function appWithTestRoutes() {
  const { buildApp } = await import('../app.js');
  const app = await buildApp({ services: t.services });
  await app.register(echoRoutes);
  await app.ready();
  return app;
}

describe('error shape', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing-here', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('answers a body that is not JSON with a 400 in the error shape, for known and unknown routes', async () => {
    const app = await appWithTestRoutes();
    try {
      const bad = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Asha",',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, message: 'Request body is not valid JSON' });

      const empty = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().success).toBe(false);

      const text = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'text/plain' },
        payload: 'name=Asha',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toEqual({
        success: false,
        message: 'Unsupported content type: send application/json',
      });

      const invalid = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: '' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().success).toBe(false);
      expect(invalid.json().message).toMatch(/name/);

      const ok = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: 'Asha' },
      });
      expect(ok.json()).toEqual({ success: true, name: 'Asha' });
    } finally {
      await app.close();
    }
  });

  it('never leaks internals in a 500', async () => {
    const app = await appWithTestRoutes();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        message: 'Something went wrong on our side. Please try again.',
      });
      expect(res.body).not.toContain('hunter2');
    } finally {
      await app.close();
    }
  });

  it('answers a database that cannot be reached with a 503 and Retry-After, not a 500', async () => {
    // A port nothing listens on (refused), and a server that hangs up on every connection (cut).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const refusedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const hangsUp = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangsUp.listen(0, '127.0.0.1', resolve));
    const cutPort = (hangsUp.address() as AddressInfo).port;
    const app = await appWithTestRoutes();
    try {
      for (const port of [refusedPort, cutPort]) {
        const res = await app.inject({ method: 'GET', url: `/api/test/no-database?port=${port}` });
        expect(res.statusCode, String(port)).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({
          success: false,
          message: 'Pehnava is briefly unavailable. Please try again in a few seconds.',
        });
      }
    } finally {
      await app.close();
      await new Promise<void>((resolve) => hangsUp.close(() => resolve()));
    }
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('what the router refuses, in the error shape', () => {
  const long = 'a'.repeat(101);
  const expectFailure = (
    res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    status: number,
    message: string,
  ) => {
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status,
      body: { success: false, message },
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  };

  it('answers a broken %-escape with a 400 and an over-long path segment with a 414', async () => {
    for (const url of ['/api/product/list/%ZZ', '/api/product/list/%E0%A4', '/api/nothing/%ZZ']) {
      expectFailure(
        await t.app.inject({ method: 'GET', url }),
        400,
        'The requested address is not valid',
      );
    }
    expectFailure(
      await t.app.inject({ method: 'GET', url: `/api/product/list/${long}` }),
      414,
      'The requested address is too long',
    );
  });

  it('tells a visitor no more than the 401 a protected route gives', async () => {
    for (const url of [
      '/api/cart/remove/%ZZ',
      `/api/cart/remove/${long}`,
      '/api/cart/remove/%ZZ?x=1',
    ]) {
      expectFailure(await t.app.inject({ method: 'DELETE', url }), 401, 'Please login to continue');
      expectFailure(
        await t.app.inject({
          method: 'DELETE',
          url,
          headers: { authorization: 'Bearer nonsense' },
        }),
        401,
        'Session expired. Please login again.',
      );
    }
  });

  it('gives a signed-in shopper the router’s answer on a protected route', async () => {
    const token = await signUp(t, 'router@pehnava.test');
    const headers = { authorization: `Bearer ${token}` };
    expectFailure(
      await t.app.inject({ method: 'DELETE', url: '/api/cart/remove/%ZZ', headers }),
      400,
      'The requested address is not valid',
    );
    expectFailure(
      await t.app.inject({ method: 'DELETE', url: `/api/cart/remove/${long}`, headers }),
      414,
      'The requested address is too long',
    );
  });

  it('answers HEAD the same, without a body', async () => {
    for (const [url, status] of [
      ['/api/product/list/%ZZ', 400],
      ['/api/cart/remove/%ZZ', 400],
      ['/product/%ZZ', 400],
    ] as const) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status });
    }
  });

  it('cannot be made to refuse a good request by a header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-pehnava-router-error': 'guess:FST_ERR_BAD_URL' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('what HTTP itself cannot read', () => {
  /** Send raw bytes to the listening app; resolves to everything it answers. */
  async function raw(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('is answered in the error shape, and the connection closed', async () => {
    const app = await appWithTestRoutes();
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      for (const [request, status, message] of [
        ['GET api/health HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'The request could not be read'],
        [
          'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n',
          400,
          'The request could not be read',
        ],
        [
          `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
          431,
          'Request headers are too large',
        ],
      ] as const) {
        const answer = await raw(port, request);
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
        expect(head.toLowerCase()).toContain('content-type: application/json');
        expect(JSON.parse(body)).toEqual({ success: false, message });
      }
    } finally {
      await app.close();
    }
  });
});
