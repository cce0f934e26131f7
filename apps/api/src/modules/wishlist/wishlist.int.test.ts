import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  wishlistChangeResponseSchema,
  wishlistResponseSchema,
  wishlistStatusResponseSchema,
  type Product,
} from '@pehnava/shared';
import { wishlistItems } from '../../db/schema/index.js';
import { callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { catalogueProducts, newShopper, type Shopper } from '../../test/shopping.js';
import { createWishlistRepository } from './wishlist.repository.js';
import { createWishlistService } from './wishlist.service.js';

let t: TestApp;
let products: Product[];
let n = 0;
const shopper = () => newShopper(t, `wish-${++n}@pehnava.test`);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  products = await catalogueProducts(t);
});
afterAll(async () => {
  await t.close();
});

const list = async (s: Shopper) => {
  const res = await s.call('GET', '/api/wishlist/get');
  expect(res.statusCode).toBe(200);
  return wishlistResponseSchema.parse(res.json()).wishlist;
};
const add = (s: Shopper, productId: string) => s.call('POST', '/api/wishlist/add', { productId });
const remove = (s: Shopper, productId: string) =>
  s.call('POST', '/api/wishlist/remove', { productId });
const status = async (s: Shopper, productIds: string[]) => {
  const res = await s.call('POST', '/api/wishlist/status', { productIds });
  expect(res.statusCode).toBe(200);
  return wishlistStatusResponseSchema.parse(res.json()).inWishlist;
};
const rowsOf = (s: Shopper) =>
  t.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, s.id));

describe('wishlist endpoints need a session', () => {
  it.each([
    ['GET', '/api/wishlist/get', undefined],
    ['POST', '/api/wishlist/add', { productId: UNKNOWN }],
    ['POST', '/api/wishlist/remove', { productId: UNKNOWN }],
    ['POST', '/api/wishlist/status', { productIds: [UNKNOWN] }],
  ] as const)('%s %s answers 401 without a token', async (method, url, payload) => {
    const res = await callAs(t, undefined, method, url, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Please login to continue' });
  });
});

describe('GET /api/wishlist/get', () => {
  it('is empty and private for a new shopper', async () => {
    const s = await shopper();
    const res = await s.call('GET', '/api/wishlist/get');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(wishlistResponseSchema.parse(res.json())).toEqual({ success: true, wishlist: [] });
  });

  it('lists the saved products, newest first, out-of-stock ones included', async () => {
    const s = await shopper();
    const soldOut = products.find((p) => !p.isAvailable)!;
    const [a, b] = products;
    for (const p of [a!, soldOut, b!]) expect((await add(s, p._id)).statusCode).toBe(200);
    expect(await list(s)).toEqual([b, soldOut, a]);
  });

  it('skips a saved product that is no longer in the catalogue', async () => {
    const s = await shopper();
    const [kept, gone] = [products[2]!, products[3]!];
    await add(s, kept._id);
    await add(s, gone._id);
    const real = t.app.services.catalogue;
    const service = createWishlistService({
      repository: createWishlistRepository(t.database.db),
      catalogue: {
        snapshot: async () => {
          const snapshot = await real.snapshot();
          const byId = new Map(snapshot.byId);
          byId.delete(gone._id);
          return { ...snapshot, byId };
        },
      },
    });
    expect((await service.list(s.id)).map((p) => p._id)).toEqual([kept._id]);
  });
});

describe('POST /api/wishlist/add', () => {
  it('saves a product once, however often it is added', async () => {
    const s = await shopper();
    const p = products[4]!;
    for (let i = 0; i < 2; i += 1) {
      const res = await add(s, p._id);
      expect(res.statusCode).toBe(200);
      expect(wishlistChangeResponseSchema.parse(res.json())).toEqual({
        success: true,
        message: 'Added to wishlist',
      });
    }
    // The id is matched case-insensitively, as the product page's is.
    expect((await add(s, p._id.toUpperCase())).statusCode).toBe(200);
    expect(await rowsOf(s)).toHaveLength(1);
    expect((await list(s)).map((x) => x._id)).toEqual([p._id]);
  });

  it('answers 404 for a product that does not exist', async () => {
    const s = await shopper();
    for (const productId of [UNKNOWN, 'PHN-LEH-0001', 'x']) {
      const res = await add(s, productId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    }
    const empty = await add(s, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Product not found');
    expect(await rowsOf(s)).toEqual([]);
  });
});

describe('POST /api/wishlist/remove', () => {
  it('removes a saved product; removing one that is not saved is fine too', async () => {
    const s = await shopper();
    const [p, q] = [products[5]!, products[6]!];
    await add(s, p._id);
    await add(s, q._id);
    for (const productId of [p._id, p._id, UNKNOWN, 'not-a-uuid']) {
      const res = await remove(s, productId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Removed from wishlist' });
    }
    expect((await list(s)).map((x) => x._id)).toEqual([q._id]);
  });
});

describe('POST /api/wishlist/status', () => {
  it('answers for every id asked, false for unknown ones', async () => {
    const s = await shopper();
    const [p, q] = [products[7]!, products[8]!];
    await add(s, p._id);
    const asked = [p._id, q._id, UNKNOWN, 'not-a-uuid', p._id.toUpperCase()];
    expect(await status(s, asked)).toEqual({
      [p._id]: true,
      [q._id]: false,
      [UNKNOWN]: false,
      'not-a-uuid': false,
      [p._id.toUpperCase()]: true,
    });
    expect(await status(s, [])).toEqual({});
  });

  it('refuses more than 500 ids at a time', async () => {
    const s = await shopper();
    const res = await s.call('POST', '/api/wishlist/status', {
      productIds: Array.from({ length: 501 }, () => UNKNOWN),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('one shopper can never read or change another shopper’s wishlist', () => {
  let owner: Shopper;
  let other: Shopper;
  let p: Product;
  beforeAll(async () => {
    owner = await shopper();
    other = await shopper();
    p = products[9]!;
    await add(owner, p._id);
  });
  const ownerStillHasIt = async () =>
    expect((await list(owner)).map((x) => x._id)).toEqual([p._id]);

  it('get shows only the caller’s own products', async () => {
    expect(await list(other)).toEqual([]);
  });

  it('add saves to the caller’s own wishlist', async () => {
    const q = products[10]!;
    await add(other, q._id);
    expect((await list(other)).map((x) => x._id)).toEqual([q._id]);
    await ownerStillHasIt();
  });

  it('remove cannot reach the owner’s product', async () => {
    expect((await remove(other, p._id)).statusCode).toBe(200);
    await ownerStillHasIt();
  });

  it('status answers for the caller’s own wishlist', async () => {
    expect(await status(other, [p._id])).toEqual({ [p._id]: false });
    expect(await status(owner, [p._id])).toEqual({ [p._id]: true });
  });
});
