import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  REVIEW_MESSAGES,
  addDays,
  adminBookingDetailResponseSchema,
  adminReviewsResponseSchema,
  myBookingsResponseSchema,
  reviewCreatedResponseSchema,
  reviewsResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { reviews } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { mailsTo } from '../../test/bookings.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import { usingPostgres } from '../../test/database.js';
import { reviewedProductIds } from '../../test/reviews.js';
import {
  book,
  catalogueProducts,
  newShopper,
  rentable,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';

/*
 * Reviews with fit (issue [O] §1; DECISIONS.md 'Reviews and fit'; decision 071): written once per
 * booking line by its shopper once the line is back, read with the piece's rating, fit split and
 * size hint, hidden and shown again by an admin (the author mailed why). On PGlite and PostgreSQL.
 */
const START = new Date('2026-12-01T04:30:00Z');
const clock = createManualClock(START);
let t: TestApp;
let products: Product[];
let ops: Shopper;
let next = 0;
const aProduct = () => products[next++]!;
let n = 0;
const today = () => todayInIndia(clock.now());

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '10000' },
  });
  // Pieces nobody has reviewed: the seed's past rentals reviewed some.
  const reviewed = await reviewedProductIds(t);
  products = (await catalogueProducts(t)).filter(
    (p) =>
      rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0 && !reviewed.has(p._id),
  );
  ops = await newShopper(t, 'reviews-ops@pehnava.test');
  await t.services.repos.users.setRole(ops.id, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** A paid booking of one piece from tomorrow, sent today; brought back unless told not to. */
async function rented(product: Product, { back = true } = {}) {
  clock.set(START);
  const email = `reviewer-${++n}@pehnava.test`;
  const s = await newShopper(t, email);
  const created = await checkout(s, [itemFor(product, { startDate: addDays(today(), 1) })]);
  const ids = await paidIds(t, created.order!.id);
  const verified = await s.call('POST', '/api/booking/verify', {
    ...ids,
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const id = created.bookingId;
  expect((await ops.call('POST', `/api/admin/bookings/${id}/dispatch`, {})).statusCode).toBe(200);
  const detail = adminBookingDetailResponseSchema.parse(
    (await ops.call('GET', `/api/admin/bookings/${id}`)).json(),
  ).booking;
  const itemId = detail.items[0]!._id;
  if (back) {
    const returned = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId, condition: 'good' }],
    });
    expect(returned.statusCode, returned.body).toBe(200);
  }
  return { s, email, bookingId: id, itemId, p: product };
}

const GOOD = { rating: 4, fit: 'true-to-size', usualSize: 'M', heightCm: 165, occasion: 'Sangeet' };

const review = (s: Shopper, bookingId: string, itemId: string, body: object = GOOD) =>
  s.call('POST', `/api/booking/${bookingId}/items/${itemId}/review`, body);

