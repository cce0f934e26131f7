import { todayInIndia, type SandboxPayBody, type SandboxPayResponse } from '@pehnava/shared';
import type { FastifyBaseLogger } from 'fastify';
import { backoffMs, describeFailure } from '../../../lib/backoff.js';
import type { Clock } from '../../../lib/clock.js';
import { constraintViolation } from '../../../lib/db-errors.js';
import { razorpayStyleId } from '../razorpay-ids.js';
import { hmacHex, paymentSignature } from '../signatures.js';
import { DECLINED_CARD, DECLINED_VPA, VPA, cardNetwork, expiryValid, luhnValid } from './cards.js';
import type {
  SandboxGatewayBooks,
  SandboxGatewayRepository,
  SandboxPaymentRow,
} from './gateway.repository.js';
import type { SandboxKeys } from './keys.js';

/** What the gateway refuses to do (HTTP 4xx to the checkout's modal), in words for the shopper. */
export class SandboxInputError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'SandboxInputError';
  }
}

/** Delivers one webhook to the app: the raw body and headers; resolves with the HTTP status. */
export type WebhookSender = (body: string, headers: Record<string, string>) => Promise<number>;

export const SANDBOX_WEBHOOK_BATCH = 20;
const WEBHOOK_LEASE_MS = 60_000;
/** Razorpay gives up on a webhook after about a day; so does the sandbox. */
const WEBHOOK_MAX_ATTEMPTS = 12;
/** A webhook given up is parked this far ahead (a year), its last error kept. */
const GIVEN_UP_MS = 365 * 86_400_000;

/** A payment as Razorpay's API and webhooks show it (amounts in paise, times in Unix seconds). */
/** The order note that marks an order opened for recurring payments (a mandate on payment). */
export const RECURRING_NOTE = 'sandbox_recurring';

export function paymentEntity(row: SandboxPaymentRow) {
  return {
    id: row.id,
    entity: 'payment',
    amount: row.amountPaise,
    currency: row.currency,
    status: row.status,
    order_id: row.orderId,
    method: row.method,
    captured: row.status !== 'failed',
    amount_refunded: row.amountRefundedPaise,
    refund_status:
      row.amountRefundedPaise === 0
        ? null
        : row.amountRefundedPaise >= row.amountPaise
          ? 'full'
          : 'partial',
    vpa: row.vpa,
    card: row.cardLast4 ? { last4: row.cardLast4, network: row.cardNetwork } : null,
    email: row.email,
    contact: row.contact,
    error_code: row.errorCode,
    error_description: row.errorDescription,
    error_reason: row.errorReason,
    // Razorpay's recurring payments name the token they set up.
    token_id: row.mandateId,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  };
}

interface Declined {
  description: string;
  source: string;
  reason: string;
}

export interface SandboxGatewayDeps {
  repository: SandboxGatewayRepository;
  keys: SandboxKeys;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How long after an event its webhook is sent ("a moment after paying"). */
  webhookDelayMs: number;
  sendWebhook: WebhookSender;
}

/**
 * The sandbox payment gateway: the provider's side of PAYMENT_PROVIDER=sandbox, kept in the app's
 * own database. It takes orders, lets the checkout's modal pay them by UPI or card (or fail on
 * purpose), signs successful payments exactly as Razorpay does, refunds, and sends signed
 * Razorpay-shaped webhooks a moment after each event.
 */
