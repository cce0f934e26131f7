import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applyCouponBodySchema, applyCouponResponseSchema } from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { Authenticate } from '../../plugins/auth.js';
import type { CouponsService } from './coupons.service.js';

export const couponsRoutes: FastifyPluginAsyncZod<{
  coupons: CouponsService;
  authenticate: Authenticate;
}> = async (app, { coupons, authenticate }) => {
  // The body's `subtotal` is accepted and ignored: the coupon applies to the shopper's own cart.
  app.post(
    '/coupon/apply',
    {
      onRequest: authenticate,
      schema: {
        tags: ['Coupons'],
        security: NEEDS_SESSION,
        summary: "Apply a coupon to the shopper's own cart",
        description:
          'The discount is worked out on the server from the cart; a subtotal in the body is ignored. Nothing is held.',
        body: applyCouponBodySchema,
        response: { 200: applyCouponResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await coupons.apply(request.account!.id, request.body.code)),
    }),
  );
};
