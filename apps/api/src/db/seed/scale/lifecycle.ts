import { bookingNumber, type UnitState } from '@pehnava/shared';
import type {
  bookingEvents,
  bookingItems,
  bookings,
  captures,
  couponUses,
  payments,
  refunds,
  sandboxOrders,
  sandboxPayments,
  sandboxRefunds,
  unitEvents,
  unitReservations,
} from '../../schema/index.js';
import type { DeliveryTrackingRecord } from '../../schema/index.js';
import { JOB_ACTOR } from '../../../modules/units/units.repository.js';
import { createRng, type Rng } from '../catalogue/prng.js';
import { instantIn, isoDay } from './calendar.js';
import type { BookingDraft, UnitRef } from './bookings.js';
import type { Ids } from './ids.js';

/** Who did what in the shop: the operator who moves bookings, sends and checks in pieces. */
export interface Actor {
  id: string | null;
  email: string;
  role: string;
}

export type BookingInsert = typeof bookings.$inferInsert;
export type ItemInsert = typeof bookingItems.$inferInsert;
export type ReservationInsert = typeof unitReservations.$inferInsert;
export type PaymentInsert = typeof payments.$inferInsert;
export type CaptureInsert = typeof captures.$inferInsert;
export type RefundInsert = typeof refunds.$inferInsert;
export type CouponUseInsert = typeof couponUses.$inferInsert;
export type SandboxOrderInsert = typeof sandboxOrders.$inferInsert;
export type SandboxPaymentInsert = typeof sandboxPayments.$inferInsert;
export type SandboxRefundInsert = typeof sandboxRefunds.$inferInsert;
export type BookingEventInsert = typeof bookingEvents.$inferInsert;
export type UnitEventInsert = typeof unitEvents.$inferInsert;

/** A unit's state after everything that happened to it up to now. */
export interface UnitStateUpdate {
  id: string;
  state: UnitState;
  stateNote: string | null;
  stateChangedAt: Date;
  readyOn: string | null;
}

/** The rows a run of bookings makes, table by table. */
export interface BookingRows {
  bookings: BookingInsert[];
  items: ItemInsert[];
  reservations: ReservationInsert[];
  payments: PaymentInsert[];
  captures: CaptureInsert[];
  refunds: RefundInsert[];
  couponUses: CouponUseInsert[];
  sandboxOrders: SandboxOrderInsert[];
  sandboxPayments: SandboxPaymentInsert[];
  sandboxRefunds: SandboxRefundInsert[];
  bookingEvents: BookingEventInsert[];
}

/** The units' history and where each unit is now. */
export interface UnitRows {
  unitEvents: UnitEventInsert[];
  unitStates: UnitStateUpdate[];
}

export interface LifecycleSettings {
  leadDays: number;
  turnaroundDays: number;
  cleaningDays: number;
  holdMinutes: number;
}

const MINUTE = 60_000;
const COURIERS = ['Delhivery', 'Blue Dart', 'Shadowfax', 'Ekart', 'DTDC', 'XpressBees'] as const;
const BANKS = ['okhdfcbank', 'okicici', 'oksbi', 'okaxis', 'ybl', 'paytm'] as const;
const CARDS = [
  ['4', 'Visa'],
  ['5', 'MasterCard'],
  ['6', 'RuPay'],
] as const;
/** How long the refunds job takes to ask the provider after a cancellation commits. */
const REFUND_DELAY_MS = 20_000;
/** The reconciliation's lease on an order it is asking about (payments-jobs). */
const ORDER_WATCH_MS = 24 * 3_600_000;

interface UnitMove {
  unitId: string;
  at: number;
  to: UnitState;
  bookingId: string | null;
  actor: Actor;
  note: string | null;
  readyOn: string | null;
}

/**
 * What the app itself would have written for each booking by now, step by step as its dates
 * came: checkout (pending, units held, the order opened, a coupon held), the payment decided by the
 * intake (captured, applied, confirmed), an operator's steps (processing, dispatch with the units
 * going out, tracking, delivered), the return (units to cleaning, back in service the next day),
 * or a cancellation with its refund, or a hold let go unpaid. A step whose time is still to come
 * is not taken. `rowsOf` takes the bookings a batch at a time, in the order they were made;
 * `unitRows` then gives the units' history. Deterministic for a seed.
 */
