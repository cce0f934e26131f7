import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_MESSAGES,
  adminRefundsQuerySchema,
  adminRefundsResponseSchema,
  refundIdParamsSchema,
  refundRetryResponseSchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { RefundsAdmin } from './refunds-admin.service.js';

/**
 * Refunds pending or failed, and retrying a failed one (issue [K]). Inside adminRoutes, whose
 * guards cover them; admins only (refunds are not a packer's).
 */
export const refundsAdminRoutes: FastifyPluginAsyncZod<{ refundsAdmin: RefundsAdmin }> = async (
  app,
  { refundsAdmin },
) => {
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };

  app.get(
    '/admin/refunds',
    {
      schema: {
        ...docs,
        summary: 'Refunds failed (the default) or still pending at the provider, oldest first',
        querystring: adminRefundsQuerySchema,
        response: { 200: adminRefundsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await refundsAdmin.list(request.query)) };
    },
  );

  app.post(
    '/admin/refunds/:id/retry',
    {
      schema: {
        ...docs,
        summary: 'Put a failed refund back in the queue, to be asked of the provider now',
        description:
          'A refund the provider never made is asked again under the same idempotency key (it can never be paid twice); one the provider made and failed is asked anew. Only a failed refund moves: otherwise 409.',
        params: refundIdParamsSchema,
        response: { 200: refundRetryResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: ADMIN_MESSAGES.refundRetried,
      refund: await refundsAdmin.retry(request.params.id.toLowerCase()),
    }),
  );
};
