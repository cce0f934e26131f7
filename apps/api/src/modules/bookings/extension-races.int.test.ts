// Extensions raced on PostgreSQL, with two app instances (as two API processes) on one database,
// both talking to the same Razorpay stand-in: an extension's payment is decided once, applied or
// refunded in full, whichever process hears of it first and however many at once; two shoppers
// never hold one unit for the same days, whatever the timing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFLICT_KIND_MESSAGES,
  addDays,
  extendResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { hmacHex } from '../../adapters/payments/signatures.js';
import { openDatabase } from '../../db/client.js';
import {
  bookingExtensions,
  bookingItems,
  outboxMails,
  unitReservations,
} from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { startRazorpayFake, type RazorpayFake } from '../../test/fakes/razorpay-fake.js';
import { refundsOfPayment } from '../../test/bookings.js';
import { onePiece } from '../../test/late-payments.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';

const KEYS = {
  keyId: 'rzp_test_ExtendRaceKey01',
  keySecret: 'extend-races-key-secret-0123456789',
  webhookSecret: 'extend-races-webhook-secret-012345',
};

/** Where the rival shopper of the races below has things delivered. */
const RIVAL_ADDRESS = {
  name: 'Meera Shah',
  phone: '9820011111',
  street: '4 Hill Road, Bandra West',
  landmark: 'Opposite the church',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
};

