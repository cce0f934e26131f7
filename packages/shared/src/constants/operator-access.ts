import type { UserRole } from './states.js';

/** The roles that may open the operator console (/admin) and call the admin API. */
export const OPERATOR_ROLES = ['admin', 'staff'] as const satisfies readonly UserRole[];
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * The console's areas. Staff pack and check in: Today, Bookings (without refunds, cancellation or
 * waiving), Check-in and Units. Everything that moves money or changes prices is an admin's, and
 * so is where the shop delivers.
 */
export const CONSOLE_AREAS = [
  'today',
  'bookings',
  'check-in',
  'units',
  'catalogue',
  'coupons',
  'customers',
  'reports',
  /** Pincodes not served (decision 068). */
  'pincodes',
  /** Shoppers' reviews, hidden and shown again (decision 071). */
  'reviews',
] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

const STAFF_AREAS: ReadonlySet<ConsoleArea> = new Set(['today', 'bookings', 'check-in', 'units']);

export function isOperator(role: UserRole | undefined): role is OperatorRole {
  return role === 'admin' || role === 'staff';
}

/** Whether a signed-in role may open an area of the console. */
export function mayOpen(role: UserRole | undefined, area: ConsoleArea): boolean {
  return role === 'admin' || (role === 'staff' && STAFF_AREAS.has(area));
}

/** Whether a role may act on money (cancel with refund, waive, retry a refund) or prices. */
export function mayHandleMoney(role: UserRole | undefined): boolean {
  return role === 'admin';
}
