import {
  MESSAGES,
  addDays,
  backupFee,
  orderTotals,
  paiseToRupees,
  rupeesToPaise,
  todayInIndia,
  type Booking,
} from '@pehnava/shared';
import { recipientOf } from '../../adapters/mail/language.js';
import type { ProviderPayment } from '../../adapters/payments/provider.js';
import type { Repositories } from '../../db/repositories.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue.service.js';
import { checkRental, type CheckedRental } from '../cart/rental-request.js';
import type { CouponUses } from '../coupons/coupon-uses.js';
import type { Refusal, Settler, Verdict } from '../payments/intake.js';
import type { PaymentRow } from '../payments/payments.repository.js';
import { subscriptionFrom } from '../subscriptions/subscriptions.service.js';
import type { UserRow } from '../users/users.repository.js';
import { linesToReserve } from './backup.js';
import { toBooking } from './booking-view.js';
import type { BookingItemWithProduct, BookingRow } from './bookings.repository.js';
import type { Inventory } from './inventory.js';
import { bookingConfirmedMail, paymentRefundedMail } from './mails.js';
import { priceItems } from './pricing.js';
import { queueConfirmed, queueRefundMade } from '../whatsapp/booking-updates.js';

export interface BookingSettlementDeps {
  inventory: Pick<Inventory, 'reserveIn' | 'releaseIn'>;
  couponUses: CouponUses;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  clock: Clock;
  /** The site's address for links in mail. */
  siteUrl: string;
}

const refuse = (code: string, detail: string): Verdict => ({ refused: { code, detail } });

/** What a checkRental refusal means for a payment that came after its hold. */
function refusalOfRentalCheck(message: string): string {
  if (message === MESSAGES.startDateInPast) return 'start-date-passed';
  if (message === MESSAGES.invalidDuration) return 'plan-changed';
  return 'product-unavailable';
}

/**
 * What a booking's payment does (the bookings' settler of the payment intake): a payment for a
 * booking still holding its pieces confirms it; a payment for a booking no longer live (its hold
 * ended, a newer checkout replaced it) is a new decision, made only if everything checkout checks
 * still holds now, at the price the booking was made for; otherwise the payment is refunded in
 * full and the shopper told why. Also the two ends of a hold: confirmation and letting go.
 */
