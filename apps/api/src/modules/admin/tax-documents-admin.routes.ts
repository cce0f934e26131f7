import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminTaxDocumentResponseSchema,
  adminTaxDocumentsResponseSchema,
  bookingIdParamsSchema,
  bookingInvoiceQuerySchema,
  taxDocumentByNumberQuerySchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import { jsonOrPdf } from '../../lib/json-or-pdf.js';
import type { TaxDocuments } from '../tax-documents/tax-documents.service.js';
import { FOR_STAFF } from './operator-guard.js';

/**
 * Tax invoices and credit notes for operators (issue [P] §1, decisions 081 to 083): a booking's,
 * on its page in the console, and any one by its number (a plan's have no booking). JSON, or the
 * PDF the shopper downloads when the Accept header prefers application/pdf. Registered inside
 * adminRoutes, whose guards cover them: a booking's documents are on its page, which staff see
 * too; the look-up by number is the desk's and the accountant's (admins).
 */
export const taxDocumentsAdminRoutes: FastifyPluginAsyncZod<{
  taxDocuments: Pick<
    TaxDocuments,
    'ofBookingForOperator' | 'pdfOfBookingForOperator' | 'byNumber' | 'pdfByNumber'
  >;
}> = async (app, { taxDocuments }) => {
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };

  app.get(
    '/admin/bookings/:id/tax-documents',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'A booking’s GST tax invoices and credit notes, as JSON or as a PDF',
        description:
          'Every document issued for the booking (an invoice per payment applied: the booking, a balance, an extension; a credit note per refund of one), in the order issued, exactly as issued (decision 081); an empty list before a payment is applied. When the Accept header prefers `application/pdf`: one PDF of them all, or with `number` just that one, as the shopper downloads it (decision 082); a 404 when the booking has none yet or none with that number. 404 for a booking that does not exist. `Vary: Accept`.',
        params: bookingIdParamsSchema,
        querystring: bookingInvoiceQuerySchema,
        response: {
          // A PDF's bytes have no schema: the PDF answer is told of here and in the description.
          200: adminTaxDocumentsResponseSchema.describe(
            'The documents as JSON; when the Accept header prefers application/pdf, the PDF file instead (Content-Type: application/pdf)',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const bookingId = request.params.id.toLowerCase();
      return jsonOrPdf(request, reply as unknown as FastifyReply, {
        json: async () => ({
          success: true as const,
          documents: await taxDocuments.ofBookingForOperator(bookingId),
        }),
        pdf: () => taxDocuments.pdfOfBookingForOperator(bookingId, request.query.number),
      });
    },
  );

  app.get(
    '/admin/tax-documents',
    {
      schema: {
        ...docs,
        summary: 'One tax invoice or credit note by its number (a plan’s too), as JSON or a PDF',
        description:
          'The document numbered `number` (PHN/… an invoice, PCN/… a credit note) exactly as issued, with its booking (null for a plan’s, which has none); the PDF when the Accept header prefers `application/pdf`. 404 when no document has that number. Admins only.',
        querystring: taxDocumentByNumberQuerySchema,
        response: {
          200: adminTaxDocumentResponseSchema.describe(
            'The document as JSON; when the Accept header prefers application/pdf, the PDF file instead (Content-Type: application/pdf)',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      jsonOrPdf(request, reply as unknown as FastifyReply, {
        json: async () => ({
          success: true as const,
          ...(await taxDocuments.byNumber(request.query.number)),
        }),
        pdf: () => taxDocuments.pdfByNumber(request.query.number),
      }),
  );
};
