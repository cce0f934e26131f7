import { createHash } from 'node:crypto';
import Razorpay from 'razorpay';
import type { Clock } from '../../../lib/clock.js';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  type CheckoutPageSources,
  type PaymentProvider,
  type ProviderPayment,
} from '../provider.js';
import { readRazorpayWebhook } from '../razorpay-webhooks.js';
import { paymentSignature, signatureMatches } from '../signatures.js';
import {
  customerEntitySchema,
  mandateOfEntity,
  orderCollectionSchema,
  orderEntitySchema,
  paymentCollectionSchema,
  paymentEntitySchema,
  readAnswer,
  readMandateId,
  recurringAnswerSchema,
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
  /** For the recurring token's expiry date. */
  clock: Clock;
}

/**
 * The most one renewal may charge to a recurring token (Razorpay's `token.max_amount`): ₹15,000,
 * the limit RBI sets for recurring charges without the shopper's extra authentication, or the
 * plan's own price if ever higher.
 */
export const RECURRING_MAX_AMOUNT_PAISE = 1_500_000;
/** How long a plan's recurring token lasts (`token.expire_at`): five years. */
const RECURRING_TOKEN_YEARS = 5;
/** The order note that carries a renewal charge's idempotency key, to find it again on a retry. */
export const CHARGE_KEY_NOTE = 'pehnava_charge_key';

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

  /**
   * The shopper's Razorpay customer: made, or the existing one with the same details given back
   * (`fail_existing: "0"`), so buying a second plan reuses it.
   */
  async function customerFor(shopper: { email: string; name: string; contact?: string }) {
    const answer = await call('create a customer', () =>
      client.customers.create({
        name: shopper.name.slice(0, 50),
        email: shopper.email,
        ...(shopper.contact ? { contact: shopper.contact } : {}),
        // Razorpay documents the string "0"; the SDK's types only know numbers.
        fail_existing: '0' as unknown as 0,
      }),
    );
    return readAnswer(customerEntitySchema, answer, 'a customer').id;
  }

  /** The order an earlier try of this renewal charge made, if any. */
  async function chargeOrderFor(receipt: string, key: string): Promise<string | null> {
    const answer = await call('fetch orders', () => client.orders.all({ receipt, count: 100 }));
    const found = readAnswer(orderCollectionSchema, answer, 'orders').items.find((order) => {
      const notes = order.notes;
      return (
        !!notes &&
        typeof notes === 'object' &&
        !Array.isArray(notes) &&
        (notes as Record<string, unknown>)[CHARGE_KEY_NOTE] === key
      );
    });
    return found?.id ?? null;
  }

  /**
   * A renewal charge's outcome from its order's payments: captured (or declined) is final; a
   * payment Razorpay is still working on (a bank's pre-debit wait) is asked about again later.
   */
  function settledCharge(made: ProviderPayment[]): ProviderPayment {
    const captured = made.find((p) => p.status === 'captured' || p.status === 'refunded');
    if (captured) return captured;
    if (made.some((p) => p.status === 'created' || p.status === 'authorized')) {
      throw new ProviderUnavailableError('Razorpay has not finished the renewal charge yet');
    }
    return made.at(-1)!;
  }

  return {
    name: 'razorpay',
    keyId: options.keyId,
    flow: 'modal',
    pageSources: razorpayPageSources(options.apiUrl, options.checkoutUrl),
    checkoutScriptUrl: () => options.checkoutUrl,

    async createOrder({
      amountPaise,
      receipt,
      notes,
      customerEmail,
      customerName,
      customerContact,
      recurring,
    }) {
      // A plan's order is Razorpay's authorisation order: for a customer, asking for a token.
      const customerId =
        recurring && customerEmail
          ? await customerFor({
              email: customerEmail,
              name: customerName || customerEmail,
              contact: customerContact,
            })
          : null;
      const expireAt =
        Math.floor(options.clock.now().getTime() / 1000) + RECURRING_TOKEN_YEARS * 365 * 86_400;
      const answer = await call('create an order', () =>
        client.orders.create({
          amount: amountPaise,
          currency: 'INR',
          receipt,
          notes,
          ...(customerId
            ? {
                customer_id: customerId,
                token: {
                  max_amount: Math.max(amountPaise, RECURRING_MAX_AMOUNT_PAISE),
                  expire_at: expireAt,
                  // Charged when Pehnava asks (every 14 days), not on a calendar schedule.
                  frequency: 'as_presented',
                },
              }
            : {}),
        }),
      );
      const order = readAnswer(orderEntitySchema, answer, 'an order');
      return {
        id: order.id,
        amountPaise: order.amount,
        currency: 'INR',
        receipt: order.receipt ?? receipt,
        checkoutUrl: null,
        ...(customerId ? { customerId } : {}),
      };
    },

    async chargeMandate({ mandateId, amountPaise, receipt, description, idempotencyKey, notes }) {
      const mandate = readMandateId(mandateId);
      if (!mandate) {
        throw new ProviderRequestError('The mandate is not a Razorpay customer and token', 400);
      }
      const key = razorpayIdempotencyKey(idempotencyKey);
      // Razorpay takes no idempotency key on orders or recurring payments: a retry after a lost
      // answer finds the order made for this key (by receipt, then the key in its notes) and any
      // payment already made on it, so one renewal is charged once.
      let orderId = await chargeOrderFor(receipt, key);
      if (orderId) {
        const made = await call("fetch an order's payments", () =>
          client.orders.fetchPayments(orderId!),
        );
        const earlier = readAnswer(paymentCollectionSchema, made, "an order's payments").items;
        if (earlier.length > 0) return settledCharge(earlier.map(toPayment));
      } else {
        const answer = await call('create an order', () =>
          client.orders.create({
            amount: amountPaise,
            currency: 'INR',
            receipt,
            notes: { ...notes, [CHARGE_KEY_NOTE]: key },
            payment_capture: true,
          }),
        );
        orderId = readAnswer(orderEntitySchema, answer, 'an order').id;
      }
      const customer = readAnswer(
        customerEntitySchema,
        await call('fetch a customer', () => client.customers.fetch(mandate.customerId)),
        'a customer',
      );
      const charged = await call('create a recurring payment', () =>
        client.payments.createRecurringPayment({
          email: customer.email ?? '',
          contact: customer.contact ?? '',
          amount: amountPaise,
          currency: 'INR',
          order_id: orderId!,
          customer_id: mandate.customerId,
          token: mandate.tokenId,
          recurring: '1',
          description,
          notes,
        }),
      );
      const { razorpay_payment_id: paymentId } = readAnswer(
        recurringAnswerSchema,
        charged,
        'a recurring payment',
      );
      const answer = await call('fetch a payment', () => client.payments.fetch(paymentId));
      return settledCharge([toPayment(readAnswer(paymentEntitySchema, answer, 'a payment'))]);
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

    readWebhook: (rawBody, headers) =>
      readRazorpayWebhook(rawBody, headers, options.webhookSecret, mandateOfEntity),
  };
}