export function createBookingSettlement({
  inventory,
  couponUses,
  catalogue,
  clock,
  siteUrl,
}: BookingSettlementDeps) {
  /**
   * The booking's shopper: `locked` when it is their row (as read under their money lock in
   * `tx`), otherwise read. Undefined when the account is gone.
   */
  async function shopperOf(
    tx: Repositories,
    userId: string,
    locked: UserRow | undefined,
  ): Promise<UserRow | undefined> {
    return locked?.id === userId ? locked : tx.users.findById(userId);
  }

  /**
   * pending (or a booking whose hold had ended, now re-made) → confirmed, in `tx`: the payment
   * kept on the booking, the coupon use counted, the booked lines out of the cart, the mail queued.
   * `shopper` is the shopper's row read under their money lock, when the caller has it. Answers
   * the confirmation mail's id (none once the account is gone).
   */
  async function confirmIn(
    tx: Repositories,
    booking: BookingRow,
    payment: Pick<ProviderPayment, 'id' | 'method'> | undefined,
    shopper?: UserRow,
  ): Promise<string | undefined> {
    const paid = { providerPaymentId: payment?.id ?? '', method: payment?.method ?? 'none' };
    await tx.bookings.markConfirmed(booking.id, paid);
    if (booking.couponCode) await couponUses.countIn(tx, booking.id);
    if (!booking.userId) return undefined;
    const items = await tx.bookings.itemsOf([booking.id]);
    const user = await shopperOf(tx, booking.userId, shopper);
    await tx.cart.removeProducts(
      booking.userId,
      items.map((item) => item.productId),
    );
    if (!user) return undefined;
    const view = toBooking(
      {
        ...booking,
        status: 'confirmed',
        paymentStatus: 'completed',
        providerPaymentId: paid.providerPaymentId || null,
        paymentMethod: paid.method,
        confirmedAt: clock.now(),
      },
      items,
      siteUrl,
    );
    const startDate = items.map((item) => item.startDate).sort()[0];
    if (startDate) await queueConfirmed(tx, booking, startDate);
    return tx.outbox.enqueue(
      'booking-confirmed',
      bookingConfirmedMail(recipientOf(user), view, `${siteUrl}/orders`),
    );
  }

  /**
   * A pending booking lets go of its hold, in `tx`: cancelled with its payment failed, its pieces
   * and coupon use released, its order given up. The order may still be paid at the provider:
   * with `askAt`, the reconciliation closes it where it can and asks about it from then on.
   */
  async function releaseHoldIn(
    tx: Repositories,
    booking: BookingRow,
    { askAt }: { askAt?: Date } = {},
  ): Promise<PaymentRow | undefined> {
    await tx.bookings.markExpired(booking.id);
    await inventory.releaseIn(tx, booking.id);
    if (booking.couponCode) await couponUses.releaseIn(tx, booking.id);
    const order = await tx.payments.ofBooking(booking.id);
    if (order) await tx.payments.markFailed(order.id, askAt);
    return order;
  }

  /**
   * Would checkout accept this booking now, exactly as it was made? In `tx`: the shopper is still
   * here, every piece still offered and its start date not past, the plan and the prices give the
   * same lines, the coupon still applies for the same discount, the total is the same, and units
   * are free (reserved now, the exclusion constraint deciding; a booking still `holding` its
   * units keeps them). Undefined when all holds (the units are then held again); otherwise why
   * not, with nothing reserved.
   */
  async function stillHolds(
    tx: Repositories,
    booking: BookingRow,
    snapshot: CatalogueSnapshot,
    { holding, shopper }: { holding: boolean; shopper: UserRow | undefined },
  ): Promise<Refusal | undefined> {
    const userId = booking.userId;
    if (!userId || !(await shopperOf(tx, userId, shopper))) {
      return { code: 'account-deleted', detail: 'The account that made it has been deleted.' };
    }
    const now = clock.now();
    const items = await tx.bookings.itemsOf([booking.id]);
    const subscription = subscriptionFrom(await tx.subscriptions.findCurrent(userId, now));
    const label = (item: BookingItemWithProduct) => `${item.product.name} (${item.size})`;

    const rentals: CheckedRental[] = [];
    for (const item of items) {
      let rental: CheckedRental;
      try {
        rental = checkRental(
          snapshot.byId.get(item.productId),
          { startDate: item.startDate, size: item.size, duration: item.durationDays },
          { today: todayInIndia(now), plan: subscription.plan },
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return {
          code: refusalOfRentalCheck(error.message),
          detail: `${label(item)}: ${error.message}.`,
        };
      }
      // A parcel leaves `transitDays` before the start (DECISIONS.md 'Delivery promise').
      if (item.startDate < addDays(todayInIndia(now), booking.transitDays)) {
        return {
          code: 'start-date-passed',
          detail: `${label(item)}: it can no longer reach ${booking.deliveryAddress.pincode} by its start date.`,
        };
      }
      if (rental.duration !== item.durationDays) {
        return {
          code: 'plan-changed',
          detail: `Your plan has changed since, and ${label(item)} would now be a ${rental.duration}-day rental.`,
        };
      }
      rentals.push(rental);
    }

    const { items: priced, subtotal } = priceItems(
      rentals,
      items.map((item) => item.quantity),
      subscription,
    );
    const moved = items.find(
      (item, i) =>
        priced[i]!.totalPaise !== item.totalPaise || priced[i]!.appliedPlan !== item.appliedPlan,
    );
    if (moved) {
      return {
        code: bookedOnPlan(moved) ? 'plan-changed' : 'price-changed',
        detail: bookedOnPlan(moved)
          ? `The plan benefit ${label(moved)} was booked with no longer applies.`
          : `${label(moved)} would cost a different amount now.`,
      };
    }

    let discount = 0;
    if (booking.couponCode) {
      const fit = await couponUses.check(
        tx,
        {
          code: booking.couponCode,
          userId,
          subtotal,
          isFirstOrder: !(await tx.bookings.hasPaidBooking(userId, booking.id)),
          // A booking still holding its coupon use is not counted against itself.
          ignoreOwnHolds: holding,
        },
        { lock: true },
      );
      if (!fit.ok) {
        return {
          code: 'coupon-invalid',
          detail: `The coupon ${booking.couponCode} no longer applies to it: ${fit.message}`,
        };
      }
      discount = fit.coupon.discount;
    }
    // Back-up sizes cost what the plan says now (DECISIONS.md 'Back-up size').
    const fee = rupeesToPaise(backupFee(subscription.plan));
    const backupMoved = items.find((item) => item.backupSize && item.backupFeePaise !== fee);
    if (backupMoved) {
      return {
        code: 'plan-changed',
        detail: `The back-up size of ${label(backupMoved)} would cost a different amount on your plan now.`,
      };
    }
    const totals = orderTotals({
      plan: subscription.plan,
      subtotal,
      discount,
      insurance: booking.insuranceSelected,
      backupFees: paiseToRupees(items.reduce((sum, item) => sum + item.backupFeePaise, 0)),
    });
    if (rupeesToPaise(totals.total) !== booking.totalPaise) {
      return { code: 'price-changed', detail: 'It would cost a different amount now.' };
    }
    if (holding) return undefined;

    const taken = await inventory.reserveIn(
      tx,
      booking.id,
      linesToReserve(items),
      booking.transitDays,
    );
    if (taken) {
      const item = items.find((candidate) => candidate.id === taken.itemId)!;
      return {
        code: 'pieces-taken',
        detail: taken.backup
          ? `The back-up size ${taken.size} of ${item.product.name} was booked by someone else in the meantime.`
          : `${label(item)} was booked by someone else in the meantime.`,
      };
    }
    return undefined;
  }

  /** Has what the booking was priced for (the shopper's paid bookings, their plan) moved on? */
  async function shopperChangedSince(tx: Repositories, booking: BookingRow): Promise<boolean> {
    if (!booking.userId) return false;
    return tx.bookings.shopperChangedSince(booking.userId, booking.createdAt, booking.id);
  }

  /** Booked under a plan's benefit (rather than at its list price). */
  function bookedOnPlan(item: BookingItemWithProduct): boolean {
    return item.appliedPlan !== 'free';
  }

  const settler: Settler<CatalogueSnapshot> = {
    prepare: () => catalogue.snapshot(),

    async decide(tx, order, payment, snapshot, shopper) {
      const booking = order.bookingId ? await tx.bookings.lockBooking(order.bookingId) : undefined;
      if (!booking) {
        return refuse(
          'account-deleted',
          'The booking no longer exists: the account that made it was deleted.',
        );
      }
      if (payment.amountPaise !== booking.totalPaise) {
        return refuse('amount-mismatch', 'The amount paid does not match the booking.');
      }
      if (booking.paymentStatus === 'completed') {
        return refuse('already-paid', 'The booking had already been paid by another payment.');
      }
      // A booking no longer live is a new decision. One still holding its pieces was priced
      // for the shopper as they were: if another booking of theirs has been paid since (their
      // first order, their plan's rental limit) or their plan has changed, it is checked again.
      const holding = booking.status === 'pending';
      if (!holding || (await shopperChangedSince(tx, booking))) {
        const problem = await stillHolds(tx, booking, snapshot, { holding, shopper });
        if (problem) return { refused: problem };
      }
      const mail = await confirmIn(tx, booking, payment, shopper);
      return { applied: { booking: booking.id }, mails: mail ? [mail] : [] };
    },

    async refused(tx, order, payment, refusal, _snapshot, shopper) {
      const booking = order.bookingId ? await tx.bookings.findBooking(order.bookingId) : undefined;
      if (!booking) return;
      // Refused for what it was made with, not for the payment itself: a booking still holding
      // its pieces can no longer be paid for, so its hold ends now. One whose hold had ended was
      // a late payment.
      const aboutTheBooking = refusal.code !== 'amount-mismatch' && refusal.code !== 'already-paid';
      const holding = booking.status === 'pending';
      if (aboutTheBooking && holding) await releaseHoldIn(tx, booking);
      const user = booking.userId ? await shopperOf(tx, booking.userId, shopper) : undefined;
      if (!user) return;
      const late = aboutTheBooking && !holding;
      await queueRefundMade(tx, booking, `payment:${payment.id}`, payment.amountPaise);
      await tx.outbox.enqueue(
        late ? 'booking-late-payment-refund' : 'booking-payment-refund',
        paymentRefundedMail(
          recipientOf(user),
          { _id: booking.id } satisfies Pick<Booking, '_id'>,
          payment.amountPaise,
          { ...refusal, late },
        ),
      );
    },

    async lapse(tx, order) {
      const booking = order.bookingId ? await tx.bookings.lockBooking(order.bookingId) : undefined;
      if (booking?.status !== 'pending' || booking.expiresAt > clock.now()) return;
      await releaseHoldIn(tx, booking);
    },
  };

  return { settler, confirmIn, releaseHoldIn };
}

export type BookingSettlement = ReturnType<typeof createBookingSettlement>;
