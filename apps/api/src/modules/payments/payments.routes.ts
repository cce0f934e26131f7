import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientConfigResponseSchema,
  sandboxPayBodySchema,
  sandboxPayResponseSchema,
} from '@pehnava/shared';
import { SandboxInputError, type SandboxGateway } from '../../adapters/payments/sandbox/gateway.js';
import { errorResponses } from '../../lib/api-docs.js';
import { HttpError } from '../../lib/http-error.js';
import type { PaymentsService } from './payments.service.js';

/** The sandbox checkout's script (apps/api/assets), the same path from src/ and from dist/. */
const CHECKOUT_SCRIPT = new URL('../../../assets/sandbox-checkout.js', import.meta.url);

const webhookAnswerSchema = z.object({ success: z.literal(true), duplicate: z.boolean() });

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  sandbox: SandboxGateway | undefined;
}> = async (app, { payments, sandbox }) => {
  const tags = ['Payments'];

  app.get(
    '/config',
    {
      schema: {
        tags,
        summary: 'The payment provider, its public key and the checkout script’s address',
        response: { 200: clientConfigResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { success: true as const, payments: payments.clientConfig(request.publicOrigin) };
    },
  );

  // The provider's webhooks (/payments/sandbox|razorpay|stripe/webhook, for the provider in use).
  // The webhook's signature covers the exact bytes sent: keep the body as text for this route.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    raw.post(
      `/payments/${payments.providerName}/webhook`,
      {
        schema: {
          tags,
          summary: `Webhooks from the payment provider (${payments.providerName}), signed over the raw body`,
          response: { 200: webhookAnswerSchema, ...errorResponses(400) },
        },
      },
      async (request) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const outcome = await payments.handleWebhook(body, request.headers);
        return { success: true as const, duplicate: outcome === 'duplicate' };
      },
    );
  });

  if (!sandbox) return;

  // The sandbox gateway's endpoints: what Razorpay's own servers answer, for PAYMENT_PROVIDER=sandbox.
  // Read once at start: a build without the script fails here, not on a shopper's first payment.
  const script = await readFile(CHECKOUT_SCRIPT);
  app.get(
    '/payments/sandbox/checkout.js',
    {
      // A script for browsers, not a JSON operation: left out of the API reference.
      schema: { hide: true, summary: 'The sandbox checkout script (defines window.Razorpay)' },
    },
    async (_request, reply) => {
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin');
      return script;
    },
  );

  app.post(
    '/payments/sandbox/pay',
    {
      schema: {
        tags,
        summary: 'Pay a sandbox order by UPI or test card, or fail it on purpose (sandbox only)',
        body: sandboxPayBodySchema,
        response: { 200: sandboxPayResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      try {
        return await sandbox.pay(request.body);
      } catch (error) {
        if (error instanceof SandboxInputError) throw new HttpError(error.status, error.message);
        throw error;
      }
    },
  );
};