export function createLifecycle({
  now,
  operator,
  settings,
  seed,
  ids,
}: {
  now: Date;
  operator: Actor;
  settings: LifecycleSettings;
  seed: number;
  ids: Ids;
}) {
  const rng = createRng(`${seed}:lifecycle`);
  const moves: UnitMove[] = [];
  return {
    rowsOf: (drafts: readonly BookingDraft[]) =>
      rowsOf(drafts, { now, operator, settings, ids, rng, moves }),
    unitRows: () => settleUnits(moves, ids),
  };
}

function rowsOf(
  drafts: readonly BookingDraft[],
  {
    now,
    operator,
    settings,
    ids,
    rng,
    moves,
  }: {
    now: Date;
    operator: Actor;
    settings: LifecycleSettings;
    ids: Ids;
    rng: Rng;
    moves: UnitMove[];
  },
): BookingRows {
  const rows: BookingRows = {
    bookings: [],
    items: [],
    reservations: [],
    payments: [],
    captures: [],
    refunds: [],
    couponUses: [],
    sandboxOrders: [],
    sandboxPayments: [],
    sandboxRefunds: [],
    bookingEvents: [],
  };
  const nowMs = now.getTime();
  const done = (at: Date | undefined): at is Date => at !== undefined && at.getTime() <= nowMs;
  const event = (
    bookingId: string,
    at: Date,
    actor: Actor,
    action: string,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    note: string | null = null,
  ) =>
    rows.bookingEvents.push({
      id: ids.uuid(),
      bookingId,
      actorId: actor.id,
      actorEmail: actor.email,
      actorRole: actor.role,
      action,
      before,
      after,
      note,
      createdAt: at,
    });

  for (const draft of drafts) {
    const shopper = draft.shopper;
    const t0 = draft.createdAt;
    const expiresAt = new Date(t0.getTime() + settings.holdMinutes * MINUTE);
    const paidAt = new Date(t0.getTime() + rng.int(40, 540) * 1000);
    const paid = draft.fate !== 'expired' && done(paidAt);
    const planned = paid ? operatorSteps(draft, settings, rng) : undefined;
    const steps = draft.fate === 'kept' ? planned : undefined;
    const cancelledAt =
      draft.fate === 'cancelled' && planned
        ? cancelTime(paidAt, planned.processing, now, rng)
        : undefined;
    const releasedAt =
      draft.fate === 'expired' ? new Date(expiresAt.getTime() + rng.int(5, 50) * 1000) : undefined;

    // Checkout: the lines, their units held, the order opened at the gateway.
    const orderId = ids.providerId('order');
    const paymentRowId = ids.uuid();
    draft.lines.forEach((line) => {
      rows.items.push({
        id: line.id,
        bookingId: draft.id,
        productId: line.product._id,
        size: line.size,
        durationDays: line.duration,
        quantity: line.quantity,
        startDate: isoDay(line.start),
        endDate: isoDay(line.end),
        appliedPlan: 'free',
        originalPricePaise: line.originalPaise,
        discountPaise: line.originalPaise - line.totalPaise,
        totalPaise: line.totalPaise,
        position: line.position,
      });
    });
    rows.sandboxOrders.push({
      id: orderId,
      amountPaise: draft.totalPaise,
      currency: 'INR',
      receipt: bookingNumber(draft.id),
      notes: { bookingId: draft.id },
      status: paid ? 'paid' : 'created',
      attempts: paid ? 1 : 0,
      idempotencyKey: null,
      createdAt: t0,
    });

    // The payment, as the gateway took it and the intake decided it.
    const paymentId = paid ? ids.providerId('pay') : null;
    const method = draft.method;
    const refundDue = cancelledAt !== undefined && draft.totalPaise > 0;
    const refundAt = refundDue ? new Date(cancelledAt.getTime() + REFUND_DELAY_MS) : undefined;
    const refundMade = refundDue && done(refundAt);
    const captureId = paid ? ids.uuid() : null;
    if (paid && paymentId && captureId) {
      const card = method === 'card' ? rng.pick(CARDS) : undefined;
      rows.sandboxPayments.push({
        id: paymentId,
        orderId,
        amountPaise: draft.totalPaise,
        currency: 'INR',
        status: refundMade ? 'refunded' : 'captured',
        method,
        vpa: card
          ? null
          : `${shopper.email.split('@')[0]!.replace(/[^a-z0-9.]/g, '')}@${rng.pick(BANKS)}`,
        cardLast4: card ? String(rng.int(0, 9999)).padStart(4, '0') : null,
        cardNetwork: card ? card[1] : null,
        email: shopper.email,
        contact: shopper.phone,
        amountRefundedPaise: refundMade ? draft.totalPaise : 0,
        createdAt: paidAt,
      });
      rows.captures.push({
        id: captureId,
        orderId: paymentRowId,
        provider: 'sandbox',
        providerPaymentId: paymentId,
        amountPaise: draft.totalPaise,
        currency: 'INR',
        method,
        outcome: 'applied',
        appliedTo: 'booking',
        bookingId: draft.id,
        decidedAt: paidAt,
      });
    }
    rows.payments.push({
      id: paymentRowId,
      userId: shopper.id,
      purpose: 'booking',
      bookingId: draft.id,
      provider: 'sandbox',
      providerOrderId: orderId,
      providerPaymentId: paymentId,
      amountPaise: draft.totalPaise,
      currency: 'INR',
      status: paid ? 'completed' : releasedAt ? 'failed' : 'created',
      method: paid ? method : null,
      reconcileAt: paid || releasedAt ? null : expiresAt,
      reconcileUntil: new Date(t0.getTime() + ORDER_WATCH_MS),
      reconcileAttempts: releasedAt ? rng.int(5, 8) : 0,
      createdAt: t0,
      updatedAt: paid ? paidAt : (releasedAt ?? t0),
    });

    // The pieces: held from checkout; let go, or sent and checked back in.
    const ended = cancelledAt ?? releasedAt;
    for (const line of draft.lines) {
      const back = steps?.returns.find((r) => r.lineIds.includes(line.id));
      for (const unit of line.units) {
        const dispatched = steps && done(steps.dispatch) ? steps.dispatch : null;
        const returned = dispatched && back && done(back.at) ? back.at : null;
        rows.reservations.push({
          id: ids.uuid(),
          unitId: unit.id,
          bookingItemId: line.id,
          blockedFrom: isoDay(line.start - settings.leadDays),
          blockedUntil: isoDay(line.end + settings.turnaroundDays),
          active: ended === undefined,
          createdAt: t0,
          releasedAt: ended ?? null,
          dispatchedAt: dispatched,
          returnedAt: returned,
          returnedOn: returned && back ? isoDay(back.day) : null,
          condition: returned ? 'good' : null,
        });
        if (dispatched) {
          moves.push(move(unit, dispatched, 'out', draft.id, operator, null, null));
          if (returned && back) {
            const readyOn = isoDay(back.day + settings.cleaningDays);
            moves.push(
              move(unit, returned, 'cleaning', draft.id, operator, 'Returned: good', readyOn),
            );
            if (done(back.ready)) {
              moves.push(
                move(unit, back.ready, 'in-service', null, JOB_ACTOR, 'Cleaned and checked', null),
              );
            }
          }
        }
      }
    }

    // The coupon use: held at checkout, counted once paid, released when the booking ends.
    if (draft.coupon) {
      rows.couponUses.push({
        id: ids.uuid(),
        couponId: draft.coupon.id,
        userId: shopper.id,
        bookingId: draft.id,
        status: ended ? 'released' : paid ? 'counted' : 'held',
        discountPaise: draft.discountPaise,
        createdAt: t0,
        updatedAt: ended ?? (paid ? paidAt : t0),
      });
    }

    // The refund of a cancellation, asked of the gateway by the refunds job.
    if (refundDue && cancelledAt && refundAt && paymentId && captureId) {
      const refundId = ids.uuid();
      const providerRefundId = refundMade ? ids.providerId('rfnd') : null;
      const key = `cancel:${draft.id}`;
      rows.refunds.push({
        id: refundId,
        paymentId: paymentRowId,
        captureId,
        bookingId: draft.id,
        providerPaymentId: paymentId,
        amountPaise: draft.totalPaise,
        reason: 'cancellation',
        status: refundMade ? 'processed' : 'pending',
        providerRefundId,
        idempotencyKey: key,
        attempts: refundMade ? 1 : 0,
        nextAttemptAt: refundMade ? new Date(refundAt.getTime() + MINUTE) : cancelledAt,
        createdAt: cancelledAt,
        processedAt: refundMade ? refundAt : null,
      });
      if (providerRefundId) {
        rows.sandboxRefunds.push({
          id: providerRefundId,
          paymentId,
          amountPaise: draft.totalPaise,
          idempotencyKey: key,
          notes: { refundId, bookingId: draft.id, reason: 'cancellation' },
          createdAt: refundAt,
        });
      }
      event(
        draft.id,
        cancelledAt,
        { id: shopper.id, email: shopper.email, role: 'shopper' },
        'cancel',
        { status: 'confirmed' },
        { status: 'cancelled', refundPaise: draft.totalPaise },
        'cancelled by the shopper',
      );
    }

    // An operator's steps, each as it came.
    let status: BookingInsert['status'] = paid ? 'confirmed' : releasedAt ? 'cancelled' : 'pending';
    let updatedAt = paid ? paidAt : (releasedAt ?? t0);
    let tracking: DeliveryTrackingRecord | null = null;
    let deliveredAt: Date | null = null;
    if (cancelledAt) {
      status = 'cancelled';
      updatedAt = cancelledAt;
    }
    if (steps) {
      const units = Object.fromEntries(
        draft.lines.map((line) => [line.id, line.units.map((unit) => unit.code)]),
      );
      if (done(steps.processing)) {
        event(
          draft.id,
          steps.processing,
          operator,
          'status',
          { status: 'confirmed' },
          { status: 'processing' },
        );
        status = 'processing';
        updatedAt = steps.processing;
      }
      if (done(steps.dispatch)) {
        event(
          draft.id,
          steps.dispatch,
          operator,
          'dispatch',
          { status: 'processing' },
          { status: 'shipped', units },
        );
        status = 'shipped';
        updatedAt = steps.dispatch;
      }
      if (done(steps.tracked)) {
        tracking = {
          provider: steps.courier,
          trackingId: steps.trackingId,
          status: 'In transit',
          deliveryETA: isoDay(draft.start),
        };
        event(draft.id, steps.tracked, operator, 'tracking', {}, { ...tracking });
        updatedAt = steps.tracked;
      }
      if (tracking && done(steps.deliveredTracked)) {
        const before = { ...tracking };
        tracking = { ...tracking, status: 'Delivered' };
        event(draft.id, steps.deliveredTracked, operator, 'tracking', before, { ...tracking });
        updatedAt = steps.deliveredTracked;
      }
      if (done(steps.delivered)) {
        event(
          draft.id,
          steps.delivered,
          operator,
          'status',
          { status: 'shipped' },
          { status: 'delivered' },
        );
        status = 'delivered';
        deliveredAt = steps.delivered;
        updatedAt = steps.delivered;
      }
      for (const back of steps.returns) {
        if (!done(back.at) || status !== 'delivered') continue;
        const returnedOn = isoDay(back.day);
        event(
          draft.id,
          back.at,
          operator,
          'return',
          { status: 'delivered' },
          {
            status: 'delivered',
            returned: back.lineIds.map((itemId) => ({ itemId, returnedOn, condition: 'good' })),
          },
        );
        updatedAt = back.at;
      }
    }

    rows.bookings.push({
      id: draft.id,
      userId: shopper.id,
      status,
      paymentStatus: paid ? 'completed' : releasedAt ? 'failed' : 'pending',
      paymentMethod: paid ? method : '',
      paymentProvider: 'sandbox',
      providerPaymentId: paymentId,
      subtotalPaise: draft.subtotalPaise,
      discountPaise: draft.discountPaise,
      deliveryFeePaise: draft.deliveryFeePaise,
      insuranceSelected: draft.insuranceSelected,
      insurancePaise: draft.insurancePaise,
      totalPaise: draft.totalPaise,
      couponCode: draft.coupon?.code ?? null,
      deliveryAddress: shopper.delivery,
      deliveryTracking: tracking,
      expiresAt,
      confirmedAt: paid ? paidAt : null,
      cancelledAt: cancelledAt ?? releasedAt ?? null,
      deliveredAt,
      createdAt: t0,
      updatedAt,
    });
  }

  rows.bookingEvents.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  return rows;
}

