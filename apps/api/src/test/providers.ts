// One world per payment provider (the sandbox gateway, Razorpay's stand-in, Stripe's stand-in)
// behind one interface, so that a checkout behaviour is written once and run against all three
// (modules/payments/checkout-behaviours.int.test.ts). Each world builds the app as that provider's
// own tests do: its env, its stand-in started before the app and closed after it, a manual clock,
// no background jobs (tests run them), and the provider's webhooks handed to the app in-process
// only when the test says so (deliverWebhooks), never on their own.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, like } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  clientConfigResponseSchema,
  sandboxPayResponseSchema,
  type CreateBookingResponse,
  type PaymentProviderName,
} from '@pehnava/shared';
import type { CheckoutFlow } from '../adapters/payments/provider.js';
import { razorpayStyleId } from '../adapters/payments/razorpay-ids.js';
import { hmacHex } from '../adapters/payments/signatures.js';
import { sandboxOrders, sandboxPayments, sandboxWebhooks } from '../db/schema/index.js';
import { SANDBOX_WEBHOOKS_JOB } from '../jobs/payment-jobs.js';
import { createManualClock, type ManualClock } from '../lib/clock.js';
import { createTestApp, type TestApp } from './app.js';
import { payOrder, verifyPayment, verifyStripe, type PaidIds } from './checkout.js';
import { startRazorpayFake, type RazorpayFake } from './fakes/razorpay-fake.js';
import { startStripeFake, type FakeEvent, type StripeFake } from './fakes/stripe-fake.js';
import { runUntilIdle, sandboxRefundsOf } from './late-payments.js';
import type { Shopper } from './shopping.js';

/** An answer of the app to a request (Fastify's inject). */
export type Answer = Awaited<ReturnType<Shopper['call']>>;

/** A payment captured at the provider, as the shopper's checkout made it. */
export interface Paid {
  /** The provider's id of the payment (Razorpay's pay_…, Stripe's PaymentIntent pi_…). */
  paymentId: string;
  /** How it was paid, as the booking should show it (upi, card…). */
  method: string;
  /** What a modal checkout hands its handler, the body of the browser's verify; none on redirect. */
  handler?: PaidIds;
}

/** An order as the provider's own records have it. */
export type OrderAtProvider = 'open' | 'paid' | 'closed' | 'unknown';

/** A refund as the provider's own records have it. */
export interface RefundAtProvider {
  id: string;
  amountPaise: number;
}

export interface ProviderWorld {
  readonly name: PaymentProviderName;
  /** The app's clock, and the stand-in's where it keeps time (Stripe's signed webhooks). */
  readonly clock: ManualClock;
  /** The app (once started). */
  readonly t: TestApp;
  /** How the browser pays, as GET /api/config tells it (once started). */
  readonly flow: CheckoutFlow;
  /**
   * The provider can close an order so that it can no longer be paid (Stripe expires its Checkout
   * Session): a hold then ends only once its order is closed, and no payment can follow it.
   */
  readonly closesOrders: boolean;
  /** Start the stand-in and the app. */
  start(): Promise<void>;
  /** Close the app and the stand-in. */
  close(): Promise<void>;
  /**
   * Pay the booking's order as the provider's checkout does (the sandbox's pay call, the Razorpay
   * stand-in's checkout sheet, the Stripe stand-in's hosted page). Its webhooks are not delivered.
   */
  pay(created: CreateBookingResponse): Promise<Paid>;
  /** Try to pay the order and be declined (nothing is captured; the order stays open). */
  decline(created: CreateBookingResponse): Promise<void>;
  /**
   * The browser's return from paying: POST /api/booking/verify with the checkout's ids for a modal
   * provider, POST /api/order/verifyStripe { success: true, orderId } for a redirect one.
   */
  returnFromPayment(s: Shopper, created: CreateBookingResponse, paid?: Paid): Promise<Answer>;
  /** Hand the app every webhook the provider owes it now; each must be acknowledged (2xx). */
  deliverWebhooks(): Promise<number>;
  /** The webhooks the provider owes now are lost on their way: they never arrive. */
  loseWebhooks(): Promise<void>;
  /**
   * The provider's webhook saying the order's payment was captured, sent now, correctly signed:
   * as the provider sends it (its event id), or the same payment under a new event id.
   */
  sendCapturedWebhook(
    created: CreateBookingResponse,
    options?: { newEventId?: boolean },
  ): Promise<{ eventId: string; res: Answer }>;
  /** That webhook with a wrong signature, or with none. */
  forgeWebhook(
    created: CreateBookingResponse,
    options?: { signature?: 'wrong' | 'none' },
  ): Promise<{ eventId: string; res: Answer }>;
  /** The amount the provider's own records say it captured for the payment (undefined: none). */
  paidAtProvider(paymentId: string): Promise<number | undefined>;
  /** The refunds the provider's own records hold for the payment (failed ones left out). */
  refundedAtProvider(paymentId: string): Promise<RefundAtProvider[]>;
  /**
   * The order as the provider's own records have it: open (it would still take a payment), paid,
   * or closed (it can no longer be paid).
   */
  orderAtProvider(orderId: string): Promise<OrderAtProvider>;
}

