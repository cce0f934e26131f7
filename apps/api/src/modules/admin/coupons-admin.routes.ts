import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_COUPON_MESSAGES,
  adminCouponCreateBodySchema,
  adminCouponIdParamsSchema,
  adminCouponPatchBodySchema,
  adminCouponResponseSchema,
  adminCouponsQuerySchema,
  adminCouponsResponseSchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { CouponsAdmin } from './coupons-admin.service.js';

/**
 * The console's Coupons screen (issue [K]). Registered inside adminRoutes, whose guards cover
 * them; none is FOR_STAFF: coupons are prices, an admin's alone.
 */
export const couponsAdminRoutes: FastifyPluginAsyncZod<{ couponsAdmin: CouponsAdmin }> = async (
  app,
  { couponsAdmin },
) => {
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };
  const one = { 200: adminCouponResponseSchema, ...errorResponses(400, 401, 403, 404, 409) };

  app.get(
    '/admin/coupons',
    {
      schema: {
        ...docs,
        summary: 'Coupons, newest first, with their uses held and counted',
        description:
          '`q` finds codes or descriptions containing it, in any case; `active` keeps active (true) or paused (false) ones. 25 a page.',
        querystring: adminCouponsQuerySchema,
        response: { 200: adminCouponsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await couponsAdmin.list(request.query)) };
    },
  );

  app.get(
    '/admin/coupons/:id',
    {
      schema: {
        ...docs,
        summary: 'One coupon with every attribute and its uses',
        params: adminCouponIdParamsSchema,
        response: one,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, coupon: await couponsAdmin.read(request.params.id) };
    },
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        ...docs,
        summary: 'Create a coupon',
        description:
          'Money in rupees (at most 2 decimals); a percent coupon takes a whole percent. The code is stored upper-case; a code already taken, in any case, is a 409.',
        body: adminCouponCreateBodySchema,
        response: { ...one, 201: adminCouponResponseSchema },
      },
    },
    async (request, reply) => {
      const coupon = await couponsAdmin.create(request.body);
      return reply.code(201).send({
        success: true as const,
        message: ADMIN_COUPON_MESSAGES.created(coupon.code),
        coupon,
      });
    },
  );

  app.patch(
    '/admin/coupons/:id',
    {
      schema: {
        ...docs,
        summary: 'Edit any attribute of a coupon; `active: false` pauses it',
        description:
          'Attributes left out are kept; the coupon as merged must still hold together (the end after the start, uses per shopper within the total). A paused coupon is refused when applied and at checkout; uses already held or counted stay.',
        params: adminCouponIdParamsSchema,
        body: adminCouponPatchBodySchema,
        response: one,
      },
    },
    async (request) => ({
      success: true as const,
      ...(await couponsAdmin.update(request.params.id, request.body)),
    }),
  );
};
