import { z } from 'zod';
import { productIdSchema, productSchema } from './catalogue.js';
import {
  durationSchema,
  isoDateSchema,
  rupeesSchema,
  sizeTextSchema,
  startDateTextSchema,
} from './common.js';

/**
 * POST /api/cart/add (SPEC.md §7). Only these four fields are read: a price, plan, quantity or
 * anything else in the body is ignored. The server checks every rule again (SPEC.md §5), forces 14
 * days for plus and pro, and sets the price from the shopper's plan.
 */
export const addToCartBodySchema = z.object({
  productId: productIdSchema,
  // Fields in SPEC.md §5's order: a body with several problems is answered with the first.
  startDate: startDateTextSchema,
  size: sizeTextSchema,
  duration: durationSchema,
});
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;

/**
 * DELETE /api/cart/remove/{productId}, with this body or none (SPEC.md §7 sends all three). A cart
 * holds one line per product, so the product decides; a field that is given must match the line.
 */
export const removeFromCartBodySchema = z
  .object({
    size: sizeTextSchema.optional(),
    duration: durationSchema.optional(),
    startDate: startDateTextSchema.optional(),
  })
  .nullish();
export type RemoveFromCartBody = z.infer<typeof removeFromCartBodySchema>;

export const cartProductParamsSchema = z.object({ productId: productIdSchema });

/** One cart entry (SPEC.md §3). Money in rupees; priceAtTime is one unit's price, fixed at add time. */
export const cartEntrySchema = z.object({
  product: productSchema,
  size: z.string(),
  duration: z.number().int(),
  quantity: z.number().int().positive(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  priceAtTime: rupeesSchema,
  /**
   * False when no unit of this size is free any more for the line's dates (booked by someone else
   * since it was added): checkout would refuse the line, so the cart flags it first.
   */
  datesAvailable: z.boolean(),
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
