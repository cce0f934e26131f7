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
  /** Redirect providers (Stripe): the page the shopper is sent to to pay. Null for modal ones. */
  checkoutUrl: string | null;
  /**
   * The provider's customer the checkout must open with for a recurring order (Razorpay's
   * `customer_id`, with `recurring: "1"`). Null or absent otherwise.
   */
  customerId?: string | null;
}

/**
 * How the browser pays: `modal` opens the provider's checkout script over the page (Razorpay and
 * the sandbox, `window.Razorpay`); `redirect` sends the shopper to the provider's own page, which
 * returns to the web app's /verify (Stripe Checkout).
 */
export type CheckoutFlow = 'modal' | 'redirect';

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
  /**
   * The standing instruction this payment set up, when its order asked for one (`recurring`):
   * later renewals are charged to it without the shopper (Razorpay's token, Stripe's saved
   * payment method). Null otherwise.
   */
  mandateId?: string | null;
  /**
   * The notes the charge was made with, where the provider gives them back (Razorpay's payment
   * notes, Stripe's PaymentIntent metadata): how a renewal charge whose order Pehnava never
   * recorded (its answer was lost) is still traced to the plan period it was for.
   */
  notes?: Record<string, string>;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  /** pending: accepted by the provider, money not yet sent back (ask again later, or its webhook). */
  status: 'pending' | 'processed' | 'failed';
  /** Our refund row's id, when the provider gives back the notes it was made with. */
  reference: string | null;
}

/** A webhook the provider sent, once its signature is checked. */
export interface ProviderEvent {
  /** Unique per event: a repeated delivery has the same id. */
  id: string;
  type: 'payment.captured' | 'payment.failed' | 'refund.processed' | 'refund.failed' | 'other';
  /** The provider's own event name. */
  name: string;
  payment?: ProviderPayment;
  refund?: ProviderRefund;
}

/**
 * What the web app's pages must let the browser reach for this provider's checkout, beyond their
 * own origin (the Content-Security-Policy's script-src, connect-src and frame-src).
 */
export interface CheckoutPageSources {
  script: string[];
  connect: string[];
  frame: string[];
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The public key the browser's checkout opens with. */
  readonly keyId: string;
  readonly flow: CheckoutFlow;
  readonly pageSources: CheckoutPageSources;
  /** Where the browser loads the checkout script from, for a page served at `origin`. */
  checkoutScriptUrl(origin: string): string | null;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
    /** What the shopper is paying for, as the provider's page shows it. */
    description: string;
    customerEmail?: string;
    /** The shopper's name and phone, for the provider's customer of a recurring order. */
    customerName?: string;
    customerContact?: string;
    /** Where a redirect provider sends the shopper back to (modal providers ignore them). */
    returnUrls: { success: string; cancel: string };
    /** Ask the shopper for a standing instruction for later charges (a plan's renewals). */
    recurring?: boolean;
  }): Promise<ProviderOrder>;
  /**
   * Charge a standing instruction without the shopper (a plan renewal). The same idempotency key
   * never charges twice. A declined charge comes back with status 'failed'; an unreachable
   * provider throws ProviderUnavailableError (try again later). Providers without recurring
   * payments leave it out, and renewals then end the plan.
   */
  chargeMandate?(input: {
    mandateId: string;
    amountPaise: number;
    receipt: string;
    description: string;
    idempotencyKey: string;
    notes: Record<string, string>;
  }): Promise<ProviderPayment>;
  /** Razorpay's payment signature: HMAC-SHA256(`order_id|payment_id`, key secret), hex. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /**
   * Every payment made against an order, as the provider has it now: how the payment intake asks
   * what a reported payment really is, and how an order whose result never arrived is reconciled.
   * An off-session charge (a renewal) on a provider without orders is its own order.
   */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /**
   * Close an unpaid order at the provider so it can no longer be paid (Stripe expires its Checkout
   * Session; providers whose orders cannot be closed leave this out). True when the order cannot
   * be paid any more; false when it had been paid already (read its payments).
   */
  cancelOrder?(orderId: string): Promise<boolean>;
  /**
   * Refund; the same idempotency key never refunds twice. `notes.refundId` is our refund row's id,
   * given back as `reference` when the provider reports on the refund (webhooks).
   */
  refund(input: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    notes: Record<string, string> & { refundId: string };
  }): Promise<ProviderRefund>;
  /** A refund the provider accepted earlier, as it stands now (pending → processed or failed). */
  fetchRefund(input: { paymentId: string; refundId: string }): Promise<ProviderRefund>;
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
