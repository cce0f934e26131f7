import type { FastifyRequest } from 'fastify';
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

/**
 * An empty DELETE body is no body, whatever its Content-Type says (clients that set
 * `content-type: application/json` on every call send one); JSON's parser would refuse it.
 */
async function emptyBodyIsNoBody(request: FastifyRequest): Promise<void> {
  const { headers } = request;
  const length = headers['content-length'];
  if ((length === undefined || length === '0') && headers['transfer-encoding'] === undefined) {
    delete headers['content-type'];
  }
}

export const cartRoutes: FastifyPluginAsyncZod<{
  cart: CartService;
  authenticate: Authenticate;
}> = async (app, { cart, authenticate }) => {
  app.get(
    '/cart',
    { onRequest: authenticate, schema: { response: { 200: cartResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await cart.view(request.account!.id)) };
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
      onRequest: [authenticate, emptyBodyIsNoBody],
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
    {
      onRequest: [authenticate, emptyBodyIsNoBody],
      schema: { response: { 200: cartChangeResponseSchema } },
    },
    async (request) => {
      await cart.clear(request.account!.id);
      return { success: true as const, message: MESSAGES.cartCleared };
    },
  );
};
