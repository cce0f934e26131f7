import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  filterOptionsResponseSchema,
  productDetailResponseSchema,
  productIdParamsSchema,
  productListResponseSchema,
} from '@pehnava/shared';
import { errorResponses } from '../../lib/api-docs.js';
import { notFound } from '../../lib/http-error.js';
import { sendEncodedJson } from '../../lib/encoded-body.js';
import type { CatalogueService } from './catalogue.service.js';

const tags = ['Catalogue'];

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  // Served from the catalogue snapshot, already serialized and compressed (catalogue.service.ts),
  // so the response schemas below document the answers rather than serialize them; the API tests
  // check every answer against them. Nothing to compress or decompress here, so @fastify/compress
  // adds no hooks to these routes (decision 040).
  const encoded = { compress: false, decompress: false } as const;
  app.get(
    '/product/list',
    {
      ...encoded,
      schema: {
        tags,
        summary: 'Every product in the catalogue',
        description:
          'Image URLs are absolute. Answers carry an ETag; send it back in If-None-Match for a 304.',
        response: { 200: productListResponseSchema },
      },
    },
    async (request, reply) =>
      sendEncodedJson(request, reply, await catalogue.listBody(request.publicOrigin)),
  );

  app.get(
    '/product/filter-options',
    {
      ...encoded,
      schema: {
        tags,
        summary: 'The filter values in use, by filter type',
        response: { 200: filterOptionsResponseSchema },
      },
    },
    async (request, reply) =>
      sendEncodedJson(request, reply, (await catalogue.snapshot()).filterOptionsBody),
  );

  app.get(
    '/product/list/:id',
    {
      ...encoded,
      schema: {
        tags,
        summary: 'One product, by its _id or its product code',
        description:
          "The code (e.g. PHN-LEH-0047) is matched in any case; the product's _id stays its canonical address.",
        params: productIdParamsSchema,
        response: { 200: productDetailResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const body = await catalogue.productBody(request.params.id, request.publicOrigin);
      if (!body) throw notFound(MESSAGES.productNotFound);
      return sendEncodedJson(request, reply, body);
    },
  );
};
