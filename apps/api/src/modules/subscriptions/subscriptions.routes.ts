import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mySubscriptionResponseSchema, plansResponseSchema } from '@pehnava/shared';
import type { Authenticate } from '../../plugins/auth.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  authenticate: Authenticate;
}> = async (app, { subscriptions, authenticate }) => {
  app.get(
    '/subscription/plans',
    { schema: { response: { 200: plansResponseSchema } } },
    async () => ({ success: true as const, ...(await subscriptions.listPlans()) }),
  );

  app.get(
    '/subscription/me',
    { onRequest: authenticate, schema: { response: { 200: mySubscriptionResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        subscription: await subscriptions.mySubscription(request.account!.id),
      };
    },
  );
};
