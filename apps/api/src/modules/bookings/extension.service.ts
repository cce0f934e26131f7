import {
  BOOKING_MESSAGES,
  EXTENSION_MAX_DAYS,
  EXTENSION_MESSAGES,
  addDays,
  bookingNumber,
  daysBetween,
  extensionPrice,
  formatIsoDate,
  paiseToRupees,
  rupeesToPaise,
  todayInIndia,
  type ExtendResponse,
  type ExtensionQuote,
  type ExtensionResult,
  type VerifyExtensionBody,
} from '@pehnava/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, ProviderPayment } from '../../adapters/payments/provider.js';
import type { ExtensionLineRecord } from '../../db/schema/index.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, conflict } from '../../lib/http-error.js';
import { findProduct, type CatalogueService } from '../catalogue/catalogue.service.js';
import type { Decision, PaymentIntake, Settler, Verdict } from '../payments/intake.js';
import { providerFailure } from '../payments/provider-failure.js';
import { ORDER_WATCH_MS } from '../payments/reconcile.js';
import type { BookingItemWithProduct, BookingRow } from './bookings.repository.js';
import type { ExtensionRow } from './extensions.repository.js';
import type { Inventory } from './inventory.js';
import type { Hold } from './inventory.repository.js';
import { compareHolds } from './lock-order.js';
import { extensionAppliedMail, extensionRefundedMail } from './mails.js';
import { mailShopperAbout } from './shopper-mail.js';
import { queueRefundMade } from '../whatsapp/booking-updates.js';
import { createBookingOrders } from './booking-orders.js';

export interface ExtensionDeps {
  /** Repositories outside any transaction. */
  repos: Pick<Repositories, 'bookings' | 'payments' | 'inventory' | 'extensions' | 'users'>;
  uow: UnitOfWork;
  provider: PaymentProvider;
  intake: Pick<PaymentIntake, 'settle' | 'settleSigned'>;
  inventory: Pick<Inventory, 'daysFor'>;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  settings: {
    siteUrl: string;
    /** How soon the reconciliation first asks about an unpaid order (the checkout's hold). */
    holdMinutes: number;
  };
}

type Reads = Pick<Repositories, 'bookings' | 'inventory'>;

/** A line still out with the shopper: its item and the holds of its pieces that are out. */
interface OutLine {
  item: BookingItemWithProduct;
  holds: Hold[];
}

/** Where a booking stands for an extension: why not, or its lines out and how far they can go. */
type Standing =
  | { extendable: false; reason: string; lines: OutLine[]; maxDays: 0 }
  | { extendable: true; reason: null; lines: OutLine[]; maxDays: number };

const isOut = (status: BookingRow['status']) => status === 'shipped' || status === 'delivered';

/** The return date of the lines (the one due back last). */
const lastEnd = (ends: string[]) => [...ends].sort().at(-1)!;

/**
 * Keeping a rental longer (issue [O] §4, decision 073). While a booking is out and before its end
 * date, its shopper may add 1 to 7 days if every piece's own unit is free for them and their
 * turnaround. The price is the server's (extensionPrice); an order is opened for exactly it and
 * paid through the provider's checkout. Its payment is decided by the payment intake through this
 * module's settler: under the booking's lock the units are checked again, and either every hold
 * stretches and the lines' end dates move (the exclusion constraint has the last word), or the
 * payment is refunded in full and nothing changes. An extension order holds nothing while it is
 * paid: two shoppers never hold one unit, and the one who pays first keeps it.
 */
