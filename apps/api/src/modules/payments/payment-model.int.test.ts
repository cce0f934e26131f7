// Payments under random interleavings, checked against their invariants (model-based testing,
// as in ARCHITECTURE.md 'Invariants tested by simulation'). fast-check generates sequences of
// the real commands (checkouts, payments, verifies, webhooks genuine and forged, holds, clock
// moves, cancellations, account deletion, plans and their renewals, refunds, pieces sent to
// repair and mended, the choices of a booking at risk by its shopper and the desk, dispatches and
// extensions paid at once, later or never, one racing a new checkout) and some races
// between them, and drives them through two app instances on one PostgreSQL database (two API
// processes) and their background jobs. After every sequence the auditor (test/model/auditor.ts)
// rebuilds from the provider's books and ours that:
//
//   1. each payment the provider captured is applied once (one paid booking, or one plan period)
//      or refunded in full, never both and, once the world has come to rest, never neither; an
//      applied payment is refunded only by its booking's cancellation, in full;
//   2. refunds never exceed the capture, in our books and at the provider;
//   3. no physical piece is held twice over overlapping days (and a paid booking holds its pieces,
//      a cancelled one none);
//   4. coupon limits hold (in all, per shopper, first order only);
//   5. plan-priced items per plan period stay within the plan's rental limit;
//   6. every paid booking cost what its checkout quoted, and was captured for that on its order;
//   7. nothing answered 5xx or a deadlock's 409, no webhook was refused with a 5xx, and no job
//      failed;
//   8. each app's cart views and product calendars kept in memory (decision 058) are the
//      database's, once the writes' notifications have arrived;
//   9. a line lasts its booked days plus the days of the extensions applied to it, each paid
//      exactly its price (a piece out stays held to its new end: invariant 3);
//  10. back-up sizes' fees are in the total and outside the subtotal, and a booking going ahead
//      holds one piece of each back-up size, in that size (and no unit twice: invariant 3);
//  11. each applied payment has one tax invoice for what was captured, each refund of one a credit
//      note for its amount, and each kind's series a year is 1 … n, no gap, no number twice.
//
// PAYMENT_MODEL_RUNS sets the number of sequences (2,000 by default), split between this file and
// payment-model-2.int.test.ts, which vitest runs side by side, each on its own database
// (test/model/payment-model.ts). A failure prints fast-check's report: its seed and path, and the
// shrunk commands with their replayPath. To replay it, run the file that failed with
// PAYMENT_MODEL_SEED=<seed> PAYMENT_MODEL_PATH=<path> PAYMENT_MODEL_REPLAY=<replayPath>. Races
// between the apps are real, so a replay repeats the commands exactly and their timing as far as
// the machine allows. A counterexample worth keeping goes into REGRESSIONS below.
import { BOOKING_HOLDS_JOB } from '../../jobs/payment-jobs.js';
import {
  CreateCheckout,
  DeleteAccount,
  DoubleCheckout,
  MoveClock,
  Pay,
  RunJob,
  Subscribe,
  Verify,
  type ItemSpec,
} from '../../test/model/commands.js';
import { describePaymentModel } from '../../test/model/payment-model.js';
import type { ModelCommand } from '../../test/model/sequence.js';
import { SINGLE_USE_COUPON } from '../../test/model/world.js';

/** A line of a checkout: pool product `product`, starting in `startInDays` days, 2 days long. */
const line = (product: number, startInDays = 1, quantity: 1 | 2 = 1): ItemSpec => ({
  product,
  startInDays,
  days: 2,
  quantity,
});

/**
 * Counterexamples the model found (shrunk, then written out by hand so they no longer depend on
 * the generators). Shoppers s0 and s1 are on Free, s2 on Plus (a rental limit of 4). Pool products
 * p0 and p2 are premium (one piece each), p1 and p3 royal (two pieces each). `order n`,
 * `capture n` and `booking n` in a counterexample are the model's n-th (from 0, wrapping around)
 * in the order they appeared.
 */
