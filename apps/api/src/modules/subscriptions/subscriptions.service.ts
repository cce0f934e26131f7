import { CATEGORY_INFO, PLAN_IDS, paiseToRupees, type Plan, type PlanId } from '@pehnava/shared';
import type { SubscriptionsRepository } from './subscriptions.repository.js';

const isPlanId = (id: string): id is PlanId => (PLAN_IDS as readonly string[]).includes(id);

export function createSubscriptionsService(repository: SubscriptionsRepository) {
  return {
    /** The plans in level order (free, plus, pro) and the category labels. */
    async listPlans() {
      const rows = await repository.listActivePlans();
      const plans: Plan[] = rows
        .filter((row) => isPlanId(row.id))
        .map((row) => ({
          id: row.id as PlanId,
          name: row.name,
          price: paiseToRupees(row.pricePaise),
          duration: row.durationDays,
          features: row.features,
          benefits: row.benefits,
          rentalLimit: row.rentalLimit,
        }));
      return { plans, categoryInfo: CATEGORY_INFO };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
