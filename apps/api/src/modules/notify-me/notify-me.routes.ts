import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notifyMeBodySchema,
  notifyMeCancelResponseSchema,
  notifyMeListResponseSchema,
  notifyMeResponseSchema,
  notifyRequestParamsSchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { Authenticate } from '../../plugins/auth.js';
import type { NotifyMe } from './notify-me.service.js';

export const notifyMeRoutes: FastifyPluginAsyncZod<{
  notifyMe: Pick<NotifyMe, 'create' | 'list' | 'cancel'>;
  authenticate: Authenticate;
}> = async (app, { notifyMe, authenticate }) => {
  const docs = { tags: ['Waitlist'], security: NEEDS_SESSION };
  app.post(
    '/notify-me',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: 'Ask to be e-mailed when a size is free for a start date and length',
        description:
          'Checked as adding to the cart checks a rental (the product offered, the size offered, the start date from tomorrow to 90 days ahead, a length the plan allows). While a piece of the size is free for those dates the answer is a 409: book it instead. 201 for a new request; 200 with the request as it stands when the same one is open already. At most 20 open per shopper (409). When a piece comes free, one e-mail with a link to the product page with those dates, and the request closes; it also closes at its start date.',
        body: notifyMeBodySchema,
        response: {
          200: notifyMeResponseSchema,
          201: notifyMeResponseSchema,
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const {
        created,
        message,
        request: made,
      } = await notifyMe.create(request.account!.id, request.body, request.publicOrigin);
      return reply
        .code(created ? 201 : 200)
        .send({ success: true as const, message, request: made });
    },
  );

  app.get(
    '/notify-me',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: "The shopper's 'notify me' requests, newest first",
        description: 'Open, e-mailed and expired ones (not cancelled), at most 50.',
        response: { 200: notifyMeListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        requests: await notifyMe.list(request.account!.id, request.publicOrigin),
      };
    },
  );

  app.delete(
    '/notify-me/:id',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: "Cancel one of the shopper's requests",
        description:
          'Cancelling one already cancelled, e-mailed or expired changes nothing and says so; another shopper’s is a 404.',
        params: notifyRequestParamsSchema,
        response: { 200: notifyMeCancelResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: await notifyMe.cancel(request.account!.id, request.params.id),
    }),
  );
};
