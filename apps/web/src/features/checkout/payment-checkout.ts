import { BOOKING_MESSAGES, type CheckoutFailure, type CheckoutSuccess } from '@pehnava/shared';

/**
 * The payment modal, behind one small typed wrapper. The provider's script (Razorpay's, or the
 * sandbox's stand-in, which accepts the same options) defines `window.Razorpay`; the code here is
 * the same for both, only the script address and key differ (DECISIONS.md 'Payments').
 */

/** SPEC.md §8: the script could not be loaded or the modal could not be opened. */
export const PAYMENT_INIT_FAILED = BOOKING_MESSAGES.paymentInitFailed;

/** Razorpay Checkout's documented options, as far as Pehnava uses them. */
interface CheckoutOptions {
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
