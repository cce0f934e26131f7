import {
  BOOKING_MESSAGES,
  CHARGE_MESSAGES,
  bookingNumber,
  paiseToRupees,
  type BalanceResult,
  type PayBalanceResponse,
  type VerifyBalanceBody,
} from '@pehnava/shared';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import {
  ProviderRequestError,
  type PaymentProvider,
  type ProviderPayment,
} from '../../adapters/payments/provider.js';
import { describeFailure } from '../../lib/backoff.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, conflict } from '../../lib/http-error.js';
import type { Decision, PaymentIntake, Settler, Verdict } from '../payments/intake.js';
import { providerFailure } from '../payments/provider-failure.js';
import { ORDER_WATCH_MS } from '../payments/reconcile.js';
import type { PaymentRow } from '../payments/payments.repository.js';
import type { ChargeRow, OrderedCharge } from './charges.repository.js';
import { balancePaidMail, balanceRefundedMail } from './mails.js';
import { mailShopperAbout } from './shopper-mail.js';
import { queueRefundMade } from '../whatsapp/booking-updates.js';
import { createBookingOrders } from './booking-orders.js';

export interface BalanceDeps {
  /** Repositories outside any transaction. */
  repos: Pick<Repositories, 'bookings' | 'payments' | 'charges' | 'users' | 'subscriptions'>;
  uow: UnitOfWork;
  provider: PaymentProvider;
  intake: Pick<PaymentIntake, 'settle' | 'settleSigned'>;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  settings: {
    siteUrl: string;
    /** How soon the reconciliation first asks about an unpaid order (the checkout's hold). */
    holdMinutes: number;
  };
}

type ResultAnswer = Omit<BalanceResult, 'success'>;

/** Bookings charged off-session per run, and tries of a charge the provider could not answer. */
export const OFF_SESSION_BATCH = 20;
export const OFF_SESSION_MAX_TRIES = 5;

const sum = (charges: Pick<ChargeRow, 'amountPaise'>[]) =>
  charges.reduce((total, charge) => total + charge.amountPaise, 0);

type Priced = Pick<ChargeRow, 'id' | 'amountPaise'>;

/** The same charges at the same amounts, in any order. */
const sameCharges = (a: Priced[], b: Priced[]) =>
  a.length === b.length &&
  a.every((x) => b.some((y) => y.id === x.id && y.amountPaise === x.amountPaise));

/** What an order was opened for, as charges at the amounts it asked. */
const asked = (ordered: OrderedCharge[]): Priced[] =>
  ordered.map((o) => ({ id: o.charge.id, amountPaise: o.askedPaise }));

/** The booking's charges still due, read through `r` (a transaction's, or outside one). */
const dueIn = async (r: Pick<Repositories, 'charges'>, bookingId: string) =>
  (await r.charges.ofBookings([bookingId])).filter((c) => c.status === 'due');

/**
 * Paying a booking's balance (issue [J], decision 051): the charges due after its rental, paid in
 * one payment through the provider's checkout. An order is opened for exactly the charges due at
 * that moment; its payment is decided by the payment intake like any other, through this module's
 * settler: applied when every charge it was opened for is still due at that amount (they become
 * paid, by that order), refunded in full otherwise (waived, changed or paid by another payment
 * meanwhile). A balance order holds nothing, so it never lapses; the reconciliation still asks
 * about it for a day, so a payment whose result never reached us is decided.
 */
