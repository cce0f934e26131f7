import { z } from 'zod';
import { EXTENSION_MESSAGES } from '../constants/extension-messages.js';
import { EXTENSION_MAX_DAYS } from '../pricing/extension.js';
import { paymentOrderSchema, verifyBookingBodySchema } from './bookings.js';
import { isoDateSchema, rupeesSchema } from './common.js';

/*
 * Keeping a rental longer (issue [O] §4, DECISIONS.md 'Extending a rental'): while a booking is out
 * and before its end date, its shopper may add 1 to 7 days, priced by the server (each piece's
 * 14-day price ÷ 14 a day, rounded up to the rupee, plus damage protection's 10% when taken) and
 * paid through the same provider checkout as a booking. The payment is applied only if every
 * piece's unit is still free for the new days; otherwise it is refunded in full.
 */

/** One way to extend: that many days more, the return date it gives, and its price. */
export const extensionOptionSchema = z.object({
  days: z.number().int().min(1).max(EXTENSION_MAX_DAYS),
  /** The new return date (of the piece due back last). */
  endDate: isoDateSchema,
  /** Rupees, damage protection included. */
  amount: rupeesSchema,
});
export type ExtensionOption = z.infer<typeof extensionOptionSchema>;

/**
 * GET /api/booking/{id}/extend: whether the booking can be kept longer now, what a day costs, and
 * each number of days the pieces' units are free for. `reason` says why not when it cannot.
 */
export const extensionQuoteSchema = z.object({
  success: z.literal(true),
  bookingId: z.uuid(),
  extendable: z.boolean(),
  reason: z.string().nullable(),
  /** The return date now (of the piece due back last); null when nothing is out. */
  endDate: isoDateSchema.nullable(),
  /** One more day, in rupees, damage protection included. */
  perDay: rupeesSchema,
  /** True when the booking took damage protection (its 10% is in every price here). */
  insured: z.boolean(),
  /** The most days every piece's unit is free for (0 to 7). */
  maxDays: z.number().int().min(0).max(EXTENSION_MAX_DAYS),
  options: z.array(extensionOptionSchema),
});
export type ExtensionQuote = z.infer<typeof extensionQuoteSchema>;

/** POST /api/booking/{id}/extend. */
export const extendBodySchema = z.object({
  days: z
    .number({ error: EXTENSION_MESSAGES.daysInvalid })
    .int({ error: EXTENSION_MESSAGES.daysInvalid })
    .min(1, { error: EXTENSION_MESSAGES.daysInvalid })
    .max(EXTENSION_MAX_DAYS, { error: EXTENSION_MESSAGES.daysInvalid }),
});
export type ExtendBody = z.infer<typeof extendBodySchema>;

/**
 * POST /api/booking/{id}/extend's answer: a payment order for exactly the extension's price.
 * Asked again for the same days while nothing changed, the same order comes back (modal providers).
 */
export const extendResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  bookingId: z.uuid(),
  days: z.number().int().min(1).max(EXTENSION_MAX_DAYS),
  /** The return date once paid. */
  endDate: isoDateSchema,
  /** The order's amount in paise (also given in rupees as `price`). */
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  price: rupeesSchema,
  order: paymentOrderSchema,
});
export type ExtendResponse = z.infer<typeof extendResponseSchema>;

/** POST /api/booking/{id}/extend/verify: the three ids the provider's checkout returned. */
export const verifyExtensionBodySchema = verifyBookingBodySchema.pick({
  razorpay_order_id: true,
  razorpay_payment_id: true,
  razorpay_signature: true,
});
export type VerifyExtensionBody = z.infer<typeof verifyExtensionBodySchema>;

/**
 * An extension payment's result, from verify or (after a redirect provider's page) confirm:
 * `extended` once applied, `pending` while the provider has nothing captured yet. A payment that
 * cannot be applied is an error answer (409) and is refunded in full.
 */
export const extensionResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  bookingId: z.uuid(),
  status: z.enum(['extended', 'pending']),
  /** The return date as it stands (of the piece due back last). */
  endDate: isoDateSchema,
});
export type ExtensionResult = z.infer<typeof extensionResultSchema>;
