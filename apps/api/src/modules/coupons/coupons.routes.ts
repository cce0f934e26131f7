import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applyCouponBodySchema, applyCouponResponseSchema } from '@pehnava/shared';
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
      schema: { body: applyCouponBodySchema, response: { 200: applyCouponResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await coupons.apply(request.account!.id, request.body.code)),
    }),
  );
};
