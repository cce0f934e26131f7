import { z } from 'zod';
import { REFUND_STATUSES } from '../constants/states.js';
import { rupeesSchema } from './common.js';

/*
 * Refunds that need an operator's eye (issue [K], Today): still pending at the provider, or
 * failed there or given up after the job's tries, with a retry for the failed ones.
 */

/** GET /api/admin/refunds?status=&page=: failed unless `pending` is asked. */
export const adminRefundsQuerySchema = z.object({
  status: z.enum(['pending', 'failed']).optional().default('failed'),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export const adminRefundSchema = z.object({
  id: z.uuid(),
  bookingId: z.uuid().nullable(),
  bookingNumber: z.string().nullable(),
  amount: rupeesSchema,
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** Tries made since it was last queued. */
  attempts: z.number().int().nonnegative(),
  /** What the provider (or the connection) last said, for a refund not made yet. */
  lastError: z.string().nullable(),
  /** When the job tries a pending refund next. */
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminRefundsResponseSchema = z.object({
  success: z.literal(true),
  refunds: z.array(adminRefundSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminRefundsResponse = z.infer<typeof adminRefundsResponseSchema>;

export const refundIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/admin/refunds/{id}/retry. */
export const refundRetryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  refund: adminRefundSchema,
});
export type RefundRetryResponse = z.infer<typeof refundRetryResponseSchema>;
