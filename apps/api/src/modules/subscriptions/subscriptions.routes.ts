import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plansResponseSchema } from '@pehnava/shared';
import type { SubscriptionsService } from './subscriptions.service.js';

export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
}> = async (app, { subscriptions }) => {
  app.get(
    '/subscription/plans',
    { schema: { response: { 200: plansResponseSchema } } },
    async () => ({ success: true as const, ...(await subscriptions.listPlans()) }),
  );
};
