// ETags (plugins/etags.ts, decision 040): on what a client may keep and revalidate, not on what it
// is told not to store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { signUp } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  token = await signUp(t, 'etags@pehnava.test');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('ETags', () => {
  it('a JSON response the client may keep gets a weak ETag of its body, and 304 when it matches', async () => {
    const plans = await get('/api/subscription/plans', { 'accept-encoding': 'br' });
    expect(plans.statusCode).toBe(200);
    const identity = await get('/api/subscription/plans');
    const digest = createHash('sha1').update(identity.body).digest('base64');
    // Computed on the body before compression: the same for every encoding.
    expect(plans.headers['content-encoding']).toBe('br');
    expect(plans.headers.etag).toBe(`W/"${digest}"`);
    expect(identity.headers.etag).toBe(`W/"${digest}"`);

    for (const ifNoneMatch of [`W/"${digest}"`, `"${digest}"`, `"other", W/"${digest}"`]) {
      const again = await get('/api/subscription/plans', { 'if-none-match': ifNoneMatch });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    expect((await get('/api/subscription/plans', { 'if-none-match': 'W/"old"' })).statusCode).toBe(
      200,
    );
  });

  it.each(['/api/user/profile', '/api/cart', '/api/wishlist/get', '/api/subscription/me'])(
    '%s (no-store: the client keeps no copy) gets none',
    async (url) => {
      const res = await get(url, { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.headers.etag).toBeUndefined();
    },
  );

  it('a response with its own ETag keeps it (the catalogue)', async () => {
    const list = await get('/api/product/list');
    // The catalogue's answers are kept per origin (image URLs are absolute): the same one here.
    const origin = new URL(JSON.parse(list.body).products[0].images[0] as string).origin;
    const own = await t.app.services.catalogue.listBody(origin);
    expect(list.headers.etag).toBe(own.etag);
    const again = await get('/api/product/list', { 'if-none-match': own.etag });
    expect(again.statusCode).toBe(304);
  });

  it('the answer to a POST gets none, and is never a 304', async () => {
    // Coupon apply answers what a coupon would take off the shopper's cart: not a kept read.
    const apply = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/coupon/apply',
        headers: { authorization: `Bearer ${token}`, 'if-none-match': '*' },
        payload: { code: 'NO-SUCH-CODE' },
      });
    for (const res of [await apply(), await apply()]) {
      expect(res.statusCode).not.toBe(304);
      expect(res.body).not.toBe('');
      expect(res.headers.etag).toBeUndefined();
    }
  });
});
