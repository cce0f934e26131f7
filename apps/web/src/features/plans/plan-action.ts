import type { Plan, PlanId, Subscription } from '@pehnava/shared';

/** What a plan card's button does for this shopper (SPEC.md §2 Subscription Plans, §4 Plans). */
export type PlanAction = 'current' | 'upgrade' | 'cancel' | 'select';

/**
 * Each button's words' key in the plans page's messages (the card says them in the page's
 * language). This module has no catalogue of its own: its tests run without the catalogues'
 * compiler.
 */
export const PLAN_ACTION_MESSAGES = {
  current: 'actionCurrent',
  upgrade: 'actionUpgrade',
  cancel: 'actionCancel',
  select: 'actionSelect',
} as const satisfies Record<PlanAction, string>;

/** The buttons' words in English, as the plans catalogue has them under those keys. */
export const PLAN_ACTION_LABELS: Record<PlanAction, string> = {
  current: 'Current Plan',
  upgrade: 'Upgrade Now',
  cancel: 'Cancel Subscription',
  select: 'Select Plan',
};

const LEVEL: Record<PlanId, number> = { free: 0, plus: 1, pro: 2 };

/**
 * The button on `plan`'s card for a shopper on `current`: the plan in effect cannot be chosen
 * again; Free, from a paid plan, cancels it at once; a higher plan is an upgrade; a lower paid
 * plan is a change (bought like an upgrade, starting a new period). A visitor counts as Free.
 */
export function planAction(
  plan: Pick<Plan, 'id'>,
  current: Pick<Subscription, 'plan'>,
): PlanAction {
  if (plan.id === current.plan) return 'current';
  if (plan.id === 'free') return 'cancel';
  return LEVEL[plan.id] > LEVEL[current.plan] ? 'upgrade' : 'select';
}

/** The plan one level above the shopper's, marked 'Recommended' (none above Pro). */
export function recommendedPlan(current: Pick<Subscription, 'plan'>): PlanId | undefined {
  return (Object.keys(LEVEL) as PlanId[]).find((id) => LEVEL[id] === LEVEL[current.plan] + 1);
}
