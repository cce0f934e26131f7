// Checkout with the sandbox gateway (PAYMENT_PROVIDER=sandbox, the default): creating a booking
// (prices, checks, holds, replacing an unpaid checkout), the modal checkout's verify and what it
// refuses, and the shopper's list. What every provider does alike (confirming once, forged
// webhooks, late payments, the holds job, refunding once) is in
// payments/checkout-behaviours.int.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  bookingNumber,
  myBookingsResponseSchema,
  orderTotals,
  type Product,
} from '@pehnava/shared';
import { bookingItems, bookings, couponUses, sandboxOrders } from '../../db/schema/index.js';
import { BOOKING_HOLDS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { activeReservationsOf, bookingRow } from '../../test/bookings.js';
import { ADDRESS, checkout, itemFor, paidIds, verifyPayment } from '../../test/checkout.js';
import {
  catalogueProducts,
  inDays,
  newShopper,
  productsOf,
  rentable,
  sizeOf,
  subscribe,
} from '../../test/shopping.js';

const clock = createManualClock(new Date());
let t: TestApp;
let products: Product[];
let next = 0;
/** A different rentable product for each case, so their units never meet. */
const aProduct = () => products[next++]!;
let n = 0;
const shopper = () => newShopper(t, `checkout-${++n}@pehnava.test`);

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

describe('POST /api/booking/create', () => {
  it('prices the items from its own data, ignoring any price or end date sent, and holds the units', async () => {
    const s = await shopper();
    const [a, b] = [aProduct(), aProduct()];
    const created = await checkout(
      s,
      [
        { ...itemFor(a!), price: 1, totalPrice: 1, endDate: inDays(60) },
        itemFor(b!, { duration: 4 }),
      ],
      { insuranceSelected: true, subtotal: 1, totalPrice: 1 },
    );
    const subtotal = a!.twoDayRentalPrice + b!.fourDayRentalPrice;
    const totals = orderTotals({ plan: 'free', subtotal, insurance: true });
    expect(created).toMatchObject({
      status: 'pending',
      subtotal: totals.subtotal,
      deliveryFee: totals.deliveryFee,
      insuranceAmount: totals.insurance,
      totalPrice: totals.total,
      amount: Math.round(totals.total * 100),
      currency: 'INR',
    });
    expect(created.order).toEqual({
      id: created.orderId,
      amount: created.amount,
      currency: 'INR',
      // The sandbox is paid in the checkout modal, not on a page of its own.
      checkoutUrl: null,
    });
    expect(created.orderId).toMatch(/^order_[0-9A-Za-z]{14}$/);
    const row = await bookingRow(t, created.bookingId);
    expect(row).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      totalPaise: created.amount,
    });
    const items = await t.database.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, created.bookingId));
    expect(items.find((i) => i.productId === a!._id)?.endDate).toBe(addDays(inDays(20), 2));
    expect(await activeReservationsOf(t, created.bookingId)).toHaveLength(2);
  });

  it('checks the address with SPEC.md §5 messages, in order, and writes nothing', async () => {
    const s = await shopper();
    const p = aProduct();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'Please enter your name'],
      [{ phone: '98200' }, 'Please enter a valid 10-digit phone number'],
      [{ phone: '98200123456' }, 'Please enter a valid 10-digit phone number'],
      [{ street: '' }, 'Please enter street address'],
      [{ city: '' }, 'Please enter city'],
      [{ state: 'Gondwana' }, 'Please select state'],
      [{ pincode: '4000' }, 'Please enter a valid 6-digit PIN code'],
      [{ name: '', pincode: '1' }, 'Please enter your name'],
    ];
    for (const [change, message] of cases) {
      const res = await s.call('POST', '/api/booking/create', {
        cartItems: [itemFor(p)],
        address: { ...ADDRESS, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    const empty = await s.call('POST', '/api/booking/create', { cartItems: [], address: ADDRESS });
    expect(empty.json()).toEqual({ success: false, message: 'Your cart is empty' });
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.userId, s.id));
    expect(rows).toEqual([]);
  });

  it('checks each item as cart add does', async () => {
    const s = await shopper();
    const p = aProduct();
    const tries: [Record<string, unknown>, number, string][] = [
      [{ startDate: inDays(-1) }, 400, 'Start date cannot be in the past'],
      [{ startDate: inDays(91) }, 400, 'Start date must be within the next 90 days'],
      [{ size: 'XXXL-not-offered' }, 400, 'Selected size is not available'],
      [{ duration: 14 }, 400, 'Please choose a rental period of 2, 4, 7 or 14 days'],
      [{ duration: 3 }, 400, 'Please choose a rental period of 2, 4, 7 or 14 days'],
      [{ productId: '00000000-0000-4000-8000-000000000000' }, 404, 'Product not found'],
    ];
    for (const [change, status, message] of tries) {
      const res = await s.call('POST', '/api/booking/create', {
        cartItems: [itemFor(p, change)],
        address: ADDRESS,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().message).toBe(message);
    }
  });

  it('answers 409 naming the item when its last unit is taken, and writes nothing, not even a payment order', async () => {
    const p = aProduct();
    const first = await shopper();
    const second = await shopper();
    // Book every unit of the size for those dates.
    const units = await t.database.db.query.productUnits.findMany({
      where: (u, { and: all, eq: is }) => all(is(u.productId, p._id), is(u.size, sizeOf(p))),
    });
    for (let i = 0; i < units.length; i += 1) {
      const s = i === 0 ? first : await shopper();
      await checkout(s, [itemFor(p)]);
    }
    const ordersBefore = await t.database.db.$count(sandboxOrders);
    const res = await second.call('POST', '/api/booking/create', {
      cartItems: [itemFor(p)],
      address: ADDRESS,
    });
    expect(res.statusCode).toBe(409);
    expect(await t.database.db.$count(sandboxOrders)).toBe(ordersBefore);
    expect(res.json()).toEqual({
      success: false,
      message: `${p.name} (${sizeOf(p)}) is no longer available for those dates`,
    });
    expect(
      await t.database.db.select().from(bookings).where(eq(bookings.userId, second.id)),
    ).toEqual([]);
  });

  it("replaces the shopper's own unpaid checkout, releasing its units and coupon", async () => {
    const s = await shopper();
    const p = aProduct();
    const first = await checkout(s, [itemFor(p)], { couponCode: 'welcome50' });
    const second = await checkout(s, [itemFor(p)], { couponCode: 'WELCOME50' });
    expect((await bookingRow(t, first.bookingId)).status).toBe('cancelled');
    expect(await activeReservationsOf(t, first.bookingId)).toHaveLength(0);
    expect(await activeReservationsOf(t, second.bookingId)).toHaveLength(1);
    const uses = await t.database.db.select().from(couponUses).where(eq(couponUses.userId, s.id));
    expect(uses.map((u) => u.status).sort()).toEqual(['held', 'released']);
  });

  it("counts the shopper's own unpaid checkout's pieces as free: checking out again takes the last unit", async () => {
    const p = aProduct();
    const units = await t.database.db.query.productUnits.findMany({
      where: (u, { and: all, eq: is }) => all(is(u.productId, p._id), is(u.size, sizeOf(p))),
    });
    // Others hold every unit but one; the shopper's unpaid checkout holds that one.
    for (let i = 1; i < units.length; i += 1) await checkout(await shopper(), [itemFor(p)]);
    const s = await shopper();
    const first = await checkout(s, [itemFor(p)]);
    const second = await checkout(s, [itemFor(p)]);
    expect((await bookingRow(t, first.bookingId)).status).toBe('cancelled');
    expect(await activeReservationsOf(t, second.bookingId)).toHaveLength(1);
    // Someone else is refused: the last unit is the shopper's again.
    const res = await (
      await shopper()
    ).call('POST', '/api/booking/create', {
      cartItems: [itemFor(p)],
      address: ADDRESS,
    });
    expect(res.statusCode).toBe(409);
  });

  it('confirms at once a booking with nothing to pay (free rentals on a plan)', async () => {
    const s = await shopper();
    await subscribe(t, s.id, 'pro');
    const used = new Set(products.slice(0, next).map((p) => p._id));
    const premium = (await productsOf(t, 'premium')).find((p) => !used.has(p._id))!;
    products = products.filter((p) => p._id !== premium._id);
    const created = await checkout(s, [itemFor(premium, { duration: 14 })]);
    expect(created).toMatchObject({
      status: 'confirmed',
      order: null,
      orderId: null,
      amount: 0,
      totalPrice: 0,
    });
    expect(await bookingRow(t, created.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'completed',
      paymentMethod: 'none',
    });
  });
});

