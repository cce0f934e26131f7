import { randomUUID } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  BOOKING_MESSAGES,
  COUPON_MESSAGES,
  type AdminBookingDetail,
  type AdminBookingsQuery,
  MAX_START_DAYS_AHEAD,
  addDays,
  bookingNumber,
  checkCoupon,
  couponCodeProblem,
  listPriceFor,
  normalizeCouponCode,
  orderTotals,
  paiseToRupees,
  priceCart,
  rupeesToPaise,
  todayInIndia,
  type AvailabilityResponse,
  type Booking,
  type CreateBookingBody,
  type CreateBookingResponse,
  type PlanId,
  type Subscription,
  type VerifyBookingBody,
  type VerifyBookingResponse,
  type VerifyStripeBody,
} from '@pehnava/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  bookingCancelledByShopMail,
  bookingCancelledMail,
  bookingConfirmedMail,
  bookingStatusMail,
  bookingTrackingMail,
  latePaymentRefundMail,
} from '../../adapters/mail/booking-mails.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { DeliveryTrackingRecord } from '../../db/schema/index.js';
import { providerFailure } from '../payments/provider-failure.js';
import {
  type PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
} from '../../adapters/payments/provider.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { absoluteImageUrl } from '../../lib/image-urls.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { findProduct } from '../catalogue/catalogue.service.js';
import { checkRental, type CheckedRental } from '../cart/rental-request.js';
import { toCouponTerms } from '../coupons/coupons.service.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { PaymentRow, RefundRow } from '../payments/payments.repository.js';
import type { BookingItemWithProduct, BookingRow } from './bookings.repository.js';
import { availableStartDates } from './availability.js';

export interface BookingsServiceDeps {
  /** Repositories outside any transaction (reads, and writes that stand alone). */
  repos: Pick<Repositories, 'bookings' | 'coupons' | 'payments' | 'users'>;
  uow: UnitOfWork;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  subscriptions: Pick<SubscriptionsService, 'mySubscription'>;
  provider: PaymentProvider;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  settings: {
    /** Days a unit is blocked before the start (dispatch) and after the end (return). */
    leadDays: number;
    turnaroundDays: number;
    /** How long a pending booking holds its units and coupon. */
    holdMinutes: number;
    /** The site's address for links in mail (PUBLIC_URL, else the local address). */
    siteUrl: string;
  };
}

/** How a payment result was settled against its booking. */
export type Settlement = 'confirmed' | 'already-confirmed' | 'refunded' | 'ignored';

/** Who changes a booking: an operator, or the shopper cancelling. */
export interface Actor {
  id: string | null;
  email: string;
  role: string;
}

/** The one step an operator may move a booking forward from each status. */
const NEXT_STATUS: Partial<Record<BookingRow['status'], 'processing' | 'shipped' | 'delivered'>> = {
  confirmed: 'processing',
  processing: 'shipped',
  shipped: 'delivered',
};

/** Expired holds taken per run of the booking-holds job. */
export const HOLDS_BATCH_SIZE = 20;

/** A line of the booking being built: the checked rental, its quantity and its prices in paise. */
interface PricedItem {
  rental: CheckedRental;
  quantity: number;
  appliedPlan: PlanId;
  originalPaise: number;
  totalPaise: number;
  position: number;
}

/** A stored booking as SPEC.md §3 shows it, with image addresses absolute for `origin`. */
export function toBooking(
  row: BookingRow,
  items: BookingItemWithProduct[],
  origin: string,
  refunds: Pick<RefundRow, 'amountPaise' | 'status' | 'createdAt' | 'processedAt'>[] = [],
): Booking {
  return {
    _id: row.id,
    bookingNumber: bookingNumber(row.id),
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    subtotal: paiseToRupees(row.subtotalPaise),
    deliveryFee: paiseToRupees(row.deliveryFeePaise),
    insuranceSelected: row.insuranceSelected,
    insuranceAmount: paiseToRupees(row.insurancePaise),
    totalPrice: paiseToRupees(row.totalPaise),
    appliedCoupon: row.couponCode
      ? { code: row.couponCode, discountAmount: paiseToRupees(row.discountPaise) }
      : null,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    razorpayPaymentId: row.providerPaymentId,
    deliveryTracking: row.deliveryTracking ?? null,
    deliveryAddress: row.deliveryAddress,
    items: items.map((item) => ({
      listingId: {
        _id: item.product.id,
        productId: item.product.productId,
        name: item.product.name,
        images: item.product.images.map((url: string) => absoluteImageUrl(url, origin)),
      },
      size: item.size,
      rentalDuration: item.durationDays as Booking['items'][number]['rentalDuration'],
      quantity: item.quantity,
      startDate: item.startDate,
      endDate: item.endDate,
      appliedSubscriptionPlan: item.appliedPlan as PlanId,
      originalPrice: paiseToRupees(item.originalPricePaise),
      discountAmount: paiseToRupees(item.discountPaise),
      totalPrice: paiseToRupees(item.totalPaise),
    })),
    refunds: refunds.map((refund) => ({
      amount: paiseToRupees(refund.amountPaise),
      status: refund.status,
      createdAt: refund.createdAt.toISOString(),
      processedAt: refund.processedAt?.toISOString() ?? null,
    })),
    cancellable: row.status === 'confirmed' && row.paymentStatus === 'completed',
  };
}

