import type {
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefund,
} from '../provider.js';
import { ProviderRequestError } from '../provider.js';
import { readRazorpayWebhook } from '../razorpay-webhooks.js';
import { paymentSignature, signatureMatches } from '../signatures.js';
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
    notes: row.notes,
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

    // The sandbox sends exactly Razorpay's webhooks, signed with its own webhook secret.
    readWebhook: (rawBody, headers) => readRazorpayWebhook(rawBody, headers, keys.webhookSecret),
  };
}
