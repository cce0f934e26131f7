// Checkout's payment behaviours, written once and run with each payment provider (the sandbox
// gateway, Razorpay's stand-in, Stripe's stand-in; test/providers.ts): a payment is confirmed once
// however often its result arrives, a forged webhook changes nothing, a payment after its hold is a
// new decision (confirmed while its pieces are free, refunded in full otherwise), the holds job lets
// an unpaid checkout go and confirms a paid one nobody reported, and a paid booking cancelled twice
// at once is refunded once. Each behaviour checks the same invariants for every provider: the
// booking's state, our capture and refund rows, the shopper's mail, and the provider's own records.
// What only one provider does (its SDK calls, its page, its refusals) stays in that provider's file.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  bookingNumber,
  cartResponseSchema,
  formatIsoDate,
  formatRupees,
  verifyBookingResponseSchema,
  type Product,
} from '@pehnava/shared';
import { paymentEvents } from '../../db/schema/index.js';
import { BOOKING_HOLDS_JOB, REFUNDS_JOB } from '../../jobs/payment-jobs.js';
import {
  activeReservationsOf,
  bookingRow,
  countedUses,
  couponUsesOf,
  expectExpired,
  expectNotApplied,
  expectRefundedOnce,
  mailsAbout,
  mailsTo,
  refundsOfPayment,
} from '../../test/bookings.js';
import { ADDRESS, checkout, itemFor, verifyPayment, verifyStripe } from '../../test/checkout.js';
import { onePiece, runUntilIdle } from '../../test/late-payments.js';
import { PROVIDER_NAMES, providerWorld, type Paid } from '../../test/providers.js';
import {
  addBody,
  catalogueProducts,
  inDays,
  newShopper,
  rentable,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';
import { WEBHOOK_SIGNATURE_MESSAGE } from './payments.service.js';

/** Past a checkout's 15-minute hold. */
const HOLD_ENDED_MS = 16 * 60_000;

type Buyer = Shopper & { email: string };

describe.each(PROVIDER_NAMES)('checkout paid through %s', (name) => {
  const w = providerWorld(name);
  let products: Product[];
  let next = 0;
  /** A different rentable product for each use, so that tests never meet on a piece. */
  const aProduct = () => products[next++]!;
  let n = 0;
  const shopper = async (): Promise<Buyer> => {
    const email = `behaviour-${name}-${++n}@pehnava.test`;
    return { ...(await newShopper(w.t, email)), email };
  };

  beforeAll(async () => {
    await w.start();
    products = (await catalogueProducts(w.t)).filter(
      (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
    );
  });
  afterAll(async () => {
    await w.close();
  });

  /** Let the hold of every pending checkout end, and run the holds job until it is done. */
  async function endHolds() {
    w.clock.advance(HOLD_ENDED_MS);
    await runUntilIdle(w.t, BOOKING_HOLDS_JOB);
  }

  /** The payment's decision: one capture row, applied to the booking or refunded for `reason`. */
  async function expectCapture(
    paymentId: string,
    decision: { bookingId: string } | { reason: string },
  ) {
    const capture = await w.t.services.repos.payments.captureOf(name, paymentId);
    expect(capture, `the capture of ${paymentId}`).toMatchObject(
      'bookingId' in decision
        ? { outcome: 'applied', bookingId: decision.bookingId, reason: null }
        : { outcome: 'refunded', bookingId: null, reason: decision.reason },
    );
  }

  describe('a payment confirms its booking once, however often its result arrives', () => {
    it('the return replayed, then the webhook twice: one confirmation, one mail, the coupon counted once', async () => {
      const s = await shopper();
      const p = aProduct();
      const added = await s.call('POST', '/api/cart/add', addBody(p, { startDate: inDays(20) }));
      expect(added.statusCode).toBe(200);
      const created = await checkout(s, [itemFor(p)], { couponCode: 'WELCOME50' });
      const paid = await w.pay(created);

      for (let i = 0; i < 3; i += 1) {
        const res = await w.returnFromPayment(s, created, paid);
        expect(res.statusCode).toBe(200);
        expect(verifyBookingResponseSchema.parse(res.json())).toEqual({
          success: true,
          message: BOOKING_MESSAGES.confirmed,
          bookingId: created.bookingId,
          status: 'confirmed',
          paymentStatus: 'completed',
        });
      }
      // The return in its other form: a modal checkout's ids without the booking's id (found by
      // its order), or /verify's call with a bearer token instead of the token header.
      const other =
        w.flow === 'modal'
          ? await verifyPayment(s, paid.handler!)
          : await verifyStripe(w.t, s, { success: 'true', orderId: created.bookingId }, 'bearer');
      expect(other.statusCode).toBe(200);
      expect(other.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'completed' });

      // The webhook arrives after the return; the provider sends it again, then the same payment
      // comes under a new event id.
      expect(await w.deliverWebhooks()).toBeGreaterThan(0);
      const again = await w.sendCapturedWebhook(created);
      expect(again.res.json()).toEqual({ success: true, duplicate: true });
      const renamed = await w.sendCapturedWebhook(created, { newEventId: true });
      expect(renamed.res.json()).toEqual({ success: true, duplicate: false });

      expect(await bookingRow(w.t, created.bookingId)).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'completed',
        providerPaymentId: paid.paymentId,
        paymentMethod: paid.method,
        totalPaise: created.amount,
      });
      await expectCapture(paid.paymentId, { bookingId: created.bookingId });
      expect(await activeReservationsOf(w.t, created.bookingId)).toHaveLength(1);
      expect((await couponUsesOf(w.t, created.bookingId)).map((use) => use.status)).toEqual([
        'counted',
      ]);
      expect(await countedUses(w.t, 'WELCOME50', s.id)).toBe(1);
      // The booked line left the cart.
      expect(cartResponseSchema.parse((await s.call('GET', '/api/cart')).json()).cart).toEqual([]);

      // One mail: number, item with size and dates, address, totals, coupon, what happens next.
      const mails = await mailsAbout(w.t, created.bookingId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.recipient).toBe(s.email);
      const text = mails[0]!.textBody;
      expect(text).toContain(bookingNumber(created.bookingId));
      expect(text).toContain(`${p.name} (${sizeOf(p)})`);
      expect(text).toContain(formatIsoDate(inDays(20)));
      expect(text).toContain(ADDRESS.street);
      expect(text).toContain(formatRupees(created.totalPrice));
      expect(text).toContain('WELCOME50');
      expect(text).toMatch(/What happens next/);

      // Nothing was paid twice, so nothing is refunded.
      expect(await refundsOfPayment(w.t, paid.paymentId)).toEqual([]);
      expect(await w.paidAtProvider(paid.paymentId)).toBe(created.amount);
      expect(await w.refundedAtProvider(paid.paymentId)).toEqual([]);
    });

    it('the webhook alone confirms; sent again, or under a new id, and the return after it change nothing', async () => {
      const s = await shopper();
      const created = await checkout(s, [itemFor(aProduct())]);
      const paid = await w.pay(created);

      // The shopper's browser never comes back; the provider's webhook does.
      const first = await w.sendCapturedWebhook(created);
      expect(first.res.json()).toEqual({ success: true, duplicate: false });
      expect(await bookingRow(w.t, created.bookingId)).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'completed',
        providerPaymentId: paid.paymentId,
        paymentMethod: paid.method,
      });
      // The event is kept as a log, once.
      const logged = await w.t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, first.eventId));
      expect(logged).toHaveLength(1);

      const again = await w.sendCapturedWebhook(created);
      expect(again.res.json()).toEqual({ success: true, duplicate: true });
      const renamed = await w.sendCapturedWebhook(created, { newEventId: true });
      expect(renamed.res.json()).toEqual({ success: true, duplicate: false });
      await w.deliverWebhooks();
      // The shopper comes back after all: answered as the payment was decided.
      const back = await w.returnFromPayment(s, created, paid);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'completed' });

      await expectCapture(paid.paymentId, { bookingId: created.bookingId });
      expect(await mailsAbout(w.t, created.bookingId)).toHaveLength(1);
      expect(await refundsOfPayment(w.t, paid.paymentId)).toEqual([]);
      expect(await w.paidAtProvider(paid.paymentId)).toBe(created.amount);
    });
  });

  it('a forged webhook is refused with 400 and changes nothing; the genuine one then confirms', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const paid = await w.pay(created);

    for (const signature of ['wrong', 'none'] as const) {
      const forged = await w.forgeWebhook(created, { signature });
      expect(forged.res.statusCode, `a webhook signed ${signature}`).toBe(400);
      expect(forged.res.json()).toEqual({ success: false, message: WEBHOOK_SIGNATURE_MESSAGE });
      // Nothing recorded: not the event, not the payment.
      const logged = await w.t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, forged.eventId));
      expect(logged).toEqual([]);
    }
    expect(await bookingRow(w.t, created.bookingId)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
    expect(await activeReservationsOf(w.t, created.bookingId)).toHaveLength(1);
    expect(await w.t.services.repos.payments.captureOf(name, paid.paymentId)).toBeUndefined();

    // The genuine delivery still works afterwards.
    await w.deliverWebhooks();
    expect((await bookingRow(w.t, created.bookingId)).status).toBe('confirmed');
  });

  describe('a payment after its hold ended is a new decision', () => {
    it('with its pieces still free it confirms the booking at the quoted total', async () => {
      const s = await shopper();
      const created = await checkout(s, [itemFor(aProduct())], { couponCode: 'WELCOME50' });
      let paid: Paid | undefined;
      if (w.closesOrders) {
        // The provider's order is closed when the hold ends, so nothing can be paid after it:
        // the payment was made before the end, and nobody reported it until after.
        paid = await w.pay(created);
        await endHolds();
      } else {
        // The order stays open at the provider: the shopper pays after the hold let go.
        await endHolds();
        expect(await bookingRow(w.t, created.bookingId)).toMatchObject({
          status: 'cancelled',
          paymentStatus: 'failed',
        });
        expect(await activeReservationsOf(w.t, created.bookingId)).toEqual([]);
        paid = await w.pay(created);
      }
      // Its webhook arrives and decides it (where the job has not already); then the shopper
      // comes back, and is answered as it was decided.
      await w.deliverWebhooks();
      expect((await bookingRow(w.t, created.bookingId)).status).toBe('confirmed');
      const res = await w.returnFromPayment(s, created, paid);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'completed' });

      expect(await bookingRow(w.t, created.bookingId)).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'completed',
        providerPaymentId: paid.paymentId,
        totalPaise: created.amount,
      });
      await expectCapture(paid.paymentId, { bookingId: created.bookingId });
      expect(await activeReservationsOf(w.t, created.bookingId)).toHaveLength(1);
      expect(await countedUses(w.t, 'WELCOME50', s.id)).toBe(1);
      expect(await mailsAbout(w.t, created.bookingId)).toHaveLength(1);
      expect(await refundsOfPayment(w.t, paid.paymentId)).toEqual([]);
      expect(await w.paidAtProvider(paid.paymentId)).toBe(created.amount);
      expect(await w.refundedAtProvider(paid.paymentId)).toEqual([]);
    });

    it('with its pieces taken meanwhile it is refunded in full, once, and the return answers 409', async () => {
      const s = await shopper();
      const [x, y] = [aProduct(), aProduct()];
      await onePiece(w.t, x);
      const created = await checkout(s, [itemFor(x)]);
      let paid: Paid | undefined;
      if (w.closesOrders) {
        // The holds job closes the order before letting its piece go, so a payment can only land
        // after its hold when the hold went another way: the shopper pays, nothing is reported,
        // and a new checkout replaces this one (closing the paid order fails; its piece is let go).
        paid = await w.pay(created);
        await checkout(s, [itemFor(y)]);
        expect(await activeReservationsOf(w.t, created.bookingId)).toEqual([]);
      } else {
        await endHolds();
      }
      // Another shopper books and pays for the one piece.
      const other = await shopper();
      const theirs = await checkout(other, [itemFor(x)]);
      const theirPayment = await w.pay(theirs);
      expect((await w.returnFromPayment(other, theirs, theirPayment)).statusCode).toBe(200);
      if (!w.closesOrders) paid = await w.pay(created);
      else await endHolds();
      if (!paid) throw new Error('the late payment was not made');

      expectExpired(await w.returnFromPayment(s, created, paid));
      await expectNotApplied(w.t, created.bookingId);
      await expectCapture(paid.paymentId, { reason: 'pieces-taken' });
      await expectRefundedOnce(w.t, paid.paymentId, created.amount);
      expect(await mailsTo(w.t, s.email, 'booking-late-payment-refund')).toHaveLength(1);
      expect(await mailsAbout(w.t, created.bookingId)).toEqual([]);
      // The piece stays with the booking that paid for it first.
      expect((await bookingRow(w.t, theirs.bookingId)).status).toBe('confirmed');
      expect(await activeReservationsOf(w.t, theirs.bookingId)).toHaveLength(1);

      // The refunds job gives the money back at the provider, once, in full.
      await runUntilIdle(w.t, REFUNDS_JOB);
      const made = await w.refundedAtProvider(paid.paymentId);
      expect(made.map((refund) => refund.amountPaise)).toEqual([created.amount]);
      expect(await refundsOfPayment(w.t, paid.paymentId)).toMatchObject([
        { status: 'processed', amountPaise: created.amount, providerRefundId: made[0]!.id },
      ]);
      expect(await w.paidAtProvider(paid.paymentId)).toBe(created.amount);

      // The return replayed and every webhook delivered: the same answer, nothing more.
      expectExpired(await w.returnFromPayment(s, created, paid));
      await w.deliverWebhooks();
      await runUntilIdle(w.t, REFUNDS_JOB);
      await expectNotApplied(w.t, created.bookingId);
      await expectRefundedOnce(w.t, paid.paymentId, created.amount);
      expect(await w.refundedAtProvider(paid.paymentId)).toHaveLength(1);
      expect(await mailsTo(w.t, s.email, 'booking-late-payment-refund')).toHaveLength(1);
    });
  });

  describe('the holds job', () => {
    it('lets an unpaid checkout go when its 15 minutes are up: cancelled, its piece and coupon released', async () => {
      const s = await shopper();
      const created = await checkout(s, [itemFor(aProduct())], { couponCode: 'WELCOME50' });
      // A declined try confirms nothing; its webhook (where the provider sends one) neither.
      await w.decline(created);
      await w.deliverWebhooks();
      expect((await bookingRow(w.t, created.bookingId)).status).toBe('pending');

      w.clock.advance(14 * 60_000);
      await runUntilIdle(w.t, BOOKING_HOLDS_JOB);
      expect((await bookingRow(w.t, created.bookingId)).status).toBe('pending');
      expect(await activeReservationsOf(w.t, created.bookingId)).toHaveLength(1);
      w.clock.advance(2 * 60_000);
      await runUntilIdle(w.t, BOOKING_HOLDS_JOB);
      expect(await bookingRow(w.t, created.bookingId)).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'failed',
      });
      expect(await activeReservationsOf(w.t, created.bookingId)).toEqual([]);
      expect((await couponUsesOf(w.t, created.bookingId)).map((use) => use.status)).toEqual([
        'released',
      ]);
      expect(await w.t.services.repos.payments.refundsOf(created.bookingId)).toEqual([]);
      // Where the provider can close the order, it can no longer be paid; elsewhere a payment
      // may still come, and is then a new decision (above).
      expect(await w.orderAtProvider(created.orderId!)).toBe(w.closesOrders ? 'closed' : 'open');
      if (w.flow === 'redirect') {
        // Back from the provider's page after the hold ended: the booking has expired.
        const back = await verifyStripe(w.t, s, { success: true, orderId: created.bookingId });
        expect({ status: back.statusCode, body: back.json() as unknown }).toEqual({
          status: 409,
          body: { success: false, message: BOOKING_MESSAGES.bookingExpired },
        });
      }
    });

    it('confirms a checkout the provider says was paid when neither the return nor a webhook came', async () => {
      const s = await shopper();
      const created = await checkout(s, [itemFor(aProduct())]);
      const paid = await w.pay(created);
      await w.loseWebhooks();
      await endHolds();

      expect(await bookingRow(w.t, created.bookingId)).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'completed',
        providerPaymentId: paid.paymentId,
        paymentMethod: paid.method,
      });
      await expectCapture(paid.paymentId, { bookingId: created.bookingId });
      expect(await activeReservationsOf(w.t, created.bookingId)).toHaveLength(1);
      expect(await mailsAbout(w.t, created.bookingId)).toHaveLength(1);
      expect(await refundsOfPayment(w.t, paid.paymentId)).toEqual([]);
      expect(await w.paidAtProvider(paid.paymentId)).toBe(created.amount);
      expect(await w.orderAtProvider(created.orderId!)).toBe('paid');
      // The shopper comes back later: answered as the job decided.
      const back = await w.returnFromPayment(s, created, paid);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ status: 'confirmed' });
    });
  });

  it('a paid booking cancelled by the shopper and an operator at once is refunded once', async () => {
    const [s, operator] = [await shopper(), await shopper()];
    await w.t.services.repos.users.setRole(operator.id, 'admin');
    const created = await checkout(s, [itemFor(aProduct())]);
    const paid = await w.pay(created);
    expect((await w.returnFromPayment(s, created, paid)).statusCode).toBe(200);

    const answers = await Promise.all([
      s.call('POST', `/api/booking/${created.bookingId}/cancel`),
      operator.call('POST', `/api/admin/bookings/${created.bookingId}/cancel`, {
        reason: 'out of stock',
      }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await bookingRow(w.t, created.bookingId)).status).toBe('cancelled');
    expect(await activeReservationsOf(w.t, created.bookingId)).toEqual([]);
    await expectRefundedOnce(w.t, paid.paymentId, created.amount);

    // The refunds job twice at once: the provider is asked once.
    const runs = await Promise.all([w.t.runJob(REFUNDS_JOB), w.t.runJob(REFUNDS_JOB)]);
    expect(runs.reduce((sum, run) => sum + run, 0)).toBe(1);
    const made = await w.refundedAtProvider(paid.paymentId);
    expect(made.map((refund) => refund.amountPaise)).toEqual([created.amount]);
    expect(await refundsOfPayment(w.t, paid.paymentId)).toMatchObject([
      { status: 'processed', amountPaise: created.amount, providerRefundId: made[0]!.id },
    ]);

    // Asked again, and the provider's reports of the refund arriving: nothing more is refunded.
    expect((await s.call('POST', `/api/booking/${created.bookingId}/cancel`)).statusCode).toBe(409);
    await w.deliverWebhooks();
    expect(await w.t.runJob(REFUNDS_JOB)).toBe(0);
    expect(await refundsOfPayment(w.t, paid.paymentId)).toMatchObject([{ status: 'processed' }]);
    expect(await w.refundedAtProvider(paid.paymentId)).toHaveLength(1);
  });
});
