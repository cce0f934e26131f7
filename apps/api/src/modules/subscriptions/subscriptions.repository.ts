import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { PlanDefinition } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import { bookingItems, bookings, plans, subscriptions } from '../../db/schema/index.js';

export function createSubscriptionsRepository(db: Database) {
  return {
    async listActivePlans() {
      const rows = await db.select().from(plans).orderBy(asc(plans.level));
      return rows.filter((row) => row.active);
    },

    /** The shopper's subscription in effect at `now` (active, not past its end), with its limit. */
    async findCurrent(userId: string, now: Date) {
      const [row] = await db
        .select({
          planId: subscriptions.planId,
          startDate: subscriptions.startDate,
          endDate: subscriptions.endDate,
          autoRenew: subscriptions.autoRenew,
          rentalLimit: plans.rentalLimit,
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
      return row;
    },

    /** Items (times quantity) in the shopper's paid bookings made in [from, to). */
    async itemsRentedBetween(userId: string, from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ items: sql<string>`coalesce(sum(${bookingItems.quantity}), 0)` })
        .from(bookingItems)
        .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
        .where(
          and(
            eq(bookings.userId, userId),
            eq(bookings.paymentStatus, 'completed'),
            gte(bookings.createdAt, from),
            lt(bookings.createdAt, to),
          ),
        );
      return Number(row?.items ?? 0);
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
