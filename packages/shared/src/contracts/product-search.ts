import { z } from 'zod';
import { CATALOGUE_SORTS } from '../catalogue/query.js';
import {
  PRODUCT_SEARCH_LIMITS as LIMITS,
  PRODUCT_SEARCH_MESSAGES as M,
  PRODUCT_SEARCH_PARAMS,
} from '../constants/product-search.js';
import { productSchema } from './catalogue.js';
import { textField } from './text-field.js';

/*
 * GET /api/products: the collection searched, filtered, sorted and paged on the server, with the
 * counts its filter groups show (docs/decisions/056).
 */

/** A whole number in 1…max, as a query string carries it (digits only: not '1.0', '1e3', ' 1'). */
const wholeNumber = (max: number, message: string, fallback: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,7}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: message }).max(max, { error: message }))
    .optional()
    .transform((n) => n ?? fallback);

/** One ticked value, or several (`?occasion=Wedding&occasion=Mehendi`); blank values count as none. */
const filterValuesSchema = z
  .preprocess(
    (values) => (typeof values === 'string' ? [values] : values),
    z
      .array(textField({ label: 'Filter value', max: LIMITS.filterValueMax, required: false }), {
        error: M.filterValueInvalid,
      })
      .max(LIMITS.valuesPerGroup, { error: M.tooManyValues }),
  )
  .transform((values) => [...new Set(values)].filter((value) => value !== ''));

const reserved = new Set<string>(PRODUCT_SEARCH_PARAMS);

/**
 * The query string. Besides the named parameters, every parameter is a filter group named by its
 * filter type (`category`, `subCategory`, `occasion`, `colour`, …), repeated for several values.
 * Whether a name is a filter type in use is the service's check (400 'Unknown filter: …').
 */
export const productSearchQuerySchema = z
  .object({
    q: textField({ label: 'Search', max: LIMITS.queryMax, required: false })
      .optional()
      .describe(
        'Words searched in names and descriptions: whole words, plurals, the start of a word and small misspellings match. Blank means no text search.',
      ),
    sort: z
      .enum(CATALOGUE_SORTS, { error: M.sortInvalid })
      .optional()
      .transform((sort) => sort ?? 'relevant')
      .describe(
        "relevant (default: best text match first with q, else the catalogue's order), newest, price-low-high and price-high-low (two-day rental price), low-high and high-low (MRP). Ties keep the catalogue's order.",
      ),
    page: wholeNumber(LIMITS.pageMax, M.pageInvalid, 1).describe(
      `From 1 (default) to ${LIMITS.pageMax}`,
    ),
    pageSize: wholeNumber(LIMITS.pageSizeMax, M.pageSizeInvalid, LIMITS.pageSizeDefault).describe(
      `Products per page, 1 to ${LIMITS.pageSizeMax} (default ${LIMITS.pageSizeDefault})`,
    ),
    bestseller: z
      .enum(['true', 'false'], { error: M.bestsellerInvalid })
      .optional()
      .transform((flag) => (flag === undefined ? undefined : flag === 'true'))
      .describe('true: only bestsellers; false: only the others'),
  })
  .catchall(filterValuesSchema)
  .superRefine((query, ctx) => {
    const groups = Object.keys(query).filter((key) => !reserved.has(key));
    if (groups.length > LIMITS.groups) ctx.addIssue({ code: 'custom', message: M.tooManyGroups });
  });
export type ProductSearchQuery = z.output<typeof productSearchQuerySchema>;

export const facetValueSchema = z.object({
  value: z.string(),
  count: z.number().int().nonnegative(),
});
export type FacetValue = z.infer<typeof facetValueSchema>;

export const productFacetsSchema = z
  .record(z.string(), z.array(facetValueSchema))
  .describe(
    [
      'Every filter type in use, in the order GET /api/product/filter-options gives (category and',
      'subCategory first; category values in catalogue order, other values alphabetical), each with',
      'every value in use, including those counted 0. A value’s count is the number of products',
      'that match q, bestseller and the values ticked in every OTHER group, and have this value:',
      'for a group with nothing ticked, how many products ticking the value would show; for a',
      'group with ticks, how many products the value brings in OR (a ticked value counts the',
      'products it matches itself). The counts of a group ignore its own ticks, so ticking a value',
      'never changes the other values’ counts in its group.',
    ].join(' '),
  );
export type ProductFacets = z.infer<typeof productFacetsSchema>;

export const productSearchResponseSchema = z.object({
  success: z.literal(true),
  /** This page of the matching products, in the sort asked for; image URLs absolute. */
  products: z.array(productSchema),
  /** How many products match, over all pages. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  facets: productFacetsSchema,
});
export type ProductSearchResponse = z.infer<typeof productSearchResponseSchema>;

/** GET /api/product/list/{id}/related: up to 5 others of the same category and subCategory. */
export const relatedProductsResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
});
export type RelatedProductsResponse = z.infer<typeof relatedProductsResponseSchema>;
