import { z } from 'zod';
import { AT_RISK_MESSAGES } from '../constants/at-risk-messages.js';
import { bookingStatusSchema } from './bookings.js';
import { productIdSchema } from './catalogue.js';
import { isoDateSchema, rupeesSchema, sizeTextSchema } from './common.js';

/*
 * A booking at risk (issue [N]): a piece promised to it cannot be made ready (the one before has
 * not come back, or it went to repair) and no other piece of its size was free. The shopper (from
 * the mail's link) and an operator see the same choices and make them through the same call.
 */

/**
 * Another piece the shopper may have instead at no extra cost: the same price tier and
 * department, costing no more for the line's length, with as many pieces in the line's size free
 * for its dates as it needs.
 */
export const atRiskPieceSchema = z.object({
  _id: z.uuid(),
  productId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});

export const atRiskLineSchema = z.object({
  itemId: z.uuid(),
  productId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** The size at risk (a fit-window exchange: the size it sends). */
  size: z.string(),
  quantity: z.number().int().positive(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  /** The tag codes of the pieces that cannot go. */
  unitCodes: z.array(z.string()),
  /** Every size of the product, and whether enough pieces of it are free for the line's dates. */
  sizes: z.array(z.object({ size: z.string(), free: z.boolean() })),
  /** Other pieces at no extra cost, free in the line's size for its dates (at most 4). */
  pieces: z.array(atRiskPieceSchema),
});
export type AtRiskLine = z.infer<typeof atRiskLineSchema>;

export const atRiskChoicesSchema = z.object({
  bookingId: z.uuid(),
  bookingNumber: z.string(),
  status: bookingStatusSchema,
  /** The lines at risk now; empty once every piece is on track (or the booking is cancelled). */
  lines: z.array(atRiskLineSchema),
  /**
   * Whether it may be cancelled here: pieces at risk and none sent yet. A booking with its
   * shopper (a fit-window exchange at risk) may only move the exchange to another size.
   */
  cancellable: z.boolean(),
  /** What cancelling now would refund, in rupees: the whole booking (0 when not cancellable). */
  refund: rupeesSchema,
});
export type AtRiskChoices = z.infer<typeof atRiskChoicesSchema>;

/** GET /api/booking/{id}/at-risk and GET /api/admin/bookings/{id}/at-risk. */
export const atRiskResponseSchema = atRiskChoicesSchema.extend({ success: z.literal(true) });
export type AtRiskResponse = z.infer<typeof atRiskResponseSchema>;

/**
 * POST /api/booking/{id}/at-risk and POST /api/admin/bookings/{id}/at-risk: `size` moves the
 * line to free pieces of `size` (its own size: other pieces of it); `piece` to the product
 * `productId` (id or code) in the line's size, one of the pieces offered; `cancel` cancels the
 * booking with a full refund.
 */
export const atRiskChoiceBodySchema = z.object({
  choice: z.enum(['size', 'piece', 'cancel'], { error: AT_RISK_MESSAGES.choiceInvalid }),
  itemId: z.uuid({ error: AT_RISK_MESSAGES.itemNotFound }).optional(),
  size: sizeTextSchema.optional(),
  productId: productIdSchema.optional(),
});
export type AtRiskChoiceBody = z.infer<typeof atRiskChoiceBodySchema>;

export const atRiskChoiceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  choices: atRiskChoicesSchema,
});
export type AtRiskChoiceResponse = z.infer<typeof atRiskChoiceResponseSchema>;
