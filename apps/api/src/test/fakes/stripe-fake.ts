// A local stand-in for Stripe's API, for tests and the browser journey. It speaks the documented
// shapes: form-encoded bodies in bracket notation, Bearer secret-key auth, Idempotency-Key,
// objects with `object` and prefixed ids, `{error: {type, code, message, param}}` error bodies,
// Checkout Sessions with a hosted page of their own, customers and the cards a session saves for
// later (setup_future_usage), off-session PaymentIntents charged to them, refunds, and signed
// webhooks (Stripe-Signature `t=…,v1=HMAC-SHA256(secret, "t.body")`). Only what Pehnava uses is here.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface FakeCall {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | null;
  authorized: boolean;
  status: number;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Json };
}

/** How the fake delivers a webhook; answers the status the app gave. */
export type FakeWebhookDelivery = (
  body: string,
  headers: Record<string, string>,
) => Promise<number>;

export interface StripeFake {
  /** Where the API is, e.g. http://127.0.0.1:3351 (STRIPE_API_URL). */
  url: string;
  port: number;
  calls: FakeCall[];
  sessions: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  customers: Map<string, Json>;
  paymentMethods: Map<string, Json>;
  refunds: Map<string, Json>;
  /** Every event made, in order, whether or not its delivery worked. */
  events: FakeEvent[];
  /** Answer the next `count` API calls with this 5xx (500 unless told) instead of acting. */
  failNext(count: number, status?: number): void;
  /** Answer the next `count` API calls never (the client's timeout decides). */
  hangNext(count: number): void;
  /** Forget every idempotency key, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void;
  /** Where webhooks go from now on: a URL, or a function (tests that use Fastify's inject). */
  deliverTo(target: string | FakeWebhookDelivery | null): void;
  /** New refunds start in this status (Stripe's: succeeded unless told). */
  setRefundStatus(status: 'succeeded' | 'pending' | 'failed'): void;
  /**
   * Pay an open session as its hosted page does (card unless told); sends the webhook. `card`
   * picks one of Stripe's test cards: one that pays (the default), one that pays now but declines
   * every later charge, or one that asks for authentication on every charge (so off-session ones
   * fail).
   */
  pay(
    sessionId: string,
    options?: { method?: string; webhook?: boolean; card?: FakeCard },
  ): Promise<{ session: Json; paymentIntent: Json; event: FakeEvent }>;
  /** Expire a session as Stripe does when its time is up. */
  expire(sessionId: string): Json;
  /** A pending refund reaches its end: refund.updated (succeeded) or refund.failed is sent. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): Promise<FakeEvent>;
  /** An event of this type about this object, recorded (not sent). */
  makeEvent(type: string, object: Json): FakeEvent;
  /** Send an event, signed with the webhook secret unless `forge` or at another timestamp. */
  send(
    event: FakeEvent,
    options?: { forge?: boolean; timestamp?: number },
  ): Promise<{ status: number; body: string; headers: Record<string, string> }>;
  /** Stripe-Signature for a body, as Stripe computes it. */
  signature(body: string, timestamp?: number, secret?: string): string;
  close(): Promise<void>;
}

/** Stripe's test cards the stand-in knows (by their documented numbers). */
export type FakeCard = 'pays' | 'declines-later' | 'needs-authentication';
export const FAKE_CARDS: Record<FakeCard, { number: string; label: string }> = {
  pays: { number: '4242424242424242', label: 'Visa, every charge goes through' },
  'declines-later': {
    number: '4000000000000341',
    label: 'pays now, declines later charges (plan renewals)',
  },
  'needs-authentication': {
    number: '4000002760003184',
    label: 'asks the bank’s authentication on every charge, so renewals fail',
  },
};
/** Which test card a number typed on the hosted page is (any other number pays). */
const cardOfNumber = (typed: string): FakeCard =>
  (Object.entries(FAKE_CARDS).find(([, c]) => c.number === typed.replace(/\s/g, ''))?.[0] ??
    'pays') as FakeCard;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const idOf = (prefix: string, length = 24) =>
  prefix + Array.from(randomBytes(length), (byte) => BASE62[byte % 62]).join('');
const API_VERSION = '2026-10-28.endive';

/**
 * Read a form body or query string in Stripe's bracket notation (`a[b][0][c]=1`) into objects;
 * keys that are all indices become arrays.
 */
