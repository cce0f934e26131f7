import { z } from 'zod';
import { paymentOrderSchema, verifyBookingBodySchema } from './bookings.js';
import { rupeesSchema } from './common.js';

/*
 * Paying what a booking owes after its rental (issue [J], decision 051): late fees, damage and
 * pieces treated as bought. The shopper pays the whole balance due at that moment in one payment,
 * through the same provider checkout as a booking; the server prices it from its own charges.
 */

/**
 * POST /api/booking/{id}/balance's answer: a payment order for every charge due now. Asked again
 * while nothing changed, the same order comes back (two tabs pay one order).
 */
export const payBalanceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  bookingId: z.uuid(),
  /** The order's amount in paise (the balance due, which is also given in rupees). */
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  balanceDue: rupeesSchema,
  /** The charges this order pays (the booking's `charges[].id`). */
  chargeIds: z.array(z.uuid()),
  order: paymentOrderSchema,
});
export type PayBalanceResponse = z.infer<typeof payBalanceResponseSchema>;

/** POST /api/booking/{id}/balance/verify: the three ids the provider's checkout returned. */
export const verifyBalanceBodySchema = verifyBookingBodySchema.pick({
  razorpay_order_id: true,
  razorpay_payment_id: true,
  razorpay_signature: true,
});
export type VerifyBalanceBody = z.infer<typeof verifyBalanceBodySchema>;

/**
 * A balance payment's result, from verify or (after a redirect provider's page) confirm: `paid`
 * once its payment is applied; `pending` while the provider has nothing captured for it yet. A
 * payment that cannot be applied is an error answer (409), and is refunded in full.
 */
export const balanceResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  bookingId: z.uuid(),
  status: z.enum(['paid', 'pending']),
  /** What is still due after it (rupees): late fees of pieces still out keep adding up. */
  balanceDue: rupeesSchema,
});
export type BalanceResult = z.infer<typeof balanceResultSchema>;
