import {
  CATEGORY_INFO,
  FREE_SUBSCRIPTION,
  PLAN_IDS,
  paiseToRupees,
  planPeriodLabel,
  type Plan,
  type PlanId,
  type Subscription,
} from '@pehnava/shared';
import type { Clock } from '../../lib/clock.js';
import type { CurrentPlanRow, SubscriptionsRepository } from './subscriptions.repository.js';

const isPlanId = (id: string): id is PlanId => (PLAN_IDS as readonly string[]).includes(id);

/** The shopper's plan from its current row; 'free' when no paid period is running. */
export function subscriptionFrom(current: CurrentPlanRow | undefined): Subscription {
  if (!current || !isPlanId(current.planId) || current.planId === 'free') {
    return FREE_SUBSCRIPTION;
  }
  return {
    plan: current.planId,
    itemsRentedInPeriod: current.itemsRented,
    rentalLimit: current.rentalLimit,
    startDate: current.startDate.toISOString(),
    endDate: current.endDate.toISOString(),
    isActive: true,
    autoRenew: current.autoRenew,
  };
}

export interface SubscriptionsServiceDeps {
  repository: SubscriptionsRepository;
  clock: Clock;
}

export function createSubscriptionsService({ repository, clock }: SubscriptionsServiceDeps) {
  return {
    /** The shopper's plan in effect now; 'free' when no paid period is running. */
    async mySubscription(userId: string): Promise<Subscription> {
      return subscriptionFrom(await repository.findCurrent(userId, clock.now()));
    },

    /** The plans in level order (free, plus, pro) and the category labels. */
    async listPlans() {
      const rows = await repository.listActivePlans();
      const plans: Plan[] = rows
        .filter((row) => isPlanId(row.id))
        .map((row) => ({
          id: row.id as PlanId,
          name: row.name,
          price: paiseToRupees(row.pricePaise),
          duration: planPeriodLabel(row.durationDays),
          durationDays: row.durationDays,
          features: row.features,
          benefits: row.benefits,
          rentalLimit: row.rentalLimit,
        }));
      return { plans, categoryInfo: CATEGORY_INFO };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
