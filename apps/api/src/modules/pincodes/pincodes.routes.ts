import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pincodeParamsSchema, pincodeResponseSchema } from '@pehnava/shared';
import { errorResponses } from '../../lib/api-docs.js';
import type { Pincodes } from './pincodes.service.js';

export const pincodesRoutes: FastifyPluginAsyncZod<{ pincodes: Pick<Pincodes, 'lookup'> }> = async (
  app,
  { pincodes },
) => {
  app.get(
    '/pincode/:pincode',
    {
      schema: {
        tags: ['Delivery'],
        summary:
          'A pincode: its city, district and state, whether the shop delivers there, and when',
        description:
          'From India Post’s directory (GeoNames’ postal codes of India, CC BY 4.0). `transitDays` from the warehouse by DECISIONS.md ‘Delivery promise’; `earliestStartDate` is today in India plus those days. A pincode India Post does not know is a 404 with a clear message.',
        params: pincodeParamsSchema,
        response: { 200: pincodeResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      // The directory changes with a release; the earliest start with the day.
      reply.header('cache-control', 'public, max-age=600');
      return { success: true as const, ...pincodes.lookup(request.params.pincode) };
    },
  );
};
