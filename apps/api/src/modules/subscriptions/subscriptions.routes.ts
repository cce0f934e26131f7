import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SUBSCRIPTION_MESSAGES,
  cancelSubscriptionBodySchema,
  confirmPlanPaymentResponseSchema,
  mySubscriptionResponseSchema,
  plansResponseSchema,
  subscribeBodySchema,
  subscribeResponseSchema,
  subscriptionAnswerSchema,
  verifySubscriptionBodySchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { Authenticate } from '../../plugins/auth.js';
import type { PlanBillingService } from './plan-billing.service.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  planBilling: PlanBillingService;
  authenticate: Authenticate;
}> = async (app, { subscriptions, planBilling, authenticate }) => {
  const tags = ['Subscriptions'];
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

  app.post(
    '/subscription/subscribe',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: NEEDS_SESSION,
        summary: 'Choose a plan: Plus or Pro opens a payment order, Free cancels the paid plan',
        description:
          'The price is the plan’s own. Paying the order (POST /subscription/verify, or the provider’s webhook) starts a 14-day period at once; a change of plan ends the current one. Unknown plan: 404; the plan in effect: 409.',
        body: subscribeBodySchema,
        response: {
          200: subscribeResponseSchema,
          ...errorResponses(400, 401, 404, 409, 502, 503),
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await planBilling.subscribe(
        request.account!.id,
        request.body.plan,
        request.publicOrigin,
      )),
    }),
  );

  app.post(
    '/subscription/verify',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: NEEDS_SESSION,
        summary: 'Confirm a plan payment and activate the plan (once, however often it is sent)',
        body: verifySubscriptionBodySchema,
        response: {
          200: subscriptionAnswerSchema,
          ...errorResponses(400, 401, 404, 409, 503),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: SUBSCRIPTION_MESSAGES.activated,
      subscription: await planBilling.verify(request.account!.id, request.body),
    }),
  );

  app.post(
    '/subscription/confirm',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: NEEDS_SESSION,
        summary: 'Back from a redirect provider’s page: activate the plan the shopper paid for',
        description:
          'The plans page calls it on its return from Stripe Checkout (`?payment=success`). The shopper’s latest plan orders are read back from the provider and a paid one activates its plan (once, whether this or the webhook comes first). `pending` while the provider has not said it is paid. No plan order: 404.',
        response: {
          200: confirmPlanPaymentResponseSchema,
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        ...(await planBilling.confirmReturn(request.account!.id)),
      };
    },
  );

  app.post(
    '/subscription/cancel',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: NEEDS_SESSION,
        summary:
          'Cancel the plan now (immediate: true) or turn auto-renewal off (immediate: false)',
        body: cancelSubscriptionBodySchema,
        response: { 200: subscriptionAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await planBilling.cancel(request.account!.id, request.body.immediate)),
    }),
  );
};
