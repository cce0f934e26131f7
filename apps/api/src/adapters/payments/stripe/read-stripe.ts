import Stripe from 'stripe';
import type {
  ProviderEvent,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefund,
} from '../provider.js';
import { ProviderRequestError, ProviderUnavailableError } from '../provider.js';

/*
 * Stripe's objects read into the provider interface's shapes (Razorpay's, which the rest of the
 * app knows). Kept apart from the SDK calls so the mapping can be tested on its own.
 */

/** An id, whether Stripe sent the object expanded or only its id. */
export const idOf = (value: string | { id: string } | null | undefined): string =>
  typeof value === 'string' ? value : (value?.id ?? '');

/**
 * How the shopper paid: the payment method's type (card, upi…) when it was expanded; otherwise
 * the one type the session offered; otherwise 'stripe' (paid through Stripe Checkout, the method
 * is on Stripe's side).
 */
export function methodOf(
  paymentMethod: string | Stripe.PaymentMethod | null | undefined,
  offered: string[] = [],
): string {
  if (paymentMethod && typeof paymentMethod === 'object') return paymentMethod.type;
  return offered.length === 1 ? offered[0]! : 'stripe';
}

/** A PaymentIntent's status in Razorpay's words. */
export function paymentStatusOf(status: Stripe.PaymentIntent.Status): ProviderPaymentStatus {
  switch (status) {
    case 'succeeded':
      return 'captured';
    case 'requires_capture':
      return 'authorized';
    case 'canceled':
    case 'requires_payment_method':
      return 'failed';
    default:
      return 'created';
  }
}

/*
 * A plan's standing instruction on Stripe: the customer Checkout made and the PaymentIntent whose
 * card it kept for later (setup_future_usage). Both are on the session itself, so the webhook's
 * unexpanded session gives the same mandate as a session read back with its PaymentIntent; the
 * card (payment method) is read from that PaymentIntent when a renewal is charged.
 */
const MANDATE = /^(cus_[A-Za-z0-9]+):(pi_[A-Za-z0-9_]+)$/;

export function mandateOf(customerId: string, paymentIntentId: string): string | null {
  const mandate = `${customerId}:${paymentIntentId}`;
  return MANDATE.test(mandate) ? mandate : null;
}

/** A mandate made by mandateOf; undefined for anything else. */
export function readMandate(
  mandateId: string,
): { customer: string; paymentIntent: string } | undefined {
  const match = MANDATE.exec(mandateId);
  return match ? { customer: match[1]!, paymentIntent: match[2]! } : undefined;
}

/**
 * A paid Checkout Session as the payment made against it: the PaymentIntent's id, the session as
 * the order, and a mandate when Checkout kept the card with a customer (a plan's session).
 * Undefined while it is not paid (open, expired, or an async method still on its way).
 */
export function paymentOfSession(session: Stripe.Checkout.Session): ProviderPayment | undefined {
  if (session.payment_status !== 'paid') return undefined;
  const intent = session.payment_intent;
  const paymentMethod = intent && typeof intent === 'object' ? intent.payment_method : undefined;
  const customer = idOf(session.customer);
  const mandateId = customer ? mandateOf(customer, idOf(intent)) : null;
  return {
    id: idOf(intent),
    orderId: session.id,
    amountPaise: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    status: 'captured',
    method: methodOf(paymentMethod, session.payment_method_types),
    errorDescription: null,
    // Only a plan's session has a customer (a booking's pays once and keeps nothing).
    ...(mandateId ? { mandateId } : {}),
  };
}

/** Said of an off-session charge Stripe stopped because the bank wants the shopper to confirm it. */
export const NEEDS_SHOPPER_MESSAGE =
  'The bank asked the card holder to confirm this charge, and they were not there to do it.';