/**
 * Checkout, payment and the bookings that come of them (DECISIONS.md 'Inventory and
 * availability', 'Bookings', 'Payments'). Every price is the server's; units and coupon uses are
 * held in the booking's own transaction, where the database's constraints have the last word; a
 * payment result, however often and by whichever path it arrives, confirms a booking once.
 */
export function createBookingsService({
  repos: plain,
  uow,
  catalogue,
  subscriptions,
  provider,
  clock,
  logger,
  settings,
}: BookingsServiceDeps) {
  const blockedRange = (rental: { startDate: string; endDate: string }) => ({
    blockedFrom: addDays(rental.startDate, -settings.leadDays),
    blockedUntil: addDays(rental.endDate, settings.turnaroundDays),
  });

  /** Price the checked items under the plan (rental-limit cut-over in cart order). */
  function price(rentals: CheckedRental[], quantities: number[], subscription: Subscription) {
    const pricing = priceCart(
      rentals.map((rental, i) => ({
        product: rental.product,
        duration: rental.duration,
        quantity: quantities[i]!,
      })),
      subscription,
    );
    const items = pricing.lines.map((line, i): PricedItem => {
      const rental = rentals[i]!;
      const originalPaise =
        rupeesToPaise(listPriceFor(rental.product, line.duration)) * line.quantity;
      const totalPaise = rupeesToPaise(line.lineTotal);
      return {
        rental,
        quantity: line.quantity,
        appliedPlan: line.planQuantity > 0 ? subscription.plan : 'free',
        originalPaise: Math.max(originalPaise, totalPaise),
        totalPaise,
        position: i,
      };
    });
    return { items, subtotal: pricing.subtotal };
  }

  /** Release what a pending booking holds: units, coupon use; its payment order is void. */
  async function release(repos: Repositories, booking: BookingRow): Promise<void> {
    await repos.bookings.releaseReservations(booking.id);
    if (booking.couponCode) await repos.coupons.setUseStatus(booking.id, 'released', clock.now());
    const payment = await repos.payments.ofBooking(booking.id);
    if (payment) await repos.payments.markFailed(payment.id);
  }

  /**
   * pending (or a released booking whose units were blocked again) → confirmed, in `repos`' tx:
   * the payment stored, the coupon use counted, the booked lines out of the cart, the mail queued.
   */
  async function confirmIn(
    repos: Repositories,
    booking: BookingRow,
    payment: { providerPaymentId: string; method: string } | undefined,
    record: PaymentRow | undefined,
  ): Promise<void> {
    const paid = payment ?? { providerPaymentId: '', method: 'none' };
    await repos.bookings.markConfirmed(booking.id, paid);
    if (record && payment) {
      await repos.payments.markCompleted(record.id, payment.providerPaymentId, payment.method);
    }
    if (booking.couponCode) await repos.coupons.setUseStatus(booking.id, 'counted', clock.now());
    if (!booking.userId) return;
    const [items, user] = [
      await repos.bookings.itemsOf([booking.id]),
      await repos.users.findById(booking.userId),
    ];
    await repos.cart.removeProducts(
      booking.userId,
      items.map((item) => item.productId),
    );
    if (!user) return;
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
      settings.siteUrl,
    );
    await repos.outbox.enqueue(
      'booking-confirmed',
      bookingConfirmedMail({ to: user.email, name: user.name }, view, `${settings.siteUrl}/orders`),
    );
  }

  /**
   * Settle a captured payment against its booking, in `repos`' transaction: confirm a pending
   * booking; confirm a booking whose hold ended if its units are still free; otherwise (or for a
   * second payment of a paid booking) refund the payment. A result seen before changes nothing.
   */
  async function settleIn(
    repos: Repositories,
    bookingId: string,
    payment: ProviderPayment,
  ): Promise<Settlement> {
    const booking = await repos.bookings.lockBooking(bookingId);
    if (!booking) return 'ignored';
    if (payment.amountPaise !== booking.totalPaise || payment.currency !== 'INR') {
      logger.error(
        { bookingId, paymentId: payment.id, amount: payment.amountPaise },
        'a payment for a different amount than its booking was not applied',
      );
      return 'ignored';
    }
    const record = await repos.payments.ofBooking(booking.id);
    if (!record || record.providerOrderId !== payment.orderId) return 'ignored';

    if (booking.paymentStatus === 'completed') {
      if (booking.providerPaymentId === payment.id) return 'already-confirmed';
      // A second capture on the same order (two tabs paying at once): give it back.
      await repos.payments.insertRefund({
        paymentId: record.id,
        bookingId: booking.id,
        providerPaymentId: payment.id,
        amountPaise: payment.amountPaise,
        reason: 'duplicate-payment',
        idempotencyKey: `refund:${payment.id}`,
      });
      return 'refunded';
    }
    const confirmedPayment = { providerPaymentId: payment.id, method: payment.method };
    if (booking.status === 'pending') {
      await confirmIn(repos, booking, confirmedPayment, record);
      return 'confirmed';
    }
    // The hold had ended (expired or replaced by a newer checkout): confirm it if every unit it
    // held is still free, otherwise refund the payment in full and tell the shopper.
    if (
      booking.status === 'cancelled' &&
      (await repos.bookings.tryReactivateReservations(booking.id))
    ) {
      await confirmIn(repos, booking, confirmedPayment, record);
      return 'confirmed';
    }
    await repos.payments.markCompleted(record.id, payment.id, payment.method);
    await repos.payments.insertRefund({
      paymentId: record.id,
      bookingId: booking.id,
      providerPaymentId: payment.id,
      amountPaise: payment.amountPaise,
      reason: 'late-payment',
      idempotencyKey: `refund:${payment.id}`,
    });
    const user = booking.userId ? await repos.users.findById(booking.userId) : undefined;
    if (user) {
      await repos.outbox.enqueue(
        'booking-late-payment-refund',
        latePaymentRefundMail(
          { to: user.email, name: user.name },
          { _id: booking.id },
          payment.amountPaise,
        ),
      );
    }
    return 'refunded';
  }

  /** A provider failure while a shopper waits on a payment result: 503, or 400 for a refusal. */
  const verifyFailure = (error: unknown) =>
    providerFailure(error, {
      unavailable: BOOKING_MESSAGES.providerUnavailable,
      refused: badRequest(BOOKING_MESSAGES.verifyFailed),
    });

  /** Ask the provider for what was paid against an order; its failures as fetchPayment's. */
  async function capturedOf(orderId: string): Promise<ProviderPayment | undefined> {
    try {
      return (await provider.fetchOrderPayments(orderId)).find((p) => p.status === 'captured');
    } catch (error) {
      throw verifyFailure(error);
    }
  }

  /**
   * Close an unpaid order at the provider, when it can be closed, before its booking lets go of
   * its hold: afterwards no payment can arrive for it. True when it can no longer be paid; false
   * when it had been paid meanwhile, or could not be closed (the late-payment path then applies).
   */
  async function closeOrder(orderId: string, bookingId: string): Promise<boolean> {
    if (!provider.cancelOrder) return false;
    try {
      return await provider.cancelOrder(orderId);
    } catch (error) {
      logger.warn({ err: error, bookingId }, 'could not close the payment order at the provider');
      return false;
    }
  }

  /** Ask the provider for a payment; its failures become the shopper's 503 or 400. */
  async function fetchPayment(paymentId: string): Promise<ProviderPayment> {
    try {
      return await provider.fetchPayment(paymentId);
    } catch (error) {
      throw verifyFailure(error);
    }
  }

  /**
   * Cancel a paid booking in `repos`' transaction: cancelled, pieces and coupon use released, a
   * full refund queued (its key is the booking's, so it is made once whoever asks), the audit
   * trail and the shopper's mail written.
   */
  async function cancelPaidIn(
    repos: Repositories,
    booking: BookingRow,
    {
      actor,
      from,
      reason,
      mail,
    }: {
      actor: Actor;
      from: BookingRow['status'][];
      reason: string;
      mail: (amountPaise: number) => MailMessage | undefined;
    },
  ): Promise<void> {
    await repos.bookings.markCancelled(booking.id, from);
    await repos.bookings.releaseReservations(booking.id);
    if (booking.couponCode) await repos.coupons.setUseStatus(booking.id, 'released', clock.now());
    const record = await repos.payments.ofBooking(booking.id);
    let refunded = 0;
    if (record && booking.providerPaymentId && booking.totalPaise > 0) {
      await repos.payments.insertRefund({
        paymentId: record.id,
        bookingId: booking.id,
        providerPaymentId: booking.providerPaymentId,
        amountPaise: booking.totalPaise,
        reason: 'cancellation',
        idempotencyKey: `cancel:${booking.id}`,
      });
      refunded = booking.totalPaise;
    }
    await repos.bookings.recordEvent({
      bookingId: booking.id,
      actorId: actor.id,
      actorEmail: actor.email,
      actorRole: actor.role,
      action: 'cancel',
      before: { status: booking.status },
      after: { status: 'cancelled', refundPaise: refunded },
      note: reason,
    });
    const message = mail(refunded);
    if (message) await repos.outbox.enqueue('booking-cancelled', message);
  }

  /** Write the shopper's mail about this booking as it now stands (nothing once they are gone). */
  async function mailShopper(
    repos: Repositories,
    booking: BookingRow,
    kind: string,
    draw: (recipient: { to: string; name: string }, view: Booking) => MailMessage,
  ): Promise<void> {
    if (!booking.userId) return;
    const [user, row, items] = await Promise.all([
      repos.users.findById(booking.userId),
      repos.bookings.findBooking(booking.id),
      repos.bookings.itemsOf([booking.id]),
    ]);
    if (!user || !row) return;
    const view = toBooking(
      { ...row, deliveryTracking: booking.deliveryTracking ?? row.deliveryTracking },
      items,
      settings.siteUrl,
    );
    await repos.outbox.enqueue(kind, draw({ to: user.email, name: user.name }, view));
  }

  async function adminDetail(bookingId: string, origin: string): Promise<AdminBookingDetail> {
    const found = await plain.bookings.withShopper(bookingId);
    if (!found) throw notFound(BOOKING_MESSAGES.bookingNotFound);
    const [items, refunds, payments, events] = await Promise.all([
      plain.bookings.itemsOf([bookingId]),
      plain.payments.refundsOfBookings([bookingId]),
      plain.payments.allOfBooking(bookingId),
      plain.bookings.eventsOf(bookingId),
    ]);
    return {
      ...toBooking(found.booking, items, origin, refunds),
      shopper: found.shopper?.id ? found.shopper : null,
      payments: payments.map((p) => ({
        provider: p.provider,
        orderId: p.providerOrderId,
        paymentId: p.providerPaymentId,
        amount: paiseToRupees(p.amountPaise),
        status: p.status,
        method: p.method,
        failureReason: p.failureReason,
        createdAt: p.createdAt.toISOString(),
      })),
      audit: events.map((e) => ({
        at: e.createdAt.toISOString(),
        actor: { id: e.actorId, email: e.actorEmail, role: e.actorRole },
        action: e.action,
        before: e.before,
        after: e.after,
        note: e.note,
      })),
    };
  }

  return {
    /** True when the shopper has paid for a booking (so no first order is left). */
    hasPaidBooking: (userId: string): Promise<boolean> =>
      plain.bookings.hasCompletedBooking(userId),

    /**
     * True when some piece of the product in this size is free for a rental from `startDate` to
     * `endDate` (the blocked range around it included): what cart add asks before adding.
     */
    async hasFreeUnit(
      productId: string,
      size: string,
      rental: { startDate: string; endDate: string },
    ): Promise<boolean> {
      const range = blockedRange(rental);
      const free = await plain.bookings.freeUnits(
        productId,
        size,
        range.blockedFrom,
        range.blockedUntil,
        1,
      );
      return free.length > 0;
    },

    /** GET /api/product/{id}/availability. */
    async availability(idOrCode: string): Promise<Omit<AvailabilityResponse, 'success'>> {
      const product = findProduct(await catalogue.snapshot(), idOrCode);
      if (!product) throw notFound('Product not found');
      const from = todayInIndia(clock.now());
      const to = addDays(from, MAX_START_DAYS_AHEAD);
      const { units, reservations } = await plain.bookings.unitsAndReservations(
        product._id,
        addDays(from, -settings.leadDays),
        addDays(to, 14 + settings.turnaroundDays),
      );
      return {
        productId: product._id,
        from,
        to,
        sizes: product.sizes.map((size) => {
          const unitIds = units.filter((u) => u.size === size.size).map((u) => u.id);
          return {
            size: size.size,
            available: size.available,
            units: unitIds.length,
            unavailableStartDates: availableStartDates({
              unitIds,
              reservations,
              from,
              to,
              leadDays: settings.leadDays,
              turnaroundDays: settings.turnaroundDays,
            }),
          };
        }),
      };
    },

    /**
     * POST /api/booking/create: the booking built from the items sent, checked as cart add checks
     * them and priced from the server's own data; then, in one transaction, the shopper's older
     * unpaid checkout released, units reserved, the coupon held, the booking, its items and its
     * payment order stored. The provider's order is made first, outside the transaction, so no
     * lock is held across a network call: if the transaction then fails, that order is simply
     * never paid.
     */
    async create(
      userId: string,
      body: CreateBookingBody,
      /** The web app's address, for a redirect provider's way back (/verify). */
      webOrigin: string = settings.siteUrl,
    ): Promise<Omit<CreateBookingResponse, 'success'>> {
      const [snapshot, subscription] = await Promise.all([
        catalogue.snapshot(),
        subscriptions.mySubscription(userId),
      ]);
      const today = todayInIndia(clock.now());
      const seen = new Set<string>();
      const rentals = body.cartItems.map((item) => {
        const rental = checkRental(findProduct(snapshot, item.productId), item, {
          today,
          plan: subscription.plan,
        });
        if (seen.has(rental.product._id)) throw badRequest(BOOKING_MESSAGES.duplicateItem);
        seen.add(rental.product._id);
        return rental;
      });
      const { items, subtotal } = price(
        rentals,
        body.cartItems.map((item) => item.quantity),
        subscription,
      );

      // The coupon, checked now against the server's subtotal (the uses this shopper's unpaid
      // checkout holds are about to be released, so they do not count), and again under its lock.
      const code = body.couponCode ? normalizeCouponCode(body.couponCode) : '';
      const couponContext = async (
        repos: Pick<Repositories, 'coupons' | 'bookings'>,
        couponId: string,
        { ignoreOwnHolds = false } = {},
      ) => {
        const uses = await repos.coupons.liveUses(couponId, userId, { ignoreOwnHolds });
        const paid = await repos.bookings.hasCompletedBooking(userId);
        return {
          now: clock.now(),
          subtotal,
          isFirstOrder: !paid,
          usesByShopper: uses.byShopper,
          usesTotal: uses.total,
        };
      };
      let coupon: { id: string; code: string; discount: number } | undefined;
      if (code) {
        const problem = couponCodeProblem(code);
        if (problem) throw badRequest(problem);
        const row = await plain.coupons.findByCode(code);
        if (!row) throw badRequest(COUPON_MESSAGES.invalid);
        const check = checkCoupon(
          toCouponTerms(row),
          await couponContext(plain, row.id, { ignoreOwnHolds: true }),
        );
        if (!check.ok) throw badRequest(check.message);
        coupon = { id: row.id, code: row.code.toUpperCase(), discount: check.discount };
      }

      const totals = orderTotals({
        plan: subscription.plan,
        subtotal,
        discount: coupon?.discount ?? 0,
        insurance: body.insuranceSelected,
      });
      const totalPaise = rupeesToPaise(totals.total);
      const bookingId = randomUUID();
      const expiresAt = new Date(clock.now().getTime() + settings.holdMinutes * 60_000);

      let order: ProviderOrder | undefined;
      if (totalPaise > 0) {
        const back = (success: boolean) =>
          `${webOrigin}/verify?success=${String(success)}&orderId=${bookingId}`;
        const shopper = await plain.users.findById(userId);
        try {
          order = await provider.createOrder({
            amountPaise: totalPaise,
            receipt: bookingNumber(bookingId),
            notes: { bookingId },
            description: `Pehnava booking ${bookingNumber(bookingId)}`,
            ...(shopper ? { customerEmail: shopper.email } : {}),
            returnUrls: { success: back(true), cancel: back(false) },
          });
        } catch (error) {
          // Down (try again soon) or refused (our order was not accepted: a gateway error).
          const answer = providerFailure(error, {
            unavailable: BOOKING_MESSAGES.providerUnavailable,
            refused: new HttpError(502, BOOKING_MESSAGES.providerRefused),
          });
          logger.warn({ err: error, bookingId }, 'payment order could not be created');
          throw answer;
        }
      }

      await uow.run(async (repos) => {
        // A new checkout replaces the shopper's unpaid one: its units and coupon are let go.
        for (const earlier of await repos.bookings.pendingOf(userId)) {
          await repos.bookings.markExpired(earlier.id);
          await release(repos, earlier);
        }

        if (coupon) {
          const locked = await repos.coupons.lockById(coupon.id);
          const check = checkCoupon(
            locked ? toCouponTerms(locked) : undefined,
            await couponContext(repos, coupon.id),
          );
          if (!check.ok) throw conflict(check.message);
        }

        await repos.bookings.insertBooking({
          id: bookingId,
          userId,
          paymentProvider: provider.name,
          subtotalPaise: rupeesToPaise(totals.subtotal),
          discountPaise: rupeesToPaise(totals.discount),
          deliveryFeePaise: rupeesToPaise(totals.deliveryFee),
          insuranceSelected: body.insuranceSelected,
          insurancePaise: rupeesToPaise(totals.insurance),
          totalPaise,
          couponCode: coupon?.code ?? null,
          deliveryAddress: { ...body.address, landmark: body.address.landmark ?? '' },
          expiresAt,
        });
        const itemIds = await repos.bookings.insertItems(
          bookingId,
          items.map((item) => ({
            productId: item.rental.product._id,
            size: item.rental.size,
            durationDays: item.rental.duration,
            quantity: item.quantity,
            startDate: item.rental.startDate,
            endDate: item.rental.endDate,
            appliedPlan: item.appliedPlan,
            originalPricePaise: item.originalPaise,
            discountPaise: item.originalPaise - item.totalPaise,
            totalPaise: item.totalPaise,
            position: item.position,
          })),
        );

        // Reserve in one fixed order (product, size) so two checkouts never wait on each other
        // in a circle; each unit by insert, which the exclusion constraint may refuse.
        const reserveOrder = items
          .map((item, i) => ({ item, itemId: itemIds[i]! }))
          .sort((a, b) =>
            `${a.item.rental.product._id}|${a.item.rental.size}`.localeCompare(
              `${b.item.rental.product._id}|${b.item.rental.size}`,
            ),
          );
        for (const { item, itemId } of reserveOrder) {
          const range = blockedRange(item.rental);
          const candidates = await repos.bookings.freeUnits(
            item.rental.product._id,
            item.rental.size,
            range.blockedFrom,
            range.blockedUntil,
          );
          let reserved = 0;
          for (const unitId of candidates) {
            if (reserved === item.quantity) break;
            if (await repos.bookings.tryReserveUnit({ unitId, bookingItemId: itemId, ...range })) {
              reserved += 1;
            }
          }
          if (reserved < item.quantity) {
            throw conflict(BOOKING_MESSAGES.itemTaken(item.rental.product.name, item.rental.size));
          }
        }

        if (coupon) {
          await repos.coupons.holdUse({
            couponId: coupon.id,
            userId,
            bookingId,
            discountPaise: rupeesToPaise(totals.discount),
            at: clock.now(),
          });
        }
        if (order) {
          await repos.payments.insertPayment({
            userId,
            purpose: 'booking',
            bookingId,
            provider: provider.name,
            providerOrderId: order.id,
            amountPaise: totalPaise,
            currency: 'INR',
          });
        } else {
          const stored = await repos.bookings.lockBooking(bookingId);
          await confirmIn(repos, stored!, undefined, undefined);
        }
      });

      return {
        message: order ? BOOKING_MESSAGES.created : BOOKING_MESSAGES.confirmedWithoutPayment,
        bookingId,
        status: order ? 'pending' : 'confirmed',
        order: order
          ? {
              id: order.id,
              amount: order.amountPaise,
              currency: 'INR',
              checkoutUrl: order.checkoutUrl,
            }
          : null,
        orderId: order?.id ?? null,
        amount: totalPaise,
        currency: 'INR',
        subtotal: totals.subtotal,
        discountAmount: totals.discount,
        deliveryFee: totals.deliveryFee,
        insuranceAmount: totals.insurance,
        totalPrice: totals.total,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * POST /api/booking/verify: the browser's payment result. The signature is checked against
     * the order id the server stored for this shopper's booking, the payment is read back from
     * the provider (captured, same order, same amount), then settled once.
     */
    async verify(
      userId: string,
      body: VerifyBookingBody,
    ): Promise<Omit<VerifyBookingResponse, 'success'>> {
      let bookingId = body.bookingId;
      if (!bookingId) {
        bookingId =
          (await plain.payments.byProviderOrder(provider.name, body.razorpay_order_id))
            ?.bookingId ?? undefined;
      }
      const booking = bookingId ? await plain.bookings.findBooking(bookingId) : undefined;
      if (!booking || booking.userId !== userId) throw notFound(BOOKING_MESSAGES.bookingNotFound);

      const record = await plain.payments.ofBooking(booking.id);
      if (!record || record.providerOrderId !== body.razorpay_order_id) {
        throw badRequest(BOOKING_MESSAGES.paymentNotForBooking);
      }
      const signed = provider.verifyPaymentSignature({
        orderId: record.providerOrderId,
        paymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      });
      if (!signed) throw badRequest(BOOKING_MESSAGES.signatureInvalid);

      const answer = (b: Pick<BookingRow, 'id' | 'status' | 'paymentStatus'>) => ({
        message: BOOKING_MESSAGES.confirmed,
        bookingId: b.id,
        status: b.status,
        paymentStatus: b.paymentStatus,
      });
      if (
        booking.paymentStatus === 'completed' &&
        booking.providerPaymentId === body.razorpay_payment_id
      ) {
        return answer(booking);
      }

      const payment = await fetchPayment(body.razorpay_payment_id);
      if (payment.orderId !== record.providerOrderId) {
        throw badRequest(BOOKING_MESSAGES.paymentNotForBooking);
      }
      if (payment.status !== 'captured') throw badRequest(BOOKING_MESSAGES.paymentNotCaptured);
      if (payment.amountPaise !== booking.totalPaise || payment.currency !== 'INR') {
        throw badRequest(BOOKING_MESSAGES.amountMismatch);
      }
      const settled = await uow.run((repos) => settleIn(repos, booking.id, payment));
      if (settled === 'refunded') throw conflict(BOOKING_MESSAGES.bookingExpired);
      if (settled === 'ignored') throw badRequest(BOOKING_MESSAGES.verifyFailed);
      if (settled === 'already-confirmed') {
        return answer((await plain.bookings.findBooking(booking.id)) ?? booking);
      }
      return answer({ id: booking.id, status: 'confirmed', paymentStatus: 'completed' });
    },

    /**
     * POST /api/order/verifyStripe: the shopper is back from Stripe Checkout. Stripe is asked for
     * the booking's session (never the browser's `success`): a paid session for the booking's
     * amount is settled once, however often this is asked and whether the webhook came first. A
     * shopper who came back through Cancel gave up: the session is expired at Stripe, and only
     * once it can no longer be paid is the hold released; a session paid meanwhile is confirmed.
     */
    async verifyStripe(
      userId: string,
      body: VerifyStripeBody,
    ): Promise<Omit<VerifyBookingResponse, 'success'>> {
      if (provider.name !== 'stripe') throw badRequest(BOOKING_MESSAGES.stripeOnly);
      const booking = await plain.bookings.findBooking(body.orderId);
      if (!booking || booking.userId !== userId) throw notFound(BOOKING_MESSAGES.bookingNotFound);
      const answer = (b: Pick<BookingRow, 'id' | 'status' | 'paymentStatus'>) => ({
        message: BOOKING_MESSAGES.confirmed,
        bookingId: b.id,
        status: b.status,
        paymentStatus: b.paymentStatus,
      });
      if (booking.paymentStatus === 'completed') return answer(booking);
      const record = await plain.payments.ofBooking(booking.id);
      if (!record || record.provider !== 'stripe') {
        throw badRequest(BOOKING_MESSAGES.stripeOnly);
      }

      let payment = await capturedOf(record.providerOrderId);
      if (!payment && !body.success) {
        if (await closeOrder(record.providerOrderId, booking.id)) {
          await uow.run(async (repos) => {
            const locked = await repos.bookings.lockBooking(booking.id);
            if (locked?.status !== 'pending') return;
            await repos.bookings.markExpired(locked.id);
            await release(repos, locked);
          });
          throw badRequest(BOOKING_MESSAGES.paymentCancelled);
        }
        // Not closed: perhaps paid in the meantime, so ask once more.
        payment = await capturedOf(record.providerOrderId);
      }
      if (!payment) {
        if (!body.success) throw badRequest(BOOKING_MESSAGES.paymentCancelled);
        // Its hold already ended (and with it the session): nothing can be paid for it now.
        if (booking.status === 'cancelled') throw conflict(BOOKING_MESSAGES.bookingExpired);
        throw badRequest(BOOKING_MESSAGES.notPaidYetStripe);
      }
      if (payment.orderId !== record.providerOrderId) {
        throw badRequest(BOOKING_MESSAGES.paymentNotForBooking);
      }
      if (payment.amountPaise !== booking.totalPaise || payment.currency !== 'INR') {
        throw badRequest(BOOKING_MESSAGES.amountMismatch);
      }
      const settled = await uow.run((repos) => settleIn(repos, booking.id, payment));
      if (settled === 'refunded') throw conflict(BOOKING_MESSAGES.bookingExpired);
      if (settled === 'ignored') throw badRequest(BOOKING_MESSAGES.verifyFailed);
      return answer((await plain.bookings.findBooking(booking.id)) ?? booking);
    },

    /**
     * A captured payment the provider reported (webhook, reconciliation), in the caller's
     * transaction: settled against the booking its order was made for.
     */
    settleIn,

    /** GET /api/booking/my: the shopper's bookings, newest first. */
    async my(userId: string, origin: string): Promise<Booking[]> {
      const rows = await plain.bookings.listOf(userId);
      const ids = rows.map((row) => row.id);
      const [items, refunds] = await Promise.all([
        plain.bookings.itemsOf(ids),
        plain.payments.refundsOfBookings(ids),
      ]);
      return rows.map((row) =>
        toBooking(
          row,
          items.filter((item) => item.bookingId === row.id),
          origin,
          refunds.filter((refund) => refund.bookingId === row.id),
        ),
      );
    },

    /**
     * POST /api/booking/{id}/cancel: the shopper cancels a paid booking before it is dispatched
     * (status confirmed). In one transaction: cancelled, pieces and coupon use released, a refund
     * of the full amount queued (its idempotency key is the booking's, so it is made once however
     * often this is asked) and the mail written; the refunds job asks the provider after commit,
     * and keeps trying while it cannot be reached: the booking is cancelled either way.
     */
    async cancel(userId: string, bookingId: string, origin: string): Promise<Booking> {
      await uow.run(async (repos) => {
        const booking = await repos.bookings.lockBooking(bookingId);
        if (!booking || booking.userId !== userId) {
          throw notFound(BOOKING_MESSAGES.bookingNotFound);
        }
        if (booking.status === 'cancelled') throw conflict(BOOKING_MESSAGES.alreadyCancelled);
        if (booking.status === 'pending') throw conflict(BOOKING_MESSAGES.notPaidYet);
        if (booking.status !== 'confirmed') throw conflict(BOOKING_MESSAGES.alreadyDispatched);
        const user = await repos.users.findById(userId);
        await cancelPaidIn(repos, booking, {
          actor: { id: userId, email: user?.email ?? '', role: 'shopper' },
          from: ['confirmed'],
          reason: 'cancelled by the shopper',
          mail: (amountPaise) =>
            user &&
            bookingCancelledMail(
              { to: user.email, name: user.name },
              { _id: booking.id },
              amountPaise,
              `${settings.siteUrl}/orders`,
            ),
        });
      });
      const [row, items, refunds] = await Promise.all([
        plain.bookings.findBooking(bookingId),
        plain.bookings.itemsOf([bookingId]),
        plain.payments.refundsOfBookings([bookingId]),
      ]);
      return toBooking(row!, items, origin, refunds);
    },

    /** GET /api/admin/bookings: a page of bookings, with their shoppers and refunds. */
    async adminList(query: AdminBookingsQuery, origin: string) {
      const { page, ...filters } = query;
      const { rows, total } = await plain.bookings.adminList(filters, page, ADMIN_PAGE_SIZE);
      const ids = rows.map((row) => row.booking.id);
      const [items, refunds] = await Promise.all([
        plain.bookings.itemsOf(ids),
        plain.payments.refundsOfBookings(ids),
      ]);
      return {
        bookings: rows.map(({ booking, shopper }) => ({
          ...toBooking(
            booking,
            items.filter((item) => item.bookingId === booking.id),
            origin,
            refunds.filter((refund) => refund.bookingId === booking.id),
          ),
          shopper: shopper?.id ? shopper : null,
        })),
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /** GET /api/admin/bookings/{id}: the booking, its payments, refunds and audit trail. */
    adminDetail,

    /**
     * POST /api/admin/bookings/{id}/status: one step forward (confirmed → processing → shipped
     * → delivered), kept in the audit trail, mailed to the shopper.
     */
    async advance(
      actor: Actor,
      bookingId: string,
      status: 'processing' | 'shipped' | 'delivered',
      origin: string,
    ) {
      await uow.run(async (repos) => {
        const booking = await repos.bookings.lockBooking(bookingId);
        if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
        const next = NEXT_STATUS[booking.status];
        if (!next) throw conflict(ADMIN_MESSAGES.noNextStep(booking.status));
        if (status !== next) throw conflict(ADMIN_MESSAGES.nextStep(booking.status, next));
        await repos.bookings.moveStatus(booking.id, booking.status, next);
        await repos.bookings.recordEvent({
          bookingId: booking.id,
          actorId: actor.id,
          actorEmail: actor.email,
          actorRole: actor.role,
          action: 'status',
          before: { status: booking.status },
          after: { status: next },
        });
        await mailShopper(repos, booking, 'booking-status', (recipient, view) =>
          bookingStatusMail(recipient, view, `${settings.siteUrl}/orders`),
        );
      });
      return adminDetail(bookingId, origin);
    },

    /** POST /api/admin/bookings/{id}/tracking: the courier's details; a field left out is kept. */
    async setTracking(
      actor: Actor,
      bookingId: string,
      change: DeliveryTrackingRecord,
      origin: string,
    ) {
      const given = Object.fromEntries(
        Object.entries(change).filter(([, value]) => value !== undefined && value !== ''),
      ) as DeliveryTrackingRecord;
      if (Object.keys(given).length === 0) throw badRequest(ADMIN_MESSAGES.nothingToTrack);
      await uow.run(async (repos) => {
        const booking = await repos.bookings.lockBooking(bookingId);
        if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
        if (booking.paymentStatus !== 'completed') throw conflict(ADMIN_MESSAGES.notPaid);
        const before = booking.deliveryTracking ?? {};
        const after = { ...before, ...given };
        await repos.bookings.setTracking(booking.id, after);
        await repos.bookings.recordEvent({
          bookingId: booking.id,
          actorId: actor.id,
          actorEmail: actor.email,
          actorRole: actor.role,
          action: 'tracking',
          before: { ...before },
          after: { ...after },
        });
        await mailShopper(
          repos,
          { ...booking, deliveryTracking: after },
          'booking-tracking',
          (recipient, view) => bookingTrackingMail(recipient, view, `${settings.siteUrl}/orders`),
        );
      });
      return adminDetail(bookingId, origin);
    },

    /**
     * POST /api/admin/bookings/{id}/cancel: an operator cancels a paid booking not yet shipped
     * (confirmed or processing), with a full refund (the same idempotency key as the shopper's:
     * the two racing make one refund).
     */
    async adminCancel(actor: Actor, bookingId: string, reason: string, origin: string) {
      await uow.run(async (repos) => {
        const booking = await repos.bookings.lockBooking(bookingId);
        if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
        if (booking.status === 'cancelled') throw conflict(BOOKING_MESSAGES.alreadyCancelled);
        if (booking.status === 'pending') throw conflict(ADMIN_MESSAGES.notPaid);
        if (booking.status !== 'confirmed' && booking.status !== 'processing') {
          throw conflict(ADMIN_MESSAGES.tooLateToCancel(booking.status));
        }
        const user = booking.userId ? await repos.users.findById(booking.userId) : undefined;
        await cancelPaidIn(repos, booking, {
          actor,
          from: ['confirmed', 'processing'],
          reason,
          mail: (amountPaise) =>
            user &&
            bookingCancelledByShopMail(
              { to: user.email, name: user.name },
              { _id: booking.id },
              amountPaise,
              reason,
              `${settings.siteUrl}/orders`,
            ),
        });
      });
      return adminDetail(bookingId, origin);
    },

    /**
     * The booking-holds job: pending bookings whose 15 minutes have passed. The provider is asked
     * first whether the order was paid after all (a result that never reached us): if so the
     * booking is confirmed; otherwise it is cancelled and its units and coupon released.
     */
    async expireDue(): Promise<number> {
      const due = await plain.bookings.dueHolds(HOLDS_BATCH_SIZE);
      for (const booking of due) {
        const record = await plain.payments.ofBooking(booking.id);
        let captured: ProviderPayment | undefined;
        if (record) {
          const paidAt = async () =>
            (await provider.fetchOrderPayments(record.providerOrderId)).find(
              (p) => p.status === 'captured',
            );
          try {
            captured = await paidAt();
            // Close the order at the provider first, where it can be closed (Stripe): once it
            // cannot be paid, no payment can come after the units are let go. One paid in the
            // meantime is read and settled instead.
            if (!captured && provider.cancelOrder) {
              if (!(await closeOrder(record.providerOrderId, booking.id))) {
                captured = await paidAt();
              }
            }
          } catch (error) {
            logger.warn(
              { err: error, bookingId: booking.id },
              'could not ask the provider about an expiring booking',
            );
          }
        }
        await uow.run(async (repos) => {
          if (captured) {
            await settleIn(repos, booking.id, captured);
            return;
          }
          const locked = await repos.bookings.lockDueHold(booking.id);
          if (!locked) return;
          await repos.bookings.markExpired(locked.id);
          await release(repos, locked);
        });
      }
      return due.length;
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