export const PROVIDER_NAMES: readonly PaymentProviderName[] = ['sandbox', 'razorpay', 'stripe'];

/** The world of one provider; nothing runs until start(). */
export function providerWorld(name: PaymentProviderName): ProviderWorld {
  if (name === 'razorpay') return razorpayWorld();
  if (name === 'stripe') return stripeWorld();
  return sandboxWorld();
}

/** A webhook the provider made: the exact bytes it signs, and its event id. */
interface Webhook {
  eventId: string;
  body: string;
}

/**
 * What every world shares: the app, built once started; the flow read from GET /api/config; the
 * browser's return; and webhooks sent by hand, signed by the provider's rule.
 */
function worldBase(
  name: PaymentProviderName,
  provider: {
    clock: ManualClock;
    env: () => Record<string, string>;
    /** The headers the provider sends a body with: signed, wrongly signed, or unsigned. */
    headers(
      body: string,
      eventId: string,
      signature: 'right' | 'wrong' | 'none',
    ): Record<string, string>;
    /** The captured payment's webhook about an order, as the provider made it. */
    capturedWebhook(orderId: string): Promise<Webhook>;
    /** The same payment's webhook under a new event id (its body, where the id is signed in it). */
    renamed(hook: Webhook): Webhook;
  },
) {
  let app: TestApp | undefined;
  let flow: CheckoutFlow | undefined;
  const started = () => {
    if (!app) throw new Error(`the ${name} world is not started`);
    return app;
  };

  const post = (hook: Webhook, signature: 'right' | 'wrong' | 'none') =>
    started().app.inject({
      method: 'POST',
      url: `/api/payments/${name}/webhook`,
      headers: provider.headers(hook.body, hook.eventId, signature),
      payload: hook.body,
    });

  return {
    name,
    clock: provider.clock,
    get t() {
      return started();
    },
    get flow(): CheckoutFlow {
      if (!flow) throw new Error(`the ${name} world is not started`);
      return flow;
    },
    get closesOrders() {
      return started().services.provider.cancelOrder !== undefined;
    },
    async startApp(): Promise<TestApp> {
      app = await createTestApp({
        seed: true,
        clock: provider.clock,
        jobs: false,
        env: { AUTH_RATE_LIMIT_PER_IP: '10000', ...provider.env() },
      });
      const config = await app.app.inject({ method: 'GET', url: '/api/config' });
      flow = clientConfigResponseSchema.parse(config.json()).payments.flow;
      return app;
    },
    async closeApp() {
      await app?.close();
    },
    returnFromPayment(s: Shopper, created: CreateBookingResponse, paid?: Paid): Promise<Answer> {
      if (flow === 'redirect') {
        return verifyStripe(started(), s, { success: true, orderId: created.bookingId });
      }
      if (!paid?.handler) throw new Error('a modal checkout returns with the ids of a payment');
      return verifyPayment(s, paid.handler, created.bookingId);
    },
    async sendCapturedWebhook(created: CreateBookingResponse, { newEventId = false } = {}) {
      const made = await provider.capturedWebhook(created.orderId!);
      const hook = newEventId ? provider.renamed(made) : made;
      return { eventId: hook.eventId, res: await post(hook, 'right') };
    },
    async forgeWebhook(
      created: CreateBookingResponse,
      { signature = 'wrong' }: { signature?: 'wrong' | 'none' } = {},
    ) {
      const hook = await provider.capturedWebhook(created.orderId!);
      return { eventId: hook.eventId, res: await post(hook, signature) };
    },
  };
}

