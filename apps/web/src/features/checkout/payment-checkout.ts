import { BOOKING_MESSAGES, type CheckoutFailure, type CheckoutSuccess } from '@pehnava/shared';

/**
 * The payment modal, behind one small typed wrapper. The provider's script (Razorpay's, or the
 * sandbox's stand-in, which accepts the same options) defines `window.Razorpay`; the code here is
 * the same for both, only the script address and key differ (DECISIONS.md 'Payments').
 */

/** SPEC.md §8: the script could not be loaded or the modal could not be opened. */
export const PAYMENT_INIT_FAILED = BOOKING_MESSAGES.paymentInitFailed;

/** Razorpay Checkout's documented options, as far as Pehnava uses them. */
export interface CheckoutOptions {
  key: string;
  /** In paise. */
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name?: string; email?: string; contact?: string };
  theme: { color: string };
  /**
   * A plan's order: the payment also sets up a standing instruction for its renewals (Razorpay's
   * recurring payments take "1"; the sandbox asks whether renewals should succeed or be declined).
   */
  recurring?: '1';
  /** Razorpay's customer the recurring order was made for (the plan's answer gives it). */
  customer_id?: string;
  /** What a provider hands back is checked, not trusted: any id may be missing. */
  handler: (response: Partial<CheckoutSuccess>) => void;
  modal: { ondismiss: () => void };
}

interface CheckoutInstance {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (failure: CheckoutFailure) => void): void;
}

type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

let loading: Promise<CheckoutConstructor> | undefined;

/**
 * `window.Razorpay`, loading the provider's script first when the page does not have it. The
 * script is asked for once; after a failed load the next attempt tries again.
 */
export function loadCheckout(scriptUrl: string | null): Promise<CheckoutConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (!scriptUrl) return Promise.reject(new Error(PAYMENT_INIT_FAILED));
  if (!loading) {
    const attempt = new Promise<CheckoutConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.onload = () =>
        window.Razorpay ? resolve(window.Razorpay) : reject(new Error(PAYMENT_INIT_FAILED));
      script.onerror = () => {
        script.remove();
        reject(new Error(PAYMENT_INIT_FAILED));
      };
      document.head.append(script);
    });
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
  }
  return loading;
}

/** How the modal ended. */
export type CheckoutOutcome =
  | { kind: 'paid'; response: Partial<CheckoutSuccess> }
  | { kind: 'dismissed' }
  | { kind: 'failed'; description: string };

/**
 * Open the modal for one provider order and settle with how it ended: paid (the handler's ids),
 * dismissed, or failed (the modal is closed then, so the shopper returns to the page). Only the
 * first outcome counts. Rejects with PAYMENT_INIT_FAILED when the modal cannot be opened.
 */
export function openCheckout(
  Checkout: CheckoutConstructor,
  options: Omit<CheckoutOptions, 'handler' | 'modal'>,
): Promise<CheckoutOutcome> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: CheckoutOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    try {
      const instance = new Checkout({
        ...options,
        handler: (response) => settle({ kind: 'paid', response }),
        modal: { ondismiss: () => settle({ kind: 'dismissed' }) },
      });
      instance.on('payment.failed', (failure) => {
        settle({ kind: 'failed', description: failure.error.description });
        instance.close();
      });
      instance.open();
    } catch {
      reject(new Error(PAYMENT_INIT_FAILED));
    }
  });
}

/** The three ids a paid sheet hands back, all present (what a verify call sends). */
export interface PaidIds {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * Load the provider's sheet (the key and script from GET /api/config, then the script) and open
 * it for one order. Paid: the three ids, checked present (else `messages.verifyFailed` is thrown);
 * otherwise dismissed or failed. Throws `messages.initFailed` when the sheet cannot be loaded, and
 * `messages.openFailed` (the default message otherwise) when it cannot be opened.
 */
export async function payInSheet(
  config: () => Promise<{ keyId: string; checkoutScriptUrl: string | null }>,
  options: Omit<CheckoutOptions, 'handler' | 'modal' | 'key'>,
  messages: { initFailed: string; openFailed?: string; verifyFailed: string },
): Promise<{ kind: 'paid'; ids: PaidIds } | Exclude<CheckoutOutcome, { kind: 'paid' }>> {
  let Checkout;
  let keyId;
  try {
    const given = await config();
    Checkout = await loadCheckout(given.checkoutScriptUrl);
    keyId = given.keyId;
  } catch {
    throw new Error(messages.initFailed);
  }
  const outcome = await openCheckout(Checkout, { ...options, key: keyId }).catch(() => {
    throw new Error(messages.openFailed ?? PAYMENT_INIT_FAILED);
  });
  if (outcome.kind !== 'paid') return outcome;
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = outcome.response;
  if (!razorpay_order_id || !razorpay_payment_id || !razorpay_signature) {
    throw new Error(messages.verifyFailed);
  }
  return { kind: 'paid', ids: { razorpay_order_id, razorpay_payment_id, razorpay_signature } };
}
