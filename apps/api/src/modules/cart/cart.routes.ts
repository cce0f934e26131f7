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
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import { sendEncodedJson } from '../../lib/encoded-body.js';
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
  const docs = { tags: ['Cart'], security: NEEDS_SESSION };
  // The cart is read in the same statement as the session's account (decision 040), or from
  // memory while nothing it was read from has changed (decision 058), and sent as serialized and
  // compressed once for that read: the response schema documents it (the API tests check every
  // answer against it), and @fastify/compress adds no hooks here.
  const cartGuard = authenticate.reading((userId, request) =>
    cart.answerWithAccount(userId, request.publicOrigin),
  );
  app.get(
    '/cart',
    {
      onRequest: cartGuard.hook,
      compress: false,
      decompress: false,
      schema: {
        ...docs,
        summary: 'The cart: entries in the order added, their total and the delivery fee',
        response: { 200: cartResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      sendEncodedJson(request, reply, cartGuard.data(request), 'private, no-store'),
  );

  app.post(
    '/cart/add',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: 'Add a product for a size, duration and start date',
        description:
          'The server checks every rule again, forces 14 days on Plus and Pro and sets the price from the plan.',
        body: addToCartBodySchema,
        response: { 200: cartChangeResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
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
        ...docs,
        summary:
          'Remove the entry for a product (size, duration and start date, when sent, must match)',
        params: cartProductParamsSchema,
        body: removeFromCartBodySchema,
        response: { 200: cartChangeResponseSchema, ...errorResponses(400, 401, 404) },
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
      schema: {
        ...docs,
        summary: 'Empty the cart',
        response: { 200: cartChangeResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await cart.clear(request.account!.id);
      return { success: true as const, message: MESSAGES.cartCleared };
    },
  );
};