/** The body a modal checkout sends to pay (UPI, the tester's VPA that goes through). */
const MODAL_PAY = { method: 'upi', vpa: 'success@razorpay' } as const;

/** Razorpay-style webhook headers (the sandbox's and Razorpay's): HMAC of the body, and the id. */
function razorpayHeaders(
  secret: string,
  body: string,
  eventId: string,
  signature: 'right' | 'wrong' | 'none',
) {
  return {
    'content-type': 'application/json',
    'x-razorpay-event-id': eventId,
    ...(signature === 'none'
      ? {}
      : {
          'x-razorpay-signature': hmacHex(
            body,
            signature === 'right' ? secret : `${secret}-forged`,
          ),
        }),
  };
}

/** PAYMENT_PROVIDER=sandbox: the gateway in the app's own database, paid by its modal's pay call. */
function sandboxWorld(): ProviderWorld {
  const clock = createManualClock(new Date());
  const base = worldBase('sandbox', {
    clock,
    env: () => ({}),
    // Signed as the gateway signs what it sends; forged with a secret that is not the gateway's.
    headers: (body, eventId, signature) =>
      signature === 'right'
        ? base.t.services.sandbox!.webhookHeaders(body, eventId)
        : razorpayHeaders('not-the-sandbox-webhook-secret', body, eventId, signature),
    async capturedWebhook(orderId) {
      const [hook] = await base.t.database.db
        .select()
        .from(sandboxWebhooks)
        .where(
          and(
            eq(sandboxWebhooks.event, 'payment.captured'),
            like(sandboxWebhooks.body, `%${orderId}%`),
          ),
        )
        .orderBy(desc(sandboxWebhooks.createdAt))
        .limit(1);
      if (!hook) throw new Error(`the sandbox made no payment.captured webhook for ${orderId}`);
      return { eventId: hook.eventId, body: hook.body };
    },
    renamed: (hook) => ({ ...hook, eventId: razorpayStyleId('evt') }),
  });
  const undelivered = () =>
    base.t.database.db
      .select({ event: sandboxWebhooks.event, lastError: sandboxWebhooks.lastError })
      .from(sandboxWebhooks)
      .where(isNull(sandboxWebhooks.deliveredAt));

  return Object.assign(base, {
    async start() {
      await base.startApp();
    },
    close: () => base.closeApp(),
    async pay(created: CreateBookingResponse): Promise<Paid> {
      const paid = await payOrder(base.t, created.orderId!, MODAL_PAY);
      if (paid.status !== 'captured') throw new Error('the sandbox did not capture the payment');
      const { status: _status, ...handler } = paid;
      return { paymentId: handler.razorpay_payment_id, method: MODAL_PAY.method, handler };
    },
    async decline(created: CreateBookingResponse) {
      const paid = await payOrder(base.t, created.orderId!, { ...MODAL_PAY, outcome: 'failure' });
      expect(paid.status).toBe('failed');
    },
    async deliverWebhooks() {
      const owed = (await undelivered()).length;
      // The gateway sends each webhook a moment after its event, by its own job.
      clock.advance(base.t.config.SANDBOX_WEBHOOK_DELAY_MS + 1_000);
      await runUntilIdle(base.t, SANDBOX_WEBHOOKS_JOB);
      expect(await undelivered(), 'webhooks the app did not acknowledge').toEqual([]);
      return owed;
    },
    async loseWebhooks() {
      await base.t.database.db.delete(sandboxWebhooks).where(isNull(sandboxWebhooks.deliveredAt));
    },
    async paidAtProvider(paymentId: string) {
      const [payment] = await base.t.database.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, paymentId));
      return payment && payment.status !== 'failed' ? payment.amountPaise : undefined;
    },
    async refundedAtProvider(paymentId: string) {
      return (await sandboxRefundsOf(base.t, paymentId)).map((refund) => ({
        id: refund.id,
        amountPaise: refund.amountPaise,
      }));
    },
    async orderAtProvider(orderId: string): Promise<OrderAtProvider> {
      const [order] = await base.t.database.db
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.id, orderId));
      // The gateway's orders are never closed: created, attempted (a payment failed) or paid.
      if (!order) return 'unknown';
      return order.status === 'paid' ? 'paid' : 'open';
    },
  });
}

