import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { HttpError } from '../../lib/http-error.js';
import { MAX_UPLOAD_BYTES } from '../catalogue/image-uploads.js';
import type { Reviews } from './reviews.service.js';

/** The photo types a review takes, as the request's Content-Type. */
const REVIEW_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Reviews with fit (issue [O] §1; decision 071): read by anyone, written by a line's shopper. */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  reviews: Pick<Reviews, 'create' | 'pageOf' | 'helpful' | 'addPhoto'>;
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
      // Asked again each time (answered 304 by its ETag when unchanged): a shopper's own review
      // or vote shows at once.
      reply.header('cache-control', 'no-cache');
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

  // A review photo comes as its own bytes with its type; any type is read here so that what is
  // not a photo gets the review's own 422, not a generic refusal.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/review/:reviewId/photos',
      {
        onRequest: authenticate,
        schema: {
          tags: ['Reviews'],
          security: NEEDS_SESSION,
          summary: 'Add a photo to your review (up to 3)',
          description:
            'The photo as the raw body with its Content-Type: JPEG, PNG or WebP of at most 10 MB, else a 422 and nothing stored. Turned upright and fitted within 1200 × 1200, as WebP (and AVIF for browsers that take it); its metadata, GPS included, is dropped and the original is not kept. Another shopper’s review is a 404; a fourth photo a 409.',
          params: reviewParamsSchema,
          response: {
            200: reviewCreatedResponseSchema,
            ...errorResponses(400, 401, 404, 409, 413, 422),
          },
        },
      },
      async (request) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!REVIEW_PHOTO_TYPES.includes(type) || !Buffer.isBuffer(request.body)) {
          throw new HttpError(422, REVIEW_MESSAGES.photoType);
        }
        return {
          success: true as const,
          ...(await reviews.addPhoto(
            request.account!.id,
            request.params.reviewId,
            request.body,
            request.publicOrigin,
          )),
        };
      },
    );
  });

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
