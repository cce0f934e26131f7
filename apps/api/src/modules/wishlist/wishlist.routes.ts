import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  wishlistChangeResponseSchema,
  wishlistProductBodySchema,
  wishlistResponseSchema,
  wishlistStatusBodySchema,
  wishlistStatusResponseSchema,
} from '@pehnava/shared';
import type { Authenticate } from '../../plugins/auth.js';
import type { WishlistService } from './wishlist.service.js';

export const wishlistRoutes: FastifyPluginAsyncZod<{
  wishlist: WishlistService;
  authenticate: Authenticate;
}> = async (app, { wishlist, authenticate }) => {
  app.get(
    '/wishlist/get',
    { onRequest: authenticate, schema: { response: { 200: wishlistResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, wishlist: await wishlist.list(request.account!.id) };
    },
  );

  app.post(
    '/wishlist/add',
    {
      onRequest: authenticate,
      schema: { body: wishlistProductBodySchema, response: { 200: wishlistChangeResponseSchema } },
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
      schema: { body: wishlistProductBodySchema, response: { 200: wishlistChangeResponseSchema } },
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
      schema: { body: wishlistStatusBodySchema, response: { 200: wishlistStatusResponseSchema } },
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
