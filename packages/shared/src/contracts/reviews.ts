import { z } from 'zod';
import {
  OCCASIONS,
  REVIEW_FITS,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
} from '../constants/review-messages.js';

/*
 * Reviews with fit (issue [O] §1; DECISIONS.md 'Reviews and fit'): written by the shopper of a
 * rental line once it is back, read by anyone with a summary of the piece's fit.
 */

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((value) => value || undefined);

/** POST /api/booking/{id}/items/{itemId}/review. */
export const reviewBodySchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int({ error: REVIEW_MESSAGES.rating })
    .min(1, { error: REVIEW_MESSAGES.rating })
    .max(5, { error: REVIEW_MESSAGES.rating }),
  fit: z.enum(REVIEW_FITS, { error: REVIEW_MESSAGES.fit }),
  /** The size worn; the line's own size when left out. */
  sizeWorn: optionalText(40, REVIEW_MESSAGES.size),
  heightCm: z
    .number({ error: REVIEW_MESSAGES.height })
    .int({ error: REVIEW_MESSAGES.height })
    .min(120, { error: REVIEW_MESSAGES.height })
    .max(210, { error: REVIEW_MESSAGES.height })
    .optional(),
  usualSize: optionalText(40, REVIEW_MESSAGES.size),
  occasion: z.enum(OCCASIONS, { error: REVIEW_MESSAGES.occasion }).optional(),
  text: optionalText(REVIEW_TEXT_MAX, REVIEW_MESSAGES.text),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const reviewItemParamsSchema = z.object({
  id: z.uuid({ error: 'Booking not found' }),
  itemId: z.uuid({ error: 'Item not found' }),
});

/** A review as anyone sees it: the first name and city only. */
export const reviewSchema = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  rating: z.number().int().min(1).max(5),
  fit: z.enum(REVIEW_FITS),
  sizeWorn: z.string(),
  heightCm: z.number().int().nullable(),
  usualSize: z.string().nullable(),
  occasion: z.enum(OCCASIONS).nullable(),
  text: z.string(),
  photos: z.array(z.string()),
  firstName: z.string(),
  city: z.string(),
  helpful: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: reviewSchema,
});

/** GET /api/product/{id}/reviews. */
export const reviewsQuerySchema = z.object({
  page: z.coerce
    .number({ error: REVIEW_MESSAGES.page })
    .int({ error: REVIEW_MESSAGES.page })
    .min(1, { error: REVIEW_MESSAGES.page })
    .max(1000, { error: REVIEW_MESSAGES.page })
    .default(1),
  sort: z.enum(['recent', 'helpful'], { error: REVIEW_MESSAGES.sort }).default('recent'),
  fit: z.enum(REVIEW_FITS, { error: REVIEW_MESSAGES.fit }).optional(),
});

/** What the piece's visible reviews add up to. */
export const reviewSummarySchema = z.object({
  count: z.number().int().nonnegative(),
  /** One decimal; null with no reviews. */
  average: z.number().nullable(),
  fit: z.object({
    'runs-small': z.number().int().nonnegative(),
    'true-to-size': z.number().int().nonnegative(),
    'runs-large': z.number().int().nonnegative(),
  }),
  /** 'Most renters who usually wear M took M', from the size most renters gave as their usual. */
  sizeHint: z.string().nullable(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewsResponseSchema = z.object({
  success: z.literal(true),
  summary: reviewSummarySchema,
  reviews: z.array(reviewSchema),
  /** Matching the filter (the summary is always the whole piece's). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pages: z.number().int().nonnegative(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

export const reviewParamsSchema = z.object({
  reviewId: z.uuid({ error: REVIEW_MESSAGES.notFound }),
});

/** POST /api/review/{reviewId}/helpful: once per shopper, again changes nothing. */
export const reviewHelpfulResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  helpful: z.number().int().nonnegative(),
});

/** GET /api/admin/reviews. */
export const adminReviewsQuerySchema = z.object({
  status: z.enum(['visible', 'hidden', 'all'], { error: REVIEW_MESSAGES.status }).default('all'),
  page: reviewsQuerySchema.shape.page,
});

export const adminReviewSchema = reviewSchema.extend({
  product: z.object({ productId: z.string(), name: z.string() }),
  bookingId: z.uuid(),
  authorEmail: z.string().nullable(),
  hiddenAt: z.iso.datetime({ offset: true }).nullable(),
  hiddenReason: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewsResponseSchema = z.object({
  success: z.literal(true),
  reviews: z.array(adminReviewSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pages: z.number().int().nonnegative(),
});

/** POST /api/admin/reviews/{reviewId}/hide. */
export const hideReviewBodySchema = z.object({
  reason: z
    .string({ error: REVIEW_MESSAGES.reason })
    .trim()
    .min(1, { error: REVIEW_MESSAGES.reason })
    .max(300, { error: REVIEW_MESSAGES.reason }),
});

export const adminReviewChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: adminReviewSchema,
});
