import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  wishlistChangeResponseSchema,
  wishlistProductBodySchema,
  wishlistResponseSchema,
  wishlistStatusBodySchema,
  wishlistStatusResponseSchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import { withImageOrigin } from '../../lib/image-urls.js';
import type { Authenticate } from '../../plugins/auth.js';
import type { WishlistService } from './wishlist.service.js';

export const wishlistRoutes: FastifyPluginAsyncZod<{
  wishlist: WishlistService;
  authenticate: Authenticate;
}> = async (app, { wishlist, authenticate }) => {
  const docs = { tags: ['Wishlist'], security: NEEDS_SESSION };
  app.get(
    '/wishlist/get',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: 'The saved products, newest first',
        response: { 200: wishlistResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const products = await wishlist.list(request.account!.id);
      return {
        success: true as const,
        wishlist: products.map((product) => withImageOrigin(product, request.publicOrigin)),
      };
    },
  );

  app.post(
    '/wishlist/add',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: 'Save a product',
        body: wishlistProductBodySchema,
        response: { 200: wishlistChangeResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await wishlist.add(request.account!.id, request.body.productId);
      return { success: true as const, message: MESSAGES.addedToWishlist };
    },
  );

  app.post(
    '/wishlist/remove',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: 'Remove a saved product (removing one that is not saved is not an error)',
        body: wishlistProductBodySchema,
        response: { 200: wishlistChangeResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await wishlist.remove(request.account!.id, request.body.productId);
      return { success: true as const, message: MESSAGES.removedFromWishlist };
    },
  );

  app.post(
    '/wishlist/status',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: 'Which of these products are saved',
        body: wishlistStatusBodySchema,
        response: { 200: wishlistStatusResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        inWishlist: await wishlist.status(request.account!.id, request.body.productIds),
      };
    },
  );
};
