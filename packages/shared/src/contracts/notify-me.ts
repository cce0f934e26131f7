import { z } from 'zod';
import { durationSchema, isoDateSchema, sizeTextSchema, startDateTextSchema } from './common.js';
import { productIdSchema } from './catalogue.js';

/*
 * 'Notify me' (issue [O] §5; DECISIONS.md 'Notify me'): a signed-in shopper asks to be told when
 * a size of a piece is free for chosen dates; one e-mail with a link that opens the piece with
 * those dates, then the request closes (or at its start date).
 */

/** POST /api/notify-me: the same fields, checked the same way, as adding to the cart. */
export const notifyMeBodySchema = z.object({
  productId: productIdSchema,
  startDate: startDateTextSchema,
  size: sizeTextSchema,
  duration: durationSchema,
});
export type NotifyMeBody = z.infer<typeof notifyMeBodySchema>;

export const NOTIFY_REQUEST_STATUSES = ['open', 'notified', 'expired'] as const;

/** One request, as its shopper sees it. */
export const notifyRequestSchema = z.object({
  _id: z.uuid(),
  /** The product's _id, with what a list shows of it. */
  productId: z.uuid(),
  product: z.object({ productId: z.string(), name: z.string(), image: z.string() }),
  size: z.string(),
  startDate: isoDateSchema,
  duration: z.number().int().positive(),
  endDate: isoDateSchema,
  /** open: waiting; notified: the e-mail went; expired: its start date came first. */
  status: z.enum(NOTIFY_REQUEST_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  notifiedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The product page with the size and dates chosen: where the e-mail's link goes. */
  link: z.string(),
});
export type NotifyRequest = z.infer<typeof notifyRequestSchema>;

/** POST /api/notify-me: 201 for a new request, 200 for the same one already open. */
export const notifyMeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  request: notifyRequestSchema,
});

export type NotifyMeResponse = z.infer<typeof notifyMeResponseSchema>;

/** GET /api/notify-me: the shopper's requests not cancelled, newest first (at most 50). */
export const notifyMeListResponseSchema = z.object({
  success: z.literal(true),
  requests: z.array(notifyRequestSchema),
});

export type NotifyMeListResponse = z.infer<typeof notifyMeListResponseSchema>;

export const notifyRequestParamsSchema = z.object({ id: z.uuid({ error: 'Request not found' }) });

/** DELETE /api/notify-me/{id}. */
export const notifyMeCancelResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type NotifyMeCancelResponse = z.infer<typeof notifyMeCancelResponseSchema>;
