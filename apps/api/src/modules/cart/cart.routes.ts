import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  addToCartBodySchema,
  cartChangeResponseSchema,
  cartProductParamsSchema,
  cartResponseSchema,
  removeFromCartBodySchema,
} from '@pehnava/shared';
import type { Authenticate } from '../../plugins/auth.js';
import type { CartService } from './cart.service.js';

export const cartRoutes: FastifyPluginAsyncZod<{
  cart: CartService;
  authenticate: Authenticate;
}> = async (app, { cart, authenticate }) => {
  // The cart is read in the same statement as the session's account (decision 040).
  const cartGuard = authenticate.reading((userId) => cart.viewWithAccount(userId));
  app.get(
    '/cart',
    { onRequest: cartGuard.hook, schema: { response: { 200: cartResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...cartGuard.data(request) };
    },
  );

  app.post(
    '/cart/add',
    {
      onRequest: authenticate,
      schema: { body: addToCartBodySchema, response: { 200: cartChangeResponseSchema } },
    },
    async (request) => {
      await cart.add(request.account!.id, request.body);
      return { success: true as const, message: MESSAGES.addedToCart };
    },
  );

  app.delete(
    '/cart/remove/:productId',
    {
      onRequest: authenticate,
      schema: {
        params: cartProductParamsSchema,
        body: removeFromCartBodySchema,
        response: { 200: cartChangeResponseSchema },
      },
    },
    async (request) => {
      await cart.remove(request.account!.id, request.params.productId, request.body);
      return { success: true as const, message: MESSAGES.removedFromCart };
    },
  );

  app.delete(
    '/cart/clear',
    { onRequest: authenticate, schema: { response: { 200: cartChangeResponseSchema } } },
    async (request) => {
      await cart.clear(request.account!.id);
      return { success: true as const, message: MESSAGES.cartCleared };
    },
  );
};