const read = async (p: Product, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/product/${p._id}/reviews${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return reviewsResponseSchema.parse(res.json());
};

describe('POST /api/booking/{id}/items/{itemId}/review', () => {
  it('only once the piece is back, only its shopper, once per line', async () => {
    const p = aProduct();
    const out = await rented(p, { back: false });
    const early = await review(out.s, out.bookingId, out.itemId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ success: false, message: REVIEW_MESSAGES.notBack });

    const line = await rented(aProduct());
    // The booking's last return asks for reviews, once; a piece still out asks nothing.
    const asked = await mailsTo(t, line.email, 'booking-return');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.textBody).toContain('review each piece from My Bookings');
    expect(await mailsTo(t, out.email, 'booking-return')).toEqual([]);
    const stranger = await newShopper(t, `reviewer-${++n}@pehnava.test`);
    const theirs = await review(stranger, line.bookingId, line.itemId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, message: BOOKING_MESSAGES.bookingNotFound });

    const made = await review(line.s, line.bookingId, line.itemId, {
      ...GOOD,
      text: '  Lovely fall, the zari caught the light all evening.  ',
    });
    expect(made.statusCode, made.body).toBe(201);
    const body = reviewCreatedResponseSchema.parse(made.json());
    expect(body.review).toMatchObject({
      rating: 4,
      fit: 'true-to-size',
      heightCm: 165,
      usualSize: 'M',
      occasion: 'Sangeet',
      text: 'Lovely fall, the zari caught the light all evening.',
      photos: [],
      city: 'Mumbai',
      helpful: 0,
    });
    const [row] = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.bookingItemId, line.itemId));
    expect(body.review.sizeWorn).toBe(row!.sizeWorn);
    expect(body.review.firstName.length).toBeGreaterThan(0);

    // My Bookings says which lines are reviewed.
    const mine = myBookingsResponseSchema.parse(
      (await line.s.call('GET', '/api/booking/my')).json(),
    );
    expect(mine.bookings.find((b) => b._id === line.bookingId)!.items[0]!.reviewId).toBe(
      body.review._id,
    );
    const others = myBookingsResponseSchema.parse(
      (await out.s.call('GET', '/api/booking/my')).json(),
    );
    expect(others.bookings[0]!.items[0]!.reviewId).toBeNull();

    const again = await review(line.s, line.bookingId, line.itemId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: REVIEW_MESSAGES.already });
  });

  it('bad input is a 400 with its message and writes nothing', async () => {
    const line = await rented(aProduct());
    for (const [body, message] of [
      [{ ...GOOD, rating: 6 }, REVIEW_MESSAGES.rating],
      [{ ...GOOD, rating: 3.5 }, REVIEW_MESSAGES.rating],
      [{ fit: 'true-to-size' }, REVIEW_MESSAGES.rating],
      [{ ...GOOD, fit: 'tight' }, REVIEW_MESSAGES.fit],
      [{ ...GOOD, heightCm: 300 }, REVIEW_MESSAGES.height],
      [{ ...GOOD, occasion: 'Diwali' }, REVIEW_MESSAGES.occasion],
      [{ ...GOOD, text: 'x'.repeat(1001) }, REVIEW_MESSAGES.text],
    ] as const) {
      const res = await review(line.s, line.bookingId, line.itemId, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(
      await t.database.db.select().from(reviews).where(eq(reviews.bookingItemId, line.itemId)),
    ).toEqual([]);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${line.bookingId}/items/${line.itemId}/review`,
      payload: GOOD,
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('POST /api/review/{reviewId}/photos', () => {
  /** A phone photo: 1600 × 1200 JPEG carrying where it was taken. */
  const phonePhoto = () =>
    sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a1c3b' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'P1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '19/1 4/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '72/1 52/1 0/1',
        },
      })
      .toBuffer();
  const send = (s: Shopper, reviewId: string, body: Buffer, type: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/review/${reviewId}/photos`,
      headers: { authorization: `Bearer ${s.token}`, 'content-type': type },
      payload: body,
    });

  it('takes up to 3 JPEG, PNG or WebP photos of the author, fitted and stripped of EXIF and GPS', async () => {
    const line = await rented(aProduct());
    const made = reviewCreatedResponseSchema.parse(
      (await review(line.s, line.bookingId, line.itemId)).json(),
    ).review;
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif?.length ?? 0).toBeGreaterThan(0);

    const added = await send(line.s, made._id, photo, 'image/jpeg');
    expect(added.statusCode, added.body).toBe(200);
    const [url] = reviewCreatedResponseSchema.parse(added.json()).review.photos;
    const served = await t.app.inject({ method: 'GET', url: new URL(url!).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const seen = await sharp(served.rawPayload).metadata();
    expect(seen.format).toBe('webp');
    expect([seen.width, seen.height]).toEqual([1200, 900]);
    expect(seen.exif).toBeUndefined();

    const png = await sharp({
      create: { width: 300, height: 400, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    expect((await send(line.s, made._id, png, 'image/png')).statusCode).toBe(200);
    expect((await send(line.s, made._id, webp, 'image/webp')).statusCode).toBe(200);
    const fourth = await send(line.s, made._id, png, 'image/png');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ success: false, message: REVIEW_MESSAGES.photosFull });
    expect((await read(line.p)).reviews[0]!.photos).toHaveLength(3);

    const stranger = await newShopper(t, `reviewer-${++n}@pehnava.test`);
    expect((await send(stranger, made._id, png, 'image/png')).statusCode).toBe(404);
  });

  it('anything but a JPEG, PNG or WebP of at most 10 MB is a 422 and adds nothing', async () => {
    const line = await rented(aProduct());
    const made = reviewCreatedResponseSchema.parse(
      (await review(line.s, line.bookingId, line.itemId)).json(),
    ).review;
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const tooBig = Buffer.concat([await phonePhoto(), Buffer.alloc(10 * 1024 * 1024)]);
    for (const [body, type] of [
      [gif, 'image/gif'],
      [gif, 'image/jpeg'],
      [Buffer.from('not a photo at all'), 'image/png'],
      [Buffer.from('{"photo":1}'), 'application/json'],
      [tooBig, 'image/jpeg'],
    ] as const) {
      const res = await send(line.s, made._id, body, type);
      expect(res.statusCode, type).toBe(422);
      expect(res.json()).toEqual({ success: false, message: REVIEW_MESSAGES.photoType });
    }
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, made._id));
    expect(row!.photos).toEqual([]);
  });
});

