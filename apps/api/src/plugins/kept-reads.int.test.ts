// The catalogue's kept answers sent before routing (plugins/kept-reads.ts, decision 080) are the
// answers the routes give: the same request is asked over HTTP of two servers on copies of the
// same seeded shop, one answering kept reads before routing and one built without that, whose
// routes answer everything, and the two answers are compared byte for byte and header for header.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Headers that differ between two answers to the same request by nature, not by content. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

function comparable({ status, headers, body }: Answer) {
  const kept = Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name));
  return { status, headers: Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b))), body };
}

function overHttp(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each([
  {
    name: 'origin from the Host header, partners allowed',
    env: { CORS_ORIGINS: 'https://partner.example' },
  },
  {
    name: 'PUBLIC_URL set',
    env: { PUBLIC_URL: 'https://shop.example/' } as Record<string, string>,
  },
])('kept catalogue answers ($name)', ({ env }) => {
  let t: TestApp;
  let port: number;
  /** The same shop with every request answered by its routes. */
  let routes: TestApp;
  let routesPort: number;
  let product: { _id: string; productId: string };

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    routes = await createTestApp({ seed: true, env, keptReads: false });
    await routes.app.listen({ port: 0, host: '127.0.0.1' });
    routesPort = (routes.app.server.address() as AddressInfo).port;
    const list = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    product = JSON.parse(list.body).products[0];
  });
  afterAll(async () => {
    await t.close();
    await routes.close();
  });

  const answered = () => t.app.keptReads!.answered;

  /**
   * The same request to both servers, with the same Host (image URLs start with the origin it
   * names): to the first a second time, so that its answer is kept.
   */
  async function both(method: string, path: string, headers: Record<string, string>) {
    const withHost = { host: 'shop.test', ...headers };
    await overHttp(port, method, path, withHost);
    const before = answered();
    const http = await overHttp(port, method, path, withHost);
    const keptHere = answered() - before;
    const route = await overHttp(routesPort, method, path, withHost);
    return { http, route, keptHere };
  }

  const paths = () => [
    '/api/product/list',
    '/api/product/list/',
    '/api/product/list?page=2&sort=price',
    `/api/product/list/${product._id}`,
    `/api/product/list/${product._id}/`,
    `/api/product/list/${product.productId.toLowerCase()}`,
    `/api/product/list/${product.productId}?from=share`,
  ];
  const requestHeaders: Record<string, string>[] = [
    {},
    { 'accept-encoding': 'br, gzip' },
    { 'accept-encoding': 'gzip' },
    { 'accept-encoding': 'gzip;q=0, identity' },
    { 'accept-encoding': 'br;q=0, gzip, deflate' },
    { 'if-none-match': 'W/"not-the-one"' },
    { 'if-none-match': '*' },
    { host: 'shop.test:8080' },
    { host: 'localhost:3000' },
    { 'x-request-id': 'partner-trace-0001' },
  ];

  it('answers the list and details as the routes do, for every encoding and revalidation', async () => {
    for (const path of paths()) {
      for (const headers of requestHeaders) {
        const { http, route, keptHere } = await both('GET', path, headers);
        expect(keptHere, `${path} ${JSON.stringify(headers)}`).toBe(1);
        expect(comparable(http), `${path} ${JSON.stringify(headers)}`).toEqual(comparable(route));
        expect(http.headers['x-request-id']).toBeTruthy();
        if (headers['x-request-id'])
          expect(http.headers['x-request-id']).toBe('partner-trace-0001');
      }
    }
  });

  it('answers 304 to the ETag it gave, in any of its spellings', async () => {
    for (const path of paths()) {
      const first = await overHttp(port, 'GET', path, { host: 'shop.test' });
      const etag = String(first.headers.etag);
      for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`]) {
        const { http, route, keptHere } = await both('GET', path, { 'if-none-match': ifNoneMatch });
        expect(keptHere).toBe(1);
        expect(http.status).toBe(304);
        expect(comparable(http)).toEqual(comparable(route));
      }
    }
  });

  it('leaves to Fastify what is not a kept read, and those answers are the routes own', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['GET', '/api/product/list/no-such-product', {}],
      ['GET', `/api/product/list/%${product.productId}`, {}],
      ['GET', `/api/product/list/${'x'.repeat(65)}`, {}],
      ['GET', `/api/product/list/${product._id}/related`, {}],
      ['GET', '/api/product/listing', {}],
      ['HEAD', '/api/product/list', {}],
      ['GET', '/api/product/list', { origin: 'https://partner.example' }],
      ['GET', '/api/product/list', { origin: 'https://stranger.example' }],
    ];
    // Whether to believe a proxy's forwarded host is TRUST_PROXY's; PUBLIC_URL makes it moot.
    if (!env.PUBLIC_URL) {
      cases.push(['GET', '/api/product/list', { 'x-forwarded-host': 'elsewhere.example' }]);
      cases.push(['GET', '/api/product/list', { 'x-forwarded-proto': 'https' }]);
    }
    for (const [method, path, headers] of cases) {
      const { http, route, keptHere } = await both(method, path, headers);
      expect(keptHere, `${method} ${path} ${JSON.stringify(headers)}`).toBe(0);
      // Related products are a new random choice on every call.
      if (!path.endsWith('/related')) {
        expect(comparable(http), `${method} ${path}`).toEqual(comparable(route));
      }
    }
  });

  it('never sends an answer the catalogue has changed since', async () => {
    const path = `/api/product/list/${product._id}`;
    const before = await overHttp(port, 'GET', path, {});
    await t.services.catalogue.setAvailability(product._id, false);
    const after = await overHttp(port, 'GET', path, {});
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(JSON.parse(after.body.toString()).product.isAvailable).toBe(false);
    const list = await overHttp(port, 'GET', '/api/product/list', {});
    const listed = JSON.parse(list.body.toString()).products.find(
      (p: { _id: string }) => p._id === product._id,
    );
    expect(listed.isAvailable).toBe(false);
    await t.services.catalogue.setAvailability(product._id, true);
  });

  it('counts each kept answer in the route timings /metrics reports', async () => {
    const count = async () => {
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      const line = metrics.body
        .split('\n')
        .find(
          (l) =>
            l.startsWith('http_request_duration_seconds_count') &&
            l.includes('route="/api/product/list"') &&
            l.includes('status_code="200"'),
        );
      return Number(line?.split(' ').pop() ?? 0);
    };
    await overHttp(port, 'GET', '/api/product/list', {});
    const before = await count();
    const kept = answered();
    for (let i = 0; i < 5; i += 1) await overHttp(port, 'GET', '/api/product/list', {});
    expect(answered() - kept).toBe(5);
    expect((await count()) - before).toBe(5);
  });
});

describe('kept catalogue answers while the app closes', () => {
  it('hands every request to Fastify once closing has begun', async () => {
    const t = await createTestApp({ seed: true });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      await overHttp(port, 'GET', '/api/product/list', {});
      await overHttp(port, 'GET', '/api/product/list', {});
      expect(t.app.keptReads!.answered).toBe(1);
      t.app.keptReads!.close();
      const answer = await overHttp(port, 'GET', '/api/product/list', {});
      expect(answer.status).toBe(200);
      expect(t.app.keptReads!.answered).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('is not there when the app is built without it', async () => {
    const t = await createTestApp({ seed: true, keptReads: false });
    try {
      expect(t.app.keptReads).toBeNull();
    } finally {
      await t.close();
    }
  });
});
