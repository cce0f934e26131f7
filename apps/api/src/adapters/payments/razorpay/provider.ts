import { createHash } from 'node:crypto';
import Razorpay from 'razorpay';
import type { CheckoutPageSources, PaymentProvider } from '../provider.js';
import { readRazorpayWebhook } from '../razorpay-webhooks.js';
import { paymentSignature, signatureMatches } from '../signatures.js';
import {
  orderEntitySchema,
  paymentCollectionSchema,
  paymentEntitySchema,
  readAnswer,
  refundEntitySchema,
  toPayment,
  toRefund,
} from './entities.js';
import { noAnswerAsStatusZero, toProviderError, type RazorpayHttp } from './errors.js';

/** Razorpay's own API, where the SDK points unless told otherwise. */
export const RAZORPAY_DEFAULT_API_URL = 'https://api.razorpay.com';

/**
 * What a page running Razorpay Checkout must reach, as Razorpay documents it: its API (calls and
 * the payment frames) and its logging host.
 */
const RAZORPAY_CONNECT_HOSTS = ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'];
const RAZORPAY_FRAME_HOSTS = ['https://api.razorpay.com'];

export interface RazorpayProviderOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** RAZORPAY_API_URL: Razorpay's API, or a stand-in that speaks its shapes. */
  apiUrl: string;
  /** RAZORPAY_CHECKOUT_URL: the checkout script the browser loads. */
  checkoutUrl: string;
  /** How long one call may take before Razorpay counts as unavailable. */
  timeoutMs: number;
}

/** The CSP sources a page needs for Razorpay Checkout (and for a stand-in at another address). */
export function razorpayPageSources(apiUrl: string, checkoutUrl: string): CheckoutPageSources {
  const checkoutOrigin = new URL(checkoutUrl).origin;
  const apiOrigin = new URL(apiUrl).origin;
  const extra = [checkoutOrigin, ...(apiOrigin === RAZORPAY_DEFAULT_API_URL ? [] : [apiOrigin])];
  const unique = (hosts: string[]) => [...new Set(hosts)];
  return {
    script: [checkoutOrigin],
    connect: unique([...RAZORPAY_CONNECT_HOSTS, ...extra]),
    frame: unique([...RAZORPAY_FRAME_HOSTS, ...extra]),
  };
}

/**
 * Razorpay takes an idempotency key of at least 10 letters, digits, hyphens and underscores.
 * Pehnava's keys (`cancel:{booking id}`, `refund:{payment id}`) have a colon, so any key that is
 * not already acceptable is sent as its SHA-256: the same key always gives the same value, and two
 * different keys never share one.
 */
export function razorpayIdempotencyKey(key: string): string {
  if (/^[A-Za-z0-9_-]{10,}$/.test(key)) return key;
  return createHash('sha256').update(key).digest('hex');
}

/**
 * PAYMENT_PROVIDER=razorpay, through the official SDK. Razorpay's constructor fixes its host, so
 * the SDK's own HTTP client is pointed at RAZORPAY_API_URL and given a timeout; refunds go through
 * that same client, since the SDK has no way to send Razorpay's refund idempotency header.
 */
export function createRazorpayProvider(options: RazorpayProviderOptions): PaymentProvider {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const http = (client.api as unknown as { rq?: RazorpayHttp }).rq;
  if (!http?.defaults || !http.interceptors) {
    // An SDK release that keeps its client elsewhere must fail at start, not at a first payment.
    throw new Error(
      'The razorpay SDK no longer exposes its HTTP client (api.rq); check its version',
    );
  }
  http.defaults.baseURL = options.apiUrl.replace(/\/+$/, '');
  http.defaults.timeout = options.timeoutMs;
  http.interceptors.response.use((response) => response, noAnswerAsStatusZero);

  /** One call to Razorpay; its failure becomes ProviderUnavailableError or ProviderRequestError. */
  async function call<T>(doing: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toProviderError(error, doing);
    }
  }

  return {
    name: 'razorpay',
    keyId: options.keyId,
    flow: 'modal',
    pageSources: razorpayPageSources(options.apiUrl, options.checkoutUrl),
    checkoutScriptUrl: () => options.checkoutUrl,

    async createOrder({ amountPaise, receipt, notes }) {
      const answer = await call('create an order', () =>
        client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes }),
      );
      const order = readAnswer(orderEntitySchema, answer, 'an order');
      return {
        id: order.id,
        amountPaise: order.amount,
        currency: 'INR',
        receipt: order.receipt ?? receipt,
        checkoutUrl: null,
      };
    },

    verifyPaymentSignature: ({ orderId, paymentId, signature }) =>
      signatureMatches(signature, paymentSignature(orderId, paymentId, options.keySecret)),

    async fetchPayment(paymentId) {
      const answer = await call('fetch a payment', () => client.payments.fetch(paymentId));
      return toPayment(readAnswer(paymentEntitySchema, answer, 'a payment'));
    },

    async fetchOrderPayments(orderId) {
      const answer = await call("fetch an order's payments", () =>
        client.orders.fetchPayments(orderId),
      );
      return readAnswer(paymentCollectionSchema, answer, "an order's payments").items.map(
        toPayment,
      );
    },

    async refund({ paymentId, amountPaise, idempotencyKey, notes }) {
      const answer = await call('refund a payment', async () => {
        const response = await http.post(
          `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
          // The receipt is our refund row's id too: what Razorpay's dashboard shows beside it.
          { amount: amountPaise, receipt: notes.refundId, notes },
          { headers: { 'X-Refund-Idempotency': razorpayIdempotencyKey(idempotencyKey) } },
        );
        return response.data;
      });
      return toRefund(readAnswer(refundEntitySchema, answer, 'a refund'));
    },

    async fetchRefund({ paymentId, refundId }) {
      const answer = await call('fetch a refund', () =>
        client.payments.fetchRefund(paymentId, refundId),
      );
      return toRefund(readAnswer(refundEntitySchema, answer, 'a refund'));
    },

    readWebhook: (rawBody, headers) => readRazorpayWebhook(rawBody, headers, options.webhookSecret),
  };
}
