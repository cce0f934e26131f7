import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { PaymentProvider } from './provider.js';
import { createRazorpayProvider } from './razorpay/provider.js';
import {
  createSandboxGateway,
  type SandboxGateway,
  type WebhookSender,
} from './sandbox/gateway.js';
import { createSandboxGatewayRepository } from './sandbox/gateway.repository.js';
import { resolveSandboxKeys } from './sandbox/keys.js';
import { createSandboxProvider } from './sandbox/provider.js';
import { createStripeProvider } from './stripe/provider.js';

/** Where the sandbox sends webhooks when nothing else is said: this server, over loopback. */
export function defaultWebhookSender(
  config: Pick<Config, 'SANDBOX_WEBHOOK_URL' | 'PORT'>,
): WebhookSender {
  const url =
    config.SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${config.PORT}/api/payments/sandbox/webhook`;
  return async (body, headers) => {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  };
}

/** How long a call to Stripe may take before the shopper is told the service is not answering. */
const STRIPE_TIMEOUT_MS = 10_000;

export interface Payments {
  provider: PaymentProvider;
  /** The sandbox's gateway (its pay endpoint, webhooks job), when PAYMENT_PROVIDER=sandbox. */
  sandbox?: SandboxGateway;
}

/** The provider PAYMENT_PROVIDER names, built from configuration (keys checked by config.ts). */
export function createPayments({
  config,
  db,
  clock,
  logger,
  webhookSender,
}: {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  webhookSender?: WebhookSender;
}): Payments {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox': {
      const gateway = createSandboxGateway({
        repository: createSandboxGatewayRepository(db, clock),
        keys: resolveSandboxKeys(config.DATA_DIR),
        clock,
        logger,
        webhookDelayMs: config.SANDBOX_WEBHOOK_DELAY_MS,
        sendWebhook: webhookSender ?? defaultWebhookSender(config),
      });
      return { provider: createSandboxProvider(gateway), sandbox: gateway };
    }
    case 'razorpay':
      // config.ts refuses to start without these three when PAYMENT_PROVIDER=razorpay.
      return {
        provider: createRazorpayProvider({
          keyId: config.RAZORPAY_KEY_ID!,
          keySecret: config.RAZORPAY_KEY_SECRET!,
          webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
          apiUrl: config.RAZORPAY_API_URL,
          checkoutUrl: config.RAZORPAY_CHECKOUT_URL,
          timeoutMs: config.RAZORPAY_TIMEOUT_MS,
          clock,
        }),
      };
    case 'stripe':
      return {
        provider: createStripeProvider({
          // config.ts requires both keys when PAYMENT_PROVIDER=stripe.
          secretKey: config.STRIPE_SECRET_KEY!,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
          apiUrl: config.STRIPE_API_URL,
          clock,
          timeoutMs: STRIPE_TIMEOUT_MS,
        }),
      };
  }
}