/**
 * An off-session charge (a plan renewal) as a payment. It has no Checkout Session: the
 * PaymentIntent is its own order. Succeeded is captured; one that needs a new card or the shopper's
 * confirmation (requires_payment_method, requires_action…) or was cancelled is failed, with
 * Stripe's decline message. Undefined while Stripe is still working on it (processing).
 */
export function paymentOfCharge(intent: Stripe.PaymentIntent): ProviderPayment | undefined {
  if (intent.status === 'processing' || intent.status === 'requires_capture') return undefined;
  const captured = intent.status === 'succeeded';
  const notes = intent.metadata ?? {};
  return {
    id: intent.id,
    orderId: intent.id,
    amountPaise: captured ? intent.amount_received || intent.amount : intent.amount,
    currency: intent.currency.toUpperCase(),
    status: captured ? 'captured' : 'failed',
    method: methodOf(intent.payment_method, intent.payment_method_types),
    errorDescription: captured
      ? null
      : (intent.last_payment_error?.message ??
        (intent.status === 'requires_action' ? NEEDS_SHOPPER_MESSAGE : 'The charge was declined')),
    ...(Object.keys(notes).length > 0 ? { notes: { ...notes } } : {}),
  };
}

/** Pehnava's off-session charges (plan renewals) say so in their metadata. */
export const isRenewalCharge = (intent: Stripe.PaymentIntent): boolean =>
  intent.metadata?.purpose === 'renewal';

/** A refund's status in the app's words: pending until Stripe has sent the money, or failed. */
export function refundStatusOf(status: string | null): ProviderRefund['status'] {
  if (status === 'succeeded') return 'processed';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

export function toRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    paymentId: idOf(refund.payment_intent),
    amountPaise: refund.amount,
    status: refundStatusOf(refund.status),
    reference: refund.metadata?.refundId || null,
  };
}

/**
 * A verified Stripe event as the app's ProviderEvent. A session paid (at once, or later for an
 * async method) is a captured payment; an async method that failed is a failed one; a refund's
 * own events say whether the money went back. charge.refunded names the charge, not which refund
 * of it: refund.updated carries that, so it is left as 'other'.
 */
export function readStripeEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, name: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const payment = paymentOfSession(event.data.object);
      return payment ? { ...base, type: 'payment.captured', payment } : { ...base, type: 'other' };
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return {
        ...base,
        type: 'payment.failed',
        payment: {
          id: idOf(session.payment_intent),
          orderId: session.id,
          amountPaise: session.amount_total ?? 0,
          currency: (session.currency ?? '').toUpperCase(),
          status: 'failed',
          method: methodOf(null, session.payment_method_types),
          errorDescription: 'The payment did not go through',
        },
      };
    }
    case 'payment_intent.succeeded': {
      // A renewal charged off-session has no Checkout Session: its own PaymentIntent reports it.
      // (A session's PaymentIntent is reported by the session's events above.)
      const intent = event.data.object;
      const payment = isRenewalCharge(intent) ? paymentOfCharge(intent) : undefined;
      return payment ? { ...base, type: 'payment.captured', payment } : { ...base, type: 'other' };
    }
    case 'refund.updated':
    case 'refund.failed': {
      const refund = toRefund(event.data.object);
      if (refund.status === 'processed') return { ...base, type: 'refund.processed', refund };
      if (refund.status === 'failed') return { ...base, type: 'refund.failed', refund };
      return { ...base, type: 'other' };
    }
    default:
      return { ...base, type: 'other' };
  }
}

/**
 * Stripe's errors in the provider interface's terms: no answer, a timeout, a 5xx or a rate limit
 * is "try again later" (ProviderUnavailableError); any other 4xx is a refusal.
 */
export function providerError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const status = error.statusCode;
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    status === undefined ||
    status >= 500 ||
    status === 429
  ) {
    return new ProviderUnavailableError(`Stripe did not answer: ${error.message}`, {
      cause: error,
    });
  }
  return new ProviderRequestError(error.message, status);
}
