import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../constants/categories.js';
import { PLAN_IDS } from '../constants/plans.js';

export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  /** Rupees per period; 0 for Free. */
  price: z.number().nonnegative(),
  /**
   * The period as words, for showing after 'per' ('₹999 per 14 days'). Empty for Free, which has no
   * period: its price is shown as 'Free' (SPEC.md §2 Subscription Plans).
   */
  duration: z.string().describe("One period in words ('14 days'); empty for Free (no period)"),
  /** Days in one period; 0 for Free (no period). */
  durationDays: z.number().int().nonnegative().describe('Days in one period; 0 for Free'),
  features: z.array(z.string()),
  benefits: z.object({ premium: z.string(), royal: z.string(), luxury: z.string() }),
  rentalLimit: z.number().int().positive().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const categoryInfoEntrySchema = z.object({
  name: z.string(),
  priceRange: z.string(),
  label: z.string(),
});

export const categoryInfoSchema = z.record(z.enum(PRODUCT_CATEGORIES), categoryInfoEntrySchema);
export type CategoryInfo = z.infer<typeof categoryInfoSchema>;

export const plansResponseSchema = z.object({
  success: z.literal(true),
  plans: z.array(planSchema),
  categoryInfo: categoryInfoSchema,
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/**
 * A shopper's current subscription (SPEC.md §3). A shopper with no paid plan in effect is on
 * 'free': no period, no limit, nothing to renew.
 */
export const subscriptionSchema = z.object({
  plan: z.enum(PLAN_IDS),
  /** Items (times quantity) in paid bookings made during the current period. */
  itemsRentedInPeriod: z.number().int().nonnegative(),
  rentalLimit: z.number().int().positive().nullable(),
  /** ISO 8601; null on free. */
  startDate: z.iso.datetime({ offset: true }).nullable(),
  /** ISO 8601; benefits last until then. Null on free. */
  endDate: z.iso.datetime({ offset: true }).nullable(),
  isActive: z.boolean(),
  autoRenew: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const mySubscriptionResponseSchema = z.object({
  success: z.literal(true),
  subscription: subscriptionSchema,
});
export type MySubscriptionResponse = z.infer<typeof mySubscriptionResponseSchema>;
