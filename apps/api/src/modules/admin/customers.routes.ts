import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCustomerDetailResponseSchema,
  adminCustomersQuerySchema,
  adminCustomersResponseSchema,
  anonymiseCustomerBodySchema,
  anonymiseCustomerResponseSchema,
  customerIdParamsSchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { Customers } from './customers.service.js';

/**
 * The Customers screen's API (issue [K]). Registered inside adminRoutes, whose guards cover it;
 * none is FOR_STAFF: a customer's details and their removal are an admin's only.
 */
export const customersRoutes: FastifyPluginAsyncZod<{ customers: Customers }> = async (
  app,
  { customers },
) => {
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };

  app.get(
    '/admin/customers',
    {
      schema: {
        ...docs,
        summary: 'Accounts, newest first, found by name, e-mail or phone',
        description:
          '`q` matches any part of the name or e-mail in any case, or (4 digits or more, spaces, signs and +91 ignored) the account phone or a delivery phone of their bookings. 25 a page, with the plan, paid bookings and charges due of each.',
        querystring: adminCustomersQuerySchema,
        response: { 200: adminCustomersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await customers.list(request.query)) };
    },
  );

  app.get(
    '/admin/customers/:id',
    {
      schema: {
        ...docs,
        summary: "One customer: profile, plan, newest bookings, charges due and mails' subjects",
        params: customerIdParamsSchema,
        response: {
          200: adminCustomerDetailResponseSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        ...(await customers.detail(request.params.id.toLowerCase())),
      };
    },
  );

  app.post(
    '/admin/customers/:id/anonymise',
    {
      schema: {
        ...docs,
        summary: 'Anonymise a customer on their request, as deleting their account does',
        description:
          "Removes the user, cart, wishlist, subscription and every session; paid bookings are kept for the accounts without name, phone and street, each noting who did it and why. Not for an operator's account or your own (409); a removed account is a 404.",
        params: customerIdParamsSchema,
        body: anonymiseCustomerBodySchema,
        response: {
          200: anonymiseCustomerResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const operator = request.account!;
      return {
        success: true as const,
        ...(await customers.anonymise(
          { id: operator.id, email: operator.user.email, role: operator.user.role },
          request.params.id.toLowerCase(),
          request.body.reason,
        )),
      };
    },
  );
};
