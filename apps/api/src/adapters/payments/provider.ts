import type { PaymentProviderName } from '@pehnava/shared';

/*
 * The payment provider as Pehnava uses it: one interface, chosen by PAYMENT_PROVIDER. Amounts are
 * in paise. Shapes follow Razorpay's (orders, payments, refunds, webhooks), which the sandbox
 * reproduces; another provider maps its own onto them.
 */

export interface ProviderOrder {
  id: string;
  amountPaise: number;
  currency: 'INR';
  receipt: string | null;
}

export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';

export interface ProviderPayment {
  id: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  status: ProviderPaymentStatus;
  /** upi, card, netbanking, wallet… */
  method: string;
  /** Razorpay's error description for a failed payment. */
  errorDescription: string | null;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
}

/** A webhook the provider sent, once its signature is checked. */
export interface ProviderEvent {
  /** Unique per event: a repeated delivery has the same id. */
  id: string;
  type: 'payment.captured' | 'payment.failed' | 'refund.processed' | 'other';
  /** The provider's own event name. */
  name: string;
  payment?: ProviderPayment;
  refund?: ProviderRefund;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The public key the browser's checkout opens with. */
  readonly keyId: string;
  /** Where the browser loads the checkout script from, for a page served at `origin`. */
  checkoutScriptUrl(origin: string): string | null;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  /** Razorpay's payment signature: HMAC-SHA256(`order_id|payment_id`, key secret), hex. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Every payment made against an order (to reconcile one whose result never arrived). */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /** Refund; the same idempotency key never refunds twice. */
  refund(input: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    notes: Record<string, string>;
  }): Promise<ProviderRefund>;
  /** Check a webhook's signature over its raw body and read it; throws WebhookSignatureError. */
  readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderEvent;
}

/** The provider could not be reached or failed on its side (network, timeout, 5xx). */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the request (4xx): e.g. an unknown payment id. */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message = 'webhook signature does not match') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}
