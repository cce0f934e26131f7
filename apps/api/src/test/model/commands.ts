// The commands the payment model interleaves: the real requests (through Fastify's inject, on
// app a or b) and the real background jobs, each allowed only when the model has what it acts on.
// A 4xx is an answer like any other but a deadlock's 409; that and a 5xx fail the sequence at
// once. What must hold across them is the auditor's to check, after the sequence.
import fc from 'fast-check';
import {
  CONFLICT_KIND_MESSAGES,
  adminBookingDetailResponseSchema,
  atRiskResponseSchema,
  createBookingResponseSchema,
  extendResponseSchema,
  sandboxPayResponseSchema,
  subscribeResponseSchema,
  unitsResponseSchema,
  type AtRiskChoiceBody,
} from '@pehnava/shared';
import { razorpayStyleId } from '../../adapters/payments/razorpay-ids.js';
import { hmacHex } from '../../adapters/payments/signatures.js';
import { BOOKING_HOLDS_JOB, REFUNDS_JOB, SANDBOX_WEBHOOKS_JOB } from '../../jobs/payment-jobs.js';
import { PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';
import { TEST_PASSWORD } from '../accounts.js';
import { ADDRESS } from '../checkout.js';
import { capturedWebhookBodies } from './auditor.js';
import {
  isAlive,
  pick,
  type Model,
  type ModelCapture,
  type ModelOrder,
  type PaidPlan,
} from './model.js';
import {
  POOL_SIZE,
  SHOPPERS,
  SINGLE_USE_COUPON,
  type Answer,
  type JobVia,
  type Via,
  type World,
} from './world.js';

/** Each command starts one second after the one before (timestamps order what happened). */
const TICK_MS = 1_000;
const DAY_MS = 86_400_000;
const PLAN_PERIOD_DAYS = 14;

type Cmd = fc.AsyncCommand<Model, World>;
/** How a sandbox payment goes: through, or failed on purpose by the shopper. */
type Outcome = 'success' | 'failure';
/** What later renewal charges on a plan payment's mandate do. */
type Renewals = 'succeed' | 'fail';

/**
 * A 5xx is never an acceptable answer, nor the 409 of a deadlock: transactions take units in one
 * order (bookings/lock-order.ts, decision 041), so two requests never wait on each other in a
 * circle. The sequence fails on either, naming what was asked.
 */
function answered(res: Answer, what: string): Answer {
  if (res.statusCode >= 500) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  if (res.statusCode === 409 && res.body.includes(CONFLICT_KIND_MESSAGES.concurrent)) {
    throw new Error(`${what} deadlocked: ${res.body}`);
  }
  return res;
}

const sandboxKey = (w: World): string => {
  const sandbox = w.a.services.sandbox;
  if (!sandbox) throw new Error('the model needs PAYMENT_PROVIDER=sandbox');
  return sandbox.keys.keyId;
};

/** A command: its precondition on the model, its work, and how it reads in a counterexample. */
export abstract class Step implements Cmd {
  abstract check(m: Readonly<Model>): boolean;
  /** The work itself, without the clock's tick (two steps run in parallel share one instant). */
  abstract exec(m: Model, w: World): Promise<void>;
  abstract toString(): string;

  async run(m: Model, w: World): Promise<void> {
    w.clock.advance(TICK_MS);
    await this.exec(m, w);
  }
}

// ---------------------------------------------------------------------------------------------
// Shared pieces of work

/** Pay an order in the sandbox as its checkout does; a capture goes into the model. */
async function payOrder(
  m: Model,
  w: World,
  order: ModelOrder,
  via: Via,
  { outcome = 'success', renewals = 'succeed' }: { outcome?: Outcome; renewals?: Renewals } = {},
): Promise<ModelCapture | undefined> {
  const res = answered(
    await w.call(via, undefined, 'POST', '/api/payments/sandbox/pay', {
      key: sandboxKey(w),
      order_id: order.orderId,
      method: 'upi',
      vpa: outcome === 'success' ? 'success@razorpay' : 'failure@razorpay',
      renewals,
    }),
    `pay ${order.orderId}`,
  );
  if (res.statusCode !== 200) return undefined;
  const paid = sandboxPayResponseSchema.parse(res.json());
  if (paid.status !== 'captured') return undefined;
  const capture: ModelCapture = {
    kind: order.kind,
    shopper: order.shopper,
    bookingId: order.bookingId,
    ids: {
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    },
  };
  m.captures.push(capture);
  return capture;
}

/** The checkout's handler: verify the payment as the shopper, for a booking, plan or extension. */
async function verifyCapture(m: Model, w: World, capture: ModelCapture, via: Via): Promise<void> {
  const userId = m.shoppers[capture.shopper]!.userId;
  if (capture.kind === 'extension') {
    answered(
      await w.call(
        via,
        userId,
        'POST',
        `/api/booking/${capture.bookingId}/extend/verify`,
        capture.ids,
      ),
      `verify extension payment ${capture.ids.razorpay_payment_id}`,
    );

    return;
  }
  if (capture.kind === 'booking') {
    const res = answered(
      await w.call(via, userId, 'POST', '/api/booking/verify', {
        ...capture.ids,
        bookingId: capture.bookingId,
      }),
      `verify ${capture.ids.razorpay_payment_id}`,
    );
    if (res.statusCode === 200) {
      const booking = m.bookings.find((b) => b.bookingId === capture.bookingId);
      if (booking) booking.pending = false;
    }
    return;
  }
  answered(
    await w.call(via, userId, 'POST', '/api/subscription/verify', capture.ids),
    `verify plan payment ${capture.ids.razorpay_payment_id}`,
  );
}

/** Open a plan order; it goes into the model. */
async function subscribe(
  m: Model,
  w: World,
  shopper: number,
  plan: PaidPlan,
  via: Via,
): Promise<ModelOrder | undefined> {
  const res = answered(
    await w.call(via, m.shoppers[shopper]!.userId, 'POST', '/api/subscription/subscribe', {
      plan,
    }),
    `subscribe s${shopper} to ${plan}`,
  );
  if (res.statusCode !== 200) return undefined;
  const answer = subscribeResponseSchema.parse(res.json());
  if (!answer.order) return undefined;
  const order: ModelOrder = { orderId: answer.order.id, kind: 'plan', shopper, bookingId: null };
  m.orders.push(order);
  return order;
}

// ---------------------------------------------------------------------------------------------
// Checkout

/** One line of a checkout: a pool product, starting some days ahead, for some days. */
export interface ItemSpec {
  product: number;
  startInDays: number;
  days: 2 | 4 | 7;
  quantity: 1 | 2;
  /** With the product's back-up size (when it has one). */
  backup?: boolean;
}
export type CouponChoice = 'WELCOME50' | typeof SINGLE_USE_COUPON | null;

/** What a checkout asks for, and what the shopper does right after. */
export interface CheckoutSpec {
  shopper: number;
  items: readonly ItemSpec[];
  coupon: CouponChoice;
  insurance: boolean;
  via: Via;
  /** Only while the shopper has a checkout waiting (which this one replaces). */
  replace?: boolean;
  /** Most shoppers pay at once, and the checkout's handler verifies (or never gets to). */
  then?: 'nothing' | 'pay' | 'pay+verify';
  /** Where the pieces go: Mumbai (1 day), Jaipur (3) or Leh (5); Mumbai unless given. */
  pincode?: ModelPincode;
}

/** Delivery addresses a model's checkouts use, by how far from the warehouse they are. */
export const MODEL_ADDRESSES = {
  '400050': ADDRESS,
  '302001': { ...ADDRESS, city: 'Jaipur', state: 'Rajasthan', pincode: '302001' },
  '194101': { ...ADDRESS, city: 'Leh', state: 'Ladakh', pincode: '194101' },
} as const;
export type ModelPincode = keyof typeof MODEL_ADDRESSES;

/** POST /api/booking/create, perhaps followed at once by paying and verifying it. */
export class CreateCheckout extends Step {
  constructor(readonly spec: CheckoutSpec) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    const { shopper, replace } = this.spec;
    if (!isAlive(m, shopper)) return false;
    return !replace || m.bookings.some((b) => b.shopper === shopper && b.pending);
  }

  async exec(m: Model, w: World): Promise<void> {
    const { shopper, items, coupon, insurance, via, then = 'nothing', pincode } = this.spec;
    const res = answered(
      await w.call(via, m.shoppers[shopper]!.userId, 'POST', '/api/booking/create', {
        cartItems: items.map((item) => {
          const product = w.pool[item.product]!;
          return {
            productId: product.id,
            size: product.size,
            duration: item.days,
            quantity: item.quantity,
            startDate: w.startIn(item.startInDays),
            ...(item.backup && product.backupSize ? { backupSize: product.backupSize } : {}),
          };
        }),
        address: MODEL_ADDRESSES[pincode ?? '400050'],
        ...(coupon ? { couponCode: coupon } : {}),
        insuranceSelected: insurance,
      }),
      `create for s${shopper}`,
    );
    if (res.statusCode !== 200) return;
    const created = createBookingResponseSchema.parse(res.json());
    m.quotes.set(created.bookingId, { amount: created.amount, totalPrice: created.totalPrice });
    // The shopper's older checkout is replaced by this one.
    for (const b of m.bookings) if (b.shopper === shopper) b.pending = false;
    m.bookings.push({
      bookingId: created.bookingId,
      shopper,
      orderId: created.order?.id ?? null,
      pending: created.status === 'pending',
    });
    if (!created.order) return;
    const order: ModelOrder = {
      orderId: created.order.id,
      kind: 'booking',
      shopper,
      bookingId: created.bookingId,
    };
    m.orders.push(order);
    if (then === 'nothing') return;
    const capture = await payOrder(m, w, order, via);
    if (capture && then === 'pay+verify') await verifyCapture(m, w, capture, via);
  }

  toString(): string {
    const {
      shopper,
      items,
      coupon,
      insurance,
      via,
      replace,
      then = 'nothing',
      pincode,
    } = this.spec;
    const lines = items
      .map(
        (i) =>
          `p${i.product} +${i.startInDays}d ${i.days}d x${i.quantity}${i.backup ? ' +backup' : ''}`,
      )
      .join(', ');
    const extras = [
      coupon ?? '',
      insurance ? 'insured' : '',
      then === 'nothing' ? '' : `then ${then}`,
      pincode && pincode !== '400050' ? `to ${pincode}` : '',
    ];
    const extra = extras.filter(Boolean).join(', ');
    return `${replace ? 'replace' : 'create'}(s${shopper} via ${via}: ${lines}${extra ? `; ${extra}` : ''})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Paying

/** POST /api/payments/sandbox/pay for an order (a booking's or a plan's), by UPI. */
export class Pay extends Step {
  constructor(
    readonly order: number,
    readonly via: Via,
    readonly outcome: Outcome = 'success',
    readonly renewals: Renewals = 'succeed',
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return m.orders.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    const order = pick(m.orders, this.order)!;
    await payOrder(m, w, order, this.via, { outcome: this.outcome, renewals: this.renewals });
  }

  toString(): string {
    const how = [
      this.outcome === 'failure' ? 'failing' : '',
      this.renewals === 'fail' ? 'renewals fail' : '',
    ];
    const extra = how.filter(Boolean).join(', ');
    return `pay(order ${this.order} via ${this.via}${extra ? `, ${extra}` : ''})`;
  }
}

/** Two capture attempts on one order at once, one through each app (two tabs paying). */
export class PayTwice extends Step {
  constructor(readonly order: number) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return m.orders.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    const order = pick(m.orders, this.order)!;
    await Promise.all([payOrder(m, w, order, 'a'), payOrder(m, w, order, 'b')]);
  }

  toString(): string {
    return `payTwice(order ${this.order})`;
  }
}

/** The checkout's handler: POST /api/booking/verify or /api/subscription/verify. */
export class Verify extends Step {
  constructor(
    readonly capture: number,
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return m.captures.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    await verifyCapture(m, w, pick(m.captures, this.capture)!, this.via);
  }

  toString(): string {
    return `verify(capture ${this.capture} via ${this.via})`;
  }
}

/** The same payment result verified through both apps at once (a replay racing the first). */
export class VerifyTwice extends Step {
  constructor(readonly capture: number) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return m.captures.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    const capture = pick(m.captures, this.capture)!;
    await Promise.all([verifyCapture(m, w, capture, 'a'), verifyCapture(m, w, capture, 'b')]);
  }

  toString(): string {
    return `verifyTwice(capture ${this.capture})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Webhooks

/** A moment passes and the sandbox sends the webhooks it owes (from one app's job, or both). */
export class DeliverWebhooks extends Step {
  constructor(readonly via: JobVia) {
    super();
  }

  check(): boolean {
    return true;
  }

  async exec(_m: Model, w: World): Promise<void> {
    w.clock.advance(w.webhookDelayMs);
    await w.runJob(this.via, SANDBOX_WEBHOOKS_JOB);
  }

  toString(): string {
    return `deliverWebhooks(${this.via})`;
  }
}

/** A payment.captured body for an order of the model, signed with the wrong secret. */
export class ForgedWebhook extends Step {
  constructor(
    readonly order: number,
    readonly via: Via,
  ) {
    super();
  }

  check(): boolean {
    return true;
  }

  async exec(m: Model, w: World): Promise<void> {
    const order = pick(m.orders, this.order);
    const quote = order?.bookingId ? m.quotes.get(order.bookingId) : undefined;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_PehnavaSandbox',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: razorpayStyleId('pay'),
            entity: 'payment',
            amount: quote?.amount ?? 99_900,
            currency: 'INR',
            status: 'captured',
            order_id: order?.orderId ?? razorpayStyleId('order'),
            method: 'upi',
            captured: true,
          },
        },
      },
      created_at: Math.floor(w.clock.now().getTime() / 1000),
    });
    const res = answered(
      await w.app(this.via).app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(body, 'not-the-webhook-secret'),
          'x-razorpay-event-id': razorpayStyleId('evt'),
        },
        payload: body,
      }),
      'a forged webhook',
    );
    if (res.statusCode !== 400) {
      throw new Error(`a forged webhook was answered ${res.statusCode}, not 400: ${res.body}`);
    }
  }

  toString(): string {
    return `forgedWebhook(order ${this.order} via ${this.via})`;
  }
}