/** Lines that come back together: on `day` (a day number), checked in at `at`, ready at `ready`. */
interface Return {
  lineIds: string[];
  day: number;
  at: Date;
  ready: Date;
}

interface Steps {
  processing: Date;
  dispatch: Date;
  tracked: Date;
  deliveredTracked: Date;
  delivered: Date;
  /** One return per end date: each line comes back the day after its own end. */
  returns: Return[];
  courier: string;
  trackingId: string;
}

/**
 * When the shop moved a booking along: processing and dispatch on the dispatch day (its start less
 * the lead days), tracking added, delivered on the start date, each line back the day after its end
 * (or on it, with no turnaround), cleaned and in service again `cleaningDays` later, just after
 * midnight.
 */
function operatorSteps(draft: BookingDraft, settings: LifecycleSettings, rng: Rng): Steps {
  const sameDay = settings.leadDays === 0;
  const dispatchDay = draft.start - settings.leadDays;
  const processing = instantIn(dispatchDay, (sameDay ? 7 * 60 : 9 * 60) + rng.int(0, 50));
  const dispatch = instantIn(
    dispatchDay,
    (sameDay ? 8 * 60 : 12 * 60) + rng.int(0, sameDay ? 120 : 300),
  );
  const delivered = instantIn(
    draft.start,
    (sameDay ? 14 * 60 : 10 * 60) + rng.int(0, sameDay ? 300 : 540),
  );
  const returns: Return[] = [];
  const ends = [...new Set(draft.lines.map((line) => line.end))].sort((a, b) => a - b);
  for (const end of ends) {
    const day = end + (settings.turnaroundDays > 0 ? 1 : 0);
    const at = instantIn(day, 11 * 60 + rng.int(0, 420));
    returns.push({
      lineIds: draft.lines.filter((line) => line.end === end).map((line) => line.id),
      day,
      at,
      ready:
        settings.cleaningDays === 0
          ? new Date(at.getTime() + rng.int(2, 15) * MINUTE)
          : instantIn(day + settings.cleaningDays, rng.int(0, 20)),
    });
  }
  const courier = rng.pick(COURIERS);
  return {
    processing,
    dispatch,
    tracked: new Date(dispatch.getTime() + rng.int(5, 40) * MINUTE),
    deliveredTracked: new Date(delivered.getTime() - rng.int(1, 10) * MINUTE),
    delivered,
    returns,
    courier,
    trackingId: `${courier.slice(0, 2).toUpperCase()}${rng.int(100_000_000, 999_999_999)}`,
  };
}

