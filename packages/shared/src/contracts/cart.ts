import { z } from 'zod';
import { RENTAL_DURATIONS } from '../constants/durations.js';
import { MESSAGES } from '../constants/messages.js';
import { productSchema } from './catalogue.js';
import { rupeesSchema } from './common.js';

/** YYYY-MM-DD. */
const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * POST /api/cart/add (SPEC.md §7). Only these four fields are read: a price, plan, quantity or
 * anything else in the body is ignored. The server checks every rule again (SPEC.md §5), forces 14
 * days for plus and pro, and sets the price from the shopper's plan.
 */
export const addToCartBodySchema = z.object({
  productId: z
    .string({ error: MESSAGES.productNotFound })
    .min(1, { error: MESSAGES.productNotFound }),
  // Fields in SPEC.md §5's order: a body with several problems is answered with the first.
  startDate: z
    .string({ error: MESSAGES.startDateRequired })
    .trim()
    .min(1, { error: MESSAGES.startDateRequired }),
  size: z.string({ error: MESSAGES.selectSize }).trim().min(1, { error: MESSAGES.selectSize }),
  duration: z.coerce
    .number({ error: MESSAGES.invalidDuration })
    .refine((d) => (RENTAL_DURATIONS as readonly number[]).includes(d), {
      error: MESSAGES.invalidDuration,
    }),
});
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;

/** DELETE /api/cart/remove/{productId} with this body (SPEC.md §7). */
export const removeFromCartBodySchema = z.object({
  size: z.string(),
  duration: z.coerce.number().int(),
  startDate: z.string(),
});
export type RemoveFromCartBody = z.infer<typeof removeFromCartBodySchema>;

export const cartProductParamsSchema = z.object({ productId: z.string() });

/** One cart entry (SPEC.md §3). Money in rupees; priceAtTime is one unit's price, fixed at add time. */
export const cartEntrySchema = z.object({
  product: productSchema,
  size: z.string(),
  duration: z.number().int(),
  quantity: z.number().int().positive(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  priceAtTime: rupeesSchema,
});
export type CartEntry = z.infer<typeof cartEntrySchema>;

/** GET /api/cart: the entries in the order they were added, their total and the delivery fee. */
export const cartResponseSchema = z.object({
  success: z.literal(true),
  cart: z.array(cartEntrySchema),
  /** Sum of priceAtTime × quantity. */
  total: rupeesSchema,
  deliveryFee: rupeesSchema,
  totalWithDelivery: rupeesSchema,
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

/** POST /api/cart/add, DELETE /api/cart/remove/…, DELETE /api/cart/clear. */
export const cartChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type CartChangeResponse = z.infer<typeof cartChangeResponseSchema>;
