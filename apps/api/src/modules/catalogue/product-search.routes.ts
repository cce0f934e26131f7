import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  PRODUCT_SEARCH_LIMITS as LIMITS,
  productIdParamsSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
  relatedProductsResponseSchema,
} from '@pehnava/shared';
import { errorResponses } from '../../lib/api-docs.js';
import { sendEncodedJson } from '../../lib/encoded-body.js';
import { notFound } from '../../lib/http-error.js';
import { withImageOrigin } from '../../lib/image-urls.js';
import type { ProductSearch } from './product-search.service.js';

const tags = ['Catalogue'];

const SEARCH_DESCRIPTION = [
  'The collection, searched, filtered, sorted and paged on the server. Public.',
  '',
  'Besides `q`, `sort`, `page`, `pageSize` and `bestseller`, every query parameter is a filter',
  'group named by its filter type (`category`, `subCategory`, `occasion`, `colour`, … as',
  '`facets` lists them), repeated for several values:',
  '`?occasion=Wedding&occasion=Mehendi&colour=Red`. Groups combine with AND, the values of a',
  `group with OR. At most ${LIMITS.groups} groups of ${LIMITS.valuesPerGroup} values, each at`,
  `most ${LIMITS.filterValueMax} characters; a name that is not a filter type in use is a 400`,
  "('Unknown filter: …'); a value no product has matches nothing.",
  '',
  '`q` searches names (weighted above) and descriptions: whole words, plurals (lehengas,',
  'sarees), the start of a word (sherw) and small misspellings of a word no product has',
  '(lehnga), all words together. Text with no word in it (punctuation, emoji) searches nothing.',
  '',
  'A page past the end has no products and the true `total`. Image URLs are absolute. Home uses',
  '`?bestseller=true&pageSize=5` (Best Sellers) and `?pageSize=10` (Latest Collections).',
].join('\n');

/**
 * GET /api/products (the collection on the server) and GET /api/product/list/{id}/related.
 * Both public; answers are validated and serialized against their contracts like any route.
 */
export const productSearchRoutes: FastifyPluginAsyncZod<{ productSearch: ProductSearch }> = async (
  app,
  { productSearch },
) => {
  // Answers are kept serialized and compressed (product-search.service.ts), so the response schema
  // documents the answer rather than serializes it (the API tests check every answer against it),
  // and @fastify/compress adds no hooks here (decision 040).
  app.get(
    '/products',
    {
      compress: false,
      decompress: false,
      schema: {
        tags,
        summary: 'Search, filter, sort and page the collection, with the counts of every filter',
        description: SEARCH_DESCRIPTION,
        querystring: productSearchQuerySchema,
        response: { 200: productSearchResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      sendEncodedJson(
        request,
        reply,
        await productSearch.searchBody(request.query, request.publicOrigin),
      ),
  );

  app.get(
    '/product/list/:id/related',
    {
      schema: {
        tags,
        summary: 'Up to 5 other products of the same category and subCategory, chosen at random',
        description:
          "By the product's _id or its code, as /product/list/{id}. A new random choice on every call; image URLs are absolute.",
        params: productIdParamsSchema,
        response: { 200: relatedProductsResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const products = await productSearch.related(request.params.id);
      if (!products) throw notFound(MESSAGES.productNotFound);
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        products: products.map((p) => withImageOrigin(p, request.publicOrigin)),
      };
    },
  );
};
