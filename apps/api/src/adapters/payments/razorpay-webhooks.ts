import type { ProviderEvent, ProviderPaymentStatus } from './provider.js';
import { WebhookSignatureError } from './provider.js';
import { hmacHex, signatureMatches } from './signatures.js';

/*
 * Razorpay's webhooks, read the same way for Razorpay itself and for the sandbox (which sends
 * exactly Razorpay's shape): `X-Razorpay-Signature` is HMAC-SHA256 of the raw body with the
 * webhook secret, `X-Razorpay-Event-Id` is the same for every delivery of one event.
 */

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

/**
 * The standing instruction a payment entity set up, as `ProviderPayment.mandateId`: the sandbox's
 * is its `token_id` as it is; Razorpay's adapter passes its own (it needs the customer too).
 */
export type MandateReader = (payment: Record<string, unknown>) => string | null;

const tokenAsMandate: MandateReader = (payment) => text(payment.token_id) || null;

/** Read a Razorpay-shaped webhook body whose signature has been checked. */
export function readRazorpayEvent(
  eventId: string,
  body: WebhookBody,
  mandateOf: MandateReader = tokenAsMandate,
): ProviderEvent {
  const name = text(body.event);
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  const mandateId = payment ? mandateOf(payment) : null;
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
            // A plan confirmed by its webhook alone keeps the mandate for its renewals.
            ...(mandateId ? { mandateId } : {}),
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
 * Check a Razorpay webhook's signature over the exact bytes received and read it; throws
 * WebhookSignatureError when the signature or the event id is missing or wrong.
 */
export function readRazorpayWebhook(
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  webhookSecret: string,
  mandateOf?: MandateReader,
): ProviderEvent {
  const signature = headers['x-razorpay-signature'];
  const eventId = headers['x-razorpay-event-id'];
  if (typeof signature !== 'string' || typeof eventId !== 'string' || !eventId) {
    throw new WebhookSignatureError('webhook without a signature or event id');
  }
  if (!signatureMatches(signature, hmacHex(rawBody, webhookSecret))) {
    throw new WebhookSignatureError();
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError('webhook body is not JSON');
  }
  if (!body || typeof body !== 'object') {
    throw new WebhookSignatureError('webhook body is not a JSON object');
  }
  return readRazorpayEvent(eventId, body as WebhookBody, mandateOf);
}
