// The API as a front end on another origin uses it from a browser: preflights, the DELETE calls,
// images and product links by code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartResponseSchema,
  messageResponseSchema,
  productDetailResponseSchema,
  productListResponseSchema,
  wishlistResponseSchema,
  type Product,
} from '@pehnava/shared';
import { TEST_PASSWORD } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { addBody, newShopper, rentable } from '../test/shopping.js';

const STOREFRONT = 'https://partner-store.example';
const MOBILE_WEB = 'http://localhost:8100';
const STRANGER = 'https://not-allowed.example';
/** The load balancer in front of the API, the one proxy TRUST_PROXY names. */
const PROXY = '10.77.0.1';

let t: TestApp;
let products: Product[];
let n = 0;
const shopper = () => newShopper(t, `cross-origin-${++n}@pehnava.test`);

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    env: {
      CORS_ORIGINS: `${STOREFRONT}, ${MOBILE_WEB}/`,
      AUTH_RATE_LIMIT_PER_IP: '1000',
      TRUST_PROXY: PROXY,
    },
  });
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/product/list',
    headers: { origin: STOREFRONT },
  });
  products = productListResponseSchema.parse(list.json()).products;
});
afterAll(async () => {
  await t.close();
});

const preflight = (url: string, origin: string, method = 'DELETE') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type',
    },
  });

const listOf = (header: string | string[] | number | undefined) =>
  String(header ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
];

describe('a preflight from an allowed origin', () => {
  it.each([
    ['cart remove', '/api/cart/remove/PHN-LEH-0001'],
    ['cart clear', '/api/cart/clear'],
    ['delete account', '/api/user/delete-account'],
  ])('allows DELETE with a bearer token and a JSON body for %s', async (_label, url) => {
    for (const origin of [STOREFRONT, MOBILE_WEB]) {
      const res = await preflight(url, origin);
      expect(res.statusCode, origin).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(listOf(res.headers['access-control-allow-methods'])).toContain('delete');
      expect(listOf(res.headers['access-control-allow-headers'])).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'x-request-id']),
      );
      expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
      expect(listOf(res.headers.vary)).toContain('origin');
      // No cookies are involved: the session is the bearer token.
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('allows every method the API uses, as its reference lists them', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const used = new Set(Object.values(docs.paths).flatMap((ops) => Object.keys(ops)));
    expect([...used].sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
    const res = await preflight('/api/cart', STOREFRONT, 'GET');
    const allowed = listOf(res.headers['access-control-allow-methods']);
    for (const method of used) expect(allowed, method).toContain(method);
    expect(allowed).toContain('head');
  });
});

