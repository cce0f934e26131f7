import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mySubscriptionResponseSchema, plansResponseSchema } from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { Authenticate } from '../../plugins/auth.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  authenticate: Authenticate;
}> = async (app, { subscriptions, authenticate }) => {
  app.get(
    '/subscription/plans',
    {
      schema: {
        tags: ['Subscriptions'],
        summary: 'The plans (free, plus, pro) and the price-tier labels',
        response: { 200: plansResponseSchema },
      },
    },
    async () => ({ success: true as const, ...(await subscriptions.listPlans()) }),
  );

  app.get(
    '/subscription/me',
    {
      onRequest: authenticate,
      schema: {
        tags: ['Subscriptions'],
        security: NEEDS_SESSION,
        summary: "The shopper's plan in effect now ('free' when none)",
        response: { 200: mySubscriptionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        subscription: await subscriptions.mySubscription(request.account!.id),
      };
    },
  );
};
