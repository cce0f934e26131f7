import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../constants/categories.js';
import { PLAN_IDS } from '../constants/plans.js';
import { paymentOrderSchema } from './bookings.js';
import { textField } from './text-field.js';

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

/**
 * POST /api/subscription/subscribe (SPEC.md §7). Any plan id is read, so an unknown one is answered
 * 'Plan not found' (404) rather than a schema error.
 */
export const subscribeBodySchema = z.object({
  plan: textField({ label: 'Plan', max: 40 }),
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/**
 * A plan order at the payment provider, with the receipt it was made with. `customerId`: the
 * provider's customer the checkout must open with for the plan's recurring payments (Razorpay's
 * `customer_id`); null when the provider needs none (the sandbox, Stripe).
 */
export const subscriptionOrderSchema = paymentOrderSchema.extend({
  receipt: z.string(),
  customerId: z.string().nullable(),
});

/**
 * POST /api/subscription/subscribe's answer. Plus or Pro: a payment order to open in the checkout
 * (`order`, also `orderId`/`amount`/`currency` at the top level as SPEC.md §7 lets a client read
 * them; `bookingReceipt` is the order's receipt) and the subscription as it stands until paid.
 * Free: the paid plan is cancelled at once, `order` null and `subscription` the free plan.
 */
export const subscribeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: subscriptionOrderSchema.nullable(),
  orderId: z.string().nullable(),
  /** Paise; 0 when nothing is to be paid (Free). */
  amount: z.number().int().nonnegative(),
  currency: z.literal('INR'),
  bookingReceipt: z.string().nullable(),
  subscription: subscriptionSchema,
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

const providerIdSchema = (label: string) => textField({ label, max: 100 });

/** POST /api/subscription/verify: what the checkout returned for a plan order. */
export const verifySubscriptionBodySchema = z.object({
  razorpay_order_id: providerIdSchema('Payment order id'),
  razorpay_payment_id: providerIdSchema('Payment id'),
  razorpay_signature: providerIdSchema('Payment signature'),
});
export type VerifySubscriptionBody = z.infer<typeof verifySubscriptionBodySchema>;

export const subscriptionAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription: subscriptionSchema,
});
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;

/**
 * POST /api/subscription/confirm: the plans page asks it when the shopper comes back from a
 * redirect provider's page (`?payment=success`). The server asks the provider about the shopper's
 * latest plan orders and activates a paid one (once, with the webhook): `confirmed` when the plan
 * bought is in effect, `pending` while the provider has not said it is paid.
 */
export const confirmPlanPaymentResponseSchema = subscriptionAnswerSchema.extend({
  status: z.enum(['confirmed', 'pending']),
});
export type ConfirmPlanPaymentResponse = z.infer<typeof confirmPlanPaymentResponseSchema>;

/**
 * POST /api/subscription/cancel: `immediate` true ends the plan now (back to Free); false turns
 * auto-renewal off and keeps the benefits until endDate.
 */
export const cancelSubscriptionBodySchema = z.object({
  immediate: z.boolean({ error: 'immediate must be true or false' }),
});
export type CancelSubscriptionBody = z.infer<typeof cancelSubscriptionBodySchema>;