export function parseBrackets(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter((part, i) => i === 0 || part !== '');
    if (rawKey.endsWith('[]')) path.push('');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
      payment_intent?: Json;
      payment_method?: Json;
    },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new FakeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new FakeError(400, {
    type: 'invalid_request_error',
    code,
    message,
    ...(param ? { param } : {}),
  });

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const stringMap = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value as Json).filter(([, v]) => typeof v === 'string') as [
          string,
          string,
        ][],
      )
    : {};
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function startStripeFake({
  port = 0,
  host = '127.0.0.1',
  secretKey,
  webhookSecret,
  webhookUrl,
  now = () => Date.now(),
}: {
  port?: number;
  host?: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  /**
   * Stripe's time in ms (the wall clock unless told): tests that move the app's clock move this
   * too, so session expiries and the webhooks' signed timestamps agree with the app.
   */
  now?: () => number;
}): Promise<StripeFake> {
  const nowSeconds = () => Math.floor(now() / 1000);
  const calls: FakeCall[] = [];
  const sessions = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const events: FakeEvent[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let hangs = 0;
  const hanging = new Set<ServerResponse>();
  let refundStatus: 'succeeded' | 'pending' | 'failed' = 'succeeded';
  let delivery: string | FakeWebhookDelivery | null = webhookUrl ?? null;
  let base = '';

  const signature = (body: string, timestamp = nowSeconds(), secret = webhookSecret) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

  function makeEvent(type: string, object: Json): FakeEvent {
    const event: FakeEvent = {
      id: idOf('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    events.push(event);
    return event;
  }

  async function send(event: FakeEvent, options: { forge?: boolean; timestamp?: number } = {}) {
    const body = JSON.stringify(event, null, 2);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signature(
        body,
        options.timestamp,
        options.forge ? `${webhookSecret}-forged` : webhookSecret,
      ),
    };
    if (!delivery) return { status: 0, body, headers };
    try {
      const status =
        typeof delivery === 'function'
          ? await delivery(body, headers)
          : await fetch(delivery, {
              method: 'POST',
              headers,
              body,
              signal: AbortSignal.timeout(10_000),
            }).then(async (res) => {
              await res.arrayBuffer();
              return res.status;
            });
      return { status, body, headers };
    } catch {
      // Stripe would retry later; the fake only records that nobody answered.
      return { status: 0, body, headers };
    }
  }

  function expanded(object: Json, expand: string[]): Json {
    const copy = structuredClone(object);
    for (const path of expand) {
      const [first, ...rest] = path.split('.');
      const id = copy[first!];
      if (typeof id !== 'string') continue;
      const found = paymentIntents.get(id) ?? paymentMethods.get(id) ?? customers.get(id);
      if (found) copy[first!] = expanded(found, rest.length ? [rest.join('.')] : []);
    }
    for (const key of Object.keys(copy)) {
      if (key.startsWith('_')) delete copy[key];
    }
    return copy;
  }

  function sessionOf(id: string): Json {
    const session = sessions.get(id);
    if (!session) throw missing('checkout.session', id);
    return session;
  }

  function createCustomer(params: Json): Json {
    const customer: Json = {
      id: idOf('cus_', 14),
      object: 'customer',
      email: text(params.email) ?? null,
      name: text(params.name) ?? null,
      metadata: stringMap(params.metadata),
      created: nowSeconds(),
      livemode: false,
    };
    customers.set(customer.id as string, customer);
    return customer;
  }

  async function pay(
    sessionId: string,
    options: { method?: string; webhook?: boolean; card?: FakeCard } = {},
  ) {
    const session = sessionOf(sessionId);
    if (session.status !== 'open') {
      throw invalid(`This Checkout Session is ${String(session.status)} and cannot be paid.`);
    }
    const method = options.method ?? 'card';
    const card = options.card ?? 'pays';
    const intentData = (session._payment_intent_data ?? {}) as Json;
    const futureUsage = text(intentData.setup_future_usage) ?? null;
    // Checkout makes a customer when asked to ('always') or when the card is kept for later.
    const customer =
      session.customer_creation === 'always' || futureUsage
        ? createCustomer({ email: session.customer_email })
        : undefined;
    const paymentMethod: Json = {
      id: idOf('pm_'),
      object: 'payment_method',
      type: method,
      created: nowSeconds(),
      livemode: false,
      // A card kept for later is attached to the customer; otherwise it belongs to no one.
      customer: futureUsage && customer ? customer.id : null,
      ...(method === 'card'
        ? {
            card: {
              brand: 'visa',
              last4: FAKE_CARDS[card].number.slice(-4),
              exp_month: 12,
              exp_year: 2034,
              country: 'IN',
            },
          }
        : {}),
      _card: card,
    };
    paymentMethods.set(paymentMethod.id as string, paymentMethod);
    const paymentIntent: Json = {
      id: idOf('pi_'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
      customer: customer?.id ?? null,
      setup_future_usage: futureUsage,
      description: text(intentData.description) ?? null,
      metadata: stringMap(intentData.metadata),
      payment_method: paymentMethod.id,
      payment_method_types: [method],
      last_payment_error: null,
      latest_charge: idOf('ch_'),
      created: nowSeconds(),
      livemode: false,
    };
    paymentIntents.set(paymentIntent.id as string, paymentIntent);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: paymentIntent.id,
      customer: customer?.id ?? null,
      customer_details: { email: session.customer_email ?? null, name: null },
    });
    const event = makeEvent('checkout.session.completed', publicSession(session));
    if (options.webhook !== false) await send(event);
    return { session: publicSession(session), paymentIntent, event };
  }

  /**
   * POST /v1/payment_intents with confirm: a charge to a customer's saved card, as a plan renewal
   * makes it (off_session). The card decides: it goes through, or Stripe answers 402 with the
   * failed PaymentIntent in the error (card_declined, or authentication_required for a card that
   * needs the shopper, who is not there).
   */
  function createPaymentIntent(params: Json): { intent: Json; event: FakeEvent | undefined } {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      throw invalid('Invalid positive integer', 'amount');
    const currency = text(params.currency);
    if (!currency)
      throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    if (currency === 'inr' && amount < 50) {
      throw invalid('Amount must be at least ₹0.50 inr', 'amount', 'amount_too_small');
    }
    const customerId = text(params.customer);
    if (customerId && !customers.has(customerId)) throw missing('customer', customerId, 'customer');
    const methodId = text(params.payment_method);
    const method = methodId ? paymentMethods.get(methodId) : undefined;
    if (methodId && !method) throw missing('payment_method', methodId, 'payment_method');
    const confirm = params.confirm === 'true';
    const offSession = params.off_session === 'true';
    if (offSession && !confirm) {
      throw invalid('off_session can only be used with confirm=true.', 'off_session');
    }
    if (confirm && !method) {
      throw invalid(
        'You cannot confirm this PaymentIntent because it’s missing a payment method.',
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    if (method && method.customer !== (customerId ?? null)) {
      throw invalid(
        method.customer
          ? `The provided PaymentMethod belongs to another customer (${String(method.customer)}).`
          : 'The provided PaymentMethod was previously used to make a payment without being attached to a Customer, and cannot be used again.',
        'payment_method',
      );
    }
    const intent: Json = {
      id: idOf('pi_'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: confirm ? 'processing' : 'requires_confirmation',
      customer: customerId ?? null,
      setup_future_usage: null,
      description: text(params.description) ?? null,
      metadata: stringMap(params.metadata),
      payment_method: methodId ?? null,
      payment_method_types: ['card'],
      last_payment_error: null,
      latest_charge: null,
      created: nowSeconds(),
      livemode: false,
    };
    paymentIntents.set(intent.id as string, intent);
    if (!confirm) return { intent, event: undefined };
    const card = method!._card as FakeCard;
    if (card === 'pays') {
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: amount,
        latest_charge: idOf('ch_'),
      });
      return { intent, event: makeEvent('payment_intent.succeeded', intent) };
    }
    const needsShopper = card === 'needs-authentication';
    const error = {
      type: 'card_error',
      code: needsShopper ? 'authentication_required' : 'card_declined',
      decline_code: needsShopper ? 'authentication_required' : 'generic_decline',
      message: needsShopper
        ? 'Your card was declined. This transaction requires authentication.'
        : 'Your card was declined.',
    };
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: { ...error, payment_method: publicMethod(method!) },
    });
    const event = makeEvent('payment_intent.payment_failed', intent);
    throw Object.assign(
      new FakeError(402, {
        ...error,
        payment_intent: structuredClone(intent),
        payment_method: publicMethod(method!),
      }),
      { event },
    );
  }

  /** A payment method as the API shows it (without the fake's test-card marker). */
  function publicMethod(method: Json): Json {
    return Object.fromEntries(Object.entries(method).filter(([k]) => !k.startsWith('_')));
  }

  function expire(sessionId: string): Json {
    const session = sessionOf(sessionId);
    if (session.status !== 'open') {
      throw invalid(
        `Only Checkout Sessions with status "open" can be expired; this one is "${String(session.status)}".`,
        undefined,
        'checkout_session_not_open',
      );
    }
    Object.assign(session, { status: 'expired', url: null });
    makeEvent('checkout.session.expired', publicSession(session));
    return publicSession(session);
  }

  /** The session as the API shows it (without the fake's own bookkeeping). */
  function publicSession(session: Json): Json {
    return Object.fromEntries(Object.entries(session).filter(([k]) => !k.startsWith('_')));
  }

  function createSession(params: Json): Json {
    if (params.mode !== 'payment') {
      throw invalid('Only mode=payment is supported by this stand-in.', 'mode');
    }
    const successUrl = text(params.success_url);
    if (!successUrl)
      throw invalid('Missing required param: success_url.', 'success_url', 'parameter_missing');
    const lines = Array.isArray(params.line_items) ? (params.line_items as Json[]) : [];
    if (lines.length === 0) {
      throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
    }
    let total = 0;
    let currency: string | undefined;
    lines.forEach((line, i) => {
      const data = (line.price_data ?? {}) as Json;
      const amount = Number(data.unit_amount);
      const quantity = Number(line.quantity ?? 1);
      if (!Number.isInteger(amount) || amount < 0) {
        throw invalid('Invalid integer', `line_items[${i}][price_data][unit_amount]`);
      }
      if (!text(data.currency)) {
        throw invalid(
          'Missing currency',
          `line_items[${i}][price_data][currency]`,
          'parameter_missing',
        );
      }
      if (!text((data.product_data as Json | undefined)?.name)) {
        throw invalid('Missing product name', `line_items[${i}][price_data][product_data][name]`);
      }
      currency = String(data.currency);
      total += amount * quantity;
    });
    if (currency === 'inr' && total < 50) {
      throw invalid(
        "The Checkout Session's total amount must be at least ₹0.50.",
        'line_items',
        'amount_too_small',
      );
    }
    const created = nowSeconds();
    const expiresAt =
      params.expires_at === undefined ? created + 24 * 3600 : Number(params.expires_at);
    if (
      !Number.isInteger(expiresAt) ||
      expiresAt < created + 30 * 60 - 5 ||
      expiresAt > created + 24 * 3600
    ) {
      throw invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    const customerCreation = text(params.customer_creation) ?? null;
    if (customerCreation && !['always', 'if_required'].includes(customerCreation)) {
      throw invalid('Invalid customer_creation', 'customer_creation');
    }
    const futureUsage = text((params.payment_intent_data as Json | undefined)?.setup_future_usage);
    if (futureUsage && !['on_session', 'off_session'].includes(futureUsage)) {
      throw invalid(
        'Invalid payment_intent_data[setup_future_usage]',
        'payment_intent_data[setup_future_usage]',
      );
    }
    const id = idOf('cs_test_', 58);
    const session: Json = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: text(params.client_reference_id) ?? null,
      customer: null,
      customer_creation: customerCreation,
      customer_email: text(params.customer_email) ?? null,
      customer_details: null,
      metadata: stringMap(params.metadata),
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      cancel_url: text(params.cancel_url) ?? null,
      url: `${base}/c/pay/${id}`,
      created,
      expires_at: expiresAt,
      livemode: false,
      _payment_intent_data: params.payment_intent_data ?? {},
      _saves_card: Boolean(futureUsage),
      _line_items: lines,
    };
    sessions.set(id, session);
    return publicSession(session);
  }

  function createRefund(params: Json): Json {
    const intentId = text(params.payment_intent);
    if (!intentId)
      throw invalid(
        'Missing required param: payment_intent.',
        'payment_intent',
        'parameter_missing',
      );
    const intent = paymentIntents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      throw invalid('This PaymentIntent has no successful charge to refund.', 'payment_intent');
    }
    const refunded = [...refunds.values()]
      .filter(
        (r) => r.payment_intent === intentId && r.status !== 'failed' && r.status !== 'canceled',
      )
      .reduce((sum, r) => sum + Number(r.amount), 0);
    const left = Number(intent.amount_received) - refunded;
    if (left <= 0) {
      throw invalid(
        `Charge ${String(intent.latest_charge)} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      throw invalid('Invalid positive integer', 'amount');
    if (amount > left) {
      throw invalid(
        `Refund amount (${rupees(amount)}) is greater than unrefunded amount on charge (${rupees(left)})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund: Json = {
      id: idOf('re_'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.latest_charge,
      status: refundStatus,
      metadata: stringMap(params.metadata),
      reason: text(params.reason) ?? null,
      created: nowSeconds(),
      ...(refundStatus === 'failed' ? { failure_reason: 'unknown' } : {}),
    };
    refunds.set(refund.id as string, refund);
    makeEvent('refund.created', refund);
    return refund;
  }

  async function settleRefund(refundId: string, status: 'succeeded' | 'failed') {
    const refund = refunds.get(refundId);
    if (!refund) throw missing('refund', refundId);
    refund.status = status;
    if (status === 'failed') refund.failure_reason = 'expired_or_canceled_card';
    const event = makeEvent(status === 'failed' ? 'refund.failed' : 'refund.updated', refund);
    await send(event);
    return event;
  }

  const expandList = (params: Json): string[] =>
    Array.isArray(params.expand) ? params.expand.map(String) : [];

  /** One API call: the answer's status and JSON body, and an event to send once it is answered. */
  function route(method: string, path: string, params: Json): [number, Json, FakeEvent?] {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') return [200, createCustomer(params)];
    if ((match = /^\/v1\/customers\/([^/]+)$/.exec(path)) && method === 'GET') {
      const customer = customers.get(match[1]!);
      if (!customer) throw missing('customer', match[1]!);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const { intent, event } = createPaymentIntent(params);
      return [200, structuredClone(intent), event];
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      // Newest first, as Stripe lists; filtered by customer when asked.
      const customer = text(params.customer);
      const data = [...paymentIntents.values()]
        .filter((pi) => !customer || pi.customer === customer)
        .reverse()
        .slice(0, Math.min(Number(params.limit ?? 10), 100))
        .map((pi) =>
          expanded(
            pi,
            expandList(params).map((e) => e.replace(/^data\./, '')),
          ),
        );
      return [200, { object: 'list', data, has_more: false, url: '/v1/payment_intents' }];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return [200, createSession(params)];
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const intent = text(params.payment_intent);
      const data = [...sessions.values()]
        .filter((s) => !intent || s.payment_intent === intent)
        .reverse()
        .slice(0, Number(params.limit ?? 10))
        .map((s) =>
          expanded(
            publicSession(s),
            expandList(params).map((e) => e.replace(/^data\./, '')),
          ),
        );
      return [200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' }];
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') {
      return [200, expanded(publicSession(sessionOf(match[1]!)), expandList(params))];
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === 'POST') {
      return [200, expire(match[1]!)];
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === 'GET') {
      const intent = paymentIntents.get(match[1]!);
      if (!intent) throw missing('payment_intent', match[1]!);
      return [200, expanded(intent, expandList(params))];
    }
    if (method === 'POST' && path === '/v1/refunds') return [200, createRefund(params)];
    if ((match = /^\/v1\/refunds\/([^/]+)$/.exec(path)) && method === 'GET') {
      const refund = refunds.get(match[1]!);
      if (!refund) throw missing('refund', match[1]!);
      return [200, refund];
    }
    throw new FakeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function page(session: Json, notice = ''): string {
    const amount = rupees(Number(session.amount_total));
    const lines = (session._line_items as Json[] | undefined) ?? [];
    const name =
      text(((lines[0]?.price_data as Json | undefined)?.product_data as Json | undefined)?.name) ??
      'Payment';
    const action = `/c/pay/${String(session.id)}`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(amount)} — Stripe test checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.6rem}button{font:inherit;padding:.6rem 1rem;margin:.3rem .3rem 0 0;border-radius:6px;border:1px solid #635bff;cursor:pointer}
.pay{background:#635bff;color:#fff}.notice{color:#b00020}</style></head>
<body><p>Test mode · Stripe stand-in</p><h1>Pay ${escapeHtml(amount)}</h1><p>${escapeHtml(name)}</p>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
<form method="post" action="${action}/pay"><label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label>
${
  session._saves_card
    ? `<p>Plan renewals (test mode): this card will be kept for later charges. Test cards: ${Object.values(
        FAKE_CARDS,
      )
        .map((c) => `${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')} (${escapeHtml(c.label)})`)
        .join('; ')}.</p>`
    : ''
}
<div><button class="pay" type="submit" name="outcome" value="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="outcome" value="decline">Decline</button></div></form>
<form method="post" action="${action}/cancel"><button type="submit">Cancel</button></form></body></html>`;
  }

  async function hostedPage(req: IncomingMessage, res: ServerResponse, path: string, body: string) {
    const match = /^\/c\/pay\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    const session = match ? sessions.get(match[1]!) : undefined;
    const html = (status: number, content: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(content);
    };
    if (!match || !session)
      return html(404, '<!doctype html><p>This checkout page does not exist.</p>');
    if (session.status !== 'open') {
      return html(410, '<!doctype html><p>This checkout session is no longer open.</p>');
    }
    if (req.method === 'GET' && !match[2]) return html(200, page(session));
    if (req.method !== 'POST') return html(405, '<!doctype html><p>Method not allowed.</p>');
    if (match[2] === 'cancel') {
      res.writeHead(303, { location: String(session.cancel_url ?? session.success_url) });
      return res.end();
    }
    const outcome = new URLSearchParams(body).get('outcome');
    // Like Stripe's page, a declined card leaves the shopper on the page to try another.
    if (outcome === 'decline') return html(200, page(session, 'Your card was declined.'));
    await pay(String(session.id), {
      card: cardOfNumber(new URLSearchParams(body).get('card') ?? ''),
    });
    res.writeHead(303, { location: String(session.success_url) });
    res.end();
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const body = Buffer.concat(chunks).toString('utf8');
        if (url.pathname.startsWith('/c/pay/')) return hostedPage(req, res, url.pathname, body);
        if (url.pathname === '/favicon.ico') {
          // The hosted page's icon, so a browser asking for it gets no error.
          res.writeHead(200, { 'content-type': 'image/svg+xml' });
          return res.end(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#635bff"/></svg>',
          );
        }

        const method = req.method ?? 'GET';
        const params = parseBrackets(method === 'GET' ? url.search.slice(1) : body);
        const idempotencyKey = text(req.headers['idempotency-key']) ?? null;
        const authorized = req.headers.authorization === `Bearer ${secretKey}`;
        const call: FakeCall = {
          method,
          path: url.pathname,
          params,
          idempotencyKey,
          authorized,
          status: 0,
        };
        calls.push(call);
        const answer = (status: number, json: Json, extra: Record<string, string> = {}) => {
          call.status = status;
          res.writeHead(status, {
            'content-type': 'application/json',
            'request-id': idOf('req_', 14),
            'stripe-version': API_VERSION,
            ...extra,
          });
          res.end(JSON.stringify(json));
        };

        if (hangs > 0) {
          hangs -= 1;
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        }
        if (failures.count > 0) {
          failures.count -= 1;
          return answer(failures.status, {
            error: { type: 'api_error', message: 'An unknown error occurred on our side.' },
          });
        }
        if (!authorized) {
          return answer(401, {
            error: {
              type: 'invalid_request_error',
              message: `Invalid API Key provided: ${String(req.headers.authorization ?? '')
                .replace(/^Bearer\s+/, '')
                .slice(0, 8)}****`,
            },
          });
        }
        const fingerprint = `${method} ${url.pathname} ${body}`;
        const seen =
          idempotencyKey && method === 'POST' ? idempotent.get(idempotencyKey) : undefined;
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            return answer(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            });
          }
          return answer(seen.status, JSON.parse(seen.body) as Json, {
            'idempotent-replayed': 'true',
          });
        }
        let status: number;
        let json: Json;
        let event: FakeEvent | undefined;
        try {
          [status, json, event] = route(method, url.pathname, params);
        } catch (error) {
          if (!(error instanceof FakeError)) throw error;
          status = error.status;
          json = { error: error.body };
          event = (error as FakeError & { event?: FakeEvent }).event;
        }
        if (idempotencyKey && method === 'POST') {
          idempotent.set(idempotencyKey, { fingerprint, status, body: JSON.stringify(json) });
        }
        answer(status, json);
        // Stripe sends an API call's webhook after it has answered the call.
        if (event) void send(event);
      })().catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actualPort = (server.address() as AddressInfo).port;
  base = `http://${host}:${actualPort}`;

  return {
    url: base,
    port: actualPort,
    calls,
    sessions,
    paymentIntents,
    customers,
    paymentMethods,
    refunds,
    events,
    failNext: (count, status = 500) => {
      failures = { count, status };
    },
    hangNext: (count) => {
      hangs = count;
    },
    forgetIdempotencyKeys: () => {
      idempotent.clear();
    },
    deliverTo: (target) => {
      delivery = target;
    },
    setRefundStatus: (status) => {
      refundStatus = status;
    },
    pay,
    expire,
    settleRefund,
    makeEvent,
    send,
    signature,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