/** PAYMENT_PROVIDER=razorpay: the Razorpay adapter talking to its stand-in, paid in its sheet. */
function razorpayWorld(): ProviderWorld {
  const KEYS = {
    keyId: 'rzp_test_BehaviourKey001',
    keySecret: 'behaviour-key-secret-0123456789',
    webhookSecret: 'behaviour-webhook-secret-0123456789',
  };
  const clock = createManualClock(new Date());
  let stand: RazorpayFake | undefined;
  const fake = () => {
    if (!stand) throw new Error('the Razorpay stand-in is not started');
    return stand;
  };
  const base = worldBase('razorpay', {
    clock,
    env: () => ({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEYS.keyId,
      RAZORPAY_KEY_SECRET: KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      RAZORPAY_API_URL: fake().url,
      RAZORPAY_CHECKOUT_URL: fake().checkoutUrl,
      RAZORPAY_TIMEOUT_MS: '1500',
    }),
    headers: (body, eventId, signature) =>
      razorpayHeaders(KEYS.webhookSecret, body, eventId, signature),
    capturedWebhook(orderId) {
      const hook = fake()
        .webhooks.filter((w) => w.event === 'payment.captured' && w.body.includes(orderId))
        .at(-1);
      if (!hook) throw new Error(`Razorpay made no payment.captured webhook for ${orderId}`);
      return Promise.resolve({ eventId: hook.eventId, body: hook.body });
    },
    renamed: (hook) => ({ ...hook, eventId: razorpayStyleId('evt') }),
  });

  /** Pay in the stand-in's checkout sheet, as the browser does (POST /v1/pay beside the script). */
  async function sheetPay(orderId: string, extra: Record<string, unknown> = {}) {
    const res = await fetch(new URL('pay', fake().checkoutUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: KEYS.keyId, order_id: orderId, ...MODAL_PAY, ...extra }),
    });
    return sandboxPayResponseSchema.parse(await res.json());
  }

  return Object.assign(base, {
    async start() {
      stand = await startRazorpayFake({
        ...KEYS,
        // Webhooks are sent when a test says so (deliverWebhooks), into this app.
        autoWebhooks: false,
        deliver: async (body, headers) =>
          (
            await base.t.app.inject({
              method: 'POST',
              url: '/api/payments/razorpay/webhook',
              headers,
              payload: body,
            })
          ).statusCode,
      });
      await base.startApp();
    },
    async close() {
      await base.closeApp();
      await stand?.close();
    },
    async pay(created: CreateBookingResponse): Promise<Paid> {
      const paid = await sheetPay(created.orderId!);
      if (paid.status !== 'captured') throw new Error('Razorpay did not capture the payment');
      const { status: _status, ...handler } = paid;
      return { paymentId: handler.razorpay_payment_id, method: MODAL_PAY.method, handler };
    },
    async decline(created: CreateBookingResponse) {
      expect((await sheetPay(created.orderId!, { outcome: 'failure' })).status).toBe('failed');
    },
    async deliverWebhooks() {
      const statuses = await fake().flushWebhooks();
      expect(
        statuses.filter((status) => status !== 200),
        'webhooks the app did not acknowledge',
      ).toEqual([]);
      return statuses.length;
    },
    loseWebhooks() {
      for (const hook of fake().webhooks) hook.delivered = true;
      return Promise.resolve();
    },
    paidAtProvider(paymentId: string) {
      const payment = fake().payments.get(paymentId);
      return Promise.resolve(payment?.captured ? payment.amount : undefined);
    },
    refundedAtProvider(paymentId: string) {
      return Promise.resolve(
        [...fake().refunds.values()]
          .filter((refund) => refund.payment_id === paymentId && refund.status !== 'failed')
          .map((refund) => ({ id: refund.id, amountPaise: refund.amount })),
      );
    },
    orderAtProvider(orderId: string): Promise<OrderAtProvider> {
      // Razorpay's orders are never closed: created, attempted (a payment failed) or paid.
      const order = fake().orders.get(orderId);
      if (!order) return Promise.resolve('unknown');
      return Promise.resolve(order.status === 'paid' ? 'paid' : 'open');
    },
  });
}

