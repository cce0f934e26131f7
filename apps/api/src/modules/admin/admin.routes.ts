import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_MESSAGES,
  adminBookingDetailResponseSchema,
  adminBookingsQuerySchema,
  adminBookingsResponseSchema,
  adminCancelBodySchema,
  adminStatusBodySchema,
  adminTrackingBodySchema,
  atRiskChoiceBodySchema,
  atRiskChoiceResponseSchema,
  atRiskResponseSchema,
  bookingIdParamsSchema,
  mayHandleMoney,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import { forbidden } from '../../lib/http-error.js';
import type { Authenticate } from '../../plugins/auth.js';
import type { AtRisk } from '../bookings/at-risk.service.js';
import type { Actor, Cancellation } from '../bookings/cancellation.service.js';
import type { Charges } from '../bookings/charges.service.js';
import type { Fulfilment } from '../bookings/fulfilment.service.js';
import type { Operations } from '../bookings/operations.service.js';
import type { Units } from '../units/units.service.js';
import type { OperatorConsole } from './console.service.js';
import { consoleRoutes } from './console.routes.js';
import { catalogueAdminRoutes } from './catalogue-admin.routes.js';
import { reportsAdminRoutes } from './reports-admin.routes.js';
import { refundsAdminRoutes } from './refunds-admin.routes.js';
import type { RefundsAdmin } from './refunds-admin.service.js';
import type { ReportsAdmin } from './reports-admin.service.js';
import type { ImageUploads } from '../catalogue/image-uploads.js';
import type { ProductAdmin } from '../catalogue/product-admin.service.js';
import { couponsAdminRoutes } from './coupons-admin.routes.js';
import type { CouponsAdmin } from './coupons-admin.service.js';
import { customersRoutes } from './customers.routes.js';
import { shopHealthRoutes } from './shop-health.routes.js';
import type { ShopHealthService } from '../health/shop-health.service.js';
import type { Customers } from './customers.service.js';
import { fulfilmentRoutes } from './fulfilment.routes.js';
import { FOR_STAFF, operatorGuard } from './operator-guard.js';
import { notServedRoutes } from '../pincodes/not-served.routes.js';
import type { NotServed } from '../pincodes/not-served.service.js';
import { reviewsAdminRoutes } from '../reviews/reviews-admin.routes.js';
import type { Reviews } from '../reviews/reviews.service.js';
import type { TaxDocuments } from '../tax-documents/tax-documents.service.js';
import { taxDocumentsAdminRoutes } from './tax-documents-admin.routes.js';

/** The signed-in operator, as the audit trail names them. */
const actorOf = (request: FastifyRequest): Actor => ({
  id: request.account!.id,
  email: request.account!.user.email,
  role: request.account!.user.role,
});

