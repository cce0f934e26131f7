import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notServedCreateBodySchema,
  notServedCreatedResponseSchema,
  notServedListResponseSchema,
  notServedParamsSchema,
  notServedRemovedResponseSchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { NotServed } from './not-served.service.js';

/**
 * The console's Pincodes screen (issue [O] §3; decision 068). Registered inside adminRoutes,
 * whose guards cover them; none is FOR_STAFF: where the shop sells is an admin's decision.
 */
export const notServedRoutes: FastifyPluginAsyncZod<{ notServed: NotServed }> = async (
  app,
  { notServed },
) => {
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };

  app.get(
    '/admin/pincodes/not-served',
    {
      schema: {
        ...docs,
        summary: 'Pincodes and prefixes the shop does not deliver to',
        description:
          'Those of `NOT_SERVED_PINCODES` (`source: configuration`, no date, not removable here) and those operators listed (`source: console`), by prefix, each with how many pincodes of India Post’s directory begin with it. Checkout refuses every pincode they cover; GET /api/pincode/{pincode} says `served: false`.',
        response: { 200: notServedListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, notServed: await notServed.list() };
    },
  );

  app.post(
    '/admin/pincodes/not-served',
    {
      schema: {
        ...docs,
        summary: 'Stop delivering to a pincode or to every pincode beginning with a prefix',
        description:
          'A prefix is 1 to 6 digits, the first not 0; `note` (up to 200 characters) says why. Refused with 400 when no pincode India Post knows begins with it, or when it would cover the warehouse’s (`WAREHOUSE_PINCODE`); 409 when it is listed already, here or in `NOT_SERVED_PINCODES`, or a shorter prefix listed covers it. Nothing changes on a refusal. Every API process serves the change within a second (LISTEN/NOTIFY); this one before it answers.',
        body: notServedCreateBodySchema,
        response: {
          201: notServedCreatedResponseSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const { entry, message } = await notServed.add(request.account!.id, request.body);
      return reply.code(201).send({ success: true as const, message, entry });
    },
  );

  app.delete(
    '/admin/pincodes/not-served/:prefix',
    {
      schema: {
        ...docs,
        summary: 'Deliver again to a prefix operators listed',
        description:
          'A prefix not listed is a 404; one of `NOT_SERVED_PINCODES` a 409 (it is changed in the configuration only).',
        params: notServedParamsSchema,
        response: {
          200: notServedRemovedResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { prefix } = request.params;
      return { success: true as const, message: await notServed.remove(prefix), prefix };
    },
  );
};