describe('paying and POST /api/booking/verify', () => {
  it('refuses a wrong signature, another order, or another shopper, and confirms nothing', async () => {
    const s = await shopper();
    const other = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const ids = await paidIds(t, created.orderId!);
    const elsewhere = await checkout(other, [itemFor(aProduct())]);
    const otherIds = await paidIds(t, elsewhere.orderId!);

    const wrongSignature = await verifyPayment(
      s,
      { ...ids, razorpay_signature: '0'.repeat(64) },
      created.bookingId,
    );
    expect(wrongSignature.statusCode).toBe(400);
    expect(wrongSignature.json().message).toBe(
      'Payment verification failed: the payment signature does not match',
    );
    const foreignPayment = await verifyPayment(s, otherIds, created.bookingId);
    expect(foreignPayment.statusCode).toBe(400);
    const notMine = await verifyPayment(other, ids, created.bookingId);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ success: false, message: 'Booking not found' });
    expect((await bookingRow(t, created.bookingId)).status).toBe('pending');
  });

  it('refuses a payment whose amount differs from the booking', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const ids = await paidIds(t, created.orderId!);
    // The booking's total no longer matches what the order was paid for.
    await t.database.db
      .update(bookings)
      .set({ totalPaise: created.amount + 100 })
      .where(eq(bookings.id, created.bookingId));
    const res = await verifyPayment(s, ids, created.bookingId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Payment verification failed: the amount paid does not match the booking',
    );
    expect((await bookingRow(t, created.bookingId)).paymentStatus).toBe('pending');
    // A payment that can never confirm the booking is not kept: it is refunded in full, once.
    const refunds = await t.services.repos.payments.refundsOf(created.bookingId);
    expect(refunds.map((r) => [r.providerPaymentId, r.amountPaise])).toEqual([
      [ids.razorpay_payment_id, created.amount],
    ]);
    await verifyPayment(s, ids, created.bookingId);
    expect(await t.services.repos.payments.refundsOf(created.bookingId)).toHaveLength(1);
    expect(await t.runJob('refunds')).toBe(1);
    // The booking was never paid: its hold still ends, letting its pieces go.
    clock.advance(16 * 60_000);
    await t.runJob(BOOKING_HOLDS_JOB);
    expect(await bookingRow(t, created.bookingId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    expect(await activeReservationsOf(t, created.bookingId)).toHaveLength(0);
  });
});

