import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEWS_FOR_CARD_RATING,
  addDays,
  adminBookingDetailResponseSchema,
  productDetailResponseSchema,
  productListResponseSchema,
  productSearchResponseSchema,
  reviewCreatedResponseSchema,
  reviewsResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { reviews } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { reviewedProductIds } from '../../test/reviews.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  signIn,
  type Shopper,
} from '../../test/shopping.js';

/*
 * Cards show a piece's average once it has 3 visible reviews (issue [O] §1; DECISIONS.md 'Reviews
 * and fit'; decision 072), from the kept aggregate product_ratings (migration 0022's triggers):
 * the list, a product's detail and the search carry `rating` from the snapshot, which a review
 * written, hidden or shown again refreshes, in this process at once and in every other through
 * the catalogue's NOTIFY. On PGlite and PostgreSQL; two processes on PostgreSQL.
 */
const START = new Date('2026-12-01T04:30:00Z');
const DAY_MS = 86_400_000;
const OPS_EMAIL = 'card-ratings-ops@pehnava.test';
const clock = createManualClock(START);
let t: TestApp;
let pool: Product[];
let n = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    catalogueChanges: true,
    env: { AUTH_RATE_LIMIT_PER_IP: '10000' },
  });
  const ops = await newShopper(t, OPS_EMAIL);
  await t.services.repos.users.setRole(ops.id, 'admin');
  pool = await unreviewed(t);
});
afterAll(async () => {
  await t.close();
});

/** Rentable pieces nobody has reviewed yet (the seed reviews some), in server order. */
async function unreviewed(app: TestApp): Promise<Product[]> {
  const reviewed = await reviewedProductIds(app);
  return (await catalogueProducts(app)).filter(
    (p) =>
      rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0 && !reviewed.has(p._id),
  );
}

/**
 * A line of `p` rented by a new shopper, sent and checked back in, then reviewed with `rating`
 * (through `app`, default this file's). Each rental a week after the last, so one unit serves all.
 */
