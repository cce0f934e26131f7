import { useSyncExternalStore } from 'react';
import type { ApplyCouponResponse } from '@pehnava/shared';

/**
 * The coupon the shopper applied on the cart page, held outside the page so that it survives the
 * move to checkout (and back). It belongs to the cart as it was fetched when it was applied
 * (SPEC.md §4): it counts only while the cart's `dataUpdatedAt` is the one it was applied to, and
 * only in the session that applied it. A refetch of the cart, a failed apply, clearing it, or a
 * new session drops it.
 */
interface Held {
  token: string;
  /** The cart's dataUpdatedAt when the coupon was applied. */
  cartStamp: number;
  result: ApplyCouponResponse;
}

let held: Held | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function set(next: Held | undefined) {
  held = next;
  listeners.forEach((listener) => listener());
}

/** Keep `result` as the coupon of the cart fetched at `cartStamp`, for this session. */
export const holdCoupon = (token: string, cartStamp: number, result: ApplyCouponResponse) =>
  set({ token, cartStamp, result });

export const dropCoupon = () => set(undefined);

const snapshot = () => held;

/**
 * The coupon that applies to the cart the page shows (`cartStamp`, its dataUpdatedAt) in the
 * session `token`; undefined when none does. `dropped` names a coupon that was applied but no
 * longer counts because the cart was fetched again since.
 */
export function useAppliedCoupon(
  token: string | null,
  cartStamp: number,
): { coupon: ApplyCouponResponse | undefined; dropped: string | undefined } {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (!current || !token || current.token !== token)
    return { coupon: undefined, dropped: undefined };
  if (current.cartStamp === cartStamp) return { coupon: current.result, dropped: undefined };
  return { coupon: undefined, dropped: current.result.coupon.code };
}
