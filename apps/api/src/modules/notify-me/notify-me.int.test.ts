import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_OPEN_NOTIFY_REQUESTS,
  MESSAGES,
  NOTIFY_ME_MESSAGES,
  addDays,
  notifyMeListResponseSchema,
  notifyMeResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import {
  bookingItems,
  bookings,
  notifyRequests,
  outboxMails,
  unitReservations,
} from '../../db/schema/index.js';
import { NOTIFY_ME_JOB } from '../../jobs/notify-me.job.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { callAs } from '../../test/accounts.js';
import { mailsTo } from '../../test/bookings.js';
import { checkout, itemFor, paidIds, verifyPayment } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  reserveUnits,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';

/*
 * 'Notify me' (issue [O] §5; DECISIONS.md 'Notify me'; decision 070): asked for a size taken for
 * chosen dates, answered once by e-mail when a piece comes free (here by a real cancellation and
 * by a hold let go), closed at its start date, at most 20 open. On PGlite and on PostgreSQL; two
 * API processes running the job at once on PostgreSQL write one e-mail.
 */
const clock = createManualClock(new Date('2026-12-01T04:30:00Z'));
let t: TestApp;
let products: Product[];
let next = 0;
const aProduct = () => products[next++]!;
let n = 0;
const shopperEmail = () => `notify-me-${++n}@pehnava.test`;
const today = () => todayInIndia(clock.now());

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '10000' },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
});
afterAll(async () => {
  await t.close();
});

/** Every piece of the product's size held over [from, until] by another shopper's paid booking. */
async function takeAll(p: Product, from: string, until: string) {
  const owner = await newShopper(t, shopperEmail());
  await reserveUnits(t, owner.id, { productId: p._id, size: sizeOf(p), from, until });
  return owner;
}

const ask = (s: Shopper, p: Product, overrides: Record<string, unknown> = {}) =>
  s.call('POST', '/api/notify-me', {
    productId: p._id,
    size: sizeOf(p),
    startDate: addDays(today(), 20),
    duration: 4,
    ...overrides,
  });

const runJob = () => t.services.jobs.runNow(NOTIFY_ME_JOB);