async function reviewed(p: Product, rating: number, app: TestApp = t) {
  clock.set(new Date(START.getTime() + n * 7 * DAY_MS));
  const today = todayInIndia(clock.now());
  const s = await newShopper(app, `card-rater-${++n}@pehnava.test`);
  const ops = await opsOn(app);
  const created = await checkout(s, [itemFor(p, { startDate: addDays(today, 1) })]);
  const ids = await paidIds(app, created.order!.id);
  const verified = await s.call('POST', '/api/booking/verify', {
    ...ids,
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const id = created.bookingId;
  expect((await ops.call('POST', `/api/admin/bookings/${id}/dispatch`, {})).statusCode).toBe(200);
  const itemId = adminBookingDetailResponseSchema.parse(
    (await ops.call('GET', `/api/admin/bookings/${id}`)).json(),
  ).booking.items[0]!._id;
  const back = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
    items: [{ itemId, condition: 'good' }],
  });
  expect(back.statusCode, back.body).toBe(200);
  const res = await s.call('POST', `/api/booking/${id}/items/${itemId}/review`, {
    rating,
    fit: 'true-to-size',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { s, reviewId: reviewCreatedResponseSchema.parse(res.json()).review._id };
}

/** The piece's rating as the list, its detail and the search each give it (all must agree). */
async function cardOf(p: Product, app: TestApp = t) {
  const list = productListResponseSchema
    .parse((await app.app.inject({ method: 'GET', url: '/api/product/list' })).json())
    .products.find((x) => x._id === p._id);
  const detail = productDetailResponseSchema.parse(
    (await app.app.inject({ method: 'GET', url: `/api/product/list/${p._id}` })).json(),
  ).product;
  const found = productSearchResponseSchema
    .parse(
      (
        await app.app.inject({
          method: 'GET',
          url: `/api/products?q=${encodeURIComponent(p.name)}&pageSize=60`,
        })
      ).json(),
    )
    .products.find((x) => x._id === p._id);
  expect(found, 'the search finds it by its name').toBeDefined();
  expect(detail.rating).toEqual(list!.rating);
  expect(found!.rating).toEqual(list!.rating);
  // Absent, not null, when there is none to show.
  if (!list!.rating) expect('rating' in list!).toBe(false);
  return list!.rating;
}

const hide = async (reviewId: string) => {
  const ops = await opsOn(t);
  const res = await ops.call('POST', `/api/admin/reviews/${reviewId}/hide`, {
    reason: 'Shares a phone number',
  });
  expect(res.statusCode, res.body).toBe(200);
};
const unhide = async (reviewId: string) => {
  const ops = await opsOn(t);
  const res = await ops.call('POST', `/api/admin/reviews/${reviewId}/unhide`, {});
  expect(res.statusCode, res.body).toBe(200);
};

/** The operator's session on `app`, signed in again when the clock has moved near its end. */
const sessions = new Map<TestApp, { ops: Shopper; at: number }>();
async function opsOn(app: TestApp): Promise<Shopper> {
  const kept = sessions.get(app);
  if (kept && clock.now().getTime() - kept.at < 5 * DAY_MS) return kept.ops;
  const ops = await signIn(app, OPS_EMAIL);
  sessions.set(app, { ops, at: clock.now().getTime() });
  return ops;
}

const version = () => t.services.repos.catalogue.catalogueVersion();

/** product_ratings as it must be: every piece's visible reviews counted afresh. */
async function expectAggregateKept(app: TestApp = t) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const kept = await rows(sql`select product_id, review_count, rating_sum from product_ratings
    where review_count > 0 order by product_id`);
  const counted = await rows(sql`select product_id, count(*)::int as review_count,
      sum(rating)::int as rating_sum
    from reviews where hidden_at is null group by product_id order by product_id`);
  expect(kept).toEqual(counted);
}

describe('a card’s rating', () => {
  it(`shows from the ${REVIEWS_FOR_CARD_RATING}rd visible review: average to one decimal and count, in the list, the detail and the search`, async () => {
    const p = pool[0]!;
    expect(await cardOf(p)).toBeUndefined();
    await reviewed(p, 5);
    const before = await version();
    await reviewed(p, 4);
    // Each review raises the catalogue's change mark; below 3 the card shows nothing yet.
    expect(await version()).toBeGreaterThan(before!);
    expect(await cardOf(p)).toBeUndefined();
    await reviewed(p, 4);
    expect(await cardOf(p)).toEqual({ average: 4.3, count: 3 });
    // The product page's summary says the same.
    const page = reviewsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/product/${p._id}/reviews` })).json(),
    );
    expect(page.summary).toMatchObject({ average: 4.3, count: 3 });
    await expectAggregateKept();
  });

  it('leaves out a hidden review and takes back one shown again', async () => {
    const p = pool[1]!;
    const [a, , c] = [await reviewed(p, 5), await reviewed(p, 3), await reviewed(p, 4)];
    expect(await cardOf(p)).toEqual({ average: 4, count: 3 });
    await hide(a.reviewId);
    expect(await cardOf(p)).toBeUndefined();
    await expectAggregateKept();
    const low = await reviewed(p, 1);
    expect(await cardOf(p)).toEqual({ average: 2.7, count: 3 });
    await hide(low.reviewId);
    await unhide(a.reviewId);
    expect(await cardOf(p)).toEqual({ average: 4, count: 3 });
    await hide(c.reviewId);
    await unhide(c.reviewId);
    expect(await cardOf(p)).toEqual({ average: 4, count: 3 });
    await expectAggregateKept();
  });

  it('is not moved by a helpful vote or a photo, and the change mark stays where it was', async () => {
    const p = pool[0]!;
    const [review] = await t.database.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.productId, p._id))
      .limit(1);
    const mark = await version();
    const voter = await newShopper(t, `card-voter-${++n}@pehnava.test`);
    expect((await voter.call('POST', `/api/review/${review!.id}/helpful`, {})).statusCode).toBe(
      200,
    );
    await t.database.db
      .update(reviews)
      .set({ photos: sql`array_append(${reviews.photos}, '/images/reviews/x.webp')` })
      .where(eq(reviews.id, review!.id));
    expect(await version()).toBe(mark);
    expect(await cardOf(p)).toEqual({ average: 4.3, count: 3 });
  });

  it('follows reviews written, changed and removed by hand (SQL), in one statement or many', async () => {
    const p = pool[0]!;
    // Past the app: SQL by hand, as another process or an operator at psql would.
    await t.database.db.execute(
      sql`update reviews set rating = 1 where product_id = ${p._id} and rating = 5`,
    );
    await expectAggregateKept();
    t.services.catalogue.invalidate();
    expect(await cardOf(p)).toEqual({ average: 3, count: 3 });
    // A review moved to another piece leaves one and joins the other.
    const other = pool[1]!;
    const [moved] = await t.database.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.productId, p._id))
      .limit(1);
    await t.database.db
      .update(reviews)
      .set({ productId: other._id })
      .where(eq(reviews.id, moved!.id));
    await expectAggregateKept();
    // Deleted with its author's account.
    await t.database.db.execute(
      sql`delete from users where id in (select user_id from reviews where product_id = ${p._id})`,
    );
    await expectAggregateKept();
    t.services.catalogue.invalidate();
    expect(await cardOf(p)).toBeUndefined();
  });
});

describe.runIf(usingPostgres())('two API processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;

  beforeAll(async () => {
    const database = await createTestDatabase({ seeded: true });
    second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 4 });
    // One deployment: the same signing secret, so a session works on either.
    const env = {
      JWT_SECRET: 'card-ratings-two-processes-secret-0123456789',
      AUTH_RATE_LIMIT_PER_IP: '10000',
    };
    a = await createTestApp({ database, seed: true, clock, jobs: false, env });
    // The other process listens for catalogue writes, as a started server does; its snapshot's
    // periodic check is far off, so only the NOTIFY can bring the change in time.
    b = await createTestApp({
      database: second,
      clock,
      jobs: false,
      catalogueChanges: true,
      env: { ...env, CATALOGUE_CACHE_TTL_MS: '3600000' },
    });
    const ops = await newShopper(a, OPS_EMAIL);
    await a.services.repos.users.setRole(ops.id, 'admin');
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** The rating `b` shows for `p`, asked until it is `expected` (up to 5 s). */
  async function seenByB(p: Product, expected: unknown) {
    let seen: unknown;
    for (let tries = 0; tries < 100; tries += 1) {
      seen = await cardOf(p, b);
      if (JSON.stringify(seen) === JSON.stringify(expected)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return seen;
  }

  it("see another process's review written, hidden and shown again", async () => {
    const [p] = await unreviewed(a);
    // b's snapshot is made before any review, and kept.
    expect(await cardOf(p!, b)).toBeUndefined();
    await reviewed(p!, 5, a);
    await reviewed(p!, 5, a);
    const third = await reviewed(p!, 4, a);
    expect(await seenByB(p!, { average: 4.7, count: 3 })).toEqual({ average: 4.7, count: 3 });

    const ops = await opsOn(a);
    const hidden = await ops.call('POST', `/api/admin/reviews/${third.reviewId}/hide`, {
      reason: 'About another piece',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await seenByB(p!, undefined)).toBeUndefined();
    const shown = await ops.call('POST', `/api/admin/reviews/${third.reviewId}/unhide`, {});
    expect(shown.statusCode, shown.body).toBe(200);
    expect(await seenByB(p!, { average: 4.7, count: 3 })).toEqual({ average: 4.7, count: 3 });
    await expectAggregateKept(a);
  });
});
