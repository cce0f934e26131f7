import type { PlanId } from '@pehnava/shared';

/** 'free' → 'Free', as the plans are named (DECISIONS.md 'Plans'). */
export const planName = (plan: PlanId) => plan.charAt(0).toUpperCase() + plan.slice(1);
