import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import { productSchema } from './catalogue.js';

export const wishlistProductBodySchema = z.object({
  productId: z
    .string({ error: MESSAGES.productNotFound })
    .min(1, { error: MESSAGES.productNotFound }),
});
export type WishlistProductBody = z.infer<typeof wishlistProductBodySchema>;

/** GET /api/wishlist/get: the saved products, newest first (SPEC.md §3: products). */
export const wishlistResponseSchema = z.object({
  success: z.literal(true),
  wishlist: z.array(productSchema),
});
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;

/** POST /api/wishlist/status. At most 500 ids at a time. */
export const wishlistStatusBodySchema = z.object({
  productIds: z.array(z.string()).max(500),
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