describe.runIf(usingPostgres())('extensions on PostgreSQL with two app instances', () => {
  const clock = createManualClock(new Date());
  const today = () => todayInIndia(clock.now());
  let fake: RazorpayFake;
  let a: TestApp;
  let b: TestApp;
  let ops: Shopper;
  let products: Product[];
  let next = 0;
  let n = 0;

  const env = (razorpay: RazorpayFake) => ({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
    RAZORPAY_API_URL: razorpay.url,
    RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
    RAZORPAY_TIMEOUT_MS: '3000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    JWT_SECRET: 'x'.repeat(40),
  });

  beforeAll(async () => {
    fake = await startRazorpayFake({
      ...KEYS,
      autoWebhooks: false,
      deliver: async (body, headers) =>
        (
          await a.app.inject({
            method: 'POST',
            url: '/api/payments/razorpay/webhook',
            headers,
            payload: body,
          })
        ).statusCode,
    });
    const database = await createTestDatabase({ seeded: true });
    const second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 10 });
    a = await createTestApp({ seed: true, database, clock, jobs: false, env: env(fake) });
    b = await createTestApp({ seed: true, database: second, clock, jobs: false, env: env(fake) });
    products = (await catalogueProducts(a)).filter(
      (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
    );
    ops = await newShopper(a, 'extend-race-desk@pehnava.test');
    await a.services.repos.users.setRole(ops.id, 'admin');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.close();
  });

  /** The shopper's calls through one app (one session secret: the token works on both). */
  const through =
    (app: TestApp, s: Shopper): Shopper['call'] =>
    (method, url, body) =>
      callAs(app, s.token, method, url, body);

  /**
   * A paid booking of `pieces` single-unit products starting in 2 days, 2 days long, sent out. Its
   * lines are written against the order checkouts take units in (lock-order.ts), so that a race
   * with a checkout of the same pieces meets both orders.
   */
  async function out(pieces = 1) {
    const email = `extend-race-${++n}@pehnava.test`;
    const s = await newShopper(a, email);
    const chosen = products
      .slice(next, (next += pieces))
      .sort((x, y) => y._id.localeCompare(x._id));
    for (const product of chosen) await onePiece(a, product);
    const startDate = addDays(today(), 2);
    const lines = chosen.map((product) => ({
      productId: product._id,
      size: sizeOf(product),
      duration: 2,
      quantity: 1,
      startDate,
    }));
    const created = await checkout(s, lines);
    const { ids } = fake.payOrder(created.orderId!);
    const paid = await s.call('POST', '/api/booking/verify', {
      ...ids,
      bookingId: created.bookingId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const sent = await ops.call('POST', `/api/admin/bookings/${created.bookingId}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    return {
      s,
      email,
      id: created.bookingId,
      line: lines[0]!,
      lines,
      endDate: addDays(startDate, 2),
    };
  }

  const open = async (s: Shopper, id: string, days: number) => {
    const res = await s.call('POST', `/api/booking/${id}/extend`, { days });
    expect(res.statusCode, res.body).toBe(200);
    return extendResponseSchema.parse(res.json());
  };

  const endOf = async (id: string) =>
    (await a.database.db.select().from(bookingItems).where(eq(bookingItems.bookingId, id)))[0]!
      .endDate;

  const mailsOf = async (email: string, kind: string) =>
    (await a.database.db.select().from(outboxMails).where(eq(outboxMails.kind, kind))).filter(
      (m) => m.recipient === email,
    );

  it('one payment verified and delivered by webhook at both processes at once is applied once', async () => {
    const { s, email, id, endDate } = await out();
    const opened = await open(s, id, 2);
    const { ids } = fake.payOrder(opened.order.id);
    const hook = fake.webhooks.at(-1)!;
    const webhook = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(hook.body, KEYS.webhookSecret),
          'x-razorpay-event-id': hook.eventId,
        },
        payload: hook.body,
      });
    const [verifies, hooks] = await Promise.all([
      Promise.all(
        [a, b, a, b].map((app) => through(app, s)('POST', `/api/booking/${id}/extend/verify`, ids)),
      ),
      Promise.all([webhook(a), webhook(b)]),
    ]);
    expect(verifies.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(hooks.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await endOf(id)).toBe(addDays(endDate, 2));
    expect(await refundsOfPayment(a, ids.razorpay_payment_id)).toEqual([]);
    expect(await mailsOf(email, 'extension-applied')).toHaveLength(1);
  });

  it('two extensions of one booking paid at once: one applied, the other refunded in full', async () => {
    const { s, id, endDate } = await out();
    const two = await open(s, id, 2);
    const three = await through(b, s)('POST', `/api/booking/${id}/extend`, { days: 3 });
    const threeOrder = extendResponseSchema.parse(three.json());
    const paidTwo = fake.payOrder(two.order.id).ids;
    const paidThree = fake.payOrder(threeOrder.order.id).ids;
    const [x, y] = await Promise.all([
      through(a, s)('POST', `/api/booking/${id}/extend/verify`, paidTwo),
      through(b, s)('POST', `/api/booking/${id}/extend/verify`, paidThree),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const end = await endOf(id);
    expect([addDays(endDate, 2), addDays(endDate, 3)]).toContain(end);
    const refunded = [
      ...(await refundsOfPayment(a, paidTwo.razorpay_payment_id)),
      ...(await refundsOfPayment(a, paidThree.razorpay_payment_id)),
    ];
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.amountPaise).toBe(
      end === addDays(endDate, 2) ? threeOrder.amount : two.amount,
    );
    const statuses = (
      await a.database.db
        .select()
        .from(bookingExtensions)
        .where(eq(bookingExtensions.bookingId, id))
    ).map((e) => e.status);
    expect(statuses.sort()).toEqual(['applied', 'refused']);
  });

  it('an extension paid while another shopper checks out the days after: the unit goes to one of them', async () => {
    for (let round = 0; round < 4; round++) {
      const { s, id, line, endDate } = await out();
      const rival = await newShopper(a, `extend-rival-${++n}@pehnava.test`);
      const opened = await open(s, id, 3);
      const { ids } = fake.payOrder(opened.order.id);
      // The rival's rental starts the day after the extension's new end plus cleaning: the
      // extension's days and the rival's hold overlap by a day.
      const rivalStart = addDays(endDate, 7);
      const [verified, created] = await Promise.all([
        through(round % 2 ? a : b, s)('POST', `/api/booking/${id}/extend/verify`, ids),
        through(round % 2 ? b : a, rival)('POST', '/api/booking/create', {
          cartItems: [{ ...line, startDate: rivalStart }],
          address: RIVAL_ADDRESS,
          paymentMethod: 'upi',
        }),
      ]);
      expect(verified.statusCode, verified.body).not.toBeGreaterThanOrEqual(500);
      expect(created.statusCode, created.body).not.toBeGreaterThanOrEqual(500);
      const extended = verified.statusCode === 200;
      const rivalHolds = created.statusCode === 200;
      // Exactly one of the two got the days.
      expect(extended !== rivalHolds, `${verified.body} / ${created.body}`).toBe(true);
      expect(await endOf(id)).toBe(extended ? addDays(endDate, 3) : endDate);
      const refunds = await refundsOfPayment(a, ids.razorpay_payment_id);
      expect(refunds.map((r) => r.amountPaise)).toEqual(extended ? [] : [opened.amount]);
      const holds = await a.database.db
        .select()
        .from(unitReservations)
        .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
        .where(and(eq(unitReservations.active, true), eq(bookingItems.productId, line.productId)));
      const ranges = holds
        .map((h) => [h.unit_reservations.blockedFrom, h.unit_reservations.blockedUntil] as const)
        .sort();
      for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0] > ranges[i - 1]![1]).toBe(true);
    }
  });

  it('an extension of two pieces paid while another shopper checks out both for the days after: one gets them, neither waits on the other in a circle', async () => {
    // Each round: a booking of two single-piece products, its lines written the other way round
    // from the order a checkout takes units in (lock-order.ts); the rival wants both for days the
    // extension also wants. Taken in opposite orders, each could hold one piece the other waits
    // for, until PostgreSQL failed one with its deadlock error after a second.
    const busy = CONFLICT_KIND_MESSAGES.concurrent;
    for (let round = 0; round < 8; round++) {
      const { s, id, lines, endDate } = await out(2);
      const rival = await newShopper(a, `extend-pair-rival-${++n}@pehnava.test`);
      const opened = await open(s, id, 3);
      const { ids } = fake.payOrder(opened.order.id);
      const rivalStart = addDays(endDate, 7);
      const [verified, rivalled] = await Promise.all([
        through(round % 2 ? a : b, s)('POST', `/api/booking/${id}/extend/verify`, ids),
        through(round % 2 ? b : a, rival)('POST', '/api/booking/create', {
          cartItems: lines.map((line) => ({ ...line, startDate: rivalStart })),
          address: RIVAL_ADDRESS,
          paymentMethod: 'upi',
        }),
      ]);
      expect(verified.statusCode, verified.body).toBeLessThan(500);
      expect(rivalled.statusCode, rivalled.body).toBeLessThan(500);
      // The loser is told the pieces are taken, never that someone was busy at the same moment.
      expect(verified.body).not.toContain(busy);
      expect(rivalled.body).not.toContain(busy);
      const extended = verified.statusCode === 200;
      expect(
        extended !== (rivalled.statusCode === 200),
        `${verified.body} / ${rivalled.body}`,
      ).toBe(true);
      expect(await endOf(id)).toBe(extended ? addDays(endDate, 3) : endDate);
    }
  });
});
