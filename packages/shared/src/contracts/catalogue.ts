import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../constants/categories.js';
import { MESSAGES } from '../constants/messages.js';
import { REVIEWS_FOR_CARD_RATING } from '../constants/review-messages.js';
import { rupeesSchema } from './common.js';
import { textField } from './text-field.js';

/**
 * A product id as a request sends it (body or path). Which product it names, if any, is the
 * service's question; an empty one names none.
 */
export const productIdSchema = textField({
  label: 'Product id',
  max: 100,
  messages: { required: MESSAGES.productNotFound, notText: MESSAGES.productNotFound },
});

export const productSizeSchema = z.object({
  size: z.string(),
  available: z.boolean(),
});

export const productFilterSchema = z.object({
  type: z.string(),
  value: z.string(),
});

/**
 * A piece's visible reviews as its card shows them (DECISIONS.md 'Reviews and fit'): the average
 * to one decimal and how many, once there are REVIEWS_FOR_CARD_RATING of them.
 */
export const productRatingSchema = z.object({
  average: z.number().min(1).max(5),
  count: z.number().int().min(REVIEWS_FOR_CARD_RATING),
});
export type ProductRating = z.infer<typeof productRatingSchema>;

/** A product as the API returns it (SPEC.md §3). Money in rupees. */
export const productSchema = z.object({
  _id: z.uuid(),
  productId: z.string(),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  mrp: rupeesSchema,
  twoDayRentalPrice: rupeesSchema,
  fourDayRentalPrice: rupeesSchema,
  sevenDayRentalPrice: rupeesSchema,
  fourteenDayRentalPrice: rupeesSchema,
  category: z.enum(PRODUCT_CATEGORIES),
  condition: z.string(),
  bestseller: z.boolean(),
  isAvailable: z.boolean(),
  /** Listing date, ISO 8601. */
  date: z.iso.datetime({ offset: true }),
  sizes: z.array(productSizeSchema),
  filters: z.array(productFilterSchema),
  rating: productRatingSchema
    .optional()
    .describe(
      `The average of its visible reviews (one decimal) and their count; present once it has ${REVIEWS_FOR_CARD_RATING}`,
    ),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productDetailResponseSchema = z.object({
  success: z.literal(true),
  product: productSchema,
});
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

export const productIdParamsSchema = z.object({ id: productIdSchema });

/** Filter type to its values, e.g. { category: ['Women', 'Men'], subCategory: [...] }. */
export const filterOptionsSchema = z.record(z.string(), z.array(z.string()));
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

export const filterOptionsResponseSchema = z.object({
  success: z.literal(true),
  filterOptions: filterOptionsSchema,
});
export type FilterOptionsResponse = z.infer<typeof filterOptionsResponseSchema>;
