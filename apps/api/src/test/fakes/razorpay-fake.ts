// A local stand-in for Razorpay, for tests and the browser journey: it speaks Razorpay's
// documented REST shapes under /v1 (orders, payments, refunds, customers, recurring tokens and
// charges, error bodies, basic auth with the key id and secret), signs payments and webhooks as
// Razorpay does, and serves a browser checkout (the sandbox's own script) whose pay call it
// answers. Everything is kept in memory.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { sandboxPayBodySchema, todayInIndia, type SandboxPayResponse } from '@pehnava/shared';
import { razorpayStyleId } from '../../adapters/payments/razorpay-ids.js';
import { hmacHex, paymentSignature } from '../../adapters/payments/signatures.js';
import {
  DECLINED_CARD,
  DECLINED_VPA,
  VPA,
  cardNetwork,
  expiryValid,
  luhnValid,
} from '../../adapters/payments/sandbox/cards.js';

/** The checkout script the browser loads: the sandbox's, so both behave the same. */
const CHECKOUT_SCRIPT = new URL('../../../assets/sandbox-checkout.js', import.meta.url);

export type FakePaymentMethod = 'upi' | 'card' | 'netbanking' | 'wallet';
export type FakeRefundStatus = 'pending' | 'processed' | 'failed';

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
  /** An authorisation order (recurring): its customer and the token it asks for. */
  customer_id?: string;
  token?: { max_amount: number; expire_at: number; frequency: string };
  method?: string;
  payment_capture?: boolean;
}

export interface FakeCustomer {
  id: string;
  entity: 'customer';
  name: string;
  email: string;
  contact: string;
  gstin: null;
  notes: Record<string, string>;
  created_at: number;
}

/** A recurring token, made when an authorisation order is paid through the checkout. */
export interface FakeToken {
  id: string;
  entity: 'token';
  customer_id: string;
  method: FakePaymentMethod;
  recurring: true;
  max_amount: number;
  expire_at: number;
  frequency: string;
  status: 'confirmed';
  created_at: number;
  /** The stand-in's own: what the checkout's 'Plan renewals (test mode)' chose. */
  renewals: 'succeed' | 'fail';
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  /** created: a recurring debit Razorpay is still working on (holdNextRecurring). */
  status: 'created' | 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: FakePaymentMethod;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  card: { last4: string; network: string } | null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string>;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  /** A recurring payment's customer and token (the authorisation, or a later charge). */
  customer_id: string | null;
  token_id: string | null;
  recurring: boolean;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: FakeRefundStatus;
  speed_processed: 'normal';
  speed_requested: 'normal';
}

/** One request the fake received, as tests inspect them. */
export interface FakeCall {
  method: string;
  path: string;
  /** True when basic auth carried the right key id and secret. */
  authorized: boolean;
  idempotencyKey: string | null;
  body: unknown;
  /** The query string's fields, when there was one (GET /v1/orders?receipt=…). */
  query?: Record<string, string>;
}

/** One webhook the fake owes (or has sent) the app. */
export interface FakeWebhook {
  eventId: string;
  event: string;
  body: string;
  /** HTTP statuses of each delivery attempt, in order. */
  attempts: number[];
  delivered: boolean;
}

export type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<number>;

export interface RazorpayFakeOptions {
  /** 0 or unset: any free port. */
  port?: number;
  host?: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks are POSTed (the app's /api/payments/razorpay/webhook). */
  webhookUrl?: string;
  /** Or how they are handed to the app in-process (tests using Fastify's inject). */
  deliver?: WebhookDelivery;
  /** Send each webhook by itself this long after its event (default true, 300 ms). */
  autoWebhooks?: boolean;
  webhookDelayMs?: number;
}

const now = () => Math.floor(Date.now() / 1000);

/** Razorpay's error body. */
function errorBody(
  code: string,
  description: string,
  extra: { field?: string; reason?: string; source?: string; step?: string } = {},
) {
  return {
    error: {
      code,
      description,
      source: extra.source ?? 'NA',
      step: extra.step ?? 'NA',
      reason: extra.reason ?? 'NA',
      metadata: {},
      ...(extra.field ? { field: extra.field } : {}),
    },
  };
}

class FakeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`fake answers ${status}`);
  }
}

const badRequest = (description: string, field?: string) =>
  new FakeHttpError(400, errorBody('BAD_REQUEST_ERROR', description, field ? { field } : {}));
const noSuchId = () => badRequest('The id provided does not exist');