export function createExtensions({
  repos,
  uow,
  provider,
  intake,
  inventory,
  catalogue,
  clock,
  logger,
  settings,
}: ExtensionDeps) {
  const ordersUrl = `${settings.siteUrl}/orders`;

  const refuse = (code: string): Verdict => ({
    refused: {
      code,
      detail: EXTENSION_MESSAGES.refusedReason[code] ?? EXTENSION_MESSAGES.refused,
    },
  });

  /** The booking's lines out with the shopper, read through `r`. */
  async function outLines(r: Reads, bookingId: string): Promise<OutLine[]> {
    const [items, holds] = await Promise.all([
      r.bookings.itemsOf([bookingId]),
      r.inventory.holdsOfBooking(bookingId),
    ]);
    return items
      .map((item) => ({
        item,
        holds: holds.filter((h) => h.itemId === item.id && h.dispatchedAt && !h.returnedAt),
      }))
      .filter((line) => line.holds.length > 0);
  }

  /**
   * Whether the booking can be extended now, and by at most how many days: every piece's unit
   * must be free from its hold's end to the new end plus the turnaround for the booking's pincode.
   */
  async function standingOf(r: Reads, booking: BookingRow): Promise<Standing> {
    const no = (reason: string, lines: OutLine[] = []): Standing => ({
      extendable: false,
      reason,
      lines,
      maxDays: 0,
    });
    if (!isOut(booking.status) || booking.paymentStatus !== 'completed') {
      return no(EXTENSION_MESSAGES.notOut);
    }
    const lines = await outLines(r, booking.id);
    if (lines.length === 0) return no(EXTENSION_MESSAGES.nothingOut);
    const today = todayInIndia(clock.now());
    if (lines.some((line) => line.item.endDate <= today)) {
      return no(EXTENSION_MESSAGES.pastEnd, lines);
    }
    const { turnaroundDays } = inventory.daysFor(booking.transitDays);
    const next = await r.inventory.nextTakenAfter(lines.flatMap((l) => l.holds.map((h) => h.id)));
    let maxDays = EXTENSION_MAX_DAYS;
    for (const line of lines) {
      for (const hold of line.holds) {
        const taken = next.get(hold.id);
        if (!taken) continue;
        // The new end plus the turnaround must fall before the next reservation's first day.
        const room = daysBetween(line.item.endDate, taken) - 1 - turnaroundDays;
        maxDays = Math.min(maxDays, Math.max(0, room));
      }
    }
    if (maxDays === 0) return no(EXTENSION_MESSAGES.tooManyDays(0), lines);
    return { extendable: true, reason: null, lines, maxDays };
  }

  /** Each line's 14-day list price, from the catalogue as it is now. */
  async function pricesOf(lines: OutLine[]) {
    const snapshot = await catalogue.snapshot();
    return lines.map((line) => {
      const product = findProduct(snapshot, line.item.productId);
      if (!product) throw conflict(EXTENSION_MESSAGES.notOut);
      return { fourteenDayPrice: product.fourteenDayRentalPrice, quantity: line.item.quantity };
    });
  }

  const orders = createBookingOrders({ repos, provider, intake });
  const { ownBooking } = orders;

  /** The lines' end dates as they stand (of those out), the one due back last. */
  const endOf = (lines: OutLine[]) =>
    lines.length > 0 ? lastEnd(lines.map((line) => line.item.endDate)) : null;

  /** The booking's return date now: the end of the line due back last. */
  async function currentEnd(bookingId: string) {
    const items = await repos.bookings.itemsOf([bookingId]);
    return lastEnd(items.map((item) => item.endDate));
  }

  /** The same lines from the same end dates, at the same price: an open order may be reused. */
  const samePlan = (open: ExtensionRow, days: number, lines: ExtensionLineRecord[]) =>
    open.days === days &&
    open.lines.length === lines.length &&
    open.lines.every((l) =>
      lines.some(
        (m) => m.itemId === l.itemId && m.fromEnd === l.fromEnd && m.amountPaise === l.amountPaise,
      ),
    );

  /** The settler of 'extension' orders, registered with the payment intake. */
  const settler: Settler<undefined> = {
    prepare: () => Promise.resolve(undefined),

    async decide(tx, order, payment: ProviderPayment, _context, shopper) {
      const booking = order.bookingId ? await tx.bookings.lockBooking(order.bookingId) : undefined;
      const extension = await tx.extensions.lockByOrder(order.id);
      if (!booking || !extension) return refuse('booking-changed');
      if (extension.status === 'applied') return refuse('already-paid');
      if (extension.status === 'refused') return refuse(extension.reason ?? 'booking-changed');
      if (!isOut(booking.status) || extension.amountPaise !== order.amountPaise) {
        return refuse('booking-changed');
      }
      const lines = await outLines(tx, booking.id);
      const planned = extension.lines.map((planned) => ({
        planned,
        line: lines.find((line) => line.item.id === planned.itemId),
      }));
      if (planned.some(({ planned, line }) => !line || line.item.endDate !== planned.fromEnd)) {
        return refuse('booking-changed');
      }
      // Paid on its last day at the latest: from the day after, late fees count.
      const today = todayInIndia(clock.now());
      if (extension.lines.some((line) => line.fromEnd < today)) return refuse('past-end');

      const { turnaroundDays } = inventory.daysFor(booking.transitDays);
      // In the order checkouts take units (lock-order.ts): an extension and a checkout wanting
      // the same pieces' days wait on each other at most one way round, never in a circle.
      const stretches = planned
        .flatMap(({ planned, line }) =>
          line!.holds.map((hold) => {
            const wanted = addDays(planned.toEnd, turnaroundDays);
            return { hold, until: hold.blockedUntil > wanted ? hold.blockedUntil : wanted };
          }),
        )
        .sort((a, b) => compareHolds(a.hold, b.hold))
        .map(({ hold, until }) => ({ holdId: hold.id, until }));
      // Every piece's unit for the new days, or none: the exclusion constraint decides.
      if (!(await tx.inventory.extendHolds(stretches))) return refuse('pieces-taken');
      if (!(await tx.bookings.moveEndDates(extension.lines))) {
        throw new Error(`booking ${booking.id} changed under its lock while being extended`);
      }
      await tx.extensions.decide(extension.id, 'applied');
      const endDate = lastEnd(extension.lines.map((line) => line.toEnd));
      // `shopper`: the order's shopper (the booking's), as the intake read them under their lock.
      await tx.bookings.recordEvent({
        bookingId: booking.id,
        actorId: shopper?.id ?? null,
        actorEmail: shopper?.email ?? 'shopper',
        actorRole: 'user',
        action: 'extended',
        before: { endDates: extension.lines.map((line) => line.fromEnd) },
        after: {
          endDates: extension.lines.map((line) => line.toEnd),
          days: extension.days,
          amount: paiseToRupees(extension.amountPaise),
          paymentId: payment.id,
        },
        note: null,
      });
      const mail = await mailShopperAbout(
        tx,
        settings.siteUrl,
        booking,
        'extension-applied',
        (to, view) =>
          extensionAppliedMail(
            to,
            view,
            { days: extension.days, amountPaise: extension.amountPaise, endDate },
            payment.id,
            ordersUrl,
          ),
      );
      return { applied: { extension: extension.id }, mails: mail ? [mail] : [] };
    },

    async refused(tx, order, payment, refusal) {
      const extension = await tx.extensions.lockByOrder(order.id);
      if (extension && (extension.status === 'ordered' || extension.status === 'lapsed')) {
        await tx.extensions.decide(extension.id, 'refused', refusal.code);
      }
      const booking = order.bookingId ? await tx.bookings.findBooking(order.bookingId) : undefined;
      if (!booking) return;
      await mailShopperAbout(tx, settings.siteUrl, booking, 'extension-refunded', (to, view) =>
        extensionRefundedMail(to, view, payment.amountPaise, refusal, ordersUrl),
      );
      await queueRefundMade(tx, booking, `payment:${payment.id}`, payment.amountPaise);
    },

    /** Nothing was paid by the end of its hold: the order is given up (a payment still decides). */
    async lapse(tx, order) {
      const extension = await tx.extensions.lockByOrder(order.id);
      if (extension?.status === 'ordered') await tx.extensions.decide(extension.id, 'lapsed');
      await tx.payments.markFailed(order.id);
    },
  };

  /** What the shopper is told of a decided payment (or of nothing to decide). */
  async function answerFor(
    bookingId: string,
    decision: Decision | undefined,
    payment: ProviderPayment | undefined,
  ): Promise<Omit<ExtensionResult, 'success'>> {
    if (!decision) {
      if (payment && payment.status !== 'captured') {
        throw badRequest(BOOKING_MESSAGES.paymentNotCaptured);
      }
      throw badRequest(EXTENSION_MESSAGES.orderUnknown);
    }
    if (decision.outcome === 'refunded') {
      if (decision.capture.reason === 'amount-mismatch') {
        throw badRequest(BOOKING_MESSAGES.amountMismatch);
      }
      const why = EXTENSION_MESSAGES.refusedReason[decision.capture.reason ?? ''];
      throw conflict(
        why ? `${EXTENSION_MESSAGES.refused} Why: ${why}.` : EXTENSION_MESSAGES.refused,
      );
    }
    const endDate = await currentEnd(bookingId);
    return {
      message: EXTENSION_MESSAGES.extended(formatIsoDate(endDate)),
      bookingId,
      status: 'extended',
      endDate,
    };
  }

  return {
    settler,

    /** GET /api/booking/{id}/extend: whether, how far and for how much the booking can be kept. */
    async quote(userId: string, bookingId: string): Promise<Omit<ExtensionQuote, 'success'>> {
      const booking = await ownBooking(userId, bookingId);
      const standing = await standingOf(repos, booking);
      const endDate = endOf(standing.lines);
      const prices = standing.lines.length > 0 ? await pricesOf(standing.lines) : [];
      const price = (days: number) => extensionPrice(prices, days, booking.insuranceSelected).total;
      return {
        bookingId: booking.id,
        extendable: standing.extendable,
        reason: standing.reason,
        endDate,
        perDay: prices.length > 0 ? price(1) : 0,
        insured: booking.insuranceSelected,
        maxDays: standing.maxDays,
        options: Array.from({ length: standing.maxDays }, (_, i) => i + 1).map((days) => ({
          days,
          endDate: lastEnd(standing.lines.map((line) => addDays(line.item.endDate, days))),
          amount: price(days),
        })),
      };
    },

    /**
     * POST /api/booking/{id}/extend: a payment order for exactly the extension's price. The
     * provider's order is made outside the transaction; the transaction then checks, under the
     * booking's lock, that its lines still end when they were priced before recording it.
     */
    async open(
      userId: string,
      bookingId: string,
      days: number,
      webOrigin: string = settings.siteUrl,
    ): Promise<Omit<ExtendResponse, 'success'>> {
      const booking = await ownBooking(userId, bookingId);
      const standing = await standingOf(repos, booking);
      if (!standing.extendable) throw conflict(standing.reason);
      if (days > standing.maxDays) throw conflict(EXTENSION_MESSAGES.tooManyDays(standing.maxDays));
      const price = extensionPrice(await pricesOf(standing.lines), days, booking.insuranceSelected);
      const lines: ExtensionLineRecord[] = standing.lines.map((line, i) => ({
        itemId: line.item.id,
        fromEnd: line.item.endDate,
        toEnd: addDays(line.item.endDate, days),
        amountPaise: rupeesToPaise(price.lines[i]!),
      }));
      const amountPaise = rupeesToPaise(price.total);
      const endDate = lastEnd(lines.map((line) => line.toEnd));
      const answer = (order: { id: string; checkoutUrl: string | null }) => ({
        message: EXTENSION_MESSAGES.ordered,
        bookingId: booking.id,
        days,
        endDate,
        amount: amountPaise,
        currency: 'INR' as const,
        price: price.total,
        order: { ...order, amount: amountPaise, currency: 'INR' as const },
      });

      // Asked again for the same days (two tabs, a retry): the same open order, for the modal.
      const [latest] = await repos.extensions.ofBooking(booking.id);
      if (
        latest &&
        provider.flow === 'modal' &&
        latest.extension.status === 'ordered' &&
        latest.order.status === 'created' &&
        !latest.order.closedAt &&
        latest.order.provider === provider.name &&
        latest.extension.amountPaise === amountPaise &&
        samePlan(latest.extension, days, lines)
      ) {
        return answer({ id: latest.order.providerOrderId, checkoutUrl: null });
      }

      const number = bookingNumber(booking.id);
      const back = (outcome: 'success' | 'cancelled') =>
        `${webOrigin}/orders?extension=${outcome}&bookingId=${booking.id}`;
      const shopper = await repos.users.findById(userId);
      const order = await provider
        .createOrder({
          amountPaise,
          receipt: `${number}-extend`,
          notes: { bookingId: booking.id, purpose: 'extension' },
          description: `Pehnava booking ${number}: ${days} more day${days === 1 ? '' : 's'}`,
          ...(shopper ? { customerEmail: shopper.email } : {}),
          returnUrls: { success: back('success'), cancel: back('cancelled') },
        })
        .catch((error: unknown) => {
          logger.warn({ err: error, bookingId: booking.id }, 'extension order could not be made');
          throw providerFailure(error, {
            unavailable: BOOKING_MESSAGES.providerUnavailable,
            refused: new HttpError(502, BOOKING_MESSAGES.providerRefused),
          });
        });

      const now = clock.now();
      await uow.run(async (tx) => {
        await tx.users.lockForMoney(userId);
        const locked = await tx.bookings.lockBooking(booking.id);
        const still = locked && isOut(locked.status) ? await outLines(tx, booking.id) : [];
        const unchanged =
          still.length === lines.length &&
          lines.every((line) =>
            still.some((s) => s.item.id === line.itemId && s.item.endDate === line.fromEnd),
          );
        if (!unchanged) throw conflict(EXTENSION_MESSAGES.changedTryAgain);
        const stored = await tx.payments.insertPayment({
          userId,
          purpose: 'extension',
          bookingId: booking.id,
          provider: provider.name,
          providerOrderId: order.id,
          amountPaise,
          currency: 'INR',
          reconcileAt: new Date(now.getTime() + settings.holdMinutes * 60_000),
          reconcileUntil: new Date(now.getTime() + ORDER_WATCH_MS),
        });
        await tx.extensions.insert({
          bookingId: booking.id,
          orderId: stored.id,
          days,
          lines,
          subtotalPaise: rupeesToPaise(price.subtotal),
          insurancePaise: rupeesToPaise(price.insurance),
          amountPaise,
        });
      });
      return answer({ id: order.id, checkoutUrl: order.checkoutUrl });
    },

    /**
     * POST /api/booking/{id}/extend/verify: the modal checkout's result for one of the booking's
     * extension orders. The signature is checked against the order id stored for it; the intake
     * asks the provider and decides the payment once. A replay is answered as it was decided.
     */
    async verify(userId: string, bookingId: string, body: VerifyExtensionBody) {
      const booking = await ownBooking(userId, bookingId);
      const reported = await orders.settleSigned(
        booking.id,
        'extension',
        body,
        EXTENSION_MESSAGES.orderUnknown,
      );
      return answerFor(booking.id, reported.decision, reported.payment);
    },

    /**
     * POST /api/booking/{id}/extend/confirm: back from a redirect provider's page (or asked again
     * by any client): the provider is asked about the booking's recent extension orders and what
     * they captured is decided. `pending` while nothing has been captured yet.
     */
    async confirm(userId: string, bookingId: string): Promise<Omit<ExtensionResult, 'success'>> {
      const booking = await ownBooking(userId, bookingId);
      const recent = (await repos.extensions.ofBooking(booking.id))
        .filter((row) => row.order.provider === provider.name)
        .slice(0, 3);
      const settled = await orders.settleOrders(
        recent
          .filter(
            ({ extension }) => extension.status !== 'applied' && extension.status !== 'refused',
          )
          .map(({ order }) => order),
      );
      if ('applied' in settled) {
        return answerFor(booking.id, settled.applied.decision, settled.applied.payment);
      }
      if (settled.refused) return answerFor(booking.id, settled.refused, undefined);
      const endDate = await currentEnd(booking.id);
      if (recent[0]?.extension.status === 'applied') {
        return {
          message: EXTENSION_MESSAGES.extended(formatIsoDate(endDate)),
          bookingId: booking.id,
          status: 'extended',
          endDate,
        };
      }
      return {
        message: EXTENSION_MESSAGES.notPaidYet,
        bookingId: booking.id,
        status: 'pending',
        endDate,
      };
    },
  };
}

export type Extensions = ReturnType<typeof createExtensions>;
