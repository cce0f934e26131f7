import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkInPreviewQuerySchema,
  checkInPreviewResponseSchema,
  todayResponseSchema,
  unitCodeParamsSchema,
  utilisationQuerySchema,
  utilisationResponseSchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { OperatorConsole } from './console.service.js';
import { FOR_STAFF } from './operator-guard.js';

/**
 * The operator console's own reads (issue [K]). Registered inside adminRoutes, whose guards cover
 * them; both are for staff too (packing and returns).
 */
export const consoleRoutes: FastifyPluginAsyncZod<{ operatorConsole: OperatorConsole }> = async (
  app,
  { operatorConsole },
) => {
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };

  app.get(
    '/admin/today',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary:
          "Today's board: what to send today and tomorrow, what is due back, what needs a person",
        description:
          'Dispatches of today and tomorrow with unit codes; returns due today and overdue (days late, late fees so far); coming holds at risk; checkouts awaiting payment; bookings with charges due.',
        response: { 200: todayResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await operatorConsole.today()) };
    },
  );

  app.get(
    '/admin/check-in/:unitCode',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'What checking this piece in would charge: late fee and damage by condition',
        description:
          'The piece must be out with a shopper (else 409). `returnedOn` (today unless given) is the day it reached the warehouse. Changes nothing: the return is POST /api/admin/bookings/{id}/return.',
        params: unitCodeParamsSchema,
        querystring: checkInPreviewQuerySchema,
        response: {
          200: checkInPreviewResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        ...(await operatorConsole.checkInPreview(
          request.params.unitCode,
          request.query.returnedOn,
        )),
      };
    },
  );

  app.get(
    '/admin/utilisation',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Per product: days its pieces were out ÷ days they were in service, over a period',
        description:
          '`from` and `to` are days in India, both inclusive, at most 366 days apart. Most used first, 25 a page. A piece counts in service from the day it was made until it was retired; out from the day it was sent until the day it came back (today while still out).',
        querystring: utilisationQuerySchema,
        response: { 200: utilisationResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await operatorConsole.utilisation(request.query)) };
    },
  );
};
