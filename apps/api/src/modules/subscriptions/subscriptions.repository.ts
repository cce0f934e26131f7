import { and, asc, desc, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import type { PlanDefinition } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import { plans, subscriptions } from '../../db/schema/index.js';
import { paidItemsSql } from '../bookings/bookings.repository.js';

/** The plan in effect for a shopper, with its limit and the items rented in its period. */
export interface CurrentPlanRow {
  planId: string;
  startDate: Date;
  endDate: Date;
  autoRenew: boolean;
  rentalLimit: number | null;
  /** Items (times quantity) in the shopper's paid bookings made in [startDate, endDate). */
  itemsRented: number;
}

/**
 * The shopper's subscription in effect at `now` (active, not past its end) with its limit and the
 * items rented in its period, in one statement: at most one row. `userId` is a placeholder, or an
 * outer column when this is joined laterally into a larger read (the cart's).
 */
export function currentPlanQuery(db: Database, userId: SQLWrapper, now: SQLWrapper) {
  // What counts as a rented item is the bookings module's to say (paid bookings only).
  const itemsRented = paidItemsSql(
    subscriptions.userId,
    subscriptions.startDate,
    subscriptions.endDate,
  );
  return db
    .select({
      planId: subscriptions.planId,
      startDate: subscriptions.startDate,
      endDate: subscriptions.endDate,
      autoRenew: subscriptions.autoRenew,
      rentalLimit: plans.rentalLimit,
      itemsRented: itemsRented.mapWith(Number).as('items_rented'),
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.endDate, now),
      ),
    )
    .orderBy(desc(subscriptions.startDate))
    .limit(1);
}

export function createSubscriptionsRepository(db: Database) {
  // Read on every plan check: built once, a named prepared statement on PostgreSQL (decision 040).
  const currentOf = currentPlanQuery(db, sql.placeholder('userId'), sql.placeholder('now')).prepare(
    'subscriptions_current_of_user',
  );

  return {
    async listActivePlans() {
      const rows = await db.select().from(plans).orderBy(asc(plans.level));
      return rows.filter((row) => row.active);
    },

    /** The shopper's subscription in effect at `now`, with the items rented in its period. */
    async findCurrent(userId: string, now: Date): Promise<CurrentPlanRow | undefined> {
      const [row] = await currentOf.execute({ userId, now: now.toISOString() });
      return row;
    },

    /** Write a plan if it is missing; an existing plan (perhaps edited by an operator) is kept. */
    async insertPlanIfAbsent(plan: PlanDefinition): Promise<boolean> {
      const rows = await db
        .insert(plans)
        .values({
          id: plan.id,
          name: plan.name,
          pricePaise: plan.pricePaise,
          durationDays: plan.durationDays,
          rentalLimit: plan.rentalLimit,
          features: plan.features,
          benefits: plan.benefits,
          level: plan.level,
        })
        .onConflictDoNothing({ target: plans.id })
        .returning({ id: plans.id });
      return rows.length > 0;
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
