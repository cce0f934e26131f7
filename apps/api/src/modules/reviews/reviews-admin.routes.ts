import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReviewChangeResponseSchema,
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  hideReviewBodySchema,
  reviewParamsSchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { Reviews } from './reviews.service.js';

/**
 * The console's reviews (issue [O] §1; decision 071). Registered inside adminRoutes, whose guards
 * cover them; none is FOR_STAFF: what the shop shows shoppers is an admin's decision.
 */
export const reviewsAdminRoutes: FastifyPluginAsyncZod<{
  reviews: Pick<Reviews, 'adminPage' | 'hide' | 'unhide'>;
}> = async (app, { reviews }) => {
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };
  app.get(
    '/admin/reviews',
    {
      schema: {
        ...docs,
        summary: 'Reviews, newest first, visible, hidden or all, with their authors',
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        ...(await reviews.adminPage(
          request.query.status,
          request.query.page,
          request.publicOrigin,
        )),
      };
    },
  );

  app.post(
    '/admin/reviews/:reviewId/hide',
    {
      schema: {
        ...docs,
        summary: 'Hide a review, mailing its author the reason',
        description:
          'It then shows nowhere and counts in no rating. Hiding one hidden already is a 409 and mails nobody.',
        params: reviewParamsSchema,
        body: hideReviewBodySchema,
        response: {
          200: adminReviewChangeResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await reviews.hide(
        request.params.reviewId,
        request.body.reason,
        request.account!.id,
        request.publicOrigin,
      )),
    }),
  );

  app.post(
    '/admin/reviews/:reviewId/unhide',
    {
      schema: {
        ...docs,
        summary: 'Show a hidden review again',
        params: reviewParamsSchema,
        response: {
          200: adminReviewChangeResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await reviews.unhide(request.params.reviewId, request.publicOrigin)),
    }),
  );
};