const REGRESSIONS: Record<string, ModelCommand[]> = {
  // A payment that came after its checkout was replaced is refunded (its piece was taken), and
  // confirms the booking anyway once the piece is free again: applied and refunded.
  'a late payment, refunded, later confirms its booking': [
    new CreateCheckout({ shopper: 0, items: [line(0)], coupon: null, insurance: false, via: 'a' }),
    new Pay(0, 'a'),
    new CreateCheckout({
      shopper: 0,
      items: [line(0)],
      coupon: null,
      insurance: false,
      via: 'b',
      replace: true,
    }),
    new Verify(0, 'a'),
    new MoveClock('past-hold'),
    new RunJob(BOOKING_HOLDS_JOB, 'b'),
    new Verify(0, 'b'),
  ],
  // A replaced checkout let go of its coupon; paid late, it is confirmed with the coupon, which
  // another booking holds meanwhile.
  'a replaced checkout paid late keeps a single-use coupon someone else has': [
    new CreateCheckout({
      shopper: 0,
      items: [line(1)],
      coupon: SINGLE_USE_COUPON,
      insurance: false,
      via: 'a',
    }),
    new CreateCheckout({
      shopper: 0,
      items: [line(0)],
      coupon: SINGLE_USE_COUPON,
      insurance: false,
      via: 'a',
      replace: true,
      then: 'pay+verify',
    }),
    new Pay(0, 'b'),
    new Verify(1, 'b'),
  ],
  'a replaced checkout paid late keeps WELCOME50 after a first order was paid': [
    new CreateCheckout({
      shopper: 0,
      items: [line(1)],
      coupon: 'WELCOME50',
      insurance: false,
      via: 'a',
    }),
    new CreateCheckout({
      shopper: 0,
      items: [line(0)],
      coupon: null,
      insurance: false,
      via: 'a',
      replace: true,
      then: 'pay+verify',
    }),
    new Pay(0, 'b'),
    new Verify(1, 'b'),
  ],
  // Plan prices are given against the paid items of the period; a replaced checkout paid late
  // brings its plan-priced items on top.
  'a replaced plan checkout paid late goes past the rental limit': [
    new CreateCheckout({
      shopper: 2,
      items: [line(3, 1, 2), line(1)],
      coupon: null,
      insurance: false,
      via: 'a',
    }),
    new CreateCheckout({
      shopper: 2,
      items: [line(0), line(1, 25)],
      coupon: null,
      insurance: false,
      via: 'a',
      replace: true,
      then: 'pay+verify',
    }),
    new Pay(0, 'b'),
    new Verify(1, 'b'),
  ],
  // Two checkouts at once (two tabs) both stay pending: neither replaces the other, and both
  // are priced as if the other did not exist.
  'two checkouts at once by one plan shopper both get plan prices': [
    new DoubleCheckout(
      new CreateCheckout({
        shopper: 2,
        items: [line(1, 1, 2), line(3)],
        coupon: null,
        insurance: false,
        via: 'a',
        then: 'pay+verify',
      }),
      new CreateCheckout({
        shopper: 2,
        items: [line(3, 25, 2), line(1, 25)],
        coupon: null,
        insurance: false,
        via: 'b',
        then: 'pay+verify',
      }),
    ),
  ],
  'two checkouts at once by one shopper both use WELCOME50 or its first order': [
    new DoubleCheckout(
      new CreateCheckout({
        shopper: 0,
        items: [line(0)],
        coupon: null,
        insurance: false,
        via: 'a',
        then: 'pay+verify',
      }),
      new CreateCheckout({
        shopper: 0,
        items: [line(1)],
        coupon: 'WELCOME50',
        insurance: false,
        via: 'b',
        then: 'pay',
      }),
    ),
  ],
  // Deleting an account deletes its unpaid checkout, but not the order at the provider: a
  // payment on it is then neither applied nor refunded.
  'a checkout paid after its shopper deleted the account is never refunded': [
    new CreateCheckout({ shopper: 0, items: [line(0)], coupon: null, insurance: false, via: 'a' }),
    new DeleteAccount(0, 'b'),
    new Pay(0, 'a'),
  ],
  'a plan order paid after its shopper deleted the account is never refunded': [
    new Subscribe(0, 'plus', 'a'),
    new DeleteAccount(0, 'b'),
    new Pay(0, 'a'),
  ],
};

// The first half of the random sequences, with the regressions; the second half runs beside it
// (payment-model-2.int.test.ts).
describePaymentModel({ part: 1, regressions: REGRESSIONS });
