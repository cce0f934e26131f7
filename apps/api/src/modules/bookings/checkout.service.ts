import { randomUUID } from 'node:crypto';
import {
  BACKUP_MESSAGES,
  BOOKING_MESSAGES,
  PINCODE_MESSAGES,
  backupFee,
  bookingNumber,
  orderTotals,
  rupeesToPaise,
  todayInIndia,
  type CreateBookingBody,
  type CreateBookingResponse,
} from '@pehnava/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, ProviderOrder } from '../../adapters/payments/provider.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, conflict } from '../../lib/http-error.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { findProduct } from '../catalogue/catalogue.service.js';
import { checkRental } from '../cart/rental-request.js';
import type { CouponFit, CouponUses } from '../coupons/coupon-uses.js';
import { providerFailure } from '../payments/provider-failure.js';
import { ORDER_WATCH_MS } from '../payments/reconcile.js';
import type { PaymentRow } from '../payments/payments.repository.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { Pincodes } from '../pincodes/pincodes.service.js';
import { checkBackupSize } from './backup.js';
import type { Inventory } from './inventory.js';
import { priceItems } from './pricing.js';
import type { BookingSettlement } from './settlement.js';

export interface CheckoutDeps {
  /** Repositories outside any transaction. */
  repos: Pick<Repositories, 'bookings' | 'coupons' | 'payments'>;
  uow: UnitOfWork;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  subscriptions: Pick<SubscriptionsService, 'mySubscription'>;
  inventory: Pick<Inventory, 'reserveIn' | 'firstTakenFor'>;
  couponUses: CouponUses;
  settlement: Pick<BookingSettlement, 'confirmIn' | 'releaseHoldIn'>;
  provider: PaymentProvider;
  /** Whether the delivery address's pincode exists and is served (issue [O] §3). */
  pincodes: Pick<Pincodes, 'deliveryTo'>;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  settings: {
    /** How long a pending booking holds its units and coupon. */
    holdMinutes: number;
    /** The site's address for the payment's way back (PUBLIC_URL, else the local address). */
    siteUrl: string;
  };
}

/**
 * Checkout (DECISIONS.md 'Inventory and availability', 'Coupons', 'Payments'): the booking built
 * from the items sent, checked as cart add checks them and priced from the server's own data;
 * then, in one transaction, the shopper's older unpaid checkout let go, units reserved, the coupon
 * held, the booking, its items and its payment order stored.
 */
