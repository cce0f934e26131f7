import { z } from 'zod';
import { MAX_PRODUCT_IMAGES, MAX_UNITS_PER_SIZE } from '../constants/admin-limits.js';
import { CATALOGUE_ADMIN_MESSAGES as M } from '../constants/catalogue-admin-messages.js';
import { productSchema } from './catalogue.js';
import { rupeesSchema } from './common.js';
import { textField } from './text-field.js';

/*
 * The catalogue as operators edit it (issue [K]): every field of SPEC.md §3, sizes with their
 * physical units, filters and images. The category is never sent: the server derives it from the
 * MRP (DECISIONS.md 'Categories').
 */

/** A price in rupees as typed: above 0, at most 2 decimals, below ₹1 crore. */
const priceSchema = z
  .number({ error: M.priceInvalid })
  .positive({ error: M.priceInvalid })
  .max(10_000_000, { error: M.priceInvalid })
  .refine((rupees) => Math.round(rupees * 100) === Math.round(rupees * 100 * 1e6) / 1e6, {
    error: M.priceInvalid,
  });

export const productCodeSchema = z
  .string({ error: M.codeInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{2,29}$/, { error: M.codeInvalid });

export const adminSizeInputSchema = z.object({
  size: textField({ label: 'Size', max: 12 }),
  available: z.boolean(),
  /** Physical pieces in use of this size (retired ones not counted). */
  units: z
    .number({ error: M.unitsInvalid })
    .int({ error: M.unitsInvalid })
    .min(0, { error: M.unitsInvalid })
    .max(MAX_UNITS_PER_SIZE, { error: M.unitsInvalid }),
});

export const adminFilterInputSchema = z.object({
  type: textField({ label: 'Filter type', max: 30 }),
  value: textField({ label: 'Filter value', max: 40 }),
});

/** POST /api/admin/products and PUT /api/admin/products/{id}: the whole product. */
export const adminProductBodySchema = z
  .object({
    productId: productCodeSchema,
    name: textField({ label: 'Name', max: 120 }),
    description: textField({ label: 'Description', max: 2000, multiline: true }),
    condition: textField({ label: 'Condition', max: 200 }),
    mrp: priceSchema,
    twoDayRentalPrice: priceSchema,
    fourDayRentalPrice: priceSchema,
    sevenDayRentalPrice: priceSchema,
    fourteenDayRentalPrice: priceSchema,
    bestseller: z.boolean(),
    isAvailable: z.boolean(),
    sizes: z.array(adminSizeInputSchema).min(1, { error: M.sizeRequired }).max(20),
    filters: z.array(adminFilterInputSchema).max(30),
    /** Image addresses (as the API gave them, or root-relative) in gallery order. */
    images: z.array(z.string().max(500)).max(MAX_PRODUCT_IMAGES, { error: M.tooManyImages }),
    /** On an edit: the `version` the form was opened with; a newer one is a 409. */
    version: z.string().max(40).optional(),
  })
  // Sizes or filters named twice are the service's to refuse: their messages name them.
  .superRefine((body, ctx) => {
    const rentals = [
      body.twoDayRentalPrice,
      body.fourDayRentalPrice,
      body.sevenDayRentalPrice,
      body.fourteenDayRentalPrice,
    ];
    if (rentals.some((price) => price >= body.mrp)) {
      ctx.addIssue({ code: 'custom', message: M.rentalAboveMrp, path: ['mrp'] });
    }
    if (rentals.some((price, i) => i > 0 && price < rentals[i - 1]!)) {
      ctx.addIssue({ code: 'custom', message: M.longerCostsLess, path: ['fourDayRentalPrice'] });
    }
  });
export type AdminProductBody = z.infer<typeof adminProductBodySchema>;

/** A product as operators see it: the shop's shape, each size with its units, and a version. */
export const adminProductSchema = productSchema.extend({
  sizes: z.array(
    z.object({
      size: z.string(),
      available: z.boolean(),
      /** Pieces in use (not retired). */
      units: z.number().int().nonnegative(),
      /** Pieces retired (lost, sold, worn out): kept for their history. */
      retiredUnits: z.number().int().nonnegative(),
    }),
  ),
  /** The tier as the shop names it, e.g. 'Royal · ₹5,000 to ₹10,000 MRP'. */
  categoryLabel: z.string(),
  /** Changes with every save: sent back with an edit so a later save by someone else is not lost. */
  version: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  product: adminProductSchema,
});
export type AdminProductResponse = z.infer<typeof adminProductResponseSchema>;

/** GET /api/admin/products?q=&page=: `q` is part of the name or the code, any case. */
export const adminProductsQuerySchema = z.object({
  q: textField({ label: 'Search', max: 120, required: false }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export const adminProductRowSchema = z.object({
  _id: z.uuid(),
  productId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  category: productSchema.shape.category,
  mrp: rupeesSchema,
  twoDayRentalPrice: rupeesSchema,
  isAvailable: z.boolean(),
  bestseller: z.boolean(),
  sizes: z.number().int().nonnegative(),
  units: z.number().int().nonnegative(),
});
export const adminProductsResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(adminProductRowSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminProductsResponse = z.infer<typeof adminProductsResponseSchema>;

/** POST /api/admin/images: an uploaded photo, stored in the sizes the shop shows. */
export const uploadedImageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The address to put in a product's images (WebP; AVIF served to browsers that take it). */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedImageResponse = z.infer<typeof uploadedImageResponseSchema>;
