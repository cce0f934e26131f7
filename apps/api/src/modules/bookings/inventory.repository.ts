import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { ReturnCondition } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import { compiledStatement } from '../../db/compiled.js';
import { bookingItems, bookings, productUnits, unitReservations } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { constraintViolation } from '../../lib/db-errors.js';
import { reservableUnit } from '../units/units.repository.js';

/** A hold of a unit for a booking's line, with its unit, as dispatch and return read it. */
export interface Hold {
  id: string;
  itemId: string;
  unitId: string;
  unitCode: string;
  unitState: (typeof productUnits.$inferSelect)['state'];
  readyOn: string | null;
  productId: string;
  size: string;
  blockedFrom: string;
  blockedUntil: string;
  dispatchedAt: Date | null;
  returnedAt: Date | null;
  returnedOn: string | null;
  condition: ReturnCondition | null;
  /** Since when the hold's unit cannot serve it and no other was free; null when on track. */
  atRiskSince: Date | null;
  /** The line's back-up size, not one of its pieces. */
  backup: boolean;
  /** A back-up's seal as it came back (null until then, or not a back-up). */
  sealIntact: boolean | null;
}

const holdColumns = {
  id: unitReservations.id,
  // Holds only (a block has no line): every read of holds keeps to rows with one.
  itemId: sql<string>`${unitReservations.bookingItemId}`,
  unitId: unitReservations.unitId,
  unitCode: productUnits.code,
  unitState: productUnits.state,
  readyOn: productUnits.readyOn,
  productId: productUnits.productId,
  size: productUnits.size,
  blockedFrom: unitReservations.blockedFrom,
  blockedUntil: unitReservations.blockedUntil,
  dispatchedAt: unitReservations.dispatchedAt,
  returnedAt: unitReservations.returnedAt,
  returnedOn: unitReservations.returnedOn,
  condition: unitReservations.condition,
  atRiskSince: unitReservations.atRiskSince,
  backup: unitReservations.backup,
  sealIntact: unitReservations.sealIntact,
};

/**
 * The pieces of booking lines as the shopper and operators see them: the holds still standing
 * and those that were sent (a hold let go before dispatch, or moved to another unit, is not one).
 */
export async function piecesOfItems(db: Database, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: unitReservations.bookingItemId,
      unitCode: productUnits.code,
      size: productUnits.size,
      dispatchedAt: unitReservations.dispatchedAt,
      returnedAt: unitReservations.returnedAt,
      condition: unitReservations.condition,
      atRiskSince: unitReservations.atRiskSince,
      backup: unitReservations.backup,
      sealIntact: unitReservations.sealIntact,
    })
    .from(unitReservations)
    .innerJoin(productUnits, eq(productUnits.id, unitReservations.unitId))
    .where(
      and(
        inArray(unitReservations.bookingItemId, itemIds),
        or(eq(unitReservations.active, true), isNotNull(unitReservations.dispatchedAt)),
      ),
    )
    .orderBy(asc(productUnits.code));
}
export type Piece = Awaited<ReturnType<typeof piecesOfItems>>[number];

/**
 * An active reservation's blocked days overlap [from, until], both inclusive: the exclusion
 * constraint's own daterange test (migration 0001), so its index serves it. The one definition of
 * "this piece is taken for those days"; `from` and `until` may be values or SQL expressions.
 */
export function blocksDays(from: SQLWrapper, until: SQLWrapper) {
  return sql`${unitReservations.active}
    and daterange(${unitReservations.blockedFrom}, ${unitReservations.blockedUntil}, '[]')
      && daterange(${from}, ${until}, '[]')`;
}

/**
 * The reservation holds a piece for an unpaid checkout of `userId`: one that shopper's next
 * checkout lets go first (checkout.service.ts), so to that shopper the piece counts as free. The
 * one definition, for checkout's question and the cart's "are these dates still free".
 */
