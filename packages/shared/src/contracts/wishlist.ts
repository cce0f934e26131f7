import { z } from 'zod';
import { productIdSchema, productSchema } from './catalogue.js';
import { textField } from './text-field.js';

export const wishlistProductBodySchema = z.object({ productId: productIdSchema });
export type WishlistProductBody = z.infer<typeof wishlistProductBodySchema>;

/** GET /api/wishlist/get: the saved products, newest first (SPEC.md §3: products). */
export const wishlistResponseSchema = z.object({
  success: z.literal(true),
  wishlist: z.array(productSchema),
});
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;

/** POST /api/wishlist/status. At most 500 ids at a time; an empty id is simply not saved. */
export const wishlistStatusBodySchema = z.object({
  productIds: z.array(textField({ label: 'Product id', max: 100, required: false })).max(500),
});
export type WishlistStatusBody = z.infer<typeof wishlistStatusBodySchema>;

export const wishlistStatusResponseSchema = z.object({
  success: z.literal(true),
  /** Product id to whether it is in the shopper's wishlist; every id asked about is a key. */
  inWishlist: z.record(z.string(), z.boolean()),
});
export type WishlistStatusResponse = z.infer<typeof wishlistStatusResponseSchema>;

/** POST /api/wishlist/add and /remove. */
export const wishlistChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type WishlistChangeResponse = z.infer<typeof wishlistChangeResponseSchema>;
