import Stripe from 'stripe';
import type { Clock } from '../../../lib/clock.js';
import type { PaymentProvider, ProviderPayment } from '../provider.js';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  WebhookSignatureError,
} from '../provider.js';
import {
  idOf,
  methodOf,
  paymentOfCharge,
  paymentOfSession,
  paymentStatusOf,
  providerError,
  readMandate,
  readStripeEvent,
  toRefund,
} from './read-stripe.js';

/**
 * The metadata key an off-session charge carries our idempotency key in. Stripe keeps idempotency
 * keys for 24 hours; a renewal tried again later than that finds its charge by this instead.
 */
export const STRIPE_CHARGE_KEY = 'pehnavaChargeKey';
/** How many of a customer's latest PaymentIntents are looked through for an earlier charge. */
const CHARGES_LOOKED_AT = 100;

/** Seconds a webhook's signed timestamp may be old (Stripe's own default). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * How long a Checkout Session stays payable. Stripe accepts 30 minutes at the least; a few more
 * leave room for the clocks of the two sides to differ. The booking's hold (15 minutes) ends
 * first: the hold job then expires the session (cancelOrder), and this is the limit if it could not.
 */
export const STRIPE_SESSION_MINUTES = 35;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API, https://api.stripe.com unless a stand-in is used (STRIPE_API_URL). */
  apiUrl: string;
  clock: Clock;
  /** Per request; a slower answer counts as "Stripe is down" (ProviderUnavailableError). */
  timeoutMs?: number;
  /** Retries of a request with no answer or a 5xx (POSTs carry an idempotency key). */
  maxNetworkRetries?: number;
}

/** Build the SDK's client pointed at `apiUrl` (its host, port and protocol). */
function client({ secretKey, apiUrl, timeoutMs, maxNetworkRetries }: StripeProviderOptions) {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: timeoutMs ?? 15_000,
    maxNetworkRetries: maxNetworkRetries ?? 1,
    telemetry: false,
    appInfo: { name: 'Pehnava' },
  });
}

