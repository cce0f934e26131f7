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
import type { BookingsService } from '../bookings/bookings.service.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';

const isPlanId = (id: string): id is PlanId => (PLAN_IDS as readonly string[]).includes(id);

export interface SubscriptionsServiceDeps {
  repository: SubscriptionsRepository;
  /** Counts the items of the period (paid bookings are the bookings module's to define). */
  bookings: Pick<BookingsService, 'itemsRentedBetween'>;
  clock: Clock;
}

export function createSubscriptionsService({
  repository,
  bookings,
  clock,
}: SubscriptionsServiceDeps) {
  return {
    /** The shopper's plan in effect now; 'free' when no paid period is running. */
    async mySubscription(userId: string): Promise<Subscription> {
      const current = await repository.findCurrent(userId, clock.now());
      if (!current || !isPlanId(current.planId) || current.planId === 'free') {
        return FREE_SUBSCRIPTION;
      }
      return {
        plan: current.planId,
        itemsRentedInPeriod: await bookings.itemsRentedBetween(
          userId,
          current.startDate,
          current.endDate,
        ),
        rentalLimit: current.rentalLimit,
        startDate: current.startDate.toISOString(),
        endDate: current.endDate.toISOString(),
        isActive: true,
        autoRenew: current.autoRenew,
      };
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
