import { z } from 'zod';
import { textField } from './text-field.js';

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * GET /api/config: what a front end needs to take a payment. `flow: 'modal'` (sandbox, razorpay):
 * the browser loads `checkoutScriptUrl`, which defines `window.Razorpay`, and opens it with
 * `keyId`; the same checkout code serves both. `flow: 'redirect'` (stripe): the booking's
 * `order.checkoutUrl` is opened instead, and the provider returns the shopper to /verify.
 */
export const clientConfigResponseSchema = z.object({
  success: z.literal(true),
  payments: z.object({
    provider: z.enum(PAYMENT_PROVIDERS),
    flow: z.enum(['modal', 'redirect']),
    /** The public key the checkout opens with (Razorpay's key_id; the sandbox's own; '' for Stripe). */
    keyId: z.string(),
    /** Absolute address of the checkout script; null for a redirect provider. */
    checkoutScriptUrl: z.string().nullable(),
    currency: z.literal('INR'),
  }),
});
export type ClientConfigResponse = z.infer<typeof clientConfigResponseSchema>;

/** What Razorpay Checkout hands the `handler` option after a successful payment. */
export const checkoutSuccessSchema = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type CheckoutSuccess = z.infer<typeof checkoutSuccessSchema>;

/** What Razorpay Checkout hands a `payment.failed` listener. */
export const checkoutFailureSchema = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    source: z.string(),
    step: z.string(),
    reason: z.string(),
    metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
  }),
});
export type CheckoutFailure = z.infer<typeof checkoutFailureSchema>;

/**
 * POST /api/payments/sandbox/pay: the sandbox checkout's modal paying an order (sandbox only).
 * UPI takes a VPA (success@razorpay pays, failure@razorpay is declined, as Razorpay's test
 * mode); a card takes a test number (Luhn-valid; 4000 0000 0000 0002 is declined). `outcome:
 * 'failure'` is the modal's 'Fail payment' button.
 */
export const sandboxPayBodySchema = z.object({
  key: textField({ label: 'Key', max: 100 }),
  order_id: textField({ label: 'Order id', max: 100 }),
  method: z.enum(['upi', 'card'], { error: 'Choose UPI or card' }),
  vpa: textField({ label: 'UPI ID', max: 100 }).optional(),
  card: z
    .object({
      number: textField({ label: 'Card number', max: 30 }),
      expiry: textField({ label: 'Expiry', max: 7 }),
      cvv: textField({ label: 'CVV', max: 4 }),
      name: textField({ label: 'Name on card', max: 100, required: false }).optional(),
    })
    .optional(),
  outcome: z.enum(['success', 'failure']).optional().default('success'),
  /**
   * For an order opened for recurring payments (a plan): whether later renewal charges on the
   * mandate this payment sets up go through or are declined, so both can be tried.
   */
  renewals: z.enum(['succeed', 'fail']).optional().default('succeed'),
  /**
   * Razorpay's customer the checkout was opened with (`customer_id`) for a recurring order; the
   * Razorpay stand-in makes the token for it, the sandbox needs none.
   */
  customer_id: textField({ label: 'Customer id', max: 100 }).optional(),
});
export type SandboxPayBody = z.infer<typeof sandboxPayBodySchema>;

/** The pay call's answer: captured with the signed ids, or failed with Razorpay's error shape. */
export const sandboxPayResponseSchema = z.discriminatedUnion('status', [
  checkoutSuccessSchema.extend({ status: z.literal('captured') }),
  checkoutFailureSchema.extend({ status: z.literal('failed') }),
]);
export type SandboxPayResponse = z.infer<typeof sandboxPayResponseSchema>;