export function createBalance({
  repos,
  uow,
  provider,
  intake,
  clock,
  logger,
  settings,
}: BalanceDeps) {
  const ordersUrl = `${settings.siteUrl}/orders`;

  const refuse = (code: 'charges-changed' | 'already-paid'): Verdict => ({
    refused: { code, detail: CHARGE_MESSAGES.balanceRefusedReason[code]! },
  });

  /** The settler of 'balance' orders, registered with the payment intake. */
  const settler: Settler<undefined> = {
    prepare: () => Promise.resolve(undefined),

    async decide(tx, order, payment: ProviderPayment) {
      const booking = order.bookingId ? await tx.bookings.lockBooking(order.bookingId) : undefined;
      if (!booking) return refuse('charges-changed');
      const ordered = await tx.charges.ofOrder(order.id);
      if (ordered.length === 0) return refuse('charges-changed');
      if (ordered.some((o) => o.applied)) return refuse('already-paid');
      const stillDue = ordered.every(
        (o) => o.charge.status === 'due' && o.charge.amountPaise === o.askedPaise,
      );
      if (!stillDue || sum(ordered.map((o) => o.charge)) !== order.amountPaise) {
        return refuse(
          ordered.every((o) => o.charge.status === 'paid') ? 'already-paid' : 'charges-changed',
        );
      }
      const paid = ordered.map((o) => o.charge);
      await tx.charges.payByOrder(
        order.id,
        paid.map((c) => c.id),
      );
      const shopper = booking.userId ? await tx.users.findById(booking.userId) : undefined;
      await tx.bookings.recordEvent({
        bookingId: booking.id,
        actorId: shopper?.id ?? null,
        actorEmail: shopper?.email ?? 'shopper',
        actorRole: 'user',
        action: 'balance-paid',
        before: { chargeIds: paid.map((c) => c.id), status: 'due' },
        after: {
          status: 'paid',
          amount: paiseToRupees(order.amountPaise),
          paymentId: payment.id,
        },
        note: null,
      });
      const mail = await mailShopperAbout(
        tx,
        settings.siteUrl,
        booking,
        'balance-paid',
        (to, view) => balancePaidMail(to, view, paid, payment.id, ordersUrl),
      );
      return { applied: { charges: booking.id }, mails: mail ? [mail] : [] };
    },

    /** An off-session charge whose answer was lost: its webhook names our order row. */
    async adopt(payment) {
      const rowId = payment.notes?.purpose === 'balance' ? payment.notes.orderRowId : undefined;
      if (!rowId) return undefined;
      const row = await repos.payments.answerOffSession(rowId, payment.orderId);
      return row?.providerOrderId === payment.orderId ? row : undefined;
    },

    async refused(tx, order, payment, refusal) {
      const booking = order.bookingId ? await tx.bookings.findBooking(order.bookingId) : undefined;
      if (!booking) return;
      await mailShopperAbout(tx, settings.siteUrl, booking, 'balance-refunded', (to, view) =>
        balanceRefundedMail(to, view, payment.amountPaise, refusal, ordersUrl),
      );
      await queueRefundMade(tx, booking, `payment:${payment.id}`, payment.amountPaise);
    },
  };

  const orders = createBookingOrders({ repos, provider, intake });
  const { ownBooking } = orders;

  const dueOf = (bookingId: string) => dueIn(repos, bookingId);

  /** What the shopper is told of a decided payment (or of nothing to decide). */
  async function answerFor(
    bookingId: string,
    decision: Decision | undefined,
    payment: ProviderPayment | undefined,
  ): Promise<ResultAnswer> {
    if (!decision) {
      if (payment && payment.status !== 'captured') {
        throw badRequest(BOOKING_MESSAGES.paymentNotCaptured);
      }
      throw badRequest(CHARGE_MESSAGES.balanceOrderUnknown);
    }
    if (decision.outcome === 'refunded') {
      if (decision.capture.reason === 'amount-mismatch') {
        throw badRequest(BOOKING_MESSAGES.amountMismatch);
      }
      throw conflict(
        decision.capture.reason === 'already-paid'
          ? CHARGE_MESSAGES.balanceAlreadyPaid
          : CHARGE_MESSAGES.balanceChanged,
      );
    }
    return paidAnswer(bookingId);
  }

  const paidAnswer = async (bookingId: string): Promise<ResultAnswer> => ({
    message: CHARGE_MESSAGES.balancePaid,
    bookingId,
    status: 'paid',
    balanceDue: paiseToRupees(sum(await dueOf(bookingId))),
  });

  /** The order to pay now: the newest open one when it was opened for exactly what is due. */
  async function reusableOrder(bookingId: string, due: ChargeRow[]) {
    const [latest] = await repos.payments.balanceOrdersOf(bookingId);
    if (!latest || latest.status !== 'created' || latest.closedAt) return undefined;
    if (latest.provider !== provider.name || latest.amountPaise !== sum(due)) return undefined;
    return sameCharges(asked(await repos.charges.ofOrder(latest.id)), due) ? latest : undefined;
  }

  /**
   * Charge an off-session order to the shopper's standing instruction, with the same idempotency
   * key every try (never twice); the payment goes to the intake. Declined, refused or out of
   * tries: given up, and the shopper pays in My Bookings as anyone does.
   */
  async function chargeOffSession(order: PaymentRow): Promise<void> {
    const period = order.userId ? await repos.subscriptions.lockActiveOf(order.userId) : undefined;
    if (!provider.chargeMandate || !period?.mandateId || !order.bookingId) {
      await repos.payments.markFailed(order.id);
      return;
    }
    let payment: ProviderPayment;
    try {
      payment = await provider.chargeMandate({
        mandateId: period.mandateId,
        amountPaise: order.amountPaise,
        receipt: `${bookingNumber(order.bookingId)}-balance`,
        description: `Pehnava booking ${bookingNumber(order.bookingId)}: balance due`,
        idempotencyKey: `balance:${order.id}`,
        notes: { purpose: 'balance', bookingId: order.bookingId, orderRowId: order.id },
      });
    } catch (error) {
      const givenUp =
        error instanceof ProviderRequestError ||
        order.reconcileAttempts + 1 >= OFF_SESSION_MAX_TRIES;
      if (givenUp) await repos.payments.markFailed(order.id);
      else await repos.payments.countTry(order.id);
      logger.warn(
        { orderId: order.id, error: describeFailure(error), givenUp },
        'an off-session balance charge could not be made',
      );
      return;
    }
    if (payment.status !== 'captured') {
      await repos.payments.markFailed(order.id);
      return;
    }
    await repos.payments.answerOffSession(order.id, payment.orderId);
    await intake.settle(payment);
  }

  /** Record an off-session order for the booking's balance, once per booking; undefined: none. */
  async function openOffSession(bookingId: string): Promise<PaymentRow | undefined> {
    const seen = await repos.bookings.findBooking(bookingId);
    if (!seen?.userId) return undefined;
    const userId = seen.userId;
    return uow.run(async (tx) => {
      await tx.users.lockForMoney(userId);
      const booking = await tx.bookings.lockBooking(bookingId);
      if (!booking || (await tx.payments.hasOffSessionBalance(booking.id))) return undefined;
      const period = await tx.subscriptions.lockActiveOf(userId);
      if (!period?.mandateId || period.endDate <= clock.now()) return undefined;
      const due = await dueIn(tx, booking.id);
      if (due.length === 0) return undefined;
      const order = await tx.payments.insertPayment({
        userId,
        purpose: 'balance',
        bookingId: booking.id,
        provider: provider.name,
        providerOrderId: `mandate:${randomUUID()}`,
        amountPaise: sum(due),
        currency: 'INR',
        offSession: true,
      });
      await tx.charges.linkOrder(order.id, due);
      return order;
    });
  }

  return {
    settler,

    /**
     * The off-session job: a plan shopper with a standing instruction is charged a booking's
     * balance once it is final (nothing still out), once per booking, instead of being asked;
     * charges the provider could not answer are tried again. How many were charged or tried.
     */
    async chargeOffSessionDue(): Promise<number> {
      if (!provider.chargeMandate) return 0;
      let tried = 0;
      for (const order of await repos.payments.offSessionChargesUnanswered(OFF_SESSION_BATCH)) {
        await chargeOffSession(order);
        tried += 1;
      }
      for (const bookingId of await repos.charges.bookingsForOffSession(OFF_SESSION_BATCH)) {
        const order = await openOffSession(bookingId);
        if (order) {
          await chargeOffSession(order);
          tried += 1;
        }
      }
      return tried;
    },

    /**
     * POST /api/booking/{id}/balance: a payment order for everything due now. The provider's
     * order is made outside the transaction; the transaction then checks, under the booking's
     * lock, that the charges are still those it was made for before recording it. Older open
     * balance orders are given up (closed at the provider where it can), though a payment on one
     * is still decided by what it was opened for.
     */
    async open(userId: string, bookingId: string, webOrigin: string = settings.siteUrl) {
      const booking = await ownBooking(userId, bookingId);
      const due = await dueOf(booking.id);
      if (due.length === 0) throw conflict(CHARGE_MESSAGES.nothingDue);
      const amountPaise = sum(due);
      const answer = (order: {
        id: string;
        checkoutUrl: string | null;
      }): Omit<PayBalanceResponse, 'success'> => ({
        message: CHARGE_MESSAGES.balanceOrdered,
        bookingId: booking.id,
        amount: amountPaise,
        currency: 'INR',
        balanceDue: paiseToRupees(amountPaise),
        chargeIds: due.map((c) => c.id),
        order: {
          id: order.id,
          amount: amountPaise,
          currency: 'INR',
          checkoutUrl: order.checkoutUrl,
        },
      });

      const open = await reusableOrder(booking.id, due);
      if (open && provider.flow === 'modal') {
        return answer({ id: open.providerOrderId, checkoutUrl: null });
      }

      const number = bookingNumber(booking.id);
      const back = (outcome: 'success' | 'cancelled') =>
        `${webOrigin}/orders?balance=${outcome}&bookingId=${booking.id}`;
      const shopper = await repos.users.findById(userId);
      const order = await provider
        .createOrder({
          amountPaise,
          receipt: `${number}-balance`,
          notes: { bookingId: booking.id, purpose: 'balance' },
          description: `Pehnava booking ${number}: balance due`,
          ...(shopper ? { customerEmail: shopper.email } : {}),
          returnUrls: { success: back('success'), cancel: back('cancelled') },
        })
        .catch((error: unknown) => {
          logger.warn({ err: error, bookingId: booking.id }, 'balance order could not be created');
          throw providerFailure(error, {
            unavailable: BOOKING_MESSAGES.providerUnavailable,
            refused: new HttpError(502, BOOKING_MESSAGES.providerRefused),
          });
        });

      const now = clock.now();
      const given = await uow.run(async (tx) => {
        await tx.users.lockForMoney(userId);
        await tx.bookings.lockBooking(booking.id);
        if (!sameCharges(await dueIn(tx, booking.id), due)) {
          throw conflict(CHARGE_MESSAGES.balanceChangedTryAgain);
        }
        const older = (await tx.payments.balanceOrdersOf(booking.id)).filter(
          (o) => o.status === 'created',
        );
        for (const earlier of older) await tx.payments.markFailed(earlier.id, now);
        const stored = await tx.payments.insertPayment({
          userId,
          purpose: 'balance',
          bookingId: booking.id,
          provider: provider.name,
          providerOrderId: order.id,
          amountPaise,
          currency: 'INR',
          reconcileAt: new Date(now.getTime() + settings.holdMinutes * 60_000),
          reconcileUntil: new Date(now.getTime() + ORDER_WATCH_MS),
        });
        await tx.charges.linkOrder(stored.id, due);
        return older;
      });
      if (given.length > 0) {
        logger.info(
          { bookingId: booking.id, given: given.map((o) => o.id) },
          'older balance orders given up for a new one',
        );
      }
      return answer({ id: order.id, checkoutUrl: order.checkoutUrl });
    },

    /**
     * POST /api/booking/{id}/balance/verify: the modal checkout's result for one of the booking's
     * balance orders. The signature is checked against the order id stored for it; the intake
     * asks the provider and decides the payment once. A replay is answered as it was decided.
     */
    async verify(userId: string, bookingId: string, body: VerifyBalanceBody) {
      const booking = await ownBooking(userId, bookingId);
      const reported = await orders.settleSigned(
        booking.id,
        'balance',
        body,
        CHARGE_MESSAGES.balanceOrderUnknown,
      );
      return answerFor(booking.id, reported.decision, reported.payment);
    },

    /**
     * POST /api/booking/{id}/balance/confirm: back from a redirect provider's page (or asked
     * again by any client): the provider is asked about the booking's open balance orders and
     * what they captured is decided. `pending` while nothing has been captured yet.
     */
    async confirm(userId: string, bookingId: string): Promise<ResultAnswer> {
      const booking = await ownBooking(userId, bookingId);
      const recent = (await repos.payments.balanceOrdersOf(booking.id))
        .filter((o) => o.provider === provider.name)
        .slice(0, 3);
      const settled = await orders.settleOrders(recent.filter((o) => o.status !== 'completed'));
      if ('applied' in settled) {
        return answerFor(booking.id, settled.applied.decision, settled.applied.payment);
      }
      if (settled.refused) return answerFor(booking.id, settled.refused, undefined);
      // Already decided (the webhook came first): paid.
      if (recent[0]?.status === 'completed') return paidAnswer(booking.id);
      return {
        message: CHARGE_MESSAGES.balanceNotPaidYet,
        bookingId: booking.id,
        status: 'pending',
        balanceDue: paiseToRupees(sum(await dueOf(booking.id))),
      };
    },
  };
}

export type Balance = ReturnType<typeof createBalance>;
