import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  productIdParamsSchema,
  reviewBodySchema,
  reviewCreatedResponseSchema,
  reviewHelpfulResponseSchema,
  reviewItemParamsSchema,
  reviewParamsSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  REVIEW_MESSAGES,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { Authenticate } from '../../plugins/auth.js';
import type { Reviews } from './reviews.service.js';

/** Reviews with fit (issue [O] §1; decision 071): read by anyone, written by a line's shopper. */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  reviews: Pick<Reviews, 'create' | 'pageOf' | 'helpful'>;
  authenticate: Authenticate;
}> = async (app, { reviews, authenticate }) => {
  app.get(
    '/product/:id/reviews',
    {
      schema: {
        tags: ['Reviews'],
        summary: "A page of a piece's reviews, with its rating, fit split and size hint",
        description:
          'Visible reviews only (an operator may hide one; it then counts nowhere), 10 a page, newest (`sort=recent`, the default) or most found helpful first, perhaps of one fit. The summary is always the whole piece’s: count, average (one decimal, null with none), how many said it runs small, true to size or large, and a size hint once 3 renters gave their usual size. Reviewers show as first name and city.',
        params: productIdParamsSchema,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return {
        success: true as const,
        ...(await reviews.pageOf(request.params.id, request.query, request.publicOrigin)),
      };
    },
  );

  app.post(
    '/booking/:id/items/:itemId/review',
    {
      onRequest: authenticate,
      schema: {
        tags: ['Reviews'],
        security: NEEDS_SESSION,
        summary: 'Review a piece rented, once it is back',
        description:
          'Only the booking’s shopper (another’s booking is a 404), only once every piece sent for the line has come back (409 before), once per line (409 again). Rating 1–5, fit, the size worn (the line’s size when left out), optional height (120–210 cm), usual size, occasion and up to 1,000 characters.',
        params: reviewItemParamsSchema,
        body: reviewBodySchema,
        response: { 201: reviewCreatedResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const review = await reviews.create(
        request.account!.id,
        request.params.id,
        request.params.itemId,
        request.body,
        request.publicOrigin,
      );
      return reply
        .code(201)
        .send({ success: true as const, message: REVIEW_MESSAGES.created, review });
    },
  );

  app.post(
    '/review/:reviewId/helpful',
    {
      onRequest: authenticate,
      schema: {
        tags: ['Reviews'],
        security: NEEDS_SESSION,
        summary: 'Say a review was helpful (once per shopper; again changes nothing)',
        params: reviewParamsSchema,
        response: { 200: reviewHelpfulResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await reviews.helpful(request.account!.id, request.params.reviewId)),
    }),
  );
};
