import { BOOKING_MESSAGES, type PaymentOrder } from '@pehnava/shared';

/*
 * The redirect providers' half of checkout (Stripe Checkout): where the browser is sent to pay,
 * and what it brings back to /verify. Plain functions, so they are tested without a browser.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What /verify?success=…&orderId=… says: which button brought the shopper back, and the booking. */
export interface PaymentReturn {
  /** Only the address's word: the server asks the provider and never trusts it. */
  success: boolean;
  /** The booking's id. */
  orderId: string;
}

/** Read /verify's query; undefined when it names no booking (nothing to confirm). */
export function readPaymentReturn(search: string): PaymentReturn | undefined {
  const query = new URLSearchParams(search);
  const orderId = query.get('orderId')?.trim() ?? '';
  if (!UUID.test(orderId)) return undefined;
  return { success: query.get('success') === 'true', orderId: orderId.toLowerCase() };
}

/**
 * The provider's page a redirect checkout sends the browser to. Only an http(s) address the
 * server gave is followed; anything else is a payment that cannot start.
 */
export function checkoutPageOf(order: Pick<PaymentOrder, 'checkoutUrl'>): string {
  const url = order.checkoutUrl;
  if (!url) throw new Error(BOOKING_MESSAGES.paymentInitFailed);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(BOOKING_MESSAGES.paymentInitFailed);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(BOOKING_MESSAGES.paymentInitFailed);
  }
  return parsed.href;
}