describe('a call from an allowed origin', () => {
  it('DELETE /api/cart/remove/{productId} and /api/cart/clear answer with the origin allowed', async () => {
    const s = await shopper();
    const [a, b] = products.filter(rentable);
    for (const p of [a!, b!]) {
      expect((await s.call('POST', '/api/cart/add', addBody(p))).statusCode).toBe(200);
    }
    const { size, duration, startDate } = addBody(a!);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/remove/${a!._id}`,
      headers: { origin: STOREFRONT, authorization: `Bearer ${s.token}` },
      payload: { size, duration, startDate },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.headers['access-control-allow-origin']).toBe(STOREFRONT);

    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/clear',
      headers: { origin: MOBILE_WEB, authorization: `Bearer ${s.token}` },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.headers['access-control-allow-origin']).toBe(MOBILE_WEB);
    expect(listOf(cleared.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['etag', 'retry-after']),
    );
    const cart = cartResponseSchema.parse((await s.call('GET', '/api/cart')).json());
    expect(cart.cart).toEqual([]);
  });

  it('DELETE /api/user/delete-account answers with the origin allowed', async () => {
    const s = await shopper();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/delete-account',
      headers: { origin: STOREFRONT, authorization: `Bearer ${s.token}` },
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(messageResponseSchema.parse(res.json()).success).toBe(true);
    expect(res.headers['access-control-allow-origin']).toBe(STOREFRONT);
  });

  it('errors carry the origin too, so the front end can read the message', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/clear',
      headers: { origin: STOREFRONT },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(STOREFRONT);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('the pre-encoded catalogue answers vary by origin as well as by encoding', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/product/list',
      headers: { origin: STOREFRONT, 'accept-encoding': 'br' },
    });
    expect(res.headers['access-control-allow-origin']).toBe(STOREFRONT);
    expect(listOf(res.headers.vary)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });
});

describe('request ids (decision 075) on a call from an allowed origin', () => {
  const fromStorefront = (remoteAddress: string, id?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/product/list',
      remoteAddress,
      headers: {
        origin: STOREFRONT,
        'x-forwarded-for': '203.0.113.50',
        ...(id === undefined ? {} : { 'x-request-id': id }),
      },
    });

  it("lets the storefront's script read X-Request-Id, the id the proxy gave the request", async () => {
    const id = '5f3a9c01-7d2e-4b6a-9e0f-3c1d2b4a5e6f';
    const res = await fromStorefront(PROXY, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(STOREFRONT);
    expect(res.headers['x-request-id']).toBe(id);
    // And a download's file name: a tax invoice's PDF names itself (decision 082).
    expect(listOf(res.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['etag', 'retry-after', 'x-request-id', 'content-disposition']),
    );
  });

  it('echoes an id from a client no proxy vouches for as well, once it passes the same check', async () => {
    // Decision 075: validated, an id cannot break a log line, and one a client invents only
    // confuses its own requests' logs; trust decides whose X-Forwarded-For is believed, not this.
    const res = await fromStorefront('198.51.100.7', 'partner-checkout-42');
    expect(res.headers['x-request-id']).toBe('partner-checkout-42');
    expect(listOf(res.headers['access-control-expose-headers'])).toContain('x-request-id');
  });

  it('answers an id of its own, readable too, for none or a hostile one, whoever sent it', async () => {
    for (const remoteAddress of [PROXY, '198.51.100.7']) {
      for (const given of [undefined, 'x'.repeat(129), 'with space']) {
        const res = await fromStorefront(remoteAddress, given);
        expect(res.headers['x-request-id'], `${remoteAddress} ${given}`).toMatch(
          /^[0-9a-f]{8}-[0-9a-z]+$/,
        );
        expect(listOf(res.headers['access-control-expose-headers'])).toContain('x-request-id');
      }
    }
  });
});

describe('an origin not in CORS_ORIGINS', () => {
  it('gets no CORS headers on a preflight, which is not answered', async () => {
    const res = await preflight('/api/cart/clear', STRANGER);
    expect(res.statusCode).toBe(404);
    for (const header of CORS_HEADERS) expect(res.headers[header], header).toBeUndefined();
  });

  it('gets no CORS headers on a call, so its page cannot read the answer', async () => {
    for (const origin of [STRANGER, `${STOREFRONT}.evil.example`, 'null']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/product/list',
        headers: { origin },
      });
      expect(res.statusCode, origin).toBe(200);
      for (const header of CORS_HEADERS) expect(res.headers[header], header).toBeUndefined();
    }
  });

  it('nor does a request with no Origin at all (same origin, or not a browser)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    for (const header of CORS_HEADERS) expect(res.headers[header], header).toBeUndefined();
  });
});

describe('images', () => {
  it('are absolute in the list, fetchable, and may be embedded by any origin', async () => {
    const url = products[0]!.images[0]!;
    const parsed = new URL(url);
    // inject's Host is localhost:80.
    expect(parsed.origin).toBe('http://localhost');
    expect(parsed.pathname).toMatch(/^\/images\/products\/.+\.webp$/);
    for (const origin of [STOREFRONT, STRANGER]) {
      const res = await t.app.inject({ method: 'GET', url: parsed.pathname, headers: { origin } });
      expect(res.statusCode, origin).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cross-origin-resource-policy'], origin).toBe('cross-origin');
    }
  });

  it('are absolute wherever a product is embedded: detail, cart and wishlist', async () => {
    const s = await shopper();
    const product = products.filter(rentable)[2]!;
    await s.call('POST', '/api/cart/add', addBody(product));
    await s.call('POST', '/api/wishlist/add', { productId: product._id });
    const headers = { host: 'api.partner-view.example', authorization: `Bearer ${s.token}` };
    const origin = 'http://api.partner-view.example/images/';
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/product/list/${product._id}`,
      headers,
    });
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers });
    const wishlist = await t.app.inject({ method: 'GET', url: '/api/wishlist/get', headers });
    const images = [
      ...productDetailResponseSchema.parse(detail.json()).product.images,
      ...cartResponseSchema.parse(cart.json()).cart.flatMap((e) => e.product.images),
      ...wishlistResponseSchema.parse(wishlist.json()).wishlist.flatMap((p) => p.images),
    ];
    expect(images.length).toBe(product.images.length * 3);
    for (const image of images) expect(image.startsWith(origin), image).toBe(true);
  });

  it('keep the same-origin resource policy off everything else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('links by product code', () => {
  it('find the product from another origin, in any case', async () => {
    const product = products[5]!;
    for (const code of [product.productId, product.productId.toLowerCase()]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/product/list/${code}`,
        headers: { origin: STOREFRONT },
      });
      expect(res.statusCode, code).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(STOREFRONT);
      expect(productDetailResponseSchema.parse(res.json()).product._id).toBe(product._id);
    }
  });
});
