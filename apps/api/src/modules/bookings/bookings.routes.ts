import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BOOKING_MESSAGES,
  atRiskChoiceBodySchema,
  atRiskChoiceResponseSchema,
  atRiskResponseSchema,
  availabilityQuerySchema,
  availabilityResponseSchema,
  balanceResultSchema,
  bookingInvoiceQuerySchema,
  bookingInvoicesResponseSchema,
  payBalanceResponseSchema,
  reportItemBodySchema,
  reportItemParamsSchema,
  reportItemResponseSchema,
  verifyBalanceBodySchema,
  bookingIdParamsSchema,
  cancelBookingResponseSchema,
  createBookingBodySchema,
  createBookingResponseSchema,
  myBookingsResponseSchema,
  productIdParamsSchema,
  verifyBookingBodySchema,
  verifyBookingResponseSchema,
  verifyStripeBodySchema,
  verifyStripeResponseSchema,
  extendBodySchema,
  extendResponseSchema,
  extensionQuoteSchema,
  extensionResultSchema,
  verifyExtensionBodySchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import { sendEncodedJson } from '../../lib/encoded-body.js';
import { jsonOrPdf } from '../../lib/json-or-pdf.js';
import type { Authenticate } from '../../plugins/auth.js';
import type { AtRisk } from './at-risk.service.js';
import type { Balance } from './balance.service.js';
import type { Cancellation } from './cancellation.service.js';
import type { Checkout } from './checkout.service.js';
import type { Extensions } from './extension.service.js';
import type { FitWindow } from './fit-window.service.js';
import type { Inventory } from './inventory.js';
import type { MyBookings } from './my-bookings.service.js';
import type { Pincodes } from '../pincodes/pincodes.service.js';