/** PAYMENT_PROVIDER=stripe: the Stripe adapter talking to its stand-in, paid on its hosted page. */
function stripeWorld(): ProviderWorld {
  const SECRET_KEY = 'sk_test_behaviours0000000000000';
  const WEBHOOK_SECRET = 'whsec_behaviours0000000000000';
  const clock = createManualClock(new Date());
  let stand: StripeFake | undefined;
  const fake = () => {
    if (!stand) throw new Error('the Stripe stand-in is not started');
    return stand;
  };
  /** The events Stripe made that the app has been sent (or that were lost on their way). */
  const sent = new Set<string>();
  /** An event's body as Stripe sends it. */
  const bodyOf = (event: FakeEvent) => JSON.stringify(event, null, 2);
  const base = worldBase('stripe', {
    clock,
    env: () => ({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake().url,
    }),
    // Stripe signs each delivery with its time (the test's clock, as the app measures the age).
    headers: (body, _eventId, signature) => ({
      'content-type': 'application/json; charset=utf-8',
      ...(signature === 'none'
        ? {}
        : {
            'stripe-signature': fake().signature(
              body,
              undefined,
              signature === 'right' ? WEBHOOK_SECRET : `${WEBHOOK_SECRET}-forged`,
            ),
          }),
    }),
    capturedWebhook(orderId) {
      const event = fake()
        .events.filter(
          (e) => e.type === 'checkout.session.completed' && e.data.object.id === orderId,
        )
        .at(-1);
      if (!event) throw new Error(`Stripe made no checkout.session.completed for ${orderId}`);
      return Promise.resolve({ eventId: event.id, body: bodyOf(event) });
    },
    // Stripe's event id is in the signed body: the same event under a new id is a new body.
    renamed(hook) {
      const event = JSON.parse(hook.body) as FakeEvent;
      const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
      return { eventId, body: bodyOf({ ...event, id: eventId }) };
    },
  });

  /** Press a button on the session's hosted page, as the shopper's browser does. */
  const onPage = (created: CreateBookingResponse, outcome: 'pay' | 'decline') =>
    fetch(`${created.order!.checkoutUrl!}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `outcome=${outcome}&card=4242+4242+4242+4242`,
      redirect: 'manual',
    });

  return Object.assign(base, {
    async start() {
      // Stripe's time is the test's: session expiries and signed timestamps agree with the app.
      stand = await startStripeFake({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        now: () => clock.now().getTime(),
      });
      await base.startApp();
    },
    async close() {
      await base.closeApp();
      await stand?.close();
    },
    async pay(created: CreateBookingResponse): Promise<Paid> {
      const res = await onPage(created, 'pay');
      // The page sends the shopper back to /verify.
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get('location')!).pathname).toBe('/verify');
      const session = fake().sessions.get(created.orderId!)!;
      return { paymentId: String(session.payment_intent), method: 'card' };
    },
    async decline(created: CreateBookingResponse) {
      const res = await onPage(created, 'decline');
      // Like Stripe's page, a declined card leaves the shopper on the page to try another.
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Your card was declined.');
    },
    async deliverWebhooks() {
      const owed = fake().events.filter((event) => !sent.has(event.id));
      for (const event of owed) {
        sent.add(event.id);
        const body = bodyOf(event);
        const res = await base.t.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': fake().signature(body),
          },
          payload: body,
        });
        expect(res.statusCode, `${event.type} was not acknowledged`).toBe(200);
      }
      return owed.length;
    },
    loseWebhooks() {
      for (const event of fake().events) sent.add(event.id);
      return Promise.resolve();
    },
    paidAtProvider(paymentId: string) {
      const intent = fake().paymentIntents.get(paymentId);
      return Promise.resolve(
        intent?.status === 'succeeded' ? Number(intent.amount_received) : undefined,
      );
    },
    refundedAtProvider(paymentId: string) {
      return Promise.resolve(
        [...fake().refunds.values()]
          .filter(
            (refund) =>
              refund.payment_intent === paymentId &&
              refund.status !== 'failed' &&
              refund.status !== 'canceled',
          )
          .map((refund) => ({ id: String(refund.id), amountPaise: Number(refund.amount) })),
      );
    },
    orderAtProvider(orderId: string): Promise<OrderAtProvider> {
      const status = fake().sessions.get(orderId)?.status;
      const states: Record<string, OrderAtProvider> = {
        open: 'open',
        complete: 'paid',
        expired: 'closed',
      };
      return Promise.resolve(states[String(status)] ?? 'unknown');
    },
  });
}
