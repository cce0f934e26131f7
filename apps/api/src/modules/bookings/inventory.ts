import {
  MAX_START_DAYS_AHEAD,
  RENTAL_DURATIONS,
  addDays,
  availabilityResponseSchema,
  todayInIndia,
  type AvailabilityResponse,
  type Product,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { Clock } from '../../lib/clock.js';
import { lazilyEncodedBody, type EncodedBody } from '../../lib/encoded-body.js';
import { notFound } from '../../lib/http-error.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import { createKeptAnswers } from '../../lib/kept-answers.js';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue.service.js';
import { findProduct } from '../catalogue/catalogue.service.js';
import { availableStartDates } from './availability.js';
import { compareLines } from './lock-order.js';
import type { Hold } from './inventory.repository.js';
import { reservationDaysFor, reservedRange, type ReservationDays } from './reserved-range.js';

/** The longest rental: how far past the bookable window the calendar must look. */
const LONGEST_RENTAL = Math.max(...RENTAL_DURATIONS);

/** A booking's line to reserve physical units for. */
export interface LineToReserve {
  itemId: string;
  productId: string;
  size: string;
  quantity: number;
  startDate: string;
  endDate: string;
  /** The line's back-up size (quantity 1): held like any piece, flagged as the back-up. */
  backup?: boolean;
}

export interface InventoryDeps {
  repos: Pick<Repositories, 'inventory'>;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  clock: Clock;
  days: ReservationDays;
  /** Told of changes to units and reservations (decision 058); without it nothing is kept. */
  feed?: Pick<ChangeFeed, 'live' | 'subscribe'>;
  /** How many products' calendars are kept in memory (0: none). */
  keptCalendars?: number;
}

/** Products whose calendars each process keeps, the least recently asked for let go first. */
export const PRODUCT_CALENDARS_KEPT = 2_000;

type Calendar = Omit<AvailabilityResponse, 'success'>;

/**
 * The physical pieces and the days they are taken (DECISIONS.md 'Inventory and availability'):
 * whether a piece is free, the product page's calendar, and reserving and letting go of units for
 * a booking. The exclusion constraint on unit_reservations has the last word on every reservation.
 */
export function createInventory({
  repos,
  catalogue,
  clock,
  days,
  feed,
  keptCalendars = 0,
}: InventoryDeps) {
  /**
   * Product calendars kept until a unit or reservation of the product changes (its `p:` change),
   * for the day and catalogue snapshot they were made on (decision 058).
   */
  const calendars = feed
    ? createKeptAnswers<{ calendar: Calendar; snapshot: CatalogueSnapshot }>({
        feed,
        maxEntries: keptCalendars,
        // One calendar per product and transit time: every one of them is the product's.
        changeOf: (key) => `p:${key.slice(0, key.indexOf('|'))}`,
      })
    : undefined;

  /**
   * Each kept calendar's answer as sent, serialized and compressed once (decision 058): the
   * busiest product's calendar is tens of kilobytes, too much to encode per request.
   */
  const encodedCalendars = new WeakMap<Calendar, EncodedBody>();

  /**
   * A product's calendar for an address `transitDays` from the warehouse (1: its own city, the
   * nearest any address is): start dates from today plus the transit days, each checked against
   * the days a rental there holds a piece.
   */
  async function availability(idOrCode: string, transitDays = 1): Promise<Calendar> {
    const snapshot = await catalogue.snapshot();
    const product = findProduct(snapshot, idOrCode);
    if (!product) throw notFound('Product not found');
    const today = todayInIndia(clock.now());
    const make = async () => ({
      calendar: await calendarOf(product, today, transitDays),
      snapshot,
    });
    if (!calendars) return (await make()).calendar;
    const kept = await calendars.read(
      `${product._id}|${transitDays}`,
      make,
      (value) =>
        value.snapshot === snapshot && value.calendar.to === addDays(today, MAX_START_DAYS_AHEAD),
    );
    return kept.calendar;
  }

  /**
   * A product's calendar on `today` for an address `transitDays` away, read from its units and
   * reservations now: start dates from the earliest a parcel can arrive to 90 days ahead.
   */
  async function calendarOf(
    product: Product,
    today: string,
    transitDays: number,
  ): Promise<Calendar> {
    const from = addDays(today, transitDays);
    const to = addDays(today, MAX_START_DAYS_AHEAD);
    const held = reservationDaysFor(days, transitDays);
    const window = reservedRange({ startDate: from, endDate: addDays(to, LONGEST_RENTAL) }, held);
    const { units, reservations } = await repos.inventory.unitsAndReservations(
      product._id,
      window.blockedFrom,
      window.blockedUntil,
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
            days: held,
          }),
        };
      }),
    };
  }

  /**
   * Move a hold not yet sent to another unit of its product and size free over its days, in
   * `tx`; false (and nothing changed) when none is.
   */
  async function moveElsewhereIn(
    tx: Pick<Repositories, 'inventory'>,
    hold: Hold,
  ): Promise<boolean> {
    const candidates = (
      await tx.inventory.freeUnits(hold.productId, hold.size, hold.blockedFrom, hold.blockedUntil)
    ).filter((id) => id !== hold.unitId);
    for (const candidate of candidates) {
      if (await tx.inventory.moveHold(hold, candidate)) return true;
    }
    return false;
  }

  return {
    /** The days a rental within the warehouse's city holds a piece. */
    days,

    /** The days a rental `transitDays` from the warehouse holds a piece. */
    daysFor: (transitDays: number) => reservationDaysFor(days, transitDays),

    /**
     * True when some piece of the product in this size is free for a rental from `startDate` to
     * `endDate` (the reserved range around it included): what cart add asks before adding.
     */
    async hasFreeUnit(
      productId: string,
      size: string,
      rental: { startDate: string; endDate: string },
      transitDays = 1,
    ): Promise<boolean> {
      const range = reservedRange(rental, reservationDaysFor(days, transitDays));
      const free = await repos.inventory.freeUnits(
        productId,
        size,
        range.blockedFrom,
        range.blockedUntil,
        1,
      );
      return free.length > 0;
    },

    /** A product's calendar, from memory while nothing it was read from has changed. */
    availability,

    /**
     * GET /api/product/{id}/availability as sent: the calendar checked against the contract,
     * serialized and compressed once for as long as it is kept.
     */
    async availabilityAnswer(idOrCode: string, transitDays = 1): Promise<EncodedBody> {
      const calendar = await availability(idOrCode, transitDays);
      let body = encodedCalendars.get(calendar);
      if (!body) {
        const answer = availabilityResponseSchema.parse({ success: true, ...calendar });
        // Brotli at the per-request level: a calendar not kept is encoded for one answer.
        body = lazilyEncodedBody(Buffer.from(JSON.stringify(answer)), 3);
        encodedCalendars.set(calendar, body);
      }
      return body;
    },

    /**
     * The first line that too few pieces could serve now, as the shopper's next checkout would
     * find them (the shopper's own unpaid checkout lets its pieces go first); undefined when each
     * line has its pieces. Checkout asks before it makes a payment order, so a checkout whose
     * pieces are taken is refused without one; the reservation in its transaction has the last
     * word either way.
     */
    async firstTakenFor<Line extends Omit<LineToReserve, 'itemId'>>(
      userId: string,
      lines: Line[],
      transitDays: number,
    ): Promise<Line | undefined> {
      const held = reservationDaysFor(days, transitDays);
      for (const line of lines) {
        const range = reservedRange(line, held);
        const free = await repos.inventory.freeUnitsBesideOwn(
          userId,
          line.productId,
          line.size,
          range.blockedFrom,
          range.blockedUntil,
          line.quantity,
        );
        if (free.length < line.quantity) return line;
      }
      return undefined;
    },

    /**
     * Reserve `quantity` free units for each line, in `tx`, in the one order units are taken
     * (lock-order.ts), so two checkouts, or a checkout and an extension, never wait on each other
     * in a circle; each unit by insert, which the exclusion constraint may refuse (then the next
     * unit is tried), over the days a booking `transitDays` from the warehouse holds it. Returns the first line that could not be served, after letting
     * go of what this call reserved for the booking; undefined when every line has its units.
     */
    async reserveIn<Line extends LineToReserve>(
      tx: Pick<Repositories, 'inventory'>,
      bookingId: string,
      lines: Line[],
      transitDays: number,
    ): Promise<Line | undefined> {
      const held = reservationDaysFor(days, transitDays);
      const ordered = [...lines].sort(compareLines);
      for (const line of ordered) {
        const range = reservedRange(line, held);
        const candidates = await tx.inventory.freeUnits(
          line.productId,
          line.size,
          range.blockedFrom,
          range.blockedUntil,
        );
        let reserved = 0;
        for (const unitId of candidates) {
          if (reserved === line.quantity) break;
          const hold = { unitId, bookingItemId: line.itemId, ...range, backup: !!line.backup };
          if (await tx.inventory.tryReserveUnit(hold)) {
            reserved += 1;
          }
        }
        if (reserved < line.quantity) {
          await tx.inventory.releaseReservations(bookingId);
          return line;
        }
      }
      return undefined;
    },

    moveElsewhereIn,

    /**
     * Set aside `quantity` free units of the product in `size` for a line from `from` to its end
     * (and the turnaround after), as new holds of the line not yet sent: an exchange in the fit
     * window. All or nothing, in `tx`: the new holds' ids, or none when too few units are free.
     */
    async reserveFreshIn(
      tx: Pick<Repositories, 'inventory'>,
      line: {
        itemId: string;
        productId: string;
        size: string;
        quantity: number;
        from: string;
        endDate: string;
        /** The booking's transit days: the piece comes back as the first would have. */
        transitDays: number;
      },
    ): Promise<string[]> {
      const until = addDays(
        line.endDate,
        reservationDaysFor(days, line.transitDays).turnaroundDays,
      );
      const candidates = await tx.inventory.freeUnits(line.productId, line.size, line.from, until);
      const made: string[] = [];
      for (const unitId of candidates) {
        if (made.length === line.quantity) break;
        const id = await tx.inventory.tryReserveUnit({
          unitId,
          bookingItemId: line.itemId,
          blockedFrom: line.from,
          blockedUntil: until,
        });
        if (id) made.push(id);
      }
      if (made.length === line.quantity) return made;
      await tx.inventory.releaseHolds(made);
      return [];
    },

    /**
     * A unit can no longer serve its holds not yet sent (it went to repair or was retired): move
     * each, in `tx`, to another unit of the same product and size free over the same days; the
     * ones no unit can take are marked at risk for the shop to act on (returned when marked now).
     */
    async rehomeIn(
      tx: Pick<Repositories, 'inventory'>,
      unitId: string,
    ): Promise<{ moved: number; atRisk: Hold[] }> {
      const today = todayInIndia(clock.now());
      const holds = await tx.inventory.upcomingHoldsOf(unitId, today);
      const atRisk: Hold[] = [];
      let moved = 0;
      for (const hold of holds) {
        if (await moveElsewhereIn(tx, hold)) moved += 1;
        else atRisk.push(hold);
      }
      const marked = new Set(await tx.inventory.markAtRisk(atRisk.map((hold) => hold.id)));
      // At risk now (not before): the holds whose shoppers are to be told.
      return { moved, atRisk: atRisk.filter((hold) => marked.has(hold.id)) };
    },

    /**
     * A unit still out past its hold's end keeps blocking (issue [J]): its hold is stretched to
     * the earliest day it could be back and ready (`today` plus the turnaround). A later hold of
     * that unit in the way is moved to another free unit of the size; one no unit can take stays,
     * the stretch stops short of it, and it is marked at risk. In `tx`; returns the holds marked
     * at risk now (for the shopper's mail).
     */
    async keepOutIn(tx: Pick<Repositories, 'inventory'>, hold: Hold, today: string) {
      const wanted = addDays(today, days.turnaroundDays);
      if (hold.blockedUntil >= wanted) return [];
      const inTheWay = await tx.inventory.standingOn(
        hold.unitId,
        addDays(hold.blockedUntil, 1),
        wanted,
        hold.id,
      );
      let until = wanted;
      const stuck: Hold[] = [];
      for (const other of inTheWay) {
        if (!other.isBlock && (await moveElsewhereIn(tx, other))) continue;
        until = other.blockedFrom <= until ? addDays(other.blockedFrom, -1) : until;
        if (!other.isBlock) stuck.push(other);
      }
      if (until > hold.blockedUntil) await tx.inventory.extendHold(hold.id, until);
      const marked = new Set(await tx.inventory.markAtRisk(stuck.map((h) => h.id)));
      return stuck.filter((h) => marked.has(h.id));
    },

    /** Let go of every unit the booking holds (the rows stay, inactive, as history). */
    async releaseIn(tx: Pick<Repositories, 'inventory'>, bookingId: string): Promise<void> {
      await tx.inventory.releaseReservations(bookingId);
    },
  };
}

export type Inventory = ReturnType<typeof createInventory>;