/**
 * PAYMENT_PROVIDER=stripe: Stripe Checkout, a page of Stripe's own the shopper is sent to
 * (flow 'redirect'), which sends them back to the web app's /verify. The booking's order is the
 * Checkout Session; the payment is the session's PaymentIntent.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = client(options);
  const { clock, webhookSecret } = options;

  /** Run an SDK call, its errors as the provider interface's. */
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw providerError(error);
    }
  }

  /** A charge Stripe has decided on; one still processing is asked about again later. */
  function settledCharge(intent: Stripe.PaymentIntent): ProviderPayment {
    const payment = paymentOfCharge(intent);
    if (!payment) {
      throw new ProviderUnavailableError(`Stripe is still processing charge ${intent.id}`);
    }
    return payment;
  }

  const retrieveSession = (sessionId: string) =>
    call(() =>
      stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['payment_intent.payment_method'],
      }),
    );

  return {
    name: 'stripe',
    keyId: '',
    flow: 'redirect',
    // The browser leaves for Stripe's page: nothing of Stripe's runs inside ours.
    pageSources: { script: [], connect: [], frame: [] },
    checkoutScriptUrl: () => null,

    async createOrder({
      amountPaise,
      receipt,
      notes,
      description,
      customerEmail,
      returnUrls,
      recurring,
    }) {
      const metadata = { ...notes, receipt };
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'inr',
                unit_amount: amountPaise,
                product_data: { name: description },
              },
            },
          ],
          success_url: returnUrls.success,
          cancel_url: returnUrls.cancel,
          client_reference_id: notes.bookingId ?? receipt,
          metadata,
          payment_intent_data: {
            metadata,
            description,
            // A plan: keep the card with a customer, for renewals charged without the shopper.
            ...(recurring ? { setup_future_usage: 'off_session' as const } : {}),
          },
          ...(recurring ? { customer_creation: 'always' as const } : {}),
          expires_at: Math.floor(clock.now().getTime() / 1000) + STRIPE_SESSION_MINUTES * 60,
          ...(customerEmail ? { customer_email: customerEmail } : {}),
        }),
      );
      if (!session.url) throw new ProviderRequestError('Stripe gave no checkout page', 502);
      return {
        id: session.id,
        amountPaise: session.amount_total ?? amountPaise,
        currency: 'INR',
        receipt,
        checkoutUrl: session.url,
      };
    },

    // Stripe Checkout hands the browser no signed result: /verifyStripe asks Stripe instead.
    verifyPaymentSignature: () => false,

    async fetchPayment(paymentId) {
      const intent = await call(() =>
        stripe.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] }),
      );
      // The order is the session the intent was made by; Stripe finds it by its payment_intent.
      const sessions = await call(() =>
        stripe.checkout.sessions.list({ payment_intent: paymentId, limit: 1 }),
      );
      const session = sessions.data[0];
      const payment: ProviderPayment = {
        id: intent.id,
        // An off-session charge (a renewal) has no session: it is its own order.
        orderId: session?.id ?? intent.id,
        amountPaise: intent.amount_received || intent.amount,
        currency: intent.currency.toUpperCase(),
        status: paymentStatusOf(intent.status),
        method: methodOf(intent.payment_method, intent.payment_method_types),
        errorDescription: intent.last_payment_error?.message ?? null,
      };
      return payment;
    },

    /**
     * A plan renewal: a PaymentIntent confirmed off-session on the customer's kept card, carrying
     * our idempotency key both as Stripe's Idempotency-Key (24 hours) and in its metadata, looked
     * for first, so a retry days later still charges once. A decline (402) is a failed payment.
     */
    async chargeMandate({ mandateId, amountPaise, receipt, description, idempotencyKey, notes }) {
      const mandate = readMandate(mandateId);
      if (!mandate) throw new ProviderRequestError(`Not a Stripe mandate: ${mandateId}`, 400);
      const { customer } = mandate;

      const recent = await call(() =>
        stripe.paymentIntents.list({ customer, limit: CHARGES_LOOKED_AT }),
      );
      const earlier = recent.data.find((pi) => pi.metadata?.[STRIPE_CHARGE_KEY] === idempotencyKey);
      if (earlier) return settledCharge(earlier);

      const first = await call(() => stripe.paymentIntents.retrieve(mandate.paymentIntent));
      const paymentMethod = idOf(first.payment_method);
      if (idOf(first.customer) !== customer || !paymentMethod) {
        throw new ProviderRequestError(`Mandate ${mandateId} has no card kept for later`, 400);
      }
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: amountPaise,
            currency: 'inr',
            customer,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description,
            metadata: { ...notes, receipt, [STRIPE_CHARGE_KEY]: idempotencyKey },
          },
          { idempotencyKey },
        );
      } catch (error) {
        // Declined, or the bank wants the shopper, who is not there: Stripe answers 402 with the
        // failed PaymentIntent.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          return settledCharge({
            ...error.payment_intent,
            last_payment_error: error.payment_intent.last_payment_error ?? {
              type: 'card_error',
              message: error.message,
            },
          });
        }
        throw providerError(error);
      }
      return settledCharge(intent);
    },

    async fetchOrderPayments(orderId) {
      // An off-session charge (a renewal) is its own order: its PaymentIntent.
      if (orderId.startsWith('pi_')) {
        const intent = await call(() =>
          stripe.paymentIntents.retrieve(orderId, { expand: ['payment_method'] }),
        );
        const charge = paymentOfCharge(intent);
        return charge ? [charge] : [];
      }
      const payment = paymentOfSession(await retrieveSession(orderId));
      return payment ? [payment] : [];
    },

    /**
     * Expire the session so it can no longer be paid. True when it cannot be paid now (expired by
     * this call or before); false when it was already paid (the caller reads the payment).
     */
    async cancelOrder(orderId) {
      try {
        await call(() => stripe.checkout.sessions.expire(orderId));
        return true;
      } catch (error) {
        if (!(error instanceof ProviderRequestError)) throw error;
        const session = await retrieveSession(orderId);
        return session.status === 'expired';
      }
    },

    async refund({ paymentId, amountPaise, idempotencyKey, notes }) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: paymentId, amount: amountPaise, metadata: notes },
          { idempotencyKey },
        ),
      );
      return toRefund(refund);
    },

    async fetchRefund({ paymentId, refundId }) {
      const refund = await call(() => stripe.refunds.retrieve(refundId));
      if (idOf(refund.payment_intent) !== paymentId) {
        throw new ProviderRequestError(`Refund ${refundId} is not of payment ${paymentId}`, 400);
      }
      return toRefund(refund);
    },

    readWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature) {
        throw new WebhookSignatureError('webhook without a Stripe-Signature header');
      }
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          rawBody,
          signature,
          webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          // The timestamp's age is measured on the app's clock, like every other time.
          clock.now().getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : 'webhook signature does not match',
        );
      }
      return readStripeEvent(event);
    },
  };
}
