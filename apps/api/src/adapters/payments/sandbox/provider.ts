import type {
  PaymentProvider,
  ProviderEvent,
  ProviderPayment,
  ProviderPaymentStatus,
} from '../provider.js';
import { ProviderRequestError, WebhookSignatureError } from '../provider.js';
import { hmacHex, paymentSignature, signatureMatches } from '../signatures.js';
import { SandboxInputError, type SandboxGateway } from './gateway.js';
import type { SandboxPaymentRow } from './gateway.repository.js';

/** The path the sandbox's checkout script is served from (modules/payments/payments.routes.ts). */
export const SANDBOX_CHECKOUT_SCRIPT_PATH = '/api/payments/sandbox/checkout.js';

function toPayment(row: SandboxPaymentRow): ProviderPayment {
  return {
    id: row.id,
    orderId: row.orderId,
    amountPaise: row.amountPaise,
    currency: row.currency,
    status: row.status as ProviderPaymentStatus,
    method: row.method,
    errorDescription: row.errorDescription,
  };
}

interface WebhookBody {
  event?: unknown;
  payload?: {
    payment?: { entity?: Record<string, unknown> };
    refund?: { entity?: Record<string, unknown> };
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const paise = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** Read a Razorpay-shaped webhook body (the sandbox sends exactly Razorpay's shape). */
export function readRazorpayEvent(eventId: string, body: WebhookBody): ProviderEvent {
  const name = text(body.event);
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  const type =
    name === 'payment.captured' || name === 'payment.failed' || name === 'refund.processed'
      ? name
      : 'other';
  return {
    id: eventId,
    type,
    name,
    ...(payment
      ? {
          payment: {
            id: text(payment.id),
            orderId: text(payment.order_id),
            amountPaise: paise(payment.amount),
            currency: text(payment.currency),
            status: text(payment.status) as ProviderPaymentStatus,
            method: text(payment.method),
            errorDescription: text(payment.error_description) || null,
          },
        }
      : {}),
    ...(refund
      ? {
          refund: {
            id: text(refund.id),
            paymentId: text(refund.payment_id),
            amountPaise: paise(refund.amount),
            status: 'processed' as const,
          },
        }
      : {}),
  };
}

/**
 * PAYMENT_PROVIDER=sandbox: the provider interface over the sandbox gateway, with Razorpay's
 * signatures. It is what the checkout and the webhook route talk to, as they would to Razorpay.
 */
export function createSandboxProvider(gateway: SandboxGateway): PaymentProvider {
  const { keys } = gateway;
  return {
    name: 'sandbox',
    keyId: keys.keyId,
    checkoutScriptUrl: (origin) => `${origin}${SANDBOX_CHECKOUT_SCRIPT_PATH}`,

    async createOrder({ amountPaise, receipt, notes }) {
      const order = await gateway.createOrder({ amountPaise, currency: 'INR', receipt, notes });
      return { id: order.id, amountPaise: order.amountPaise, currency: 'INR', receipt };
    },

    verifyPaymentSignature: ({ orderId, paymentId, signature }) =>
      signatureMatches(signature, paymentSignature(orderId, paymentId, keys.keySecret)),

    async fetchPayment(paymentId) {
      const row = await gateway.fetchPayment(paymentId);
      if (!row) throw new ProviderRequestError('The id provided does not exist', 400);
      return toPayment(row);
    },

    async fetchOrderPayments(orderId) {
      return (await gateway.paymentsOfOrder(orderId)).map(toPayment);
    },

    async refund(input) {
      try {
        const refund = await gateway.refund(input);
        return {
          id: refund.id,
          paymentId: refund.paymentId,
          amountPaise: refund.amountPaise,
          status: 'processed',
        };
      } catch (error) {
        if (error instanceof SandboxInputError) {
          throw new ProviderRequestError(error.message, error.status);
        }
        throw error;
      }
    },

    readWebhook(rawBody, headers) {
      const signature = headers['x-razorpay-signature'];
      const eventId = headers['x-razorpay-event-id'];
      if (typeof signature !== 'string' || typeof eventId !== 'string' || !eventId) {
        throw new WebhookSignatureError('webhook without a signature or event id');
      }
      if (!signatureMatches(signature, hmacHex(rawBody, keys.webhookSecret))) {
        throw new WebhookSignatureError();
      }
      let body: WebhookBody;
      try {
        body = JSON.parse(rawBody) as WebhookBody;
      } catch {
        throw new WebhookSignatureError('webhook body is not JSON');
      }
      return readRazorpayEvent(eventId, body);
    },
  };
}