describe('POST /api/notify-me', () => {
  it('refuses while a piece is free, takes a request when none is, and answers the same one again', async () => {
    const p = aProduct();
    const email = shopperEmail();
    const s = await newShopper(t, email);
    const free = await ask(s, p);
    expect(free.statusCode).toBe(409);
    expect(free.json()).toEqual({ success: false, message: NOTIFY_ME_MESSAGES.freeNow });

    await takeAll(p, addDays(today(), 10), addDays(today(), 40));
    const made = await ask(s, p);
    expect(made.statusCode, made.body).toBe(201);
    const body = notifyMeResponseSchema.parse(made.json());
    expect(body.message).toBe(NOTIFY_ME_MESSAGES.created);
    expect(body.request).toMatchObject({
      productId: p._id,
      product: { productId: p.productId, name: p.name },
      size: sizeOf(p),
      startDate: addDays(today(), 20),
      duration: 4,
      endDate: addDays(today(), 24),
      status: 'open',
      notifiedAt: null,
    });
    expect(body.request.link).toMatch(
      new RegExp(
        `/product/${p._id}\\?size=${encodeURIComponent(sizeOf(p))}&start=${addDays(today(), 20)}&days=4$`,
      ),
    );
    expect(body.request.product.image).toMatch(/^http/);

    const again = await ask(s, p);
    expect(again.statusCode).toBe(200);
    expect(notifyMeResponseSchema.parse(again.json())).toMatchObject({
      message: NOTIFY_ME_MESSAGES.alreadyAsked,
      request: { _id: body.request._id },
    });
    const list = notifyMeListResponseSchema.parse((await s.call('GET', '/api/notify-me')).json());
    expect(list.requests.map((r) => r._id)).toEqual([body.request._id]);
  });

  it('checks the request as cart add does, and refuses a visitor', async () => {
    const p = aProduct();
    await takeAll(p, today(), addDays(today(), 60));
    const s = await newShopper(t, shopperEmail());
    for (const [overrides, status, message] of [
      [{ size: 'XXXL-NOPE' }, 400, MESSAGES.sizeNotAvailable],
      [{ startDate: '2026-02-30' }, 400, MESSAGES.invalidStartDate],
      [{ startDate: addDays(today(), -1) }, 400, MESSAGES.startDateInPast],
      [{ startDate: today() }, 400, NOTIFY_ME_MESSAGES.tooSoon(addDays(today(), 1))],
      [{ startDate: addDays(today(), 91) }, 400, MESSAGES.startDateTooFar],
      [{ duration: 3 }, 400, MESSAGES.invalidDuration],
      [{ productId: 'PHN-NOPE-0000' }, 404, MESSAGES.productNotFound],
    ] as const) {
      const res = await ask(s, p, overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
    }
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/notify-me',
      payload: { productId: p._id, size: sizeOf(p), startDate: addDays(today(), 5), duration: 2 },
    });
    expect(visitor.statusCode).toBe(401);
    expect(
      await t.database.db.select().from(notifyRequests).where(eq(notifyRequests.userId, s.id)),
    ).toEqual([]);
  });

  it(`keeps at most ${MAX_OPEN_NOTIFY_REQUESTS} open, and a cancelled one makes room`, async () => {
    const p = aProduct();
    await takeAll(p, today(), addDays(today(), 90));
    const s = await newShopper(t, shopperEmail());
    const ids: string[] = [];
    for (let i = 0; i < MAX_OPEN_NOTIFY_REQUESTS; i += 1) {
      const res = await ask(s, p, { startDate: addDays(today(), 10 + i) });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(notifyMeResponseSchema.parse(res.json()).request._id);
    }
    const over = await ask(s, p, { startDate: addDays(today(), 40) });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ success: false, message: NOTIFY_ME_MESSAGES.tooMany });

    // Another shopper cannot cancel it; its shopper can, twice, and then has room.
    const other = await newShopper(t, shopperEmail());
    expect((await other.call('DELETE', `/api/notify-me/${ids[0]}`)).statusCode).toBe(404);
    for (let i = 0; i < 2; i += 1) {
      const cancelled = await s.call('DELETE', `/api/notify-me/${ids[0]}`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toEqual({ success: true, message: NOTIFY_ME_MESSAGES.cancelled });
    }
    expect((await s.call('DELETE', '/api/notify-me/not-a-uuid')).statusCode).toBe(400);
    expect((await ask(s, p, { startDate: addDays(today(), 40) })).statusCode).toBe(201);
    const list = notifyMeListResponseSchema.parse((await s.call('GET', '/api/notify-me')).json());
    expect(list.requests).toHaveLength(MAX_OPEN_NOTIFY_REQUESTS);
    expect(list.requests.map((r) => r._id)).not.toContain(ids[0]);
  });
});

