import {
  COUPON_MESSAGES,
  MESSAGES,
  couponCodeProblem,
  type ApplyCouponResponse,
  type CartChangeResponse,
  type CartEntry,
} from '@pehnava/shared';
import { apiRequest } from '../../lib/api-client';

/** DELETE /api/cart/remove/{productId}: resolves to the message to show. */
export async function removeFromCart(entry: CartEntry): Promise<string> {
  const { message } = await apiRequest<CartChangeResponse>(
    `/cart/remove/${encodeURIComponent(entry.product._id)}`,
    {
      method: 'DELETE',
      body: { size: entry.size, duration: entry.duration, startDate: entry.startDate },
      fallback: { failed: MESSAGES.removeFromCartFailed, error: MESSAGES.removeFromCartError },
    },
  );
  return message || MESSAGES.removedFromCart;
}

/** DELETE /api/cart/clear. */
export async function clearCart(): Promise<string> {
  const { message } = await apiRequest<CartChangeResponse>('/cart/clear', {
    method: 'DELETE',
    fallback: { failed: MESSAGES.clearCartFailed, error: MESSAGES.clearCartError },
  });
  return message || MESSAGES.cartCleared;
}

/**
 * POST /api/coupon/apply. The server applies the code to this shopper's cart as it stands; the
 * subtotal sent is only what the page shows (SPEC.md §7), never used for the price.
 */
export async function applyCoupon(code: string, subtotal: number): Promise<ApplyCouponResponse> {
  const problem = couponCodeProblem(code);
  if (problem) throw new Error(problem);
  return apiRequest<ApplyCouponResponse>('/coupon/apply', {
    method: 'POST',
    body: { code: code.trim(), subtotal },
    fallback: COUPON_MESSAGES.invalid,
  });
}