export function createSandboxGateway({
  repository,
  keys,
  clock,
  logger,
  webhookDelayMs,
  sendWebhook,
}: SandboxGatewayDeps) {
  /** The webhook an event owes the app: its id, the exact body to sign and send, when it is due. */
  function webhookOf(event: string, payload: Record<string, { entity: unknown }>) {
    const eventId = razorpayStyleId('evt');
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_PehnavaSandbox',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(clock.now().getTime() / 1000),
    });
    return { eventId, event, body, dueAt: new Date(clock.now().getTime() + webhookDelayMs) };
  }

  /** Queue the event's webhook in the caller's transaction (`repo`). */
  async function queueEvent(
    repo: SandboxGatewayBooks,
    event: string,
    payload: Record<string, { entity: unknown }>,
  ): Promise<void> {
    await repo.queueWebhook(webhookOf(event, payload));
  }

  /** Why the payment is declined, or undefined when it goes through. */
  function decide(body: SandboxPayBody): Declined | undefined {
    if (body.outcome === 'failure') {
      return {
        description: 'Payment failed. The tester chose to fail this payment.',
        source: 'customer',
        reason: 'payment_failed',
      };
    }
    if (body.method === 'upi' && body.vpa?.toLowerCase() === DECLINED_VPA) {
      return {
        description: 'Payment failed because the UPI request was declined.',
        source: 'customer',
        reason: 'payment_declined',
      };
    }
    if (body.method === 'card' && body.card?.number.replace(/\D/g, '') === DECLINED_CARD) {
      return {
        description: 'Your card was declined by the bank.',
        source: 'bank',
        reason: 'card_declined',
      };
    }
    return undefined;
  }

  /** The payer's details, checked as Razorpay's form checks them. */
  function instrument(body: SandboxPayBody) {
    if (body.method === 'upi') {
      const vpa = body.vpa ?? '';
      if (!VPA.test(vpa)) throw new SandboxInputError('Enter a valid UPI ID, like name@bank');
      return { method: 'upi', vpa: vpa.toLowerCase() };
    }
    const card = body.card;
    const number = card?.number.replace(/[\s-]/g, '') ?? '';
    if (!luhnValid(number)) throw new SandboxInputError('Enter a valid card number');
    if (!card || !expiryValid(card.expiry, todayInIndia(clock.now()))) {
      throw new SandboxInputError('Enter a valid expiry date (MM/YY) that has not passed');
    }
    if (!/^\d{3,4}$/.test(card.cvv)) throw new SandboxInputError('Enter a valid CVV');
    return { method: 'card', cardLast4: number.slice(-4), cardNetwork: cardNetwork(number) };
  }

  return {
    keys,

    async createOrder(input: {
      amountPaise: number;
      currency: 'INR';
      receipt: string;
      notes: Record<string, string>;
      /** Paying it sets up a mandate for later charges (a plan's renewals). */
      recurring?: boolean;
    }) {
      return repository.insertOrder({
        id: razorpayStyleId('order'),
        amountPaise: input.amountPaise,
        currency: input.currency,
        receipt: input.receipt,
        notes: input.recurring ? { ...input.notes, [RECURRING_NOTE]: '1' } : input.notes,
      });
    },

    /** POST /api/payments/sandbox/pay: one payment attempt on an order. */
    async pay(
      body: SandboxPayBody,
      payer: { email?: string; contact?: string } = {},
    ): Promise<SandboxPayResponse> {
      if (body.key !== keys.keyId) {
        throw new SandboxInputError('This checkout was opened with an unknown key', 401);
      }
      const details = instrument(body);
      const declined = decide(body);
      const order = await repository.findOrder(body.order_id);
      if (!order) throw new SandboxInputError('No such order', 404);
      if (order.status === 'paid') {
        throw new SandboxInputError('This order has already been paid', 409);
      }
      const at = clock.now();
      const payment: SandboxPaymentRow = {
        id: razorpayStyleId('pay'),
        orderId: order.id,
        amountPaise: order.amountPaise,
        currency: order.currency,
        status: declined ? 'failed' : 'captured',
        method: details.method,
        vpa: details.vpa ?? null,
        cardLast4: details.cardLast4 ?? null,
        cardNetwork: details.cardNetwork ?? null,
        email: payer.email ?? null,
        contact: payer.contact ?? null,
        errorCode: declined ? 'BAD_REQUEST_ERROR' : null,
        errorDescription: declined?.description ?? null,
        errorReason: declined?.reason ?? null,
        amountRefundedPaise: 0,
        createdAt: at,
        // A recurring order's captured payment sets up a mandate (Razorpay's token).
        mandateId: !declined && order.notes[RECURRING_NOTE] ? razorpayStyleId('token') : null,
        notes: order.notes,
      };
      const webhook = webhookOf(declined ? 'payment.failed' : 'payment.captured', {
        payment: { entity: paymentEntity(payment) },
        order: {
          entity: {
            id: order.id,
            entity: 'order',
            amount: order.amountPaise,
            amount_paid: declined ? 0 : order.amountPaise,
            currency: order.currency,
            receipt: order.receipt,
            status: declined ? 'attempted' : 'paid',
            notes: order.notes,
          },
        },
      });
      const { amountRefundedPaise: _r, createdAt: _c, mandateId, notes: _n, ...written } = payment;
      let recorded;
      try {
        // The order moves on, the payment, its webhook and its mandate are written, in one
        // statement that writes nothing if the order has been paid since it was read.
        recorded = await repository.recordAttempt({
          payment: written,
          orderStatus: declined ? 'attempted' : 'paid',
          webhook,
          ...(mandateId ? { mandate: { id: mandateId, renewals: body.renewals } } : {}),
          at,
        });
      } catch (error) {
        // Two captures of one order at once: the partial unique index keeps the second out.
        if (constraintViolation(error)?.kind === 'unique') {
          throw new SandboxInputError('This order has already been paid', 409);
        }
        throw error;
      }
      if (!recorded) throw new SandboxInputError('This order has already been paid', 409);
      if (declined) {
        return {
          status: 'failed' as const,
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: declined.description,
            source: declined.source,
            step: 'payment_authorization',
            reason: declined.reason,
            metadata: { order_id: order.id, payment_id: payment.id },
          },
        };
      }
      return {
        status: 'captured' as const,
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: paymentSignature(order.id, payment.id, keys.keySecret),
      };
    },

    /**
     * Charge a mandate without the shopper (a renewal): one order and payment, captured or
     * declined as the shopper chose when the mandate was made. The idempotency key is kept on the
     * order, so a retry after a lost answer returns the first charge.
     */
    async chargeMandate(input: {
      mandateId: string;
      amountPaise: number;
      receipt: string;
      idempotencyKey: string;
      notes: Record<string, string>;
    }): Promise<SandboxPaymentRow> {
      return repository.transaction(async (repo) => {
        const earlier = await repo.lockOrderByKey(input.idempotencyKey);
        if (earlier) {
          const [made] = await repo.paymentsOfOrder(earlier.id);
          if (made) return made;
        }
        const mandate = await repo.findMandate(input.mandateId);
        if (!mandate) throw new SandboxInputError('No such token', 404);
        if (input.amountPaise <= 0) throw new SandboxInputError('The amount must be above zero');
        const order =
          earlier ??
          (await repo.insertOrder({
            id: razorpayStyleId('order'),
            amountPaise: input.amountPaise,
            currency: 'INR',
            receipt: input.receipt,
            notes: input.notes,
            idempotencyKey: input.idempotencyKey,
          }));
        const declined = mandate.renewals === 'fail';
        const payment = await repo.insertPayment({
          id: razorpayStyleId('pay'),
          orderId: order.id,
          amountPaise: order.amountPaise,
          currency: order.currency,
          status: declined ? 'failed' : 'captured',
          method: mandate.method,
          ...(declined
            ? {
                errorCode: 'BAD_REQUEST_ERROR',
                errorDescription: 'The recurring payment was declined by the customer’s bank.',
                errorReason: 'payment_declined',
              }
            : {}),
        });
        await repo.setOrderStatus(order.id, declined ? 'attempted' : 'paid');
        await queueEvent(repo, declined ? 'payment.failed' : 'payment.captured', {
          payment: { entity: paymentEntity(payment) },
        });
        return payment;
      });
    },

    fetchPayment: (id: string) => repository.findPayment(id),
    fetchRefund: (id: string) => repository.findRefund(id),
    paymentsOfOrder: (orderId: string) => repository.paymentsOfOrder(orderId),

    /** Refund a captured payment; the same idempotency key answers the refund already made. */
    async refund(input: {
      paymentId: string;
      amountPaise: number;
      idempotencyKey: string;
      notes: Record<string, string>;
    }) {
      return repository.transaction(async (repo) => {
        const payment = await repo.lockPayment(input.paymentId);
        if (!payment) throw new SandboxInputError('No such payment', 404);
        const earlier = await repo.findRefundByKey(input.idempotencyKey);
        if (earlier) return earlier;
        if (payment.status === 'failed') {
          throw new SandboxInputError('A failed payment cannot be refunded');
        }
        const left = payment.amountPaise - payment.amountRefundedPaise;
        if (input.amountPaise <= 0 || input.amountPaise > left) {
          throw new SandboxInputError('The refund amount is more than what is left to refund');
        }
        const refund = await repo.insertRefund({
          id: razorpayStyleId('rfnd'),
          paymentId: payment.id,
          amountPaise: input.amountPaise,
          idempotencyKey: input.idempotencyKey,
          notes: input.notes,
        });
        await repo.addRefunded(payment.id, input.amountPaise, input.amountPaise === left);
        await queueEvent(repo, 'refund.processed', {
          refund: {
            entity: {
              id: refund.id,
              entity: 'refund',
              amount: refund.amountPaise,
              currency: payment.currency,
              payment_id: payment.id,
              notes: refund.notes,
              status: 'processed',
              created_at: Math.floor(refund.createdAt.getTime() / 1000),
            },
          },
        });
        return refund;
      });
    },

    /** Headers a webhook is sent with: Razorpay's signature over the exact body, and its id. */
    webhookHeaders(body: string, eventId: string): Record<string, string> {
      return {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(body, keys.webhookSecret),
        'x-razorpay-event-id': eventId,
      };
    },

    /**
     * The sandbox-webhooks job: send every due webhook of one batch; returns how many. The ones
     * the app acknowledged are marked delivered together, once the batch is sent: a crash before
     * that sends the batch again when its lease ends (at most SANDBOX_WEBHOOK_BATCH webhooks),
     * which the app answers as duplicates, as it would Razorpay's repeated deliveries.
     */
    async deliverDueWebhooks(): Promise<number> {
      const claimed = await repository.claimDueWebhooks(
        SANDBOX_WEBHOOK_BATCH,
        new Date(clock.now().getTime() + WEBHOOK_LEASE_MS),
      );
      const delivered: string[] = [];
      try {
        for (const row of claimed) {
          try {
            const status = await sendWebhook(row.body, this.webhookHeaders(row.body, row.eventId));
            if (status < 200 || status >= 300) throw new Error(`the app answered ${status}`);
            delivered.push(row.id);
          } catch (error) {
            if (row.attempts >= WEBHOOK_MAX_ATTEMPTS) {
              logger.error({ event: row.event, eventId: row.eventId }, 'sandbox webhook given up');
              await repository.markWebhookFailed(
                row.id,
                `given up: ${describeFailure(error)}`,
                new Date(clock.now().getTime() + GIVEN_UP_MS),
              );
              continue;
            }
            const retryAt = new Date(
              clock.now().getTime() + backoffMs(row.attempts, { baseMs: 5_000 }),
            );
            await repository.markWebhookFailed(row.id, describeFailure(error), retryAt);
            logger.warn(
              { event: row.event, eventId: row.eventId, attempts: row.attempts },
              'sandbox webhook not delivered; it will be tried again',
            );
          }
        }
      } finally {
        // Also when marking a failure threw: what was acknowledged is not sent again.
        await repository.markWebhooksDelivered(delivered);
      }
      return claimed.length;
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
