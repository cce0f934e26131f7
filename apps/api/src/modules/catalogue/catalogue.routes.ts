import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, productDetailResponseSchema, productIdParamsSchema } from '@pehnava/shared';
import { notFound } from '../../lib/http-error.js';
import { sendEncodedJson } from '../../lib/encoded-reply.js';
import type { CatalogueService } from './catalogue.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  // The list and filter options are served from the catalogue snapshot, already serialized and
  // compressed (see catalogue.service.ts); their shapes are productListResponseSchema and
  // filterOptionsResponseSchema.
  app.get('/product/list', async (request, reply) =>
    sendEncodedJson(request, reply, (await catalogue.snapshot()).listBody),
  );

  app.get('/product/filter-options', async (request, reply) =>
    sendEncodedJson(request, reply, (await catalogue.snapshot()).filterOptionsBody),
  );

  app.get(
    '/product/list/:id',
    { schema: { params: productIdParamsSchema, response: { 200: productDetailResponseSchema } } },
    async (request) => {
      const { id } = request.params;
      const product = UUID.test(id) ? await catalogue.findProduct(id.toLowerCase()) : undefined;
      if (!product) throw notFound(MESSAGES.productNotFound);
      return { success: true as const, product };
    },
  );
};