/** A shopper's cancellation: after the payment, before processing began and before now. */
function cancelTime(paidAt: Date, processing: Date | undefined, now: Date, rng: Rng): Date {
  const from = paidAt.getTime() + 10 * MINUTE;
  const until = Math.min(processing?.getTime() ?? Infinity, now.getTime()) - MINUTE;
  if (until <= from) return new Date(Math.max(paidAt.getTime() + MINUTE, Math.min(from, until)));
  // Most cancellations come within a few days of booking.
  const spread = Math.min(until - from, Math.floor(-Math.log(1 - rng.next()) * 3 * 86_400_000));
  return new Date(from + spread);
}

function move(
  unit: UnitRef,
  at: Date,
  to: UnitState,
  bookingId: string | null,
  actor: Actor,
  note: string | null,
  readyOn: string | null,
): UnitMove {
  return { unitId: unit.id, at: at.getTime(), to, bookingId, actor, note, readyOn };
}

/**
 * The units' history in the order it happened (each unit starts in service) and each unit's
 * state after it.
 */
function settleUnits(moves: UnitMove[], ids: Ids): UnitRows {
  const rows: UnitRows = { unitEvents: [], unitStates: [] };
  moves.sort((a, b) => a.at - b.at);
  const last = new Map<string, UnitMove>();
  for (const change of moves) {
    const from = last.get(change.unitId)?.to ?? 'in-service';
    rows.unitEvents.push({
      id: ids.uuid(),
      unitId: change.unitId,
      fromState: from,
      toState: change.to,
      bookingId: change.bookingId,
      actorId: change.actor.id,
      actorEmail: change.actor.email,
      actorRole: change.actor.role,
      note: change.note,
      createdAt: new Date(change.at),
    });
    last.set(change.unitId, change);
  }
  for (const [unitId, change] of last) {
    rows.unitStates.push({
      id: unitId,
      state: change.to,
      stateNote: change.note,
      stateChangedAt: new Date(change.at),
      readyOn: change.to === 'cleaning' ? change.readyOn : null,
    });
  }
  return rows;
}