export function holdsOwnUnpaidCheckout(userId: SQLWrapper) {
  return sql`exists (
    select 1 from ${bookingItems}
    inner join ${bookings} on ${bookings.id} = ${bookingItems.bookingId}
    where ${bookingItems.id} = ${unitReservations.bookingItemId}
      and ${bookings.userId} = ${userId}
      and ${bookings.status} = 'pending')`;
}

/**
 * Units of a product and size (placeholders) with no active reservation over [from, until],
 * soonest numbered first; `besideOwnOf`: but for the holds of that shopper's unpaid checkouts.
 */
function freeUnitsStatement(db: Database, besideOwnOf?: SQLWrapper) {
  const from = sql`${sql.placeholder('from')}::date`;
  const until = sql`${sql.placeholder('until')}::date`;
  return db
    .select({ id: productUnits.id })
    .from(productUnits)
    .where(
      and(
        eq(productUnits.productId, sql.placeholder('productId')),
        eq(productUnits.size, sql.placeholder('size')),
        reservableUnit(),
        sql`not exists (
          select 1 from ${unitReservations}
          where ${unitReservations.unitId} = ${productUnits.id}
            and ${blocksDays(from, until)}
            ${besideOwnOf ? sql`and not ${holdsOwnUnpaidCheckout(besideOwnOf)}` : sql``})`,
      ),
    )
    .orderBy(asc(productUnits.unitNumber))
    .limit(sql.placeholder('limit'));
}

// Checkout's statements, built once per process (decision 059).
const freeUnitsOf = compiledStatement('inventory_free_units', (db) => freeUnitsStatement(db));
const freeUnitsBesideOwnOf = compiledStatement('inventory_free_units_beside_own', (db) =>
  freeUnitsStatement(db, sql.placeholder('userId')),
);
const tryHold = compiledStatement('inventory_try_hold', (db) =>
  db
    .insert(unitReservations)
    .values({
      unitId: sql.placeholder('unitId'),
      bookingItemId: sql.placeholder('bookingItemId'),
      blockedFrom: sql.placeholder('blockedFrom'),
      blockedUntil: sql.placeholder('blockedUntil'),
      createdAt: sql.placeholder('createdAt'),
      backup: sql.placeholder('backup'),
    })
    .onConflictDoNothing()
    .returning({ id: unitReservations.id }),
);

/**
 * Physical units and the days they are reserved: the only SQL on unit_reservations. The exclusion
 * constraint on the table (migration 0001) has the last word on every reservation.
 */
