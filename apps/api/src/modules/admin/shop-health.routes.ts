import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopHealthResponseSchema } from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { ShopHealthService } from '../health/shop-health.service.js';

/**
 * Today's health line (decision 075): the mail outbox, refunds and the payments' reconciliation.
 * Inside adminRoutes, whose guards cover it; admins only (refunds are not a packer's).
 */
export const shopHealthRoutes: FastifyPluginAsyncZod<{ shopHealth: ShopHealthService }> = async (
  app,
  { shopHealth },
) => {
  app.get(
    '/admin/health',
    {
      schema: {
        tags: ['Admin'],
        security: NEEDS_SESSION,
        summary: "The shop's background work: mail waiting, refunds pending or failed, payments",
        description:
          'Mail in the outbox not sent yet and how long the oldest has waited; refunds still pending at the provider and failed ones; unpaid orders the reconciliation still watches and those it is late with. `attention` names what needs a person: mail waiting over 15 minutes, any failed refund, an order the reconciliation is over 10 minutes late with.',
        response: { 200: shopHealthResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await shopHealth.read()) };
    },
  );
};
