import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { PlanDefinition } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import { plans, subscriptions } from '../../db/schema/index.js';

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
