import { z } from 'zod';
import { COUPON_MESSAGES } from '../constants/coupon-messages.js';
import { rupeesSchema } from './common.js';
import { textField } from './text-field.js';

/**
 * POST /api/coupon/apply (SPEC.md §7). `subtotal` is accepted for the contract's sake and ignored:
 * the server applies the coupon to the shopper's own cart (DECISIONS.md 'Coupons').
 */
export const applyCouponBodySchema = z.object({
  code: textField({
    label: 'Coupon code',
    max: 40,
    messages: { required: COUPON_MESSAGES.codeRequired },
  }),
  subtotal: z.unknown().optional(),
});
export type ApplyCouponBody = z.input<typeof applyCouponBodySchema>;

export const applyCouponResponseSchema = z.object({
  success: z.literal(true),
  discountAmount: rupeesSchema,
  /** The cart's subtotal minus the discount. */
  newTotal: rupeesSchema,
  coupon: z.object({ code: z.string() }),
  message: z.string(),
  /** The delivery fee on the discounted subtotal (DECISIONS.md), and the total with it. */
  deliveryFee: rupeesSchema,
  totalWithDelivery: rupeesSchema,
});
export type ApplyCouponResponse = z.infer<typeof applyCouponResponseSchema>;