describe('GET /api/product/{id}/reviews', () => {
  /** Reviews written straight to the table, on lines of bookings made for it. */
  async function seedReviews(
    p: Product,
    rows: { rating: number; fit: string; usual?: string; worn?: string }[],
  ) {
    const owner = await newShopper(t, `reviews-seed-${++n}@pehnava.test`);
    const ids: string[] = [];
    for (const [i, row] of rows.entries()) {
      const { bookingId, itemId } = await book(t, owner.id, {
        productId: p._id,
        size: sizeOf(p),
        startDate: addDays(today(), 200 + i * 20),
      });
      const [made] = await t.database.db
        .insert(reviews)
        .values({
          bookingItemId: itemId,
          bookingId,
          productId: p._id,
          userId: owner.id,
          rating: row.rating,
          fit: row.fit,
          sizeWorn: row.worn ?? 'M',
          usualSize: row.usual ?? null,
          firstName: 'Asha',
          city: 'Pune',
          createdAt: new Date(START.getTime() + i * 60_000),
        })
        .returning({ id: reviews.id });
      ids.push(made!.id);
    }
    return ids;
  }

  it('answers the rating to one decimal, the fit split and the size hint, a page at a time', async () => {
    const p = aProduct();
    const empty = await read(p);
    expect(empty.summary).toEqual({
      count: 0,
      average: null,
      fit: { 'runs-small': 0, 'true-to-size': 0, 'runs-large': 0 },
      sizeHint: null,
    });
    const rows = [
      { rating: 5, fit: 'true-to-size', usual: 'M', worn: 'M' },
      { rating: 4, fit: 'runs-small', usual: 'M', worn: 'L' },
      { rating: 4, fit: 'true-to-size', usual: 'M', worn: 'L' },
      { rating: 5, fit: 'runs-small', usual: 'M', worn: 'L' },
      { rating: 3, fit: 'runs-large', usual: 'S', worn: 'S' },
      ...Array.from({ length: 7 }, () => ({ rating: 4, fit: 'true-to-size' })),
    ];
    await seedReviews(p, rows);
    const first = await read(p);
    expect(first.summary).toEqual({
      count: 12,
      // 49 / 12 = 4.083…
      average: 4.1,
      fit: { 'runs-small': 2, 'true-to-size': 9, 'runs-large': 1 },
      sizeHint: 'Most renters who usually wear M took L',
    });
    expect(first).toMatchObject({ total: 12, page: 1, pages: 2 });
    expect(first.reviews).toHaveLength(10);
    // Newest first.
    const times = first.reviews.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await read(p, '?page=2');
    expect(second.reviews).toHaveLength(2);
    const small = await read(p, '?fit=runs-small');
    expect(small.total).toBe(2);
    expect(small.reviews.every((r) => r.fit === 'runs-small')).toBe(true);
    expect(small.summary.count).toBe(12);

    for (const query of ['?page=0', '?sort=best', '?fit=loose']) {
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/product/${p._id}/reviews${query}`,
      });
      expect(bad.statusCode, query).toBe(400);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/product/PHN-NOPE-0000/reviews',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('helpful votes count once per shopper and sort the most helpful first', async () => {
    const p = aProduct();
    const [older, newer] = await seedReviews(p, [
      { rating: 5, fit: 'true-to-size' },
      { rating: 3, fit: 'runs-large' },
    ]);
    const a = await newShopper(t, `voter-${++n}@pehnava.test`);
    const b = await newShopper(t, `voter-${++n}@pehnava.test`);
    for (const voter of [a, a, b]) {
      const res = await voter.call('POST', `/api/review/${older}/helpful`);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await a.call('POST', `/api/review/${older}/helpful`)).json()).toMatchObject({
      helpful: 2,
    });
    expect((await read(p)).reviews.map((r) => r._id)).toEqual([newer, older]);
    expect((await read(p, '?sort=helpful')).reviews.map((r) => r._id)).toEqual([older, newer]);
    expect(
      (await a.call('POST', '/api/review/0b6c3c51-3b8e-4a44-9d53-8f1ad3d3d3d3/helpful')).statusCode,
    ).toBe(404);
  });
});

describe('the console', () => {
  it('hides a review with a reason mailed to its author (once), and shows it again', async () => {
    const p = aProduct();
    const line = await rented(p);
    const made = reviewCreatedResponseSchema.parse(
      (await review(line.s, line.bookingId, line.itemId)).json(),
    ).review;
    const author = (await t.services.repos.users.findById(line.s.id))!;

    const noReason = await ops.call('POST', `/api/admin/reviews/${made._id}/hide`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(REVIEW_MESSAGES.reason);

    const hidden = await ops.call('POST', `/api/admin/reviews/${made._id}/hide`, {
      reason: 'It names another shopper',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().review).toMatchObject({
      hiddenReason: 'It names another shopper',
      authorEmail: author.email,
    });
    const listed = await read(p);
    expect(listed.summary.count).toBe(0);
    expect(listed.reviews).toEqual([]);
    expect((await line.s.call('POST', `/api/review/${made._id}/helpful`)).statusCode).toBe(404);

    const twice = await ops.call('POST', `/api/admin/reviews/${made._id}/hide`, {
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
    const mails = await mailsTo(t, author.email, 'review-hidden');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('It names another shopper');

    const hiddenList = adminReviewsResponseSchema.parse(
      (await ops.call('GET', '/api/admin/reviews?status=hidden')).json(),
    );
    expect(hiddenList.reviews.map((r) => r._id)).toContain(made._id);

    const shown = await ops.call('POST', `/api/admin/reviews/${made._id}/unhide`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await read(p)).summary.count).toBe(1);
    expect((await ops.call('POST', `/api/admin/reviews/${made._id}/unhide`)).statusCode).toBe(409);
  });
});

describe.runIf(usingPostgres())('on PostgreSQL', () => {
  it('the same line reviewed from two tabs at once: one 201, one 409', async () => {
    const line = await rented(aProduct());
    const answers = await Promise.all([
      review(line.s, line.bookingId, line.itemId),
      review(line.s, line.bookingId, line.itemId),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});
