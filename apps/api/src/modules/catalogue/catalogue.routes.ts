import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, productIdParamsSchema } from '@pehnava/shared';
import { notFound } from '../../lib/http-error.js';
import { sendEncodedJson } from '../../lib/encoded-body.js';
import type { CatalogueService } from './catalogue.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  // Served from the catalogue snapshot, already serialized and compressed (catalogue.service.ts).
  // Shapes: productListResponseSchema, filterOptionsResponseSchema, productDetailResponseSchema;
  // the API tests check every response against them. Nothing to compress or decompress here, so
  // @fastify/compress adds no hooks to these routes (decision 040).
  const encoded = { compress: false, decompress: false } as const;
  app.get('/product/list', encoded, async (request, reply) =>
    sendEncodedJson(request, reply, (await catalogue.snapshot()).listBody),
  );

  app.get('/product/filter-options', encoded, async (request, reply) =>
    sendEncodedJson(request, reply, (await catalogue.snapshot()).filterOptionsBody),
  );

  app.get(
    '/product/list/:id',
    { ...encoded, schema: { params: productIdParamsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const body = UUID.test(id) ? await catalogue.productBody(id.toLowerCase()) : undefined;
      if (!body) throw notFound(MESSAGES.productNotFound);
      return sendEncodedJson(request, reply, body);
    },
  );
};
