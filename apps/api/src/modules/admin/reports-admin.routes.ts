import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportExportQuerySchema, reportQuerySchema, reportResponseSchema } from '@pehnava/shared';
import { z } from 'zod';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { ReportsAdmin } from './reports-admin.service.js';

/**
 * The reports for admins (issue [K], decision 054). Registered inside adminRoutes, whose guards
 * cover them; admins only (money is not a packer's).
 */
export const reportsAdminRoutes: FastifyPluginAsyncZod<{ reportsAdmin: ReportsAdmin }> = async (
  app,
  { reportsAdmin },
) => {
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };

  app.get(
    '/admin/reports',
    {
      schema: {
        ...docs,
        summary: 'Money in and out by day, week or month; late returns; the pieces that earn most',
        description:
          'Rentals, plans and charges are payments applied in the period; refunds those sent back. `from` and `to` are days in India, inclusive, at most 366 apart.',
        querystring: reportQuerySchema,
        response: { 200: reportResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await reportsAdmin.report(request.query)) };
    },
  );

  app.get(
    '/admin/reports/export',
    {
      schema: {
        ...docs,
        summary:
          "The accountant's CSV: bookings paid, payments captured or refunds asked in a period",
        description:
          'UTF-8 with a byte-order mark, one row each, amounts in rupees, with the taxable value, the GST inside the price and the rate used (GST_RATE_PERCENT).',
        querystring: reportExportQuerySchema,
        response: {
          200: {
            description: 'The CSV file (UTF-8, with a byte-order mark)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { name, csv } = await reportsAdmin.export(request.query);
      // Sent as the file's text (a string with a non-JSON type is sent as it is).
      return (reply as unknown as FastifyReply)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .type('text/csv; charset=utf-8')
        .send(`\ufeff${csv}`);
    },
  );
};