export const bookingsRoutes: FastifyPluginAsyncZod<{
  checkout: Checkout;
  myBookings: MyBookings;
  cancellation: Pick<Cancellation, 'cancel'>;
  inventory: Pick<Inventory, 'availabilityAnswer'>;
  /** The transit days to a calendar's pincode. */
  pincodes: Pick<Pincodes, 'deliveryTo'>;
  balance: Pick<Balance, 'open' | 'verify' | 'confirm'>;
  extensions: Pick<Extensions, 'quote' | 'open' | 'verify' | 'confirm'>;
  fitWindow: Pick<FitWindow, 'report'>;
  atRisk: Pick<AtRisk, 'choices' | 'choose'>;
  authenticate: Authenticate;
}> = async (
  app,
  {
    checkout,
    myBookings,
    cancellation,
    inventory,
    pincodes,
    balance,
    extensions,
    fitWindow,
    atRisk,
    authenticate,
  },
) => {
  app.get(
    '/product/:id/availability',
    {
      schema: {
        tags: ['Bookings'],
        summary: 'Start dates on which no piece of a size is free, per size and rental length',
        description:
          'Start dates from the earliest a parcel can arrive (today in India plus the transit days to `pincode`; 1 day, the warehouse’s own city, without one) to 90 days ahead of today. A piece is held from the transit days before the start to the transit days and 2 cleaning days after the end (1 before and 3 after within the warehouse’s city). A pincode India Post does not know, or one the shop does not serve, is a 400.',
        params: productIdParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, ...errorResponses(400, 404) },
      },
      // Sent as encoded once per kept calendar (Inventory.availabilityAnswer): the schema above
      // documents it and the API tests check answers against it.
      compress: false,
    },
    async (request, reply) =>
      sendEncodedJson(
        request,
        reply,
        await inventory.availabilityAnswer(
          request.params.id,
          request.query.pincode ? pincodes.deliveryTo(request.query.pincode).transitDays : 1,
        ),
        'no-store',
      ),
  );

  // Everything under /booking needs a signed-in shopper: the guard is added once, for the scope.
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate);
    const shopper = scope.withTypeProvider<ZodTypeProvider>();
    const docs = { tags: ['Bookings'], security: NEEDS_SESSION };

    shopper.post(
      '/booking/create',
      {
        schema: {
          ...docs,
          summary: 'Check out: reserve the items, hold the coupon, open a payment order',
          description:
            'Items are checked as cart add checks them and priced by the server (an endDate or price sent is ignored). The booking holds its pieces and coupon for 15 minutes unless paid. Nothing to pay: confirmed at once, order null.',
          body: createBookingBodySchema,
          response: {
            200: createBookingResponseSchema,
            ...errorResponses(400, 401, 404, 409, 502, 503),
          },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await checkout.create(
          { id: request.account!.id, email: request.account!.user.email },
          request.body,
          request.publicOrigin,
        )),
      }),
    );

    shopper.post(
      '/booking/verify',
      {
        schema: {
          ...docs,
          summary: 'Confirm a booking with the payment result from the checkout',
          description:
            'The signature is checked against the order id stored for the booking, and the payment is read back from the provider. Replays are answered the same and confirm nothing twice.',
          body: verifyBookingBodySchema,
          response: {
            200: verifyBookingResponseSchema,
            ...errorResponses(400, 401, 404, 409, 503),
          },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await myBookings.verify(request.account!.id, request.body)),
      }),
    );

    shopper.post(
      '/order/verifyStripe',
      {
        schema: {
          ...docs,
          summary: 'Confirm a booking paid on Stripe Checkout (the /verify page)',
          description:
            'Stripe is asked for the booking’s Checkout Session: only a paid session for the booking’s amount confirms it; `success` from the browser is never trusted. success=false with nothing paid: the session is expired at Stripe and the hold released. The session token may come in a header named token (SPEC.md §7) or as a bearer token.',
          body: verifyStripeBodySchema,
          response: {
            200: verifyStripeResponseSchema,
            ...errorResponses(400, 401, 404, 409, 503),
          },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await myBookings.verifyStripe(request.account!.id, request.body)),
      }),
    );

    shopper.post(
      '/booking/:id/cancel',
      {
        schema: {
          ...docs,
          summary: 'Cancel a paid booking before it is dispatched, with a full refund',
          description:
            'Only while the booking is confirmed (not yet processing). Its pieces and coupon use are released and the full amount is refunded through the provider (7 to 10 business days); a refund the provider cannot make now stays pending and is retried.',
          params: bookingIdParamsSchema,
          response: {
            200: cancelBookingResponseSchema,
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (request) => ({
        success: true as const,
        message: BOOKING_MESSAGES.cancelled,
        booking: await cancellation.cancel(
          request.account!.id,
          request.params.id.toLowerCase(),
          request.publicOrigin,
        ),
      }),
    );

    shopper.post(
      '/booking/:id/balance',
      {
        schema: {
          ...docs,
          summary: 'Pay the balance due after a rental: a payment order for every charge due now',
          description:
            'Late fees, damage and pieces treated as bought (the booking’s `charges` with status due), priced by the server. Asked again while nothing changed, the same order is answered (modal providers). The payment is made in the same checkout as a booking, then sent to /balance/verify (modal) or confirmed by /balance/confirm (redirect: the page returns to /orders?balance=success&bookingId=…). 409 when nothing is due.',
          params: bookingIdParamsSchema,
          response: {
            200: payBalanceResponseSchema,
            ...errorResponses(400, 401, 404, 409, 502, 503),
          },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await balance.open(
          request.account!.id,
          request.params.id.toLowerCase(),
          request.publicOrigin,
        )),
      }),
    );

    shopper.post(
      '/booking/:id/balance/verify',
      {
        schema: {
          ...docs,
          summary: 'Settle the balance with the payment result from the checkout',
          description:
            'The signature is checked against the stored order, and the payment is read back from the provider. Applied only when every charge it was ordered for is still due at that amount; otherwise 409, and it is refunded in full. Replays are answered the same.',
          params: bookingIdParamsSchema,
          body: verifyBalanceBodySchema,
          response: { 200: balanceResultSchema, ...errorResponses(400, 401, 404, 409, 503) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await balance.verify(
          request.account!.id,
          request.params.id.toLowerCase(),
          request.body,
        )),
      }),
    );

    shopper.post(
      '/booking/:id/balance/confirm',
      {
        schema: {
          ...docs,
          summary: 'Ask the provider about the booking’s balance payment (after a redirect)',
          description:
            'The provider is asked what the booking’s open balance orders captured, and that is decided. status pending while nothing is captured yet (the webhook may still bring it).',
          params: bookingIdParamsSchema,
          response: { 200: balanceResultSchema, ...errorResponses(400, 401, 404, 409, 503) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await balance.confirm(request.account!.id, request.params.id.toLowerCase())),
      }),
    );

    shopper.get(
      '/booking/:id/extend',
      {
        schema: {
          ...docs,
          summary:
            'Whether a rental that is out can be kept longer, for how many days and at what price',
          description:
            'While a booking is out (shipped or delivered) and before its end date, 1 to 7 more days may be added if every piece’s own unit is free for them and their cleaning days. Each day costs every piece’s 14-day price ÷ 14, rounded up to the rupee, times its quantity; damage protection, when taken, adds 10%. No coupon, plan benefit or delivery fee applies. `options` lists each number of days possible now with its new return date and price; `reason` says why not when `extendable` is false.',
          params: bookingIdParamsSchema,
          response: { 200: extensionQuoteSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await extensions.quote(request.account!.id, request.params.id.toLowerCase())),
      }),
    );

    shopper.post(
      '/booking/:id/extend',
      {
        schema: {
          ...docs,
          summary: 'Keep a rental longer: a payment order for the extra days',
          description:
            'Priced by the server as GET /booking/{id}/extend shows. Nothing is held while the shopper pays: the payment is applied only if every piece’s unit is still free for the new days, and refunded in full otherwise (the return date then stays). Asked again for the same days while nothing changed, the same order is answered (modal providers). Pay it in the same checkout as a booking, then send the result to /extend/verify (modal), or call /extend/confirm after a redirect provider’s page (it returns to /orders?extension=success&bookingId=…). 409 when the booking cannot be extended or not by that many days.',
          params: bookingIdParamsSchema,
          body: extendBodySchema,
          response: {
            200: extendResponseSchema,
            ...errorResponses(400, 401, 404, 409, 502, 503),
          },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await extensions.open(
          request.account!.id,
          request.params.id.toLowerCase(),
          request.body.days,
          request.publicOrigin,
        )),
      }),
    );

    shopper.post(
      '/booking/:id/extend/verify',
      {
        schema: {
          ...docs,
          summary: 'Apply an extension with the payment result from the checkout',
          description:
            'The signature is checked against the stored order, and the payment is read back from the provider. Applied only when the booking still ends when it was priced and every piece’s unit is free for the new days; otherwise 409, and it is refunded in full. Replays are answered the same.',
          params: bookingIdParamsSchema,
          body: verifyExtensionBodySchema,
          response: { 200: extensionResultSchema, ...errorResponses(400, 401, 404, 409, 503) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await extensions.verify(
          request.account!.id,
          request.params.id.toLowerCase(),
          request.body,
        )),
      }),
    );

    shopper.post(
      '/booking/:id/extend/confirm',
      {
        schema: {
          ...docs,
          summary: 'Ask the provider about the booking’s extension payment (after a redirect)',
          description:
            'The provider is asked what the booking’s recent extension orders captured, and that is decided. status pending while nothing is captured yet (the webhook may still bring it).',
          params: bookingIdParamsSchema,
          response: { 200: extensionResultSchema, ...errorResponses(400, 401, 404, 409, 503) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await extensions.confirm(request.account!.id, request.params.id.toLowerCase())),
      }),
    );

    shopper.post(
      '/booking/:id/items/:itemId/report',
      {
        schema: {
          ...docs,
          summary:
            'Report a piece that does not fit or is not as described (24 hours after delivery)',
          description:
            'want exchange: free pieces of `size` (for not-as-described, the same size means another piece) are set aside for the rest of the dates at no cost, and an operator sends them; when none is free, or want refund, the item is refunded against the booking’s payment. One report per item; after 24 hours a 409 “The 24-hour fit window has closed”.',
          params: reportItemParamsSchema,
          body: reportItemBodySchema,
          response: {
            200: reportItemResponseSchema,
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await fitWindow.report(
          request.account!.id,
          request.params.id.toLowerCase(),
          request.params.itemId.toLowerCase(),
          request.body,
          request.publicOrigin,
        )),
      }),
    );

    shopper.get(
      '/booking/:id/at-risk',
      {
        schema: {
          ...docs,
          summary: 'Your booking’s pieces at risk, and your choices',
          description:
            'When a piece set aside for you cannot be made ready and no other of its size was free: for each such item every size (with whether it is free for your dates), other pieces at no extra cost (same tier and department, no dearer) free in your size, and what cancelling would refund. Empty `lines` when nothing is at risk. Only your own bookings (404 otherwise).',
          params: bookingIdParamsSchema,
          response: { 200: atRiskResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const choices = await atRisk.choices(
          request.params.id.toLowerCase(),
          { kind: 'shopper', userId: request.account!.id },
          request.publicOrigin,
        );
        return { success: true as const, ...choices };
      },
    );

    shopper.post(
      '/booking/:id/at-risk',
      {
        schema: {
          ...docs,
          summary: 'Choose for an item at risk: another size, another piece, or cancel',
          description:
            '`size` sets aside free pieces of that size for the item’s dates (its own size: other pieces of it); `piece` sets aside `productId`, one of the pieces offered, in the item’s size; `cancel` cancels the booking with a full refund. What you paid never changes. A choice that is no longer possible (taken meanwhile, nothing at risk any more, the booking sent or cancelled) is a 409 that changes nothing.',
          params: bookingIdParamsSchema,
          body: atRiskChoiceBodySchema,
          response: {
            200: atRiskChoiceResponseSchema,
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await atRisk.choose(
          request.params.id.toLowerCase(),
          { kind: 'shopper', userId: request.account!.id },
          request.body,
          request.publicOrigin,
        )),
      }),
    );

    shopper.get(
      '/booking/my',
      {
        schema: {
          ...docs,
          summary: 'The shopper’s bookings, newest first',
          response: { 200: myBookingsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return {
          success: true as const,
          bookings: await myBookings.my(request.account!.id, request.publicOrigin),
        };
      },
    );

    shopper.get(
      '/booking/:id/invoice',
      {
        schema: {
          ...docs,
          summary: 'Your booking’s GST tax invoices and credit notes, as JSON or as a PDF',
          description:
            'One tax invoice for each payment applied to the booking (the booking, a balance, an extension) and one credit note for each refund of one, oldest first, each exactly as it was issued (decision 081): seller and shopper, place of supply with its state code, SAC, lines, taxable value, rate and CGST + SGST or IGST, in rupees. Only your own bookings (404 otherwise). JSON unless the Accept header prefers `application/pdf` (decision 082): then one PDF to download (Content-Disposition: attachment) of them all in the order issued, or with `number` just that one; a 404 when the booking has none yet or none with that number. `Vary: Accept` either way.',
          params: bookingIdParamsSchema,
          querystring: bookingInvoiceQuerySchema,
          response: {
            // One schema per answer is the reference's rule (plugins/api-docs.int.test.ts), and
            // a PDF's bytes have none: the PDF answer is told of here and in the description.
            200: bookingInvoicesResponseSchema.describe(
              'The documents as JSON; when the Accept header prefers application/pdf, the PDF file instead (Content-Type: application/pdf)',
            ),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const userId = request.account!.id;
        const bookingId = request.params.id.toLowerCase();
        return jsonOrPdf(request, reply as unknown as FastifyReply, {
          json: async () => ({
            success: true as const,
            ...(await myBookings.invoices(userId, bookingId)),
          }),
          pdf: () => myBookings.invoicePdf(userId, bookingId, request.query.number),
        });
      },
    );
  });
};
