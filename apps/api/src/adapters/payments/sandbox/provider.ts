import type {
  PaymentProvider,
  ProviderEvent,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefund,
} from '../provider.js';
import { ProviderRequestError, WebhookSignatureError } from '../provider.js';
import { hmacHex, paymentSignature, signatureMatches } from '../signatures.js';
import { SandboxInputError, type SandboxGateway } from './gateway.js';
import type { SandboxPaymentRow, SandboxRefundRow } from './gateway.repository.js';

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
    mandateId: row.mandateId,
  };
}

/** Sandbox refunds are processed the moment they are made. */
function toRefund(row: SandboxRefundRow): ProviderRefund {
  return {
    id: row.id,
    paymentId: row.paymentId,
    amountPaise: row.amountPaise,
    status: 'processed',
    reference: row.notes.refundId ?? null,
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
const noteText = (notes: unknown, key: string): string | null => {
  if (!notes || typeof notes !== 'object') return null;
  const value = (notes as Record<string, unknown>)[key];
  return typeof value === 'string' && value ? value : null;
};

/** Read a Razorpay-shaped webhook body (the sandbox sends exactly Razorpay's shape). */
export function readRazorpayEvent(eventId: string, body: WebhookBody): ProviderEvent {
  const name = text(body.event);
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  const type =
    name === 'payment.captured' ||
    name === 'payment.failed' ||
    name === 'refund.processed' ||
    name === 'refund.failed'
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
            status: name === 'refund.failed' ? ('failed' as const) : ('processed' as const),
            reference: noteText(refund.notes, 'refundId'),
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
    flow: 'modal',
    // The sandbox's script and pay call are this server's own.
    pageSources: { script: [], connect: [], frame: [] },
    checkoutScriptUrl: (origin) => `${origin}${SANDBOX_CHECKOUT_SCRIPT_PATH}`,

    async createOrder({ amountPaise, receipt, notes, recurring }) {
      const order = await gateway.createOrder({
        amountPaise,
        currency: 'INR',
        receipt,
        notes,
        ...(recurring ? { recurring } : {}),
      });
      return {
        id: order.id,
        amountPaise: order.amountPaise,
        currency: 'INR',
        receipt,
        checkoutUrl: null,
      };
    },

    verifyPaymentSignature: ({ orderId, paymentId, signature }) =>
      signatureMatches(signature, paymentSignature(orderId, paymentId, keys.keySecret)),

    async fetchPayment(paymentId) {
      const row = await gateway.fetchPayment(paymentId);
      if (!row) throw new ProviderRequestError('The id provided does not exist', 400);
      return toPayment(row);
    },

    async chargeMandate(input) {
      try {
        return toPayment(await gateway.chargeMandate(input));
      } catch (error) {
        if (error instanceof SandboxInputError) {
          throw new ProviderRequestError(error.message, error.status);
        }
        throw error;
      }
    },

    async fetchOrderPayments(orderId) {
      return (await gateway.paymentsOfOrder(orderId)).map(toPayment);
    },

    async refund(input) {
      try {
        return toRefund(await gateway.refund(input));
      } catch (error) {
        if (error instanceof SandboxInputError) {
          throw new ProviderRequestError(error.message, error.status);
        }
        throw error;
      }
    },

    async fetchRefund({ paymentId, refundId }) {
      const row = await gateway.fetchRefund(refundId);
      if (!row || row.paymentId !== paymentId) {
        throw new ProviderRequestError('The id provided does not exist', 400);
      }
      return toRefund(row);
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
