import type { PlanId, UserRole } from '@pehnava/shared';
import { Badge } from './ui';

/*
 * What the Customers list and a customer's page both show of an account: its plan and role as
 * badges, and the day it joined.
 */

const PLAN_TONES: Record<PlanId, string> = {
  free: 'bg-stone-100 text-stone-800',
  plus: 'bg-amber-100 text-amber-900',
  pro: 'bg-maroon-50 text-maroon-900 ring-1 ring-maroon-700/30',
};

export const PlanBadge = ({ plan }: { plan: PlanId }) => (
  <Badge tone={PLAN_TONES[plan]}>{plan === 'free' ? 'Free plan' : `${plan} plan`}</Badge>
);

/** Shown only for an operator's login: every other account is a customer. */
export const RoleBadge = ({ role }: { role: UserRole }) =>
  role === 'user' ? null : <Badge tone="bg-indigo-100 text-indigo-900">{role} login</Badge>;

const dayMonthYear = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
/** An instant as the day it fell on in India: 3 Dec 2026. */
export const onDay = (instant: string): string => dayMonthYear.format(new Date(instant));