export function createCheckout({
  repos,
  uow,
  catalogue,
  subscriptions,
  inventory,
  couponUses,
  pincodes,
  settlement,
  provider,
  clock,
  logger,
  settings,
}: CheckoutDeps) {
  /**
   * Close replaced checkouts' orders at the provider where it can (Stripe), so they can no longer
   * be paid. A failure is harmless: the reconciliation closes them later, and a payment that
   * slips through is decided by the intake (refunded unless the booking could still be made).
   */
  async function closeReplaced(orders: PaymentRow[]): Promise<void> {
    if (!provider.cancelOrder) return;
    for (const order of orders) {
      try {
        if (await provider.cancelOrder(order.providerOrderId)) {
          await repos.payments.markClosed(order.id);
        }
      } catch (error) {
        logger.warn({ err: error, orderId: order.id }, 'could not close a replaced checkout');
      }
    }
  }

  return {
    /**
     * POST /api/booking/create. The provider's order is made first, outside the transaction, so
     * no lock is held across a network call: if the transaction then fails, that order is simply
     * never offered to the shopper (and if it were paid, the intake would refund it).
     */
    async create(
      /** The signed-in shopper, as the session check read them (their e-mail goes to the provider). */
      shopper: { id: string; email: string },
      body: CreateBookingBody,
      /** The web app's address, for a redirect provider's way back (/verify). */
      webOrigin: string = settings.siteUrl,
    ): Promise<Omit<CreateBookingResponse, 'success'>> {
      const userId = shopper.id;
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
      // A back-up size per line, checked against the piece (DECISIONS.md 'Back-up size').
      const backups = body.cartItems.map((item, i) =>
        checkBackupSize(rentals[i]!.product, rentals[i]!.size, item.backupSize),
      );
      const backupFeePaise = rupeesToPaise(backupFee(subscription.plan));
      const backupCount = backups.filter(Boolean).length;
      // Only to a pincode India Post knows and the shop serves, and only for start dates a
      // parcel can reach it by (DECISIONS.md 'Delivery promise'): nothing is held or ordered else.
      const delivery = pincodes.deliveryTo(body.address.pincode);
      const tooSoon = rentals.find((rental) => rental.startDate < delivery.earliestStartDate);
      if (tooSoon) {
        throw badRequest(
          PINCODE_MESSAGES.tooSoon({
            product: tooSoon.product.name,
            pincode: delivery.pincode,
            city: delivery.city,
            earliest: delivery.earliestStartDate,
          }),
        );
      }
      const { items, subtotal } = priceItems(
        rentals,
        body.cartItems.map((item) => item.quantity),
        subscription,
      );

      // The coupon, checked now against the server's subtotal (the uses this shopper's unpaid
      // checkout holds are about to be let go, so they do not count), and again under its lock.
      const code = body.couponCode;
      let coupon: CouponFit | undefined;
      if (code) {
        const fit = await couponUses.check(
          repos,
          {
            code,
            userId,
            subtotal,
            isFirstOrder: !(await repos.bookings.hasPaidBooking(userId)),
            ignoreOwnHolds: true,
          },
          { lock: false },
        );
        if (!fit.ok) throw badRequest(fit.message);
        coupon = fit.coupon;
      }

      const totals = orderTotals({
        plan: subscription.plan,
        subtotal,
        discount: coupon?.discount ?? 0,
        insurance: body.insuranceSelected,
        backupFees: backupFee(subscription.plan) * backupCount,
      });
      const totalPaise = rupeesToPaise(totals.total);
      const bookingId = randomUUID();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + settings.holdMinutes * 60_000);

      // Pieces already taken: refused before a payment order is made for it at the provider.
      const takenAnswer = (line: {
        rental: (typeof items)[number]['rental'];
        backup?: boolean;
        size: string;
      }) =>
        conflict(
          line.backup
            ? BACKUP_MESSAGES.taken(line.rental.product.name, line.size)
            : BOOKING_MESSAGES.itemTaken(line.rental.product.name, line.rental.size),
        );
      // Each line's pieces, and its back-up size (one piece, held the same way) when it has one.
      const lines = items.flatMap((item, i) => {
        const line = {
          position: i,
          productId: item.rental.product._id,
          size: item.rental.size,
          quantity: item.quantity,
          startDate: item.rental.startDate,
          endDate: item.rental.endDate,
          rental: item.rental,
          backup: false,
        };
        const backup = backups[i];
        return backup ? [line, { ...line, size: backup, quantity: 1, backup: true }] : [line];
      });
      const taken = await inventory.firstTakenFor(userId, lines, delivery.transitDays);
      if (taken) throw takenAnswer(taken);

      let order: ProviderOrder | undefined;
      if (totalPaise > 0) {
        const back = (success: boolean) =>
          `${webOrigin}/verify?success=${String(success)}&orderId=${bookingId}`;
        try {
          order = await provider.createOrder({
            amountPaise: totalPaise,
            receipt: bookingNumber(bookingId),
            notes: { bookingId },
            description: `Pehnava booking ${bookingNumber(bookingId)}`,
            customerEmail: shopper.email,
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

      const replaced = await uow.run(async (tx) => {
        // The shopper's money lock first, as every payment decision takes it.
        const locked = await tx.users.lockForMoney(userId);
        // A new checkout replaces the shopper's unpaid one: its units and coupon are let go, and
        // its order is given up (closed at the provider after the commit, where it can be).
        const given: PaymentRow[] = [];
        for (const earlier of await tx.bookings.pendingOf(userId)) {
          const earlierOrder = await settlement.releaseHoldIn(tx, earlier, { askAt: now });
          if (earlierOrder) given.push(earlierOrder);
        }

        if (code && coupon) {
          const fit = await couponUses.check(
            tx,
            { code, userId, subtotal, isFirstOrder: !(await tx.bookings.hasPaidBooking(userId)) },
            { lock: true },
          );
          if (!fit.ok) throw conflict(fit.message);
        }

        await tx.bookings.insertBooking({
          id: bookingId,
          userId,
          paymentProvider: provider.name,
          subtotalPaise: rupeesToPaise(totals.subtotal),
          discountPaise: rupeesToPaise(totals.discount),
          deliveryFeePaise: rupeesToPaise(totals.deliveryFee),
          insuranceSelected: body.insuranceSelected,
          insurancePaise: rupeesToPaise(totals.insurance),
          backupFeesPaise: rupeesToPaise(totals.backupFees),
          totalPaise,
          couponCode: coupon?.code ?? null,
          deliveryAddress: { ...body.address, landmark: body.address.landmark ?? '' },
          transitDays: delivery.transitDays,
          expiresAt,
        });
        const itemIds = await tx.bookings.insertItems(
          bookingId,
          items.map((item, i) => ({
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
            backupSize: backups[i] ?? null,
            backupFeePaise: backups[i] ? backupFeePaise : 0,
          })),
        );
        const taken = await inventory.reserveIn(
          tx,
          bookingId,
          lines.map((line) => ({ ...line, itemId: itemIds[line.position]! })),
          delivery.transitDays,
        );
        if (taken) throw takenAnswer(taken);

        if (coupon) {
          await couponUses.holdIn(tx, {
            couponId: coupon.id,
            userId,
            bookingId,
            discountPaise: rupeesToPaise(totals.discount),
          });
        }
        if (order) {
          await tx.payments.insertPayment({
            userId,
            purpose: 'booking',
            bookingId,
            provider: provider.name,
            providerOrderId: order.id,
            amountPaise: totalPaise,
            currency: 'INR',
            // The reconciliation asks the provider about it when its hold ends.
            reconcileAt: expiresAt,
            reconcileUntil: new Date(now.getTime() + ORDER_WATCH_MS),
          });
        } else {
          // Nothing to pay (free rentals on a plan, free delivery): confirmed at once.
          const stored = await tx.bookings.lockBooking(bookingId);
          await settlement.confirmIn(tx, stored!, undefined, locked);
        }
        return given;
      });
      await closeReplaced(replaced);

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
        backupFees: totals.backupFees,
        totalPrice: totals.total,
        expiresAt: expiresAt.toISOString(),
      };
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
