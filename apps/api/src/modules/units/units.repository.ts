import { and, asc, count, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { UnitState } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import { productUnits, products, unitEvents } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

export type UnitRow = typeof productUnits.$inferSelect;

/** Who moved a unit: an operator, or a job (no account). */
export interface UnitActor {
  id: string | null;
  email: string;
  role: string;
}

/** The job that brings cleaned units back, as the units' history names it. */
export const JOB_ACTOR: UnitActor = { id: null, email: 'units-ready job', role: 'system' };

/**
 * Units that may take a new hold: not being mended and not gone. An `out` or `cleaning` unit is
 * reservable for days its current hold leaves free (the exclusion constraint keeps the days
 * apart). The one definition, for checkout, cart add, the calendar and moving holds.
 */
export const reservableUnit = () => sql`${productUnits.state} not in ('repair', 'retired')`;

/**
 * Physical units and their states (issue [J]): the only SQL on product_units' state and on
 * unit_events. Reservations are inventory.repository.ts's.
 */
export function createUnitsRepository(db: Database, clock: Clock) {
  return {
    async findByCode(code: string): Promise<UnitRow | undefined> {
      const [row] = await db.select().from(productUnits).where(eq(productUnits.code, code));
      return row;
    },

    /** Lock units (in id order, so two transactions never wait on each other in a circle). */
    async lockUnits(ids: string[]): Promise<UnitRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(productUnits)
        .where(inArray(productUnits.id, ids))
        .orderBy(asc(productUnits.id))
        .for('update');
    },

    /** Every unit of a product, by size and number. */
    async ofProduct(productId: string): Promise<UnitRow[]> {
      return db
        .select()
        .from(productUnits)
        .where(eq(productUnits.productId, productId))
        .orderBy(asc(productUnits.size), asc(productUnits.unitNumber));
    },

    /**
     * Move a unit to `to` and keep the change in its history, in the caller's transaction. A
     * cleaning unit carries the day it is ready; a retired one the moment it was retired.
     */
    async moveState(
      unit: Pick<UnitRow, 'id' | 'state'>,
      to: UnitState,
      change: { actor: UnitActor; note?: string | null; readyOn?: string; bookingId?: string },
    ): Promise<void> {
      const at = clock.now();
      await db
        .update(productUnits)
        .set({
          state: to,
          stateNote: change.note ?? null,
          stateChangedAt: at,
          readyOn: to === 'cleaning' ? change.readyOn! : null,
          retiredAt: to === 'retired' ? at : null,
        })
        .where(eq(productUnits.id, unit.id));
      await db.insert(unitEvents).values({
        unitId: unit.id,
        fromState: unit.state,
        toState: to,
        bookingId: change.bookingId ?? null,
        actorId: change.actor.id,
        actorEmail: change.actor.email,
        actorRole: change.actor.role,
        note: change.note ?? null,
        createdAt: at,
      });
    },

    /** Cleaning units whose day has come, locked and skipped by a second runner. */
    async readyToServe(today: string, limit: number): Promise<UnitRow[]> {
      return db
        .select()
        .from(productUnits)
        .where(and(eq(productUnits.state, 'cleaning'), lte(productUnits.readyOn, today)))
        .orderBy(asc(productUnits.readyOn), asc(productUnits.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** Pieces in use whose tag was never printed, with their product, and how many in all. */
    async newTags(limit: number) {
      const unprinted = and(isNull(productUnits.tagPrintedAt), ne(productUnits.state, 'retired'))!;
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            code: productUnits.code,
            size: productUnits.size,
            productId: products.productId,
            name: products.name,
          })
          .from(productUnits)
          .innerJoin(products, eq(products.id, productUnits.productId))
          .where(unprinted)
          .orderBy(asc(products.productId), asc(productUnits.size), asc(productUnits.unitNumber))
          .limit(limit),
        db.select({ total: count() }).from(productUnits).where(unprinted),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Which of these tag codes some piece has. */
    async knownCodes(codes: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ code: productUnits.code })
        .from(productUnits)
        .where(inArray(productUnits.code, codes));
      return new Set(rows.map((row) => row.code));
    },

    /** Mark these pieces' tags printed now; pieces already marked keep their time. How many now. */
    async markTagsPrinted(codes: string[]): Promise<number> {
      const marked = await db
        .update(productUnits)
        .set({ tagPrintedAt: clock.now() })
        .where(and(inArray(productUnits.code, codes), isNull(productUnits.tagPrintedAt)))
        .returning({ id: productUnits.id });
      return marked.length;
    },

    async historyOf(unitId: string) {
      return db
        .select()
        .from(unitEvents)
        .where(eq(unitEvents.unitId, unitId))
        .orderBy(asc(unitEvents.seq));
    },
  };
}

export type UnitsRepository = ReturnType<typeof createUnitsRepository>;
