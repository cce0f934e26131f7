import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WHATSAPP_MESSAGES,
  errorResponseSchema,
  whatsAppStartBodySchema,
  whatsAppStatusResponseSchema,
  whatsAppVerifyBodySchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, SIGNED_BY_WHATSAPP, errorResponses } from '../../lib/api-docs.js';
import type { Authenticate } from '../../plugins/auth.js';
import type { WhatsAppOptIn } from './whatsapp.service.js';
import type { WhatsAppWebhooks } from './whatsapp-webhook.service.js';

const webhookAnswerSchema = z.object({
  success: z.literal(true),
  statuses: z.number().int(),
  optedOut: z.number().int(),
});

/**
 * Booking updates on WhatsApp (decision 085): the shopper's opt-in under /user/whatsapp, and
 * WhatsApp's webhook (its verification handshake, and signed statuses and replies).
 */
export const whatsAppRoutes: FastifyPluginAsyncZod<{
  optIn: WhatsAppOptIn;
  webhooks: WhatsAppWebhooks;
  authenticate: Authenticate;
}> = async (app, { optIn, webhooks, authenticate }) => {
  const docs = { tags: ['WhatsApp'], security: NEEDS_SESSION };

  app.get(
    '/user/whatsapp',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: 'Whether booking updates go to WhatsApp: off, pending (a code sent) or on',
        response: { 200: whatsAppStatusResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, whatsapp: await optIn.status(request.account!.id) };
    },
  );

  app.post(
    '/user/whatsapp/start',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: 'Send a 6-digit code over WhatsApp to a 10-digit Indian mobile number',
        description:
          'The code is valid for 10 minutes and replaces any code sent before; one code a minute and 5 an hour (429 with Retry-After). `language` (en or hi) is kept on the account for the messages. 503 when WhatsApp updates are not configured.',
        body: whatsAppStartBodySchema,
        response: {
          200: whatsAppStatusResponseSchema,
          ...errorResponses(400, 401, 429, 503),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: WHATSAPP_MESSAGES.codeSent,
      whatsapp: await optIn.start(request.account!.id, request.body),
    }),
  );

  app.post(
    '/user/whatsapp/verify',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: 'The code received on WhatsApp turns booking updates on for that number',
        description:
          'A wrong code counts a try; the fifth wrong try voids the code. An expired code says so.',
        body: whatsAppVerifyBodySchema,
        response: { 200: whatsAppStatusResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      message: WHATSAPP_MESSAGES.optedIn,
      whatsapp: await optIn.verify(request.account!.id, request.body),
    }),
  );

  app.delete(
    '/user/whatsapp',
    {
      onRequest: authenticate,
      schema: {
        ...docs,
        summary: 'Turn booking updates on WhatsApp off (the number is forgotten)',
        description: 'Messages still waiting are not sent. E-mail updates carry on as before.',
        response: { 200: whatsAppStatusResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      message: WHATSAPP_MESSAGES.optedOut,
      whatsapp: await optIn.optOut(request.account!.id),
    }),
  );

  app.get(
    '/whatsapp/webhook',
    {
      schema: {
        tags: ['WhatsApp'],
        summary: 'WhatsApp’s webhook verification: answers hub.challenge for the right token',
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().optional(),
        }),
        response: {
          200: {
            description: 'The challenge, as sent',
            content: { 'text/plain': { schema: z.string() } },
          },
          403: errorResponseSchema.describe('Not a subscription with our verify token'),
        },
      },
    },
    async (request, reply) => {
      const challenge = webhooks.handshake({
        ...(request.query['hub.mode'] !== undefined ? { mode: request.query['hub.mode'] } : {}),
        ...(request.query['hub.verify_token'] !== undefined
          ? { token: request.query['hub.verify_token'] }
          : {}),
        ...(request.query['hub.challenge'] !== undefined
          ? { challenge: request.query['hub.challenge'] }
          : {}),
      });
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  // The signature covers the exact bytes sent: keep the body as text for this route.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    raw.post(
      '/whatsapp/webhook',
      {
        schema: {
          tags: ['WhatsApp'],
          security: SIGNED_BY_WHATSAPP,
          summary:
            'WhatsApp’s statuses and replies, signed over the raw body (X-Hub-Signature-256)',
          description:
            'Statuses (sent, delivered, read, failed) move a message forward only; a reply STOP turns updates off for every account with that number. A wrong or missing signature is a 401 and changes nothing.',
          response: { 200: webhookAnswerSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const header = request.headers['x-hub-signature-256'];
        const outcome = await webhooks.receive(
          body,
          typeof header === 'string' ? header : undefined,
        );
        return { success: true as const, ...outcome };
      },
    );
  });
};