export function createInventoryRepository(db: Database, clock: Clock) {
  /** A unit's standing holds (not its blocks) that also meet `also`, soonest first. */
  function holdsOfUnit(unitId: string, also: SQL | undefined): Promise<Hold[]> {
    return db
      .select(holdColumns)
      .from(unitReservations)
      .innerJoin(productUnits, eq(productUnits.id, unitReservations.unitId))
      .where(
        and(
          eq(unitReservations.unitId, unitId),
          eq(unitReservations.active, true),
          isNotNull(unitReservations.bookingItemId),
          also,
        ),
      )
      .orderBy(asc(unitReservations.blockedFrom));
  }

  return {
    /**
     * Block a physical unit for a booking item over [blockedFrom, blockedUntil], both inclusive.
     * The exclusion constraint refuses it (SQLSTATE 23P01) when an active reservation of the same
     * unit overlaps: the last line of defence against promising one piece twice.
     */
    async reserveUnit(reservation: {
      unitId: string;
      bookingItemId: string;
      blockedFrom: string;
      blockedUntil: string;
    }): Promise<void> {
      await db.insert(unitReservations).values({ ...reservation, createdAt: clock.now() });
    },

    /**
     * Units of the product in this size (not retired) with no active reservation over
     * [from, until], both inclusive, as this transaction sees them, at most `limit`; the
     * exclusion constraint has the last word when another transaction takes one at the same
     * moment. The overlap is the constraint's own daterange test, so its index serves it.
     */
    async freeUnits(productId: string, size: string, from: string, until: string, limit = 1000) {
      const rows = await freeUnitsOf(db).execute({ productId, size, from, until, limit });
      return rows.map((row) => row.id);
    },

    /**
     * freeUnits as the shopper's next checkout will find them: the holds of the shopper's own
     * unpaid checkouts count as free, since a new checkout lets those go first.
     */
    async freeUnitsBesideOwn(
      userId: string,
      productId: string,
      size: string,
      from: string,
      until: string,
      limit: number,
    ) {
      const rows = await freeUnitsBesideOwnOf(db).execute({
        userId,
        productId,
        size,
        from,
        until,
        limit,
      });
      return rows.map((row) => row.id);
    },

    /**
     * Try to block a unit: the hold's id, or undefined when the exclusion constraint refuses it
     * (another booking holds it over these dates), so the caller can try the next unit without
     * losing its transaction. ON CONFLICT DO NOTHING takes the exclusion constraint as its arbiter
     * (and waits, as the insert would, for a transaction holding the same days to end): one
     * statement where a savepoint took three.
     */
    async tryReserveUnit(reservation: {
      unitId: string;
      bookingItemId: string;
      blockedFrom: string;
      blockedUntil: string;
      /** The line's back-up size (at most one a line: a unique index keeps it so). */
      backup?: boolean;
    }): Promise<string | undefined> {
      const [row] = await tryHold(db).execute({
        ...reservation,
        backup: reservation.backup ?? false,
        createdAt: clock.now(),
      });
      return row?.id;
    },

    /**
     * Every unit of the product that may be reserved, by size, and their active reservations in a
     * range: one statement (each unit joined to its reservations, a unit with none once).
     */
    async unitsAndReservations(productId: string, from: string, until: string) {
      const rows = await db
        .select({
          id: productUnits.id,
          size: productUnits.size,
          blockedFrom: unitReservations.blockedFrom,
          blockedUntil: unitReservations.blockedUntil,
        })
        .from(productUnits)
        .leftJoin(
          unitReservations,
          and(
            eq(unitReservations.unitId, productUnits.id),
            blocksDays(sql`${from}::date`, sql`${until}::date`),
          ),
        )
        .where(and(eq(productUnits.productId, productId), reservableUnit()));
      const units = new Map<string, { id: string; size: string }>();
      const reservations: { unitId: string; blockedFrom: string; blockedUntil: string }[] = [];
      for (const row of rows) {
        if (!units.has(row.id)) units.set(row.id, { id: row.id, size: row.size });
        if (row.blockedFrom !== null && row.blockedUntil !== null) {
          reservations.push({
            unitId: row.id,
            blockedFrom: row.blockedFrom,
            blockedUntil: row.blockedUntil,
          });
        }
      }
      return { units: [...units.values()], reservations };
    },

    /** The holds a booking has standing, with their units, by line and unit code. */
    async holdsOfBooking(bookingId: string): Promise<Hold[]> {
      return db
        .select(holdColumns)
        .from(unitReservations)
        .innerJoin(productUnits, eq(productUnits.id, unitReservations.unitId))
        .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
        .where(and(eq(bookingItems.bookingId, bookingId), eq(unitReservations.active, true)))
        .orderBy(asc(bookingItems.position), asc(productUnits.code));
    },

    /** Holds of a unit not yet sent that end on `today` or later (they still need the unit). */
    upcomingHoldsOf: (unitId: string, today: string): Promise<Hold[]> =>
      holdsOfUnit(
        unitId,
        and(isNull(unitReservations.dispatchedAt), gte(unitReservations.blockedUntil, today)),
      ),

    /** The units leave with their booking: each hold's dispatch is recorded once. */
    async markDispatched(holdIds: string[]): Promise<void> {
      if (holdIds.length === 0) return;
      await db
        .update(unitReservations)
        .set({ dispatchedAt: clock.now(), atRiskSince: null })
        .where(and(inArray(unitReservations.id, holdIds), isNull(unitReservations.dispatchedAt)));
    },

    /** The units are back: each hold's return is recorded once. */
    async markReturned(
      holdIds: string[],
      back: { returnedOn: string; condition: ReturnCondition; note: string | null },
    ): Promise<void> {
      if (holdIds.length === 0) return;
      await db
        .update(unitReservations)
        .set({
          returnedAt: clock.now(),
          returnedOn: back.returnedOn,
          condition: back.condition,
          returnNote: back.note,
        })
        .where(and(inArray(unitReservations.id, holdIds), isNull(unitReservations.returnedAt)));
    },

    /** A back-up's seal as it came back (recorded with its return, once). */
    async recordSeal(holdId: string, intact: boolean): Promise<void> {
      await db
        .update(unitReservations)
        .set({ sealIntact: intact })
        .where(
          and(
            eq(unitReservations.id, holdId),
            eq(unitReservations.backup, true),
            isNotNull(unitReservations.returnedAt),
            isNull(unitReservations.sealIntact),
          ),
        );
    },

    /**
     * Move a hold not yet sent to another unit over the same days, inside a savepoint: false
     * (and nothing changed) when the exclusion constraint says that unit is taken then.
     *
     * The new hold goes in as checkout's do (`on conflict do nothing`): two transactions moving
     * holds onto the same unit at once each find the other's uncommitted row, and a plain insert
     * would have both wait on each other until PostgreSQL broke the deadlock by failing one with
     * a 409 that says nothing of the piece. This way the second waits for the first to end, then
     * finds the unit taken (or free, if the first was undone).
     */
    async moveHold(
      hold: Pick<Hold, 'id' | 'itemId' | 'blockedFrom' | 'blockedUntil'> & { backup?: boolean },
      unitId: string,
    ) {
      try {
        await db.transaction(async (savepoint) => {
          const at = clock.now();
          const left = await savepoint
            .update(unitReservations)
            .set({ active: false, releasedAt: at })
            .where(
              and(
                eq(unitReservations.id, hold.id),
                eq(unitReservations.active, true),
                isNull(unitReservations.dispatchedAt),
              ),
            )
            .returning({ id: unitReservations.id });
          // Sent or let go meanwhile: there is nothing left to move.
          if (left.length === 0) return;
          const placed = await savepoint
            .insert(unitReservations)
            .values({
              unitId,
              bookingItemId: hold.itemId,
              blockedFrom: hold.blockedFrom,
              blockedUntil: hold.blockedUntil,
              createdAt: at,
              backup: hold.backup ?? false,
            })
            .onConflictDoNothing()
            .returning({ id: unitReservations.id });
          // Taken: the old hold's release is undone with the savepoint.
          if (placed.length === 0) throw new UnitTaken();
        });
        return true;
      } catch (error) {
        if (error instanceof UnitTaken || exclusionIn(error)) return false;
        throw error;
      }
    },

    /**
     * Holds whose unit can no longer serve them and that no other unit could take over; returns
     * those marked now (not before).
     */
    async markAtRisk(holdIds: string[]): Promise<string[]> {
      if (holdIds.length === 0) return [];
      const rows = await db
        .update(unitReservations)
        .set({ atRiskSince: clock.now() })
        .where(and(inArray(unitReservations.id, holdIds), isNull(unitReservations.atRiskSince)))
        .returning({ id: unitReservations.id });
      return rows.map((row) => row.id);
    },

    /**
     * Units back in service serve their holds again: the holds on them not yet sent are no
     * longer at risk. Returns how many were.
     */
    async clearAtRiskOn(unitIds: string[]): Promise<number> {
      if (unitIds.length === 0) return 0;
      const rows = await db
        .update(unitReservations)
        .set({ atRiskSince: null })
        .where(
          and(
            inArray(unitReservations.unitId, unitIds),
            eq(unitReservations.active, true),
            isNull(unitReservations.dispatchedAt),
            isNotNull(unitReservations.atRiskSince),
          ),
        )
        .returning({ id: unitReservations.id });
      return rows.length;
    },

    /**
     * What else stands on a unit over [from, until] besides `exceptId`: holds not yet sent and
     * maintenance blocks (`isBlock`), soonest first.
     */
    async standingOn(unitId: string, from: string, until: string, exceptId: string) {
      return db
        .select({
          ...holdColumns,
          isBlock: sql<boolean>`${unitReservations.bookingItemId} is null`,
        })
        .from(unitReservations)
        .innerJoin(productUnits, eq(productUnits.id, unitReservations.unitId))
        .where(
          and(
            eq(unitReservations.unitId, unitId),
            ne(unitReservations.id, exceptId),
            isNull(unitReservations.dispatchedAt),
            blocksDays(sql`${from}::date`, sql`${until}::date`),
          ),
        )
        .orderBy(asc(unitReservations.blockedFrom));
    },

    /**
     * A unit kept out past its hold's end keeps it: the hold's last day moves to `until`, inside a
     * savepoint; false (nothing changed) when the exclusion constraint says another reservation
     * stands in the way.
     */
    async extendHold(holdId: string, until: string): Promise<boolean> {
      try {
        await db.transaction(async (savepoint) => {
          await savepoint
            .update(unitReservations)
            .set({ blockedUntil: until })
            .where(and(eq(unitReservations.id, holdId), lt(unitReservations.blockedUntil, until)));
        });
        return true;
      } catch (error) {
        if (exclusionIn(error)) return false;
        throw error;
      }
    },

    /**
     * How far each hold could stretch on its own unit: the first day another active reservation
     * (a hold or a maintenance block) of that unit takes after the hold's last day; null when none
     * does. One statement for all the holds.
     */
    async nextTakenAfter(holdIds: string[]): Promise<Map<string, string | null>> {
      if (holdIds.length === 0) return new Map();
      const result = await db.execute(sql`
        select hold.id, (
          select min(other.blocked_from)::text from ${unitReservations} other
          where other.unit_id = hold.unit_id and other.active and other.id <> hold.id
            and other.blocked_from > hold.blocked_until
        ) as next
        from ${unitReservations} hold
        where hold.id in (${sql.join(
          holdIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
      const rows = (result as unknown as { rows: { id: string; next: string | null }[] }).rows;
      return new Map(rows.map((row) => [row.id, row.next]));
    },

    /**
     * Stretch several holds at once (an extension), inside one savepoint: all of them or, when the
     * exclusion constraint says another reservation stands in the way of any, none (false). A hold
     * already reaching `until` is left as it is.
     */
    async extendHolds(stretches: { holdId: string; until: string }[]): Promise<boolean> {
      if (stretches.length === 0) return true;
      try {
        await db.transaction(async (savepoint) => {
          for (const { holdId, until } of stretches) {
            await savepoint
              .update(unitReservations)
              .set({ blockedUntil: until })
              .where(
                and(
                  eq(unitReservations.id, holdId),
                  eq(unitReservations.active, true),
                  lt(unitReservations.blockedUntil, until),
                ),
              );
          }
        });
        return true;
      } catch (error) {
        if (exclusionIn(error)) return false;
        throw error;
      }
    },

    /**
     * The units' holds an operator's units list shows: those not yet ended on `today` and any
     * unit still out, with their bookings; oldest first.
     */
    async holdsOfUnits(unitIds: string[], today: string) {
      if (unitIds.length === 0) return [];
      return db
        .select({
          unitId: unitReservations.unitId,
          bookingId: bookings.id,
          itemId: bookingItems.id,
          status: bookings.status,
          startDate: bookingItems.startDate,
          endDate: bookingItems.endDate,
          blockedFrom: unitReservations.blockedFrom,
          blockedUntil: unitReservations.blockedUntil,
          dispatchedAt: unitReservations.dispatchedAt,
          returnedAt: unitReservations.returnedAt,
          atRiskSince: unitReservations.atRiskSince,
        })
        .from(unitReservations)
        .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
        .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
        .where(
          and(
            inArray(unitReservations.unitId, unitIds),
            eq(unitReservations.active, true),
            or(
              gte(unitReservations.blockedUntil, today),
              and(isNotNull(unitReservations.dispatchedAt), isNull(unitReservations.returnedAt)),
            ),
          ),
        )
        .orderBy(asc(unitReservations.blockedFrom));
    },

    /** The booking of each line. */
    async bookingsOfItems(itemIds: string[]) {
      if (itemIds.length === 0) return [];
      return db
        .select({ itemId: bookingItems.id, bookingId: bookingItems.bookingId })
        .from(bookingItems)
        .where(inArray(bookingItems.id, itemIds));
    },

    /** Holds of a unit (not blocks) still standing that overlap [from, until]. */
    holdsOverlapping: (unitId: string, from: string, until: string): Promise<Hold[]> =>
      holdsOfUnit(unitId, blocksDays(sql`${from}::date`, sql`${until}::date`)),

    /**
     * Block a unit for maintenance over [from, until], inside a savepoint: undefined (nothing
     * written) when the exclusion constraint says the unit is held on one of those days. Written
     * as moveHold writes a hold (`on conflict do nothing`), so a block and a hold written on the
     * same unit at the same instant wait for each other in turn, never in a circle.
     */
    async addBlock(block: {
      unitId: string;
      from: string;
      until: string;
      reason: string;
      by: string;
    }): Promise<string | undefined> {
      try {
        return await db.transaction(async (savepoint) => {
          const [row] = await savepoint
            .insert(unitReservations)
            .values({
              unitId: block.unitId,
              blockedFrom: block.from,
              blockedUntil: block.until,
              blockReason: block.reason,
              blockedBy: block.by,
              createdAt: clock.now(),
            })
            .onConflictDoNothing()
            .returning({ id: unitReservations.id });
          return row?.id;
        });
      } catch (error) {
        if (exclusionIn(error)) return undefined;
        throw error;
      }
    },

    /** A unit's blocks (active or removed), the newest first. */
    async blocksOf(unitIds: string[]) {
      if (unitIds.length === 0) return [];
      return db
        .select({
          id: unitReservations.id,
          unitId: unitReservations.unitId,
          from: unitReservations.blockedFrom,
          until: unitReservations.blockedUntil,
          reason: unitReservations.blockReason,
          by: unitReservations.blockedBy,
          active: unitReservations.active,
          createdAt: unitReservations.createdAt,
        })
        .from(unitReservations)
        .where(
          and(inArray(unitReservations.unitId, unitIds), isNull(unitReservations.bookingItemId)),
        )
        .orderBy(asc(unitReservations.blockedFrom), asc(unitReservations.id));
    },

    /** Lift a block; false when it was lifted already. */
    async removeBlock(blockId: string): Promise<boolean> {
      const rows = await db
        .update(unitReservations)
        .set({ active: false, releasedAt: clock.now() })
        .where(
          and(
            eq(unitReservations.id, blockId),
            isNull(unitReservations.bookingItemId),
            eq(unitReservations.active, true),
          ),
        )
        .returning({ id: unitReservations.id });
      return rows.length > 0;
    },

    /** Let go of these holds (the rows stay, inactive, as history). */
    async releaseHolds(holdIds: string[]): Promise<void> {
      if (holdIds.length === 0) return;
      await db
        .update(unitReservations)
        .set({ active: false, releasedAt: clock.now() })
        .where(and(inArray(unitReservations.id, holdIds), eq(unitReservations.active, true)));
    },

    /** Free every unit the booking holds (history is kept: the rows turn inactive). */
    async releaseReservations(bookingId: string): Promise<void> {
      const at = clock.now();
      await db
        .update(unitReservations)
        .set({ active: false, releasedAt: at })
        .where(
          and(
            eq(unitReservations.active, true),
            inArray(
              unitReservations.bookingItemId,
              db
                .select({ id: bookingItems.id })
                .from(bookingItems)
                .where(eq(bookingItems.bookingId, bookingId)),
            ),
          ),
        );
    },
  };
}

export type InventoryRepository = ReturnType<typeof createInventoryRepository>;

/** Thrown inside a savepoint to undo it when the unit a hold was moving to is taken. */
class UnitTaken extends Error {}

/** True when a database error (however wrapped) is an exclusion violation (SQLSTATE 23P01). */
function exclusionIn(error: unknown): boolean {
  return constraintViolation(error)?.kind === 'exclusion';
}