describe('the notify-me job', () => {
  it('e-mails once, with the link, when a cancellation frees a piece; closes the request', async () => {
    const p = aProduct();
    const size = sizeOf(p);
    const units = await t.database.db.query.productUnits.findMany({
      where: (u, { and: all, eq: is }) => all(is(u.productId, p._id), is(u.size, size)),
    });
    const start = addDays(today(), 30);
    const holders: { s: Shopper; bookingId: string }[] = [];
    for (let i = 0; i < units.length; i += 1) {
      const holder = await newShopper(t, shopperEmail());
      const made = await checkout(holder, [itemFor(p, { startDate: start, duration: 4 })]);
      const paid = await verifyPayment(holder, await paidIds(t, made.order!.id), made.bookingId);
      expect(paid.statusCode, paid.body).toBe(200);
      holders.push({ s: holder, bookingId: made.bookingId });
    }
    const email = shopperEmail();
    const s = await newShopper(t, email);
    const made = notifyMeResponseSchema.parse(
      (await ask(s, p, { startDate: addDays(start, 2), duration: 2 })).json(),
    );

    expect(await runJob()).toBe(0);
    expect(await mailsTo(t, email, 'notify-me-free')).toEqual([]);

    const cancelled = await holders[0]!.s.call(
      'POST',
      `/api/booking/${holders[0]!.bookingId}/cancel`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await runJob()).toBe(1);
    const mails = await mailsTo(t, email, 'notify-me-free');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${p.name} in ${size} is free for your dates`);
    expect(mails[0]!.textBody).toContain(made.request.link);

    // Once: another run, and the request is closed as e-mailed.
    expect(await runJob()).toBe(0);
    expect(await mailsTo(t, email, 'notify-me-free')).toHaveLength(1);
    const list = notifyMeListResponseSchema.parse((await s.call('GET', '/api/notify-me')).json());
    expect(list.requests[0]).toMatchObject({ _id: made.request._id, status: 'notified' });
    expect(list.requests[0]!.notifiedAt).not.toBeNull();
    const late = await s.call('DELETE', `/api/notify-me/${made.request._id}`);
    expect(late.json().message).toBe('It is already e-mailed: nothing to cancel');
  });

  it('closes a request at its start date without a mail, and a freed piece after that tells nobody', async () => {
    const p = aProduct();
    const start = addDays(today(), 3);
    const owner = await takeAll(p, today(), addDays(today(), 20));
    const email = shopperEmail();
    const s = await newShopper(t, email);
    const made = notifyMeResponseSchema.parse(
      (await ask(s, p, { startDate: start, duration: 2 })).json(),
    );
    clock.advance(3 * 86_400_000);
    try {
      await runJob();
      const [row] = await t.database.db
        .select()
        .from(notifyRequests)
        .where(eq(notifyRequests.id, made.request._id));
      expect(row!.status).toBe('expired');
      // The pieces come free (the hold is let go): nobody is told about a closed request.
      await t.database.db
        .update(unitReservations)
        .set({ active: false })
        .where(
          inArray(
            unitReservations.bookingItemId,
            t.database.db
              .select({ id: bookingItems.id })
              .from(bookingItems)
              .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
              .where(eq(bookings.userId, owner.id)),
          ),
        );
      await runJob();
      expect(await mailsTo(t, email, 'notify-me-free')).toEqual([]);
    } finally {
      clock.advance(-3 * 86_400_000);
    }
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
    const env = { JWT_SECRET: 'notify-me-two-processes-secret-0123456789' };
    a = await createTestApp({ database, seed: true, clock, jobs: false, env });
    b = await createTestApp({ database: second, clock, jobs: false, env });
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('the same request from two tabs at once is made once: one 201, one 200', async () => {
    const [p] = (await catalogueProducts(b)).filter((x) => rentable(x) && x.twoDayRentalPrice > 0);
    const owner = await newShopper(a, 'notify-tabs-owner@pehnava.test');
    await reserveUnits(a, owner.id, {
      productId: p!._id,
      size: sizeOf(p!),
      from: today(),
      until: addDays(today(), 40),
    });
    const s = await newShopper(a, 'notify-tabs@pehnava.test');
    const body = {
      productId: p!._id,
      size: sizeOf(p!),
      startDate: addDays(today(), 12),
      duration: 2,
    };
    const answers = await Promise.all([
      s.call('POST', '/api/notify-me', body),
      callAs(b, s.token, 'POST', '/api/notify-me', body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const ids = answers.map((r) => notifyMeResponseSchema.parse(r.json()).request._id);
    expect(ids[0]).toBe(ids[1]);
    // Out of the next case's way.
    expect((await s.call('DELETE', `/api/notify-me/${ids[0]}`)).statusCode).toBe(200);
    await a.database.db.update(unitReservations).set({ active: false });
  });

  it('running the job on both at once writes each e-mail once', async () => {
    const pool = (await catalogueProducts(b)).filter((p) => rentable(p) && p.twoDayRentalPrice > 0);
    const owner = await newShopper(a, 'notify-race-owner@pehnava.test');
    const askers: string[] = [];
    for (const [i, p] of pool.slice(0, 6).entries()) {
      await reserveUnits(a, owner.id, {
        productId: p._id,
        size: sizeOf(p),
        from: today(),
        until: addDays(today(), 40),
      });
      for (let k = 0; k < 3; k += 1) {
        const email = `notify-race-${i}-${k}@pehnava.test`;
        const s = await newShopper(a, email);
        const res = await s.call('POST', '/api/notify-me', {
          productId: p._id,
          size: sizeOf(p),
          startDate: addDays(today(), 10),
          duration: 2,
        });
        expect(res.statusCode, res.body).toBe(201);
        askers.push(email);
      }
    }
    expect(askers).toHaveLength(18);
    await a.database.db.update(unitReservations).set({ active: false });
    const [x, y] = await Promise.all([
      a.services.jobs.runNow(NOTIFY_ME_JOB),
      b.services.jobs.runNow(NOTIFY_ME_JOB),
    ]);
    expect(x + y).toBe(askers.length);
    const written = await a.database.db
      .select({ recipient: outboxMails.recipient })
      .from(outboxMails)
      .where(eq(outboxMails.kind, 'notify-me-free'));
    expect(written.map((m) => m.recipient).sort()).toEqual([...askers].sort());
  });
});