/**
 * A payment.captured webhook the gateway sent, sent again with a new X-Razorpay-Event-Id: the
 * signature covers only the body, so it is valid, and the event id no longer marks it a repeat.
 */
export class ReplayWebhook extends Step {
  constructor(
    readonly webhook: number,
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return m.captures.length > 0;
  }

  async exec(_m: Model, w: World): Promise<void> {
    const body = pick(await capturedWebhookBodies(w), this.webhook);
    if (!body) return;
    const headers = w.a.services.sandbox!.webhookHeaders(body, razorpayStyleId('evt'));
    answered(
      await w.app(this.via).app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/webhook',
        headers,
        payload: body,
      }),
      'a replayed webhook',
    );
  }

  toString(): string {
    return `replayWebhook(${this.webhook} via ${this.via})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Time and jobs

/** Time passes: a few minutes, or past the end of every hold. */
export class MoveClock extends Step {
  constructor(readonly minutes: number | 'past-hold') {
    super();
  }

  check(): boolean {
    return true;
  }

  async exec(_m: Model, w: World): Promise<void> {
    const minutes = this.minutes === 'past-hold' ? w.holdMinutes + 1 : this.minutes;
    w.clock.advance(minutes * 60_000);
  }

  toString(): string {
    return `moveClock(${this.minutes === 'past-hold' ? 'past the hold' : `${this.minutes} min`})`;
  }
}

/** A background job runs (on one app, or on both at once). */
export class RunJob extends Step {
  constructor(
    readonly job: typeof BOOKING_HOLDS_JOB | typeof REFUNDS_JOB,
    readonly via: JobVia,
  ) {
    super();
  }

  check(): boolean {
    return true;
  }

  async exec(_m: Model, w: World): Promise<void> {
    await w.runJob(this.via, this.job);
  }

  toString(): string {
    return `job(${this.job} on ${this.via})`;
  }
}

/** Time moves past the end of every plan period of the sequence, and the renewals job runs. */
export class PlanRenewal extends Step {
  constructor(readonly via: JobVia) {
    super();
  }

  check(): boolean {
    return true;
  }

  async exec(_m: Model, w: World): Promise<void> {
    w.clock.advance(PLAN_PERIOD_DAYS * DAY_MS + 60_000);
    await w.runJob(this.via, PLAN_RENEWALS_JOB);
  }

  toString(): string {
    return `planRenewal(${this.via})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Cancelling, deleting

/** POST /api/booking/{id}/cancel by the booking's shopper. */
export class ShopperCancel extends Step {
  constructor(
    readonly booking: number,
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return m.bookings.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    const booking = pick(m.bookings, this.booking)!;
    answered(
      await w.call(
        this.via,
        m.shoppers[booking.shopper]!.userId,
        'POST',
        `/api/booking/${booking.bookingId}/cancel`,
      ),
      `cancel by s${booking.shopper}`,
    );
  }

  toString(): string {
    return `shopperCancel(booking ${this.booking} via ${this.via})`;
  }
}

/** POST /api/admin/bookings/{id}/cancel by an operator. */
export class AdminCancel extends Step {
  constructor(
    readonly booking: number,
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return m.bookings.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    const booking = pick(m.bookings, this.booking)!;
    answered(
      await w.call(this.via, w.adminId, 'POST', `/api/admin/bookings/${booking.bookingId}/cancel`, {
        reason: 'Out of stock after inspection',
      }),
      'an operator’s cancel',
    );
  }

  toString(): string {
    return `adminCancel(booking ${this.booking} via ${this.via})`;
  }
}

/**
 * The booking a dispatch or an extension acts on: the newest, or by index among those the model
 * knows were paid (all of them while none is), as only those can be sent and kept longer.
 */
function paidFirst(m: Readonly<Model>, index: number | 'newest') {
  if (index === 'newest') return m.bookings.at(-1);
  const paid = m.bookings.filter((b) => !b.pending);
  return pick(paid.length > 0 ? paid : m.bookings, index);
}

/** POST /api/admin/bookings/{id}/dispatch: the desk sends a booking's pieces (it is then out). */
export class Dispatch extends Step {
  constructor(
    readonly booking: number | 'newest',
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return this.booking === 'newest' || m.bookings.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    const booking = paidFirst(m, this.booking);
    if (!booking) return;
    answered(
      await w.call(
        this.via,
        w.adminId,
        'POST',
        `/api/admin/bookings/${booking.bookingId}/dispatch`,
        {},
      ),
      'a dispatch',
    );
  }

  toString(): string {
    return `dispatch(booking ${this.booking} via ${this.via})`;
  }
}

/**
 * POST /api/booking/{id}/extend by the booking's shopper (allowed only once it is out), perhaps
 * paid at once and verified; an order opened goes into the model for later payments.
 */
export class Extend extends Step {
  constructor(
    readonly booking: number | 'newest',
    readonly days: number,
    readonly then: 'nothing' | 'pay' | 'pay+verify',
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return this.booking === 'newest' || m.bookings.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    const booking = paidFirst(m, this.booking);
    if (!booking || !isAlive(m, booking.shopper)) return;
    const res = answered(
      await w.call(
        this.via,
        m.shoppers[booking.shopper]!.userId,
        'POST',
        `/api/booking/${booking.bookingId}/extend`,
        { days: this.days },
      ),
      `extend by s${booking.shopper}`,
    );
    if (res.statusCode !== 200) return;
    const answer = extendResponseSchema.parse(res.json());
    const order: ModelOrder = {
      orderId: answer.order.id,
      kind: 'extension',
      shopper: booking.shopper,
      bookingId: booking.bookingId,
    };
    if (!m.orders.some((o) => o.orderId === order.orderId)) m.orders.push(order);
    if (this.then === 'nothing') return;
    const capture = await payOrder(m, w, order, this.via);
    if (capture && this.then === 'pay+verify') await verifyCapture(m, w, capture, this.via);
  }

  toString(): string {
    return `extend(booking ${this.booking} by ${this.days} days, then ${this.then} via ${this.via})`;
  }
}

/** DELETE /api/user/delete-account with the shopper's password. */
export class DeleteAccount extends Step {
  constructor(
    readonly shopper: number,
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return isAlive(m, this.shopper);
  }

  async exec(m: Model, w: World): Promise<void> {
    const res = answered(
      await w.call(
        this.via,
        m.shoppers[this.shopper]!.userId,
        'DELETE',
        '/api/user/delete-account',
        {
          password: TEST_PASSWORD,
        },
      ),
      `delete s${this.shopper}`,
    );
    if (res.statusCode === 200) m.shoppers[this.shopper]!.deleted = true;
  }

  toString(): string {
    return `deleteAccount(s${this.shopper} via ${this.via})`;
  }
}

// ---------------------------------------------------------------------------------------------
// The cart (its view is kept in memory by each app, decision 058: invariant 8)

export type CartAction = 'add' | 'remove' | 'read';

/**
 * A shopper adds a pool product to the cart, removes it, or reads the cart and the product's
 * calendar, on one app.
 */
export class CartStep extends Step {
  constructor(
    readonly shopper: number,
    readonly action: CartAction,
    readonly product: number,
    readonly startInDays: number,
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return isAlive(m, this.shopper);
  }

  async exec(m: Model, w: World): Promise<void> {
    const userId = m.shoppers[this.shopper]!.userId;
    const product = w.pool[this.product]!;
    if (this.action === 'read') {
      // The cart and the product's calendar, as the product page shows both (each kept).
      answered(await w.call(this.via, userId, 'GET', '/api/cart'), `read s${this.shopper}'s cart`);
      answered(
        await w.call(this.via, undefined, 'GET', `/api/product/${product.id}/availability`),
        `read p${this.product}'s calendar`,
      );
    } else if (this.action === 'add') {
      answered(
        await w.call(this.via, userId, 'POST', '/api/cart/add', {
          productId: product.id,
          size: product.size,
          duration: 2,
          startDate: w.startIn(this.startInDays),
        }),
        `add p${this.product} to s${this.shopper}'s cart`,
      );
    } else {
      answered(
        await w.call(this.via, userId, 'DELETE', `/api/cart/remove/${product.id}`),
        `remove p${this.product} from s${this.shopper}'s cart`,
      );
    }
  }

  toString(): string {
    const what = this.action === 'read' ? 'read' : `${this.action} p${this.product}`;
    return `cart(s${this.shopper} ${what} +${this.startInDays}d via ${this.via})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Plans

/** POST /api/subscription/subscribe: a plan order, to be paid by a later step (or never). */
export class Subscribe extends Step {
  constructor(
    readonly shopper: number,
    readonly plan: PaidPlan,
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return isAlive(m, this.shopper);
  }

  async exec(m: Model, w: World): Promise<void> {
    await subscribe(m, w, this.shopper, this.plan, this.via);
  }

  toString(): string {
    return `subscribe(s${this.shopper} ${this.plan} via ${this.via})`;
  }
}

/** Subscribe, pay and verify in a row, as the plans page does. */
export class BuyPlan extends Step {
  constructor(
    readonly shopper: number,
    readonly plan: PaidPlan,
    readonly via: Via,
    readonly renewals: Renewals,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return isAlive(m, this.shopper);
  }

  async exec(m: Model, w: World): Promise<void> {
    const order = await subscribe(m, w, this.shopper, this.plan, this.via);
    if (!order) return;
    const capture = await payOrder(m, w, order, this.via, { renewals: this.renewals });
    if (capture) await verifyCapture(m, w, capture, this.via);
  }

  toString(): string {
    return `buyPlan(s${this.shopper} ${this.plan} via ${this.via}${
      this.renewals === 'fail' ? ', renewals fail' : ''
    })`;
  }
}

// ---------------------------------------------------------------------------------------------
// Races

/** Two steps at once, each through its own app: the races two API processes make. */
export class Parallel extends Step {
  constructor(
    readonly first: Step,
    readonly second: Step,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return this.first.check(m) && this.second.check(m);
  }

  async exec(m: Model, w: World): Promise<void> {
    await Promise.all([this.first.exec(m, w), this.second.exec(m, w)]);
  }

  toString(): string {
    return `parallel(${this.first.toString()} || ${this.second.toString()})`;
  }
}

/** One shopper checks out twice at once, through each app (two tabs, or a double click). */
export class DoubleCheckout extends Step {
  constructor(
    readonly first: CreateCheckout,
    readonly second: CreateCheckout,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return this.first.check(m);
  }

  async exec(m: Model, w: World): Promise<void> {
    await Promise.all([this.first.exec(m, w), this.second.exec(m, w)]);
  }

  toString(): string {
    return `doubleCheckout(${this.first.toString()} || ${this.second.toString()})`;
  }
}

/** Two steps one after the other, as one command (a counterexample shows them together). */
export class InTurn extends Step {
  constructor(
    readonly first: Step,
    readonly second: Step,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return this.first.check(m) && this.second.check(m);
  }

  async exec(m: Model, w: World): Promise<void> {
    await this.first.exec(m, w);
    await this.second.exec(m, w);
  }

  toString(): string {
    return `inTurn(${this.first.toString()}; ${this.second.toString()})`;
  }
}

/** The shopper (through app a) and an operator (through app b) cancel one booking at once. */
export class CancelRace extends Step {
  constructor(readonly booking: number) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return m.bookings.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    await Promise.all([
      new ShopperCancel(this.booking, 'a').exec(m, w),
      new AdminCancel(this.booking, 'b').exec(m, w),
    ]);
  }

  toString(): string {
    return `cancelRace(booking ${this.booking})`;
  }
}

// ---------------------------------------------------------------------------------------------
// A piece sent to repair, and the choices of a booking at risk (decision 066)

/**
 * An operator sends the first piece reserved for a booking to repair: its holds move to another
 * free piece, or are marked at risk (a pool product of one piece always is).
 */
export class RepairPiece extends Step {
  constructor(
    readonly booking: number,
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return m.bookings.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    const booking = pick(m.bookings, this.booking)!;
    const res = answered(
      await w.call(this.via, w.adminId, 'GET', `/api/admin/bookings/${booking.bookingId}`),
      'a booking’s detail',
    );
    if (res.statusCode !== 200) return;
    const detail = adminBookingDetailResponseSchema.parse(res.json()).booking;
    const code = detail.items.find((item) => item.unitCode)?.unitCode?.split(', ')[0];
    if (!code) return;
    answered(
      await w.call(this.via, w.adminId, 'POST', `/api/admin/units/${code}/state`, {
        state: 'repair',
        note: 'Torn seam found at inspection',
      }),
      `repair ${code}`,
    );
  }

  toString(): string {
    return `repairPiece(booking ${this.booking} via ${this.via})`;
  }
}

/** Every pool piece in repair is mended and back in service (its holds on track again). */
export class MendPieces extends Step {
  constructor(readonly via: Via) {
    super();
  }

  check(): boolean {
    return true;
  }

  async exec(_m: Model, w: World): Promise<void> {
    for (const product of w.pool) {
      const res = answered(
        await w.call(this.via, w.adminId, 'GET', `/api/admin/units?productId=${product.id}`),
        'a product’s units',
      );
      const { units } = unitsResponseSchema.parse(res.json());
      for (const unit of units.filter((u) => u.state === 'repair')) {
        answered(
          await w.call(this.via, w.adminId, 'POST', `/api/admin/units/${unit.code}/state`, {
            state: 'in-service',
            note: 'Mended',
          }),
          `mend ${unit.code}`,
        );
      }
    }
  }

  toString(): string {
    return `mendPieces(${this.via})`;
  }
}

export type RiskChoice = AtRiskChoiceBody['choice'];

/**
 * A booking's choices read and one made, as offered, by its shopper or an operator: the first
 * free size of its first line at risk, the first other piece of the pool offered, or cancelling.
 * With nothing at risk, the choice is made anyway (a 409 that must change nothing).
 */
export class ChooseAtRisk extends Step {
  constructor(
    readonly booking: number,
    readonly choice: RiskChoice,
    readonly by: 'shopper' | 'operator',
    readonly via: Via,
  ) {
    super();
  }

  check(m: Readonly<Model>): boolean {
    return m.bookings.length > 0;
  }

  async exec(m: Model, w: World): Promise<void> {
    const booking = pick(m.bookings, this.booking)!;
    const userId = this.by === 'shopper' ? m.shoppers[booking.shopper]!.userId : w.adminId;
    const path =
      this.by === 'shopper'
        ? `/api/booking/${booking.bookingId}/at-risk`
        : `/api/admin/bookings/${booking.bookingId}/at-risk`;
    const read = answered(await w.call(this.via, userId, 'GET', path), 'a booking’s choices');
    if (read.statusCode !== 200) return;
    const line = atRiskResponseSchema.parse(read.json()).lines[0];
    let body: AtRiskChoiceBody = { choice: 'cancel' };
    if (this.choice === 'size' && line) {
      const size = line.sizes.find((s) => s.free) ?? line.sizes[0]!;
      body = { choice: 'size', itemId: line.itemId, size: size.size };
    } else if (this.choice === 'piece' && line) {
      // Only the pool's pieces: the auditor knows their prices and pieces.
      const piece = line.pieces.find((p) => w.pool.some((pool) => pool.id === p._id));
      if (!piece) return;
      body = { choice: 'piece', itemId: line.itemId, productId: piece._id };
    }
    answered(await w.call(this.via, userId, 'POST', path, body), `${this} answered`);
  }

  toString(): string {
    return `chooseAtRisk(booking ${this.booking}: ${this.choice} by ${this.by} via ${this.via})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Generators

const viaArb = fc.constantFrom<Via>('a', 'b');
const jobViaArb = fc.constantFrom<JobVia>('a', 'b', 'both');
const shopperArb = fc.nat({ max: SHOPPERS - 1 });
/** Which of the model's things a step acts on (wraps around the list). */
const indexArb = fc.nat({ max: 7 });
const planArb = fc.constantFrom<PaidPlan>('plus', 'pro');
const renewalsArb = fc.constantFrom<Renewals>('succeed', 'succeed', 'fail');
const outcomeArb = fc.constantFrom<Outcome>('success', 'success', 'success', 'failure');
const itemsArb = fc.uniqueArray(
  fc.record({
    product: fc.nat({ max: POOL_SIZE - 1 }),
    // Mostly near dates and short rentals, so that checkouts of one piece overlap; now and then
    // one far enough ahead not to.
    startInDays: fc.constantFrom(1, 2, 3, 5, 25),
    days: fc.constantFrom<2 | 4 | 7>(2, 4, 7),
    quantity: fc.constantFrom<1 | 2>(1, 1, 2),
    backup: fc.constantFrom(false, false, true),
  }),
  { minLength: 1, maxLength: 3, selector: (item) => item.product },
);
const couponArb = fc.constantFrom<CouponChoice>(null, null, 'WELCOME50', SINGLE_USE_COUPON);

const thenArb = fc.constantFrom<CheckoutSpec['then']>('nothing', 'pay', 'pay', 'pay+verify');
/** Most pieces go within the warehouse's city; some 3 days away, a few 5 (holds that long). */
const pincodeArb = fc.constantFrom<ModelPincode>('400050', '400050', '302001', '194101');
const checkoutArb = (via: fc.Arbitrary<Via>): fc.Arbitrary<CheckoutSpec> =>
  fc.record({
    shopper: shopperArb,
    items: itemsArb,
    coupon: couponArb,
    insurance: fc.boolean(),
    via,
    then: thenArb,
    pincode: pincodeArb,
  });

const riskChoiceArb = fc.constantFrom<RiskChoice>('size', 'size', 'piece', 'cancel');
const cartActionArb = fc.constantFrom<CartAction>('add', 'add', 'remove', 'read', 'read');
/** The checkouts' own start days, so cart lines and bookings meet over the same pieces. */
const cartStartArb = fc.constantFrom(1, 2, 3, 5);
/** Extensions: mostly a few days, now and then the longest; paid at once or later. */
const extendDaysArb = fc.constantFrom(1, 2, 3, 7);
const extendThenArb = fc.constantFrom<'nothing' | 'pay' | 'pay+verify'>(
  'nothing',
  'pay',
  'pay+verify',
  'pay+verify',
);

/** Steps of one actor (a shopper, an operator, a job), on the app given: what may race in pairs. */
function singleSteps(via: fc.Arbitrary<Via>): fc.Arbitrary<Step>[] {
  const jobVia = via.map((v): JobVia => v);
  return [
    checkoutArb(via).map((spec) => new CreateCheckout(spec)),
    checkoutArb(via).map((spec) => new CreateCheckout({ ...spec, replace: true })),
    fc
      .tuple(indexArb, via, outcomeArb, renewalsArb)
      .map(([i, v, outcome, renewals]) => new Pay(i, v, outcome, renewals)),
    fc.tuple(indexArb, via).map(([i, v]) => new Verify(i, v)),
    jobVia.map((v) => new DeliverWebhooks(v)),
    fc.tuple(indexArb, via).map(([i, v]) => new ReplayWebhook(i, v)),
    jobVia.map((v) => new RunJob(BOOKING_HOLDS_JOB, v)),
    jobVia.map((v) => new RunJob(REFUNDS_JOB, v)),
    fc.tuple(indexArb, via).map(([i, v]) => new ShopperCancel(i, v)),
    fc.tuple(indexArb, via).map(([i, v]) => new AdminCancel(i, v)),
    fc.tuple(shopperArb, via).map(([s, v]) => new DeleteAccount(s, v)),
    fc.tuple(shopperArb, planArb, via).map(([s, plan, v]) => new Subscribe(s, plan, v)),
    fc
      .tuple(shopperArb, cartActionArb, fc.nat({ max: POOL_SIZE - 1 }), cartStartArb, via)
      .map(([s, action, p, start, v]) => new CartStep(s, action, p, start, v)),
    fc.tuple(indexArb, via).map(([i, v]) => new RepairPiece(i, v)),
    via.map((v) => new MendPieces(v)),
    fc
      .tuple(indexArb, riskChoiceArb, fc.constantFrom('shopper', 'operator' as const), via)
      .map(([i, choice, by, v]) => new ChooseAtRisk(i, choice, by, v)),
    fc.tuple(indexArb, via).map(([i, v]) => new Dispatch(i, v)),
    fc
      .tuple(indexArb, extendDaysArb, extendThenArb, via)
      .map(([i, days, then, v]) => new Extend(i, days, then, v)),
  ];
}

/** Repeat an arbitrary `times` times in the list fc.commands picks from (its weight). */
const weigh = <T>(times: number, arb: fc.Arbitrary<T>): fc.Arbitrary<T>[] =>
  Array.from({ length: times }, () => arb);

/**
 * Every command, weighted toward checkouts and payments (the steps whose interleavings matter),
 * with races between the two apps.
 */
export function commandArbitraries(): fc.Arbitrary<Cmd>[] {
  const [
    create,
    replace,
    pay,
    verify,
    webhooks,
    replay,
    holds,
    refunds,
    cancel,
    adminCancel,
    del,
    sub,
    cart,
    repair,
    mend,
    choose,
    dispatch,
    extend,
  ] = singleSteps(viaArb);
  const aSteps = fc.oneof(...singleSteps(fc.constant<Via>('a')));
  const bSteps = fc.oneof(...singleSteps(fc.constant<Via>('b')));
  return [
    ...weigh(6, create!),
    ...weigh(3, replace!),
    ...weigh(5, pay!),
    ...weigh(4, verify!),
    ...weigh(2, webhooks!),
    replay!,
    ...weigh(2, holds!),
    ...weigh(2, refunds!),
    ...weigh(2, cancel!),
    adminCancel!,
    del!,
    sub!,
    ...weigh(4, cart!),
    ...weigh(3, repair!),
    mend!,
    ...weigh(3, choose!),
    ...weigh(3, dispatch!),
    ...weigh(4, extend!),
    // A booking paid, sent and kept longer (paid at once or not); a booking sent, then kept
    // longer; and an extension racing a new checkout of the same pieces, on the other app.
    ...weigh(
      3,
      fc
        .tuple(checkoutArb(viaArb), viaArb, extendDaysArb, extendThenArb, viaArb)
        .map(
          ([spec, v, days, then, v2]) =>
            new InTurn(
              new CreateCheckout({ ...spec, then: 'pay+verify' }),
              new InTurn(new Dispatch('newest', v), new Extend('newest', days, then, v2)),
            ),
        ),
    ),
    ...weigh(
      2,
      fc
        .tuple(indexArb, viaArb, extendDaysArb, extendThenArb, viaArb)
        .map(
          ([i, v, days, then, v2]) => new InTurn(new Dispatch(i, v), new Extend(i, days, then, v2)),
        ),
    ),
    ...weigh(
      2,
      fc
        .tuple(indexArb, extendDaysArb, checkoutArb(fc.constant<Via>('b')))
        .map(
          ([i, days, spec]) =>
            new Parallel(new Extend(i, days, 'pay+verify', 'a'), new CreateCheckout(spec)),
        ),
    ),
    // A piece sent to repair, then a choice for its booking (now perhaps at risk).
    ...weigh(
      3,
      fc
        .tuple(
          indexArb,
          viaArb,
          riskChoiceArb,
          fc.constantFrom('shopper', 'operator' as const),
          viaArb,
        )
        .map(
          ([i, v, choice, by, v2]) =>
            new InTurn(new RepairPiece(i, v), new ChooseAtRisk(i, choice, by, v2)),
        ),
    ),
    // The shopper and the desk choose for one booking at risk at once, on the two apps.
    fc
      .tuple(indexArb, riskChoiceArb, riskChoiceArb)
      .map(
        ([i, first, second]) =>
          new Parallel(
            new ChooseAtRisk(i, first, 'shopper', 'a'),
            new ChooseAtRisk(i, second, 'operator', 'b'),
          ),
      ),
    fc.tuple(indexArb, viaArb).map(([i, v]) => new ForgedWebhook(i, v)),
    indexArb.map((i) => new PayTwice(i)),
    indexArb.map((i) => new VerifyTwice(i)),
    indexArb.map((i) => new CancelRace(i)),
    ...weigh(
      2,
      fc
        .tuple(checkoutArb(fc.constant<Via>('a')), checkoutArb(fc.constant<Via>('b')))
        .map(
          ([first, second]) =>
            new DoubleCheckout(
              new CreateCheckout(first),
              new CreateCheckout({ ...second, shopper: first.shopper }),
            ),
        ),
    ),
    fc.constantFrom<number | 'past-hold'>(1, 5).map((minutes) => new MoveClock(minutes)),
    ...weigh(2, fc.constant(new MoveClock('past-hold'))),
    fc
      .tuple(shopperArb, planArb, viaArb, renewalsArb)
      .map(([s, plan, v, renewals]) => new BuyPlan(s, plan, v, renewals)),
    jobViaArb.map((v) => new PlanRenewal(v)),
    ...weigh(
      3,
      fc.tuple(aSteps, bSteps).map(([first, second]) => new Parallel(first, second)),
    ),
  ];
}