function readNotes(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The notes field must be an object', 'notes');
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 15) throw badRequest('The notes may not have more than 15 items', 'notes');
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number') {
      throw badRequest(`The notes.${key} must be a string`, 'notes');
    }
    if (String(note).length > 256) {
      throw badRequest(`The notes.${key} may not be greater than 256 characters`, 'notes');
    }
  }
  return Object.fromEntries(entries.map(([key, note]) => [key, String(note)]));
}

/**
 * Start the fake on 127.0.0.1. Test controls: pay an order, make the next calls fail or hang,
 * choose how refunds come back and settle them later, send (or forge) webhooks, inspect calls.
 */
export async function startRazorpayFake(options: RazorpayFakeOptions) {
  const script = await readFile(CHECKOUT_SCRIPT);
  const autoWebhooks = options.autoWebhooks ?? true;
  const webhookDelayMs = options.webhookDelayMs ?? 300;
  const authHeader = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const customers = new Map<string, FakeCustomer>();
  const tokens = new Map<string, FakeToken>();
  /** Bank descriptions for the next recurring charges to decline, whatever their token says. */
  const recurringDeclines: string[] = [];
  /** How many of the next recurring charges stay `created` until captureHeld (a slow debit). */
  let recurringHolds = 0;
  /** Idempotency key → the refund it made and the body it was made with. */
  const refundKeys = new Map<string, { refundId: string; body: string }>();
  const webhooks: FakeWebhook[] = [];
  const calls: FakeCall[] = [];
  /** What the next API calls do instead of answering as usual (failNext, refuseNext). */
  const failures: ({ kind: 'error'; status: number; body: unknown } | { kind: 'hang' | 'drop' })[] =
    [];
  /** Failures kept for the next call to one endpoint (failOn), before the general ones. */
  const targeted: { method: string; path: string; failure: (typeof failures)[number] }[] = [];
  const hanging = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  let refundOutcome: FakeRefundStatus = 'processed';
  let deliver: WebhookDelivery | undefined = options.deliver;
  let webhookUrl = options.webhookUrl;

  function webhookHeaders(body: string, eventId: string, forged = false): Record<string, string> {
    const secret = forged ? `${options.webhookSecret}-forged` : options.webhookSecret;
    return {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(body, secret),
      'x-razorpay-event-id': eventId,
    };
  }

  async function send(body: string, headers: Record<string, string>): Promise<number> {
    if (deliver) return deliver(body, headers);
    if (!webhookUrl) throw new Error('the fake has no webhook address');
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  }

  async function attempt(hook: FakeWebhook): Promise<number> {
    let status: number;
    try {
      status = await send(hook.body, webhookHeaders(hook.body, hook.eventId));
    } catch {
      status = 0;
    }
    hook.attempts.push(status);
    if (status >= 200 && status < 300) hook.delivered = true;
    return status;
  }

  /** Send a webhook after `delayMs`; as Razorpay does, try again a few times until a 2xx. */
  function later(hook: FakeWebhook, delayMs: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(hook).then(() => {
        if (!hook.delivered && hook.attempts.length < 5) later(hook, 1_000);
      });
    }, delayMs);
    timers.add(timer);
  }

  /** Queue an event's webhook (Razorpay's envelope), sent a moment later when automatic. */
  function queueEvent(event: string, payload: Record<string, { entity: unknown }>): FakeWebhook {
    const hook: FakeWebhook = {
      eventId: razorpayStyleId('evt'),
      event,
      body: JSON.stringify({
        entity: 'event',
        account_id: 'acc_PehnavaFake0001',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: now(),
      }),
      attempts: [],
      delivered: false,
    };
    webhooks.push(hook);
    if (autoWebhooks && (deliver || webhookUrl)) later(hook, webhookDelayMs);
    return hook;
  }

  function orderPayload(order: FakeOrder) {
    return { entity: { ...order } };
  }

  /**
   * Record one payment attempt on an order: captured (the order is paid), failed, or created (a
   * recurring debit still on its way: the order is attempted, no webhook until it is captured).
   */
  function makePayment(
    orderId: string,
    input: {
      status: 'captured' | 'failed' | 'created';
      method: FakePaymentMethod;
      vpa?: string;
      card?: { last4: string; network: string };
      errorDescription?: string;
      errorReason?: string;
      errorSource?: string;
      /** Paying an authorisation order through the checkout: the token's renewals choice. */
      renewals?: 'succeed' | 'fail';
      /** A later charge on a token (POST /v1/payments/create/recurring). */
      charge?: { token: FakeToken; email: string; contact: string; description: string | null };
      notes?: Record<string, string>;
    },
  ): FakePayment {
    const order = orders.get(orderId);
    if (!order) throw new FakeHttpError(404, { success: false, message: 'No such order' });
    if (order.status === 'paid') {
      throw new FakeHttpError(409, { success: false, message: 'This order has already been paid' });
    }
    const failed = input.status === 'failed';
    const pending = input.status === 'created';
    const customer = order.customer_id ? customers.get(order.customer_id) : undefined;
    // A captured authorisation payment sets up the token the order asked for.
    const token =
      input.charge?.token ??
      (!failed && order.token && customer
        ? makeToken(order, customer, input.method, input.renewals ?? 'succeed')
        : undefined);
    const payment: FakePayment = {
      id: razorpayStyleId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: input.status,
      order_id: order.id,
      method: input.method,
      amount_refunded: 0,
      refund_status: null,
      captured: !failed && !pending,
      description: input.charge?.description ?? null,
      card: input.card ?? null,
      bank: input.method === 'netbanking' ? 'HDFC' : null,
      wallet: input.method === 'wallet' ? 'paytm' : null,
      vpa: input.method === 'upi' ? (input.vpa ?? 'success@razorpay') : null,
      email: input.charge?.email || customer?.email || 'shopper@pehnava.test',
      contact: input.charge?.contact || customer?.contact || '+919820012345',
      notes: input.notes ?? {},
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed
        ? (input.errorDescription ?? 'Payment failed. The tester chose to fail this payment.')
        : null,
      error_source: failed ? (input.errorSource ?? 'customer') : null,
      error_step: failed ? 'payment_authorization' : null,
      error_reason: failed ? (input.errorReason ?? 'payment_failed') : null,
      customer_id: token?.customer_id ?? order.customer_id ?? null,
      token_id: token?.id ?? null,
      recurring: !!token,
      created_at: now(),
    };
    payments.set(payment.id, payment);
    order.attempts += 1;
    if (failed || pending) {
      order.status = 'attempted';
    } else {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    }
    if (!pending) {
      queueEvent(failed ? 'payment.failed' : 'payment.captured', {
        payment: { entity: { ...payment } },
        order: orderPayload(order),
      });
    }
    return payment;
  }

  /** A `created` recurring debit goes through: captured, its order paid, its webhook queued. */
  function captureHeld(paymentId: string): FakeWebhook {
    const payment = payments.get(paymentId);
    if (!payment || payment.status !== 'created') throw new Error(`no held payment ${paymentId}`);
    const order = orders.get(payment.order_id)!;
    payment.status = 'captured';
    payment.captured = true;
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    return queueEvent('payment.captured', {
      payment: { entity: { ...payment } },
      order: orderPayload(order),
    });
  }

  function makeToken(
    order: FakeOrder,
    customer: FakeCustomer,
    method: FakePaymentMethod,
    renewals: 'succeed' | 'fail',
  ): FakeToken {
    const token: FakeToken = {
      id: razorpayStyleId('token'),
      entity: 'token',
      customer_id: customer.id,
      method,
      recurring: true,
      max_amount: order.token!.max_amount,
      expire_at: order.token!.expire_at,
      frequency: order.token!.frequency,
      status: 'confirmed',
      created_at: now(),
      renewals,
    };
    tokens.set(token.id, token);
    return token;
  }

  function refundWebhook(refund: FakeRefund) {
    const payment = payments.get(refund.payment_id)!;
    queueEvent(refund.status === 'failed' ? 'refund.failed' : 'refund.processed', {
      refund: { entity: { ...refund } },
      payment: { entity: { ...payment } },
    });
  }

  /** Move a refund to its final state (as Razorpay does days later), and say so by webhook. */
  function finishRefund(refund: FakeRefund, status: 'processed' | 'failed') {
    if (refund.status !== 'pending') return;
    refund.status = status;
    if (status === 'failed') {
      const payment = payments.get(refund.payment_id)!;
      payment.amount_refunded -= refund.amount;
      payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
      payment.status = 'captured';
    } else {
      refund.acquirer_data.arn = `ARN${refund.id.slice(5)}`;
    }
    refundWebhook(refund);
  }

  // ---- the REST API (/v1, basic auth) ----

  /** POST /v1/customers: with `fail_existing` "0", the customer with the same details is reused. */
  function createCustomer(body: Record<string, unknown>): FakeCustomer {
    const text = (field: string, max: number) => {
      const value = body[field];
      if (value === undefined) return '';
      if (typeof value !== 'string' || value.length > max) {
        throw badRequest(`The ${field} field is invalid`, field);
      }
      return value;
    };
    const name = text('name', 50);
    const email = text('email', 64);
    const contact = text('contact', 15);
    if (!email && !contact) throw badRequest('The email or contact field is required', 'email');
    if (email && !/^[^@\s]+@[^@\s]+$/.test(email)) {
      throw badRequest('The email must be a valid email address.', 'email');
    }
    const existing = [...customers.values()].find(
      (c) => c.email === email && c.contact === contact && c.name === name,
    );
    if (existing) {
      const failExisting = body.fail_existing;
      if (failExisting === '0' || failExisting === 0 || failExisting === false) return existing;
      throw badRequest('Customer already exists for the merchant');
    }
    const customer: FakeCustomer = {
      id: razorpayStyleId('cust'),
      entity: 'customer',
      name,
      email,
      contact,
      gstin: null,
      notes: readNotes(body.notes),
      created_at: now(),
    };
    customers.set(customer.id, customer);
    return customer;
  }

  /** An authorisation order's recurring fields, checked as Razorpay documents them. */
  function recurringFields(body: Record<string, unknown>): Partial<FakeOrder> {
    const { customer_id: customerId, token, method, payment_capture: capture } = body;
    if (capture !== undefined && typeof capture !== 'boolean' && capture !== 0 && capture !== 1) {
      throw badRequest('The payment capture field is invalid', 'payment_capture');
    }
    const fields: Partial<FakeOrder> =
      capture === undefined ? {} : { payment_capture: capture === true || capture === 1 };
    if (token === undefined) {
      if (customerId !== undefined) {
        if (typeof customerId !== 'string' || !customers.has(customerId)) throw noSuchId();
        fields.customer_id = customerId;
      }
      return fields;
    }
    if (typeof customerId !== 'string' || !customerId) {
      throw badRequest('The customer_id field is required when token is present', 'customer_id');
    }
    if (!customers.has(customerId)) throw noSuchId();
    if (method !== undefined && !['card', 'upi', 'emandate', 'nach'].includes(String(method))) {
      throw badRequest('Invalid payment method given', 'method');
    }
    if (!token || typeof token !== 'object' || Array.isArray(token)) {
      throw badRequest('The token field must be an object', 'token');
    }
    const t = token as Record<string, unknown>;
    const maxAmount = t.max_amount;
    if (typeof maxAmount !== 'number' || !Number.isInteger(maxAmount) || maxAmount < 100) {
      throw badRequest('The token.max amount must be at least 100', 'token.max_amount');
    }
    const expireAt = t.expire_at;
    if (typeof expireAt !== 'number' || !Number.isInteger(expireAt) || expireAt <= now()) {
      throw badRequest('The token.expire at must be a time in the future', 'token.expire_at');
    }
    const frequency = t.frequency ?? 'as_presented';
    const frequencies = ['as_presented', 'daily', 'weekly', 'fortnightly', 'monthly', 'yearly'];
    if (typeof frequency !== 'string' || !frequencies.includes(frequency)) {
      throw badRequest('The selected token.frequency is invalid.', 'token.frequency');
    }
    return {
      ...fields,
      customer_id: customerId,
      token: { max_amount: maxAmount, expire_at: expireAt, frequency },
      ...(typeof method === 'string' ? { method } : {}),
    };
  }

  /** GET /v1/orders: newest first, filtered by receipt when asked. */
  function listOrders(query: URLSearchParams) {
    const count = Math.min(Number(query.get('count') ?? 10) || 10, 100);
    const skip = Number(query.get('skip') ?? 0) || 0;
    const receipt = query.get('receipt');
    const items = [...orders.values()]
      .filter((o) => receipt === null || o.receipt === receipt)
      .reverse()
      .slice(skip, skip + count);
    return { entity: 'collection', count: items.length, items };
  }

  /**
   * POST /v1/payments/create/recurring: charge a token for an order made for this charge. Declined
   * when a test said so (declineNextRecurring) or when the shopper chose 'Renewals are declined'.
   */
  function createRecurringPayment(body: Record<string, unknown>) {
    for (const field of ['email', 'contact', 'order_id', 'customer_id', 'token']) {
      if (typeof body[field] !== 'string' || !body[field]) {
        throw badRequest(`The ${field} field is required.`, field);
      }
    }
    const { amount, currency = 'INR', recurring } = body;
    if (recurring !== '1' && recurring !== 1 && recurring !== true) {
      throw badRequest('The recurring field must be 1', 'recurring');
    }
    if (currency !== 'INR') throw badRequest('The currency is not supported', 'currency');
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      throw badRequest('The amount must be at least INR 1.00', 'amount');
    }
    const order = orders.get(body.order_id as string);
    const customer = customers.get(body.customer_id as string);
    const token = tokens.get(body.token as string);
    if (!order || !customer) throw noSuchId();
    if (!token || token.customer_id !== customer.id) {
      throw badRequest('The token id provided does not exist', 'token');
    }
    if (order.amount !== amount) {
      throw badRequest('The amount must be the same as the order amount', 'amount');
    }
    if (amount > token.max_amount) {
      throw badRequest('The amount exceeds the maximum amount allowed for the token', 'amount');
    }
    if (token.expire_at <= now()) throw badRequest('The token has expired', 'token');
    const declined =
      recurringDeclines.shift() ??
      (token.renewals === 'fail'
        ? 'The recurring payment was declined by the customer’s bank.'
        : undefined);
    const held = !declined && recurringHolds > 0;
    if (held) recurringHolds -= 1;
    const payment = makePayment(order.id, {
      status: declined ? 'failed' : held ? 'created' : 'captured',
      method: token.method,
      ...(token.method === 'card' ? { card: { last4: '1111', network: 'Visa' } } : {}),
      ...(declined
        ? { errorDescription: declined, errorReason: 'payment_declined', errorSource: 'bank' }
        : {}),
      charge: {
        token,
        email: body.email as string,
        contact: body.contact as string,
        description: typeof body.description === 'string' ? body.description : null,
      },
      notes: readNotes(body.notes),
    });
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(order.id, payment.id, options.keySecret),
    };
  }

  function createOrder(body: Record<string, unknown>): FakeOrder {
    const { amount, currency = 'INR', receipt } = body;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      throw badRequest('The amount must be at least INR 1.00', 'amount');
    }
    if (currency !== 'INR') throw badRequest('The currency is not supported', 'currency');
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
      throw badRequest('The receipt may not be greater than 40 characters', 'receipt');
    }
    const order: FakeOrder = {
      id: razorpayStyleId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: typeof receipt === 'string' ? receipt : null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: readNotes(body.notes),
      created_at: now(),
      ...recurringFields(body),
    };
    orders.set(order.id, order);
    return order;
  }

  function refundPayment(
    paymentId: string,
    body: Record<string, unknown>,
    idempotencyKey: string | null,
  ): FakeRefund {
    const payment = payments.get(paymentId);
    if (!payment) throw noSuchId();
    if (idempotencyKey !== null) {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) {
        throw badRequest(
          'The idempotency key must be at least 10 letters, digits, hyphens or underscores',
          'X-Refund-Idempotency',
        );
      }
      const earlier = refundKeys.get(idempotencyKey);
      if (earlier) {
        if (earlier.body !== JSON.stringify(body)) {
          throw badRequest('Different request with the same idempotency key has already been made');
        }
        return refunds.get(earlier.refundId)!;
      }
    }
    if (payment.status === 'failed') throw badRequest('A failed payment cannot be refunded');
    if (payment.status === 'created') {
      throw badRequest('The payment has not been captured yet and cannot be refunded');
    }
    const left = payment.amount - payment.amount_refunded;
    const amount = body.amount === undefined ? left : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      throw badRequest('The refund amount must be at least INR 1.00', 'amount');
    }
    if (amount > left) {
      throw badRequest('The refund amount is more than what is left to refund', 'amount');
    }
    const receipt = body.receipt;
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
      throw badRequest('The receipt may not be greater than 40 characters', 'receipt');
    }
    const refund: FakeRefund = {
      id: razorpayStyleId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: readNotes(body.notes),
      receipt: typeof receipt === 'string' ? receipt : null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    refunds.set(refund.id, refund);
    if (idempotencyKey !== null) {
      refundKeys.set(idempotencyKey, { refundId: refund.id, body: JSON.stringify(body) });
    }
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    if (refundOutcome !== 'pending') finishRefund(refund, refundOutcome);
    return refund;
  }

  function api(
    method: string,
    path: string,
    body: unknown,
    key: string | null,
    query = new URLSearchParams(),
  ): unknown {
    const parts = path.split('/').filter(Boolean).slice(1); // after 'v1'
    const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    if (method === 'POST' && parts.length === 1 && parts[0] === 'orders') return createOrder(input);
    if (method === 'GET' && parts.length === 1 && parts[0] === 'orders') return listOrders(query);
    if (method === 'POST' && parts.length === 1 && parts[0] === 'customers') {
      return createCustomer(input);
    }
    if (method === 'GET' && parts[0] === 'customers' && parts.length === 2) {
      const customer = customers.get(parts[1]!);
      if (!customer) throw noSuchId();
      return customer;
    }
    if (method === 'POST' && path === '/v1/payments/create/recurring') {
      return createRecurringPayment(input);
    }
    if (method === 'GET' && parts[0] === 'orders' && parts.length === 2) {
      const order = orders.get(parts[1]!);
      if (!order) throw noSuchId();
      return order;
    }
    if (
      method === 'GET' &&
      parts[0] === 'orders' &&
      parts[2] === 'payments' &&
      parts.length === 3
    ) {
      if (!orders.has(parts[1]!)) throw noSuchId();
      const items = [...payments.values()].filter((p) => p.order_id === parts[1]);
      return { entity: 'collection', count: items.length, items };
    }
    if (parts[0] === 'payments' && parts.length === 2 && method === 'GET') {
      const payment = payments.get(parts[1]!);
      if (!payment) throw noSuchId();
      return payment;
    }
    if (
      parts[0] === 'payments' &&
      parts[2] === 'refund' &&
      parts.length === 3 &&
      method === 'POST'
    ) {
      return refundPayment(parts[1]!, input, key);
    }
    if (
      parts[0] === 'payments' &&
      parts[2] === 'refunds' &&
      parts.length === 4 &&
      method === 'GET'
    ) {
      const refund = refunds.get(parts[3]!);
      if (!refund || refund.payment_id !== parts[1]) throw noSuchId();
      return refund;
    }
    throw new FakeHttpError(
      404,
      errorBody('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.'),
    );
  }

  // ---- the browser's side: the checkout script and its pay call ----

  /** POST /v1/pay: what the checkout's sheet sends, answered as the sandbox answers it. */
  function pay(raw: unknown): SandboxPayResponse {
    const parsed = sandboxPayBodySchema.safeParse(raw);
    const refuse = (status: number, message: string) =>
      new FakeHttpError(status, { success: false, message });
    if (!parsed.success) throw refuse(400, parsed.error.issues[0]?.message ?? 'Bad request');
    const body = parsed.data;
    if (body.key !== options.keyId) {
      throw refuse(401, 'This checkout was opened with an unknown key');
    }
    // Razorpay makes a recurring token only when the checkout names the order's customer and
    // says `recurring: "1"` (the sheet then sends its renewals choice).
    const order = orders.get(body.order_id);
    const recurringCheckout = !!raw && typeof raw === 'object' && 'renewals' in raw;
    if (order?.token && (!recurringCheckout || body.customer_id !== order.customer_id)) {
      throw refuse(
        400,
        'This order is for recurring payments: open the checkout with its customer_id and recurring "1"',
      );
    }
    let instrument: { vpa?: string; card?: { last4: string; network: string } };
    let declined: { description: string; reason: string; source: string } | undefined;
    if (body.method === 'upi') {
      const vpa = body.vpa ?? '';
      if (!VPA.test(vpa)) throw refuse(400, 'Enter a valid UPI ID, like name@bank');
      instrument = { vpa: vpa.toLowerCase() };
      if (vpa.toLowerCase() === DECLINED_VPA) {
        declined = {
          description: 'Payment failed because the UPI request was declined.',
          reason: 'payment_declined',
          source: 'customer',
        };
      }
    } else {
      const number = body.card?.number.replace(/[\s-]/g, '') ?? '';
      if (!luhnValid(number)) throw refuse(400, 'Enter a valid card number');
      if (!body.card || !expiryValid(body.card.expiry, todayInIndia(new Date()))) {
        throw refuse(400, 'Enter a valid expiry date (MM/YY) that has not passed');
      }
      if (!/^\d{3,4}$/.test(body.card.cvv)) throw refuse(400, 'Enter a valid CVV');
      instrument = { card: { last4: number.slice(-4), network: cardNetwork(number) } };
      if (number === DECLINED_CARD) {
        declined = {
          description: 'Your card was declined by the bank.',
          reason: 'card_declined',
          source: 'bank',
        };
      }
    }
    if (body.outcome === 'failure') {
      declined = {
        description: 'Payment failed. The tester chose to fail this payment.',
        reason: 'payment_failed',
        source: 'customer',
      };
    }
    const payment = makePayment(body.order_id, {
      status: declined ? 'failed' : 'captured',
      method: body.method,
      renewals: body.renewals,
      ...instrument,
      ...(declined
        ? {
            errorDescription: declined.description,
            errorReason: declined.reason,
            errorSource: declined.source,
          }
        : {}),
    });
    if (declined) {
      return {
        status: 'failed',
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: declined.description,
          source: declined.source,
          step: 'payment_authorization',
          reason: declined.reason,
          metadata: { order_id: payment.order_id, payment_id: payment.id },
        },
      };
    }
    return {
      status: 'captured',
      razorpay_payment_id: payment.id,
      razorpay_order_id: payment.order_id,
      razorpay_signature: paymentSignature(payment.order_id, payment.id, options.keySecret),
    };
  }

  // ---- HTTP ----

  function cors(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('vary', 'origin');
  }

  function answer(res: ServerResponse, status: number, body: unknown) {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(body));
  }

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw badRequest('The request body is not valid JSON');
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const requested = new URL(req.url ?? '/', 'http://fake');
    const path = requested.pathname.replace(/\/+$/, '');

    // The browser's side: another origin than the shop's page, so CORS and preflights.
    if (path === '/v1/checkout.js' || path === '/v1/pay') {
      cors(req, res);
      if (method === 'OPTIONS') {
        res.statusCode = 204;
        res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
        res.setHeader('access-control-allow-headers', 'content-type, accept');
        res.setHeader('access-control-max-age', '600');
        res.end();
        return;
      }
      if (path === '/v1/checkout.js' && (method === 'GET' || method === 'HEAD')) {
        res.statusCode = 200;
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.setHeader('cross-origin-resource-policy', 'cross-origin');
        res.setHeader('cache-control', 'no-store');
        res.end(method === 'HEAD' ? undefined : script);
        return;
      }
      if (path === '/v1/pay' && method === 'POST') {
        const body = await readBody(req).catch(() => null);
        calls.push({ method, path, authorized: false, idempotencyKey: null, body });
        answer(res, 200, pay(body));
        return;
      }
      answer(res, 405, { success: false, message: 'Method not allowed' });
      return;
    }

    const key = req.headers['x-refund-idempotency'];
    const idempotencyKey = typeof key === 'string' ? key : null;
    const authorized = req.headers.authorization === authHeader;
    const body = await readBody(req);
    calls.push({
      method,
      path,
      authorized,
      idempotencyKey,
      body,
      ...(requested.search ? { query: Object.fromEntries(requested.searchParams) } : {}),
    });

    const aimed = targeted.findIndex((t) => t.method === method && t.path === path);
    const failure = aimed >= 0 ? targeted.splice(aimed, 1)[0]!.failure : failures.shift();
    if (failure?.kind === 'drop' && authorized) {
      // Acted on, but the answer is lost on the way back (the caller sees a timeout).
      try {
        api(method, path, body, idempotencyKey, requested.searchParams);
      } catch {
        // Refused or not: the caller never hears either way.
      }
    }
    if (failure?.kind === 'hang' || failure?.kind === 'drop') {
      // Never answered: the client's timeout is what ends it (or close()).
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (failure?.kind === 'error') {
      answer(res, failure.status, failure.body);
      return;
    }
    if (!authorized) {
      answer(res, 401, errorBody('BAD_REQUEST_ERROR', 'Authentication failed'));
      return;
    }
    answer(res, 200, api(method, path, body, idempotencyKey, requested.searchParams));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return;
      if (error instanceof FakeHttpError) answer(res, error.status, error.body);
      else answer(res, 500, errorBody('SERVER_ERROR', String(error)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    /** The fake's origin: RAZORPAY_API_URL; the script is at `${url}/v1/checkout.js`. */
    url,
    checkoutUrl: `${url}/v1/checkout.js`,
    orders,
    payments,
    refunds,
    webhooks,
    calls,

    /** Deliver webhooks elsewhere from now on (an app built after the fake). */
    setWebhookTarget(target: { url?: string; deliver?: WebhookDelivery }) {
      webhookUrl = target.url;
      deliver = target.deliver;
    },

    /** A shopper pays (or fails to pay) an order, by any method; its webhook is queued. */
    payOrder(
      orderId: string,
      {
        status = 'captured',
        method = 'upi',
        errorDescription,
        renewals,
      }: {
        status?: 'captured' | 'failed';
        method?: FakePaymentMethod;
        errorDescription?: string;
        /** An authorisation order: whether later charges on its token go through. */
        renewals?: 'succeed' | 'fail';
      } = {},
    ) {
      const payment = makePayment(orderId, {
        status,
        method,
        ...(renewals ? { renewals } : {}),
        ...(method === 'card' ? { card: { last4: '1111', network: 'Visa' } } : {}),
        ...(errorDescription ? { errorDescription } : {}),
      });
      return {
        payment,
        ids: {
          razorpay_payment_id: payment.id,
          razorpay_order_id: payment.order_id,
          razorpay_signature: paymentSignature(payment.order_id, payment.id, options.keySecret),
        },
      };
    },

    /**
     * The next `count` API calls answer `status` (5xx), never answer ('hang'), or are acted on
     * and then never answered ('drop': the answer lost on the way back).
     */
    failNext(count: number, how: 'error' | 'hang' | 'drop' = 'error', status = 503) {
      const body = errorBody('SERVER_ERROR', 'The server encountered an error. Try again later.');
      for (let i = 0; i < count; i += 1) {
        failures.push(how === 'error' ? { kind: 'error', status, body } : { kind: how });
      }
    },

    /**
     * The next call to this endpoint (method and path, e.g. 'POST', '/v1/payments/create/recurring')
     * answers a 5xx, never answers, or is acted on and its answer lost; other calls go through.
     */
    failOn(method: string, path: string, how: 'error' | 'hang' | 'drop' = 'error', status = 503) {
      const body = errorBody('SERVER_ERROR', 'The server encountered an error. Try again later.');
      targeted.push({
        method,
        path,
        failure: how === 'error' ? { kind: 'error', status, body } : { kind: how },
      });
    },

    /** The next API call is refused (4xx) with Razorpay's error body and these words. */
    refuseNext(status: number, description: string, field?: string) {
      failures.push({
        kind: 'error',
        status,
        body: errorBody('BAD_REQUEST_ERROR', description, field ? { field } : {}),
      });
    },

    customers,
    tokens,

    /** The next recurring charge is declined by the bank, with these words. */
    declineNextRecurring(
      description = 'The recurring payment was declined by the customer’s bank.',
    ) {
      recurringDeclines.push(description);
    },

    /**
     * The next recurring charge is a debit Razorpay is still working on (a card or UPI mandate
     * debited only after its pre-debit notice): the payment is made in state `created`, the order
     * `attempted`, and no webhook is sent, until captureHeld(paymentId) captures it and queues its
     * signed `payment.captured` webhook, as Razorpay sends it once the debit goes through.
     */
    holdNextRecurring() {
      recurringHolds += 1;
    },

    captureHeld,

    /** How new refunds come back: processed at once (the default), pending, or failed. */
    refundsCome(status: FakeRefundStatus) {
      refundOutcome = status;
    },

    /** A pending refund reaches its end (processed or failed); its webhook is queued. */
    settleRefund(refundId: string, status: 'processed' | 'failed' = 'processed') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      finishRefund(refund, status);
      return refund;
    },

    /** Send every webhook not yet delivered now, and wait for the answers. */
    async flushWebhooks(): Promise<number[]> {
      const due = webhooks.filter((hook) => !hook.delivered);
      const statuses: number[] = [];
      for (const hook of due) statuses.push(await attempt(hook));
      return statuses;
    },

    /** Deliver a webhook again, exactly as before (Razorpay retries with the same event id). */
    redeliver(eventId: string): Promise<number> {
      const hook = webhooks.find((w) => w.eventId === eventId);
      if (!hook) throw new Error(`no webhook ${eventId}`);
      return attempt(hook);
    },

    /** Send a webhook of the fake's own making now, signed (or forged: another secret). */
    async sendWebhook(
      event: string,
      payload: Record<string, { entity: unknown }>,
      { forged = false }: { forged?: boolean } = {},
    ) {
      const eventId = razorpayStyleId('evt');
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_PehnavaFake0001',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: now(),
      });
      return { eventId, body, status: await send(body, webhookHeaders(body, eventId, forged)) };
    },

    /** Razorpay's payment signature, as the checkout hands it to the browser. */
    signature: (orderId: string, paymentId: string) =>
      paymentSignature(orderId, paymentId, options.keySecret),

    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type RazorpayFake = Awaited<ReturnType<typeof startRazorpayFake>>;
