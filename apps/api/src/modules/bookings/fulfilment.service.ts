import {
  BACKUP_MESSAGES,
  BOOKING_MESSAGES,
  CHARGE_MESSAGES,
  FULFILMENT_MESSAGES,
  addDays,
  bookingNumber,
  daysBetween,
  paiseToRupees,
  rupeesToPaise,
  todayInIndia,
  type DispatchBody,
  type FulfilmentBooking,
  type ReturnBody,
  type ReturnCondition,
  type UnitState,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { UnitActor } from '../units/units.repository.js';
import { piecesView } from './booking-view.js';
import type { BookingItemWithProduct, BookingRow } from './bookings.repository.js';
import type { FulfilmentLine } from './fulfilment.repository.js';
import { LONGEST_TRANSIT_DAYS } from '../pincodes/delivery-promise.js';
import type { Inventory } from './inventory.js';
import type { Hold } from './inventory.repository.js';
import type { Charges } from './charges.service.js';
import type { ChargeRow } from './charges.repository.js';
import { bookingChargedMail, bookingReturnedMail, bookingStatusMail } from './mails.js';
import { mailAtRiskIn, mailShopperAbout } from './shopper-mail.js';
import { queueChargeDue, queueDispatched } from '../whatsapp/booking-updates.js';

/** Where a unit goes when it comes back in each condition. */
const STATE_AFTER_RETURN: Record<ReturnCondition, UnitState> = {
  good: 'cleaning',
  'needs-repair': 'repair',
  'major-damage': 'repair',
  lost: 'retired',
};

/** Statuses a booking may be dispatched from (paid, not yet sent). */
const DISPATCHABLE = new Set<BookingRow['status']>(['confirmed', 'processing']);
/** Statuses of a booking whose pieces are out or back. */
const SENT = new Set<BookingRow['status']>(['shipped', 'delivered']);

export interface FulfilmentDeps {
  repos: Pick<Repositories, 'fulfilment'>;
  uow: UnitOfWork;
  inventory: Pick<Inventory, 'rehomeIn' | 'days'>;
  charges: Pick<Charges, 'onReturnIn' | 'onBackupWornIn'>;
  clock: Clock;
  settings: { siteUrl: string; cleaningDays: number };
}

/** What a dispatch or return changed: false when the same call had already been made. */
export interface Outcome {
  changed: boolean;
  message: string;
}

/**
 * The physical loop of a booking (issue [J]): what to send and what is due back each day,
 * dispatching its pieces (units go `out`, the booking `shipped`) and checking them in as they
 * come back (units to cleaning, repair or retired). Every call is idempotent, kept in the
 * booking's audit trail and mailed to the shopper through the outbox; the booking row's lock
 * makes two operators' calls on one booking take turns.
 */
export function createFulfilment({
  repos,
  uow,
  inventory,
  charges,
  clock,
  settings,
}: FulfilmentDeps) {
  const today = () => todayInIndia(clock.now());
  const ordersUrl = `${settings.siteUrl}/orders`;

  /**
   * The lines by booking, as the lists show them. An exchange's entry (`exchange`) lists of each
   * line the pieces set aside to send and, to collect, those with the shopper.
   */
  function group(lines: FulfilmentLine[], day: string, exchange = false): FulfilmentBooking[] {
    const byBooking = new Map<string, FulfilmentBooking>();
    for (const line of lines) {
      let entry = byBooking.get(line.booking.id);
      if (!entry) {
        entry = {
          bookingId: line.booking.id,
          bookingNumber: bookingNumber(line.booking.id),
          status: line.booking.status,
          shopper: line.shopper?.email ? line.shopper : null,
          deliveryAddress: line.booking.deliveryAddress,
          exchange,
          items: [],
        };
        byBooking.set(line.booking.id, entry);
      }
      const late = daysBetween(line.item.endDate, day);
      if (exchange) {
        const toSend = line.pieces.filter((piece) => !piece.dispatchedAt && !piece.returnedAt);
        if (toSend.length === 0) continue;
        entry.items.push({
          itemId: line.item.id,
          productId: line.product.productId,
          name: line.product.name,
          // The size set aside: another than the line's for a piece that did not fit.
          size: toSend[0]!.size,
          quantity: toSend.length,
          startDate: line.item.startDate,
          endDate: line.item.endDate,
          unitCodes: toSend.map((piece) => piece.unitCode),
          collectCodes: line.pieces
            .filter((piece) => piece.dispatchedAt && !piece.returnedAt)
            .map((piece) => piece.unitCode),
          dispatchedAt: null,
          returnedAt: null,
          daysLate: Math.max(0, late),
          lateFees: paiseToRupees(line.lateFeesPaise),
        });
        continue;
      }
      const pieces = piecesView(line.pieces);
      const backup = line.pieces.find((piece) => piece.backup);
      entry.items.push({
        itemId: line.item.id,
        productId: line.product.productId,
        name: line.product.name,
        size: line.item.size,
        quantity: line.item.quantity,
        startDate: line.item.startDate,
        endDate: line.item.endDate,
        unitCodes: line.pieces.filter((piece) => !piece.backup).map((piece) => piece.unitCode),
        backup: line.item.backupSize
          ? {
              size: line.item.backupSize,
              unitCode: backup?.unitCode ?? null,
              sealIntact: backup?.sealIntact ?? null,
            }
          : null,
        dispatchedAt: pieces.dispatchedAt,
        returnedAt: pieces.returnedAt,
        daysLate: pieces.returnedAt ? 0 : Math.max(0, late),
        lateFees: paiseToRupees(line.lateFeesPaise),
        collectCodes: [],
      });
    }
    return [...byBooking.values()].filter((entry) => entry.items.length > 0);
  }

  /** The booking's lines by id, checking each named one belongs to it and is named once. */
  function namedItems(items: BookingItemWithProduct[], named: { itemId: string }[]) {
    const byId = new Map(items.map((item) => [item.id, item]));
    const seen = new Set<string>();
    for (const { itemId } of named) {
      const id = itemId.toLowerCase();
      if (!byId.has(id)) throw badRequest(FULFILMENT_MESSAGES.itemNotInBooking);
      if (seen.has(id)) throw badRequest(FULFILMENT_MESSAGES.itemNamedTwice);
      seen.add(id);
    }
    return byId;
  }

  /** A unit may leave when in service, or cleaned with its ready day come. */
  const readyToSend = (unit: { state: UnitState; readyOn: string | null }, day: string) =>
    unit.state === 'in-service' || (unit.state === 'cleaning' && (unit.readyOn ?? day) <= day);

  /**
   * Send a booking's pieces, in the caller's transaction with the booking locked: the named
   * units replace the reserved ones (same product and size, in service, free over the same days:
   * the exclusion constraint has the last word), every unit goes `out`, the booking `shipped`,
   * the shopper is mailed.
   */
  async function dispatchIn(
    tx: Repositories,
    actor: UnitActor,
    booking: BookingRow,
    named: NonNullable<DispatchBody['items']>,
  ): Promise<Outcome> {
    const items = await tx.bookings.itemsOf([booking.id]);
    const byId = namedItems(items, named);
    let holds = await tx.inventory.holdsOfBooking(booking.id);

    if (SENT.has(booking.status)) {
      // Pieces set aside in the fit window (an exchange) leave with a dispatch of their own.
      const exchanges = holds.filter((hold) => !hold.dispatchedAt && !hold.returnedAt);
      if (exchanges.length > 0 && named.length === 0) {
        return dispatchExchangesIn(tx, actor, booking, exchanges);
      }
      const sameUnits = named.every(({ itemId, unitCode }) =>
        holds.some((hold) => hold.itemId === itemId.toLowerCase() && hold.unitCode === unitCode),
      );
      if (!sameUnits) throw conflict(FULFILMENT_MESSAGES.cannotDispatch(booking.status));
      return { changed: false, message: FULFILMENT_MESSAGES.alreadyDispatched };
    }
    if (!DISPATCHABLE.has(booking.status) || booking.paymentStatus !== 'completed') {
      throw conflict(FULFILMENT_MESSAGES.cannotDispatch(booking.status));
    }
    const day = today();

    for (const { itemId, unitCode } of named) {
      const item = byId.get(itemId.toLowerCase())!;
      const own = holds.filter((hold) => hold.itemId === item.id);
      if (own.length === 0) throw conflict(FULFILMENT_MESSAGES.noUnitReserved);
      if (item.quantity > 1) throw badRequest(FULFILMENT_MESSAGES.unitNamedForMany);
      const hold = own[0]!;
      if (hold.unitCode === unitCode) continue;
      const unit = await tx.units.findByCode(unitCode);
      if (!unit) throw badRequest(FULFILMENT_MESSAGES.unitNotFound(unitCode));
      if (unit.productId !== hold.productId || unit.size !== hold.size) {
        throw badRequest(FULFILMENT_MESSAGES.unitWrongPiece(unitCode));
      }
      const [locked] = await tx.units.lockUnits([unit.id]);
      if (!locked || !readyToSend(locked, day)) {
        throw conflict(FULFILMENT_MESSAGES.unitNotReady(unitCode, locked?.state ?? 'gone'));
      }
      if (!(await tx.inventory.moveHold(hold, unit.id))) {
        throw conflict(FULFILMENT_MESSAGES.unitTaken(unitCode));
      }
    }

    holds = await tx.inventory.holdsOfBooking(booking.id);
    for (const item of items) {
      if (holds.filter((hold) => hold.itemId === item.id).length < item.quantity) {
        throw conflict(FULFILMENT_MESSAGES.noUnitReserved);
      }
    }
    const units = await tx.units.lockUnits(holds.map((hold) => hold.unitId));
    for (const unit of units) {
      if (!readyToSend(unit, day)) {
        throw conflict(FULFILMENT_MESSAGES.unitNotReady(unit.code, unit.state));
      }
    }
    await tx.inventory.markDispatched(holds.map((hold) => hold.id));
    for (const unit of units) {
      await tx.units.moveState(unit, 'out', { actor, bookingId: booking.id });
    }
    await tx.bookings.moveStatus(booking.id, booking.status, 'shipped');
    await tx.bookings.recordEvent({
      bookingId: booking.id,
      actorId: actor.id,
      actorEmail: actor.email,
      actorRole: actor.role,
      action: 'dispatch',
      before: { status: booking.status },
      after: { status: 'shipped', units: unitsByItem(holds) },
    });
    await mailShopperAbout(tx, settings.siteUrl, booking, 'booking-status', (recipient, view) =>
      bookingStatusMail(recipient, view, ordersUrl),
    );
    await queueDispatched(tx, booking, 'shipped', booking.deliveryTracking);
    return { changed: true, message: FULFILMENT_MESSAGES.dispatched(bookingNumber(booking.id)) };
  }

  /** Send the pieces an exchange set aside, on a booking already with the shopper. */
  async function dispatchExchangesIn(
    tx: Repositories,
    actor: UnitActor,
    booking: BookingRow,
    exchanges: Hold[],
  ): Promise<Outcome> {
    const day = today();
    const units = await tx.units.lockUnits(exchanges.map((hold) => hold.unitId));
    for (const unit of units) {
      if (!readyToSend(unit, day)) {
        throw conflict(FULFILMENT_MESSAGES.unitNotReady(unit.code, unit.state));
      }
    }
    await tx.inventory.markDispatched(exchanges.map((hold) => hold.id));
    for (const unit of units) {
      await tx.units.moveState(unit, 'out', { actor, bookingId: booking.id });
    }
    await tx.bookings.recordEvent({
      bookingId: booking.id,
      actorId: actor.id,
      actorEmail: actor.email,
      actorRole: actor.role,
      action: 'dispatch',
      before: { status: booking.status },
      after: { status: booking.status, exchange: true, units: unitsByItem(exchanges) },
    });
    return {
      changed: true,
      message: FULFILMENT_MESSAGES.exchangeDispatched(bookingNumber(booking.id)),
    };
  }

  return {
    dispatchIn,

    /**
     * GET /api/admin/dispatches?date=: lines to send on `date` (they start a lead later); on
     * today's list also the fit-window exchanges waiting to go, whatever day they were asked.
     */
    async dispatches(date?: string) {
      const day = date ?? today();
      const [lines, exchanges] = await Promise.all([
        repos.fulfilment.toSendOn(day, inventory.days.leadDays, LONGEST_TRANSIT_DAYS),
        day === today() ? repos.fulfilment.exchangesWaiting() : [],
      ]);
      return { date: day, dispatches: [...group(lines, day), ...group(exchanges, day, true)] };
    },

    /** GET /api/admin/returns?date= or ?overdue=true. */
    async returns(query: { date?: string; overdue?: 'true' | 'false' }) {
      if (query.overdue === 'true') {
        const day = today();
        return {
          date: day,
          overdue: true,
          returns: group(await repos.fulfilment.overdue(day), day),
        };
      }
      const day = query.date ?? today();
      return {
        date: day,
        overdue: false,
        returns: group(await repos.fulfilment.endingOn(day), day),
      };
    },

    /** POST /api/admin/bookings/{id}/dispatch. */
    async dispatch(actor: UnitActor, bookingId: string, body: DispatchBody): Promise<Outcome> {
      return uow.run(async (tx) => {
        const booking = await tx.bookings.lockBooking(bookingId);
        if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
        return dispatchIn(tx, actor, booking, body.items ?? []);
      });
    },

    /**
     * POST /api/admin/bookings/{id}/return: check pieces in, each line with its condition, on
     * the day they reached the warehouse. A line already back in the same condition changes
     * nothing; in another, it is a 409. Units go to cleaning (back in service by a job), repair
     * or retired; a unit that cannot serve its next holds hands them to another unit.
     */
    async recordReturn(actor: UnitActor, bookingId: string, body: ReturnBody): Promise<Outcome> {
      const day = today();
      const returnedOn = body.returnedOn ?? day;
      if (returnedOn > day) throw badRequest(FULFILMENT_MESSAGES.returnedOnFuture);
      return uow.run(async (tx) => {
        const booking = await tx.bookings.lockBooking(bookingId);
        if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
        const items = await tx.bookings.itemsOf([booking.id]);
        namedItems(items, body.items);
        if (!SENT.has(booking.status)) {
          throw conflict(FULFILMENT_MESSAGES.cannotReturn(booking.status));
        }
        const holds = await tx.inventory.holdsOfBooking(booking.id);
        const back: { itemId: string; returnedOn: string; condition: ReturnCondition }[] = [];
        const toMark: {
          holds: Hold[];
          itemId: string;
          condition: ReturnCondition;
          note: string | null;
          askedPaise: number | undefined;
          /** The back-up checked in with the line, and whether its seal was intact. */
          backup: { holdId: string; intact: boolean } | undefined;
        }[] = [];
        for (const {
          itemId,
          unitCode,
          condition,
          note,
          damageAmount,
          backupSealIntact,
        } of body.items) {
          if (damageAmount !== undefined && condition !== 'major-damage' && condition !== 'lost') {
            throw badRequest(CHARGE_MESSAGES.damageAmountNotAsked);
          }
          const sent = holds.filter(
            (h) =>
              h.itemId === itemId.toLowerCase() &&
              h.dispatchedAt &&
              (!unitCode || h.unitCode === unitCode),
          );
          if (sent.length === 0) throw conflict(FULFILMENT_MESSAGES.notDispatched);
          const open = sent.filter((hold) => !hold.returnedAt);
          if (open.length === 0) {
            if (sent.every((hold) => hold.condition === condition)) continue;
            throw conflict(FULFILMENT_MESSAGES.returnedAs(sent[0]!.condition!));
          }
          const firstSent = Math.min(...open.map((hold) => hold.dispatchedAt!.getTime()));
          if (returnedOn < todayInIndia(new Date(firstSent))) {
            throw badRequest(FULFILMENT_MESSAGES.returnedOnBeforeDispatch);
          }
          // A back-up checked in now: its seal is asked (DECISIONS.md 'Back-up size').
          const backup = open.find((hold) => hold.backup);
          const line = items.find((i) => i.id === itemId.toLowerCase())!;
          if (backup && backupSealIntact === undefined) {
            throw badRequest(BACKUP_MESSAGES.sealAnswerNeeded(line.product.name));
          }
          if (!backup && backupSealIntact !== undefined && !line.backupSize) {
            throw badRequest(BACKUP_MESSAGES.sealNotAsked);
          }
          toMark.push({
            holds: open,
            itemId: itemId.toLowerCase(),
            condition,
            note: note || null,
            askedPaise: damageAmount === undefined ? undefined : rupeesToPaise(damageAmount),
            backup: backup ? { holdId: backup.id, intact: backupSealIntact! } : undefined,
          });
          back.push({ itemId: itemId.toLowerCase(), returnedOn, condition });
        }
        if (toMark.length === 0) {
          return { changed: false, message: FULFILMENT_MESSAGES.alreadyReturned };
        }

        const units = await tx.units.lockUnits(toMark.flatMap((m) => m.holds.map((h) => h.unitId)));
        const raised: ChargeRow[] = [];
        for (const { holds: open, itemId, condition, note, askedPaise, backup } of toMark) {
          const item = items.find((i) => i.id === itemId)!;
          raised.push(
            ...(await charges.onReturnIn(
              tx,
              booking,
              item,
              open,
              returnedOn,
              condition,
              askedPaise,
            )),
          );
          await tx.inventory.markReturned(
            open.map((hold) => hold.id),
            { returnedOn, condition, note },
          );
          if (backup) {
            await tx.inventory.recordSeal(backup.holdId, backup.intact);
            if (!backup.intact) raised.push(...(await charges.onBackupWornIn(tx, booking, item)));
          }
          const next = STATE_AFTER_RETURN[condition];
          for (const hold of open) {
            const unit = units.find((u) => u.id === hold.unitId)!;
            await tx.units.moveState(unit, next, {
              actor,
              bookingId: booking.id,
              note: note ?? `Returned: ${condition}`,
              ...(next === 'cleaning' ? { readyOn: addDays(day, settings.cleaningDays) } : {}),
            });
            if (next === 'repair' || next === 'retired') {
              const { atRisk } = await inventory.rehomeIn(tx, unit.id);
              await mailAtRiskIn(tx, settings.siteUrl, atRisk);
            }
          }
        }

        const after = await tx.inventory.holdsOfBooking(booking.id);
        const allBack = after.every((hold) => !hold.dispatchedAt || hold.returnedAt);
        const status = booking.status === 'shipped' && allBack ? 'delivered' : booking.status;
        if (status !== booking.status) {
          await tx.bookings.moveStatus(booking.id, booking.status, status);
        }
        await tx.bookings.recordEvent({
          bookingId: booking.id,
          actorId: actor.id,
          actorEmail: actor.email,
          actorRole: actor.role,
          action: 'return',
          before: { status: booking.status },
          after: { status, returned: back },
        });
        await mailShopperAbout(tx, settings.siteUrl, booking, 'booking-return', (recipient, view) =>
          bookingReturnedMail(recipient, view, back, ordersUrl),
        );
        if (raised.length > 0) {
          await mailShopperAbout(tx, settings.siteUrl, booking, 'booking-charge', (to, view) =>
            bookingChargedMail(to, view, raised, ordersUrl),
          );
          await queueChargeDue(tx, booking, raised);
        }
        return { changed: true, message: FULFILMENT_MESSAGES.returned };
      });
    },
  };
}

/** The unit codes sent with each line, for the audit trail. */
function unitsByItem(holds: Hold[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const hold of holds) (out[hold.itemId] ??= []).push(hold.unitCode);
  return out;
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