/**
 * Booking operations for the shop's operators: list and read bookings, move them forward, add
 * tracking (admin or staff), cancel before shipping (admin). The guards are added once for the
 * whole scope: a visitor gets 401, a shopper 403, a staff login 403 on a route not FOR_STAFF.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  operations: Operations;
  cancellation: Pick<Cancellation, 'adminCancel'>;
  atRisk: AtRisk;
  fulfilment: Fulfilment;
  units: Units;
  charges: Charges;
  operatorConsole: OperatorConsole;
  productAdmin: ProductAdmin;
  imageUploads: ImageUploads;
  reportsAdmin: ReportsAdmin;
  refundsAdmin: RefundsAdmin;
  couponsAdmin: CouponsAdmin;
  customers: Customers;
  notServed: NotServed;
  reviews: Pick<Reviews, 'adminPage' | 'hide' | 'unhide'>;
  shopHealth: ShopHealthService;
  taxDocuments: Pick<
    TaxDocuments,
    'ofBookingForOperator' | 'pdfOfBookingForOperator' | 'byNumber' | 'pdfByNumber'
  >;
  authenticate: Authenticate;
}> = async (
  app,
  {
    operations: bookings,
    cancellation,
    atRisk,
    fulfilment,
    units,
    charges,
    operatorConsole,
    productAdmin,
    imageUploads,
    reportsAdmin,
    refundsAdmin,
    couponsAdmin,
    customers,
    notServed,
    reviews,
    shopHealth,
    taxDocuments,
    authenticate,
  },
) => {
  app.addHook('onRequest', authenticate);
  app.addHook('onRequest', operatorGuard);
  await app.register(fulfilmentRoutes, { fulfilment, units, charges, operations: bookings });
  await app.register(consoleRoutes, { operatorConsole });
  await app.register(catalogueAdminRoutes, { productAdmin, imageUploads });
  await app.register(reportsAdminRoutes, { reportsAdmin });
  await app.register(refundsAdminRoutes, { refundsAdmin });
  await app.register(couponsAdminRoutes, { couponsAdmin });
  await app.register(customersRoutes, { customers });
  await app.register(notServedRoutes, { notServed });
  await app.register(reviewsAdminRoutes, { reviews });
  await app.register(shopHealthRoutes, { shopHealth });
  await app.register(taxDocumentsAdminRoutes, { taxDocuments });
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };
  const detail = {
    200: adminBookingDetailResponseSchema,
    ...errorResponses(400, 401, 403, 404, 409),
  };

  app.get(
    '/admin/bookings',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Bookings, newest first, filtered by status, payment, start dates or a search',
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        ...(await bookings.adminList(request.query, request.publicOrigin)),
      };
    },
  );

  app.get(
    '/admin/bookings/:id',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'One booking with its shopper, payments, refunds and audit trail',
        params: bookingIdParamsSchema,
        response: detail,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        booking: await bookings.adminDetail(request.params.id.toLowerCase(), request.publicOrigin),
      };
    },
  );

  app.post(
    '/admin/bookings/:id/status',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Move a booking one step: confirmed → processing → shipped → delivered',
        description: 'Anything else is a 409 naming the allowed next step. The shopper is mailed.',
        params: bookingIdParamsSchema,
        body: adminStatusBodySchema,
        response: detail,
      },
    },
    async (request) => {
      const booking = await bookings.advance(
        actorOf(request),
        request.params.id.toLowerCase(),
        request.body.status,
        request.publicOrigin,
      );
      return {
        success: true as const,
        message: ADMIN_MESSAGES.statusChanged(booking.status),
        booking,
      };
    },
  );

  app.post(
    '/admin/bookings/:id/tracking',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Set the courier, tracking id, status and expected delivery the shopper sees',
        params: bookingIdParamsSchema,
        body: adminTrackingBodySchema,
        response: detail,
      },
    },
    async (request) => ({
      success: true as const,
      message: ADMIN_MESSAGES.trackingSaved,
      booking: await bookings.setTracking(
        actorOf(request),
        request.params.id.toLowerCase(),
        request.body,
        request.publicOrigin,
      ),
    }),
  );

  app.post(
    '/admin/bookings/:id/cancel',
    {
      schema: {
        ...docs,
        summary: 'Cancel a paid booking not yet shipped, with a full refund',
        params: bookingIdParamsSchema,
        body: adminCancelBodySchema,
        response: detail,
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      await cancellation.adminCancel(actorOf(request), id, request.body.reason);
      return {
        success: true as const,
        message: ADMIN_MESSAGES.cancelled,
        booking: await bookings.adminDetail(id, request.publicOrigin),
      };
    },
  );

  app.get(
    '/admin/bookings/:id/at-risk',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'A booking’s pieces at risk and the choices for each',
        description:
          'Lines whose reserved piece cannot be made ready and no other of the size was free: every size with whether enough pieces are free for the line’s dates, other pieces at no extra cost (same tier and department, no dearer) free in its size, and what cancelling would refund. Empty `lines` when nothing is at risk.',
        params: bookingIdParamsSchema,
        response: { 200: atRiskResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const choices = await atRisk.choices(
        request.params.id.toLowerCase(),
        { kind: 'operator', actor: actorOf(request) },
        request.publicOrigin,
      );
      return { success: true as const, ...choices };
    },
  );

  app.post(
    '/admin/bookings/:id/at-risk',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Make a choice for a booking at risk: another size, another piece, or cancel',
        description:
          'The same rules as the shopper’s own choice (POST /api/booking/{id}/at-risk). Cancelling refunds money, so it is for admins; staff get 403.',
        params: bookingIdParamsSchema,
        body: atRiskChoiceBodySchema,
        response: {
          200: atRiskChoiceResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      if (request.body.choice === 'cancel' && !mayHandleMoney(request.account!.user.role)) {
        throw forbidden(ADMIN_MESSAGES.needsAdmin);
      }
      return {
        success: true as const,
        ...(await atRisk.choose(
          request.params.id.toLowerCase(),
          { kind: 'operator', actor: actorOf(request) },
          request.body,
          request.publicOrigin,
        )),
      };
    },
  );
};