describe('GET /api/booking/my and availability', () => {
  it("lists the shopper's bookings newest first, shaped as SPEC.md §3", async () => {
    const s = await shopper();
    const p = aProduct();
    const created = await checkout(s, [itemFor(p)], { insuranceSelected: true });
    await verifyPayment(s, await paidIds(t, created.orderId!), created.bookingId);
    const res = await s.call('GET', '/api/booking/my');
    const { bookings: list } = myBookingsResponseSchema.parse(res.json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      _id: created.bookingId,
      bookingNumber: bookingNumber(created.bookingId),
      status: 'confirmed',
      paymentStatus: 'completed',
      paymentMethod: 'upi',
      totalPrice: created.totalPrice,
      insuranceAmount: created.insuranceAmount,
      deliveryAddress: ADDRESS,
      appliedCoupon: null,
    });
    expect(list[0]!.items[0]).toMatchObject({
      listingId: { _id: p._id, name: p.name },
      size: sizeOf(p),
      rentalDuration: 2,
      quantity: 1,
      startDate: inDays(20),
      endDate: addDays(inDays(20), 2),
      appliedSubscriptionPlan: 'free',
      totalPrice: p.twoDayRentalPrice,
    });
    expect(list[0]!.items[0]!.listingId.images[0]).toMatch(/^http:\/\/localhost(:\d+)?\/images\//);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/booking/my' });
    expect(visitor.statusCode).toBe(401);
  });

  it('greys out the start dates whose blocked range meets a booked unit', async () => {
    const p = aProduct();
    const size = sizeOf(p);
    const units = await t.database.db.query.productUnits.findMany({
      where: (u, { and: all, eq: is }) => all(is(u.productId, p._id), is(u.size, size)),
    });
    const start = inDays(30);
    for (let i = 0; i < units.length; i += 1) {
      await checkout(await shopper(), [itemFor(p, { startDate: start, duration: 4 })]);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/${p.productId}/availability`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const sizeInfo = body.sizes.find((x: { size: string }) => x.size === size);
    expect(sizeInfo.units).toBe(units.length);
    const blocked: string[] = sizeInfo.unavailableStartDates['2'];
    // Booked: start-1 … start+4+3. A 2-day rental from d blocks d-1 … d+5.
    expect(blocked[0]).toBe(addDays(start, -1 - 5));
    expect(blocked.at(-1)).toBe(addDays(start, 4 + 3 + 1));
    expect(blocked).toContain(start);
    // No pincode asked: the warehouse's own city, a day away (DECISIONS.md 'Delivery promise').
    expect(body.from).toBe(inDays(1));
    expect(body.to).toBe(inDays(90));
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/product/PHN-NOPE-0000/availability',
    });
    expect(missing.statusCode).toBe(404);
  });
});
