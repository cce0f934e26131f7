import { z } from 'zod';
import { ADMIN_MESSAGES } from '../constants/admin-messages.js';
import { PAYMENT_ORDER_STATUSES } from '../constants/states.js';
import { bookingSchema, bookingStatusSchema, paymentStatusSchema } from './bookings.js';
import { isoDateSchema, rupeesSchema } from './common.js';
import { textField } from './text-field.js';

/** Bookings an operator lists per page. */
export const ADMIN_PAGE_SIZE = 25;

/**
 * GET /api/admin/bookings: filters. `q` matches the shopper's e-mail (any part, any case), the
 * booking number, or (4 digits or more) the delivery or account phone; `from`–`to` bound the
 * items' start dates, both inclusive.
 */
export const adminBookingsQuerySchema = z.object({
  status: bookingStatusSchema.optional(),
  paymentStatus: paymentStatusSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  q: textField({ label: 'Search', max: 120, required: false }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;

/** Who booked: null once the shopper deleted their account. */
export const adminShopperSchema = z
  .object({ id: z.uuid(), name: z.string(), email: z.string() })
  .nullable();

export const adminBookingSchema = bookingSchema.extend({ shopper: adminShopperSchema });
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const adminBookingsResponseSchema = z.object({
  success: z.literal(true),
  bookings: z.array(adminBookingSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminBookingsResponse = z.infer<typeof adminBookingsResponseSchema>;

/** One entry of a booking's audit trail. */
export const auditEntrySchema = z.object({
  at: z.iso.datetime({ offset: true }),
  actor: z.object({ id: z.uuid().nullable(), email: z.string(), role: z.string() }),
  action: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  note: z.string().nullable(),
});

/** A payment order of the booking at the provider. */
export const paymentRecordSchema = z.object({
  provider: z.string(),
  orderId: z.string(),
  paymentId: z.string().nullable(),
  amount: rupeesSchema,
  status: z.enum(PAYMENT_ORDER_STATUSES),
  method: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const adminBookingDetailSchema = adminBookingSchema.extend({
  payments: z.array(paymentRecordSchema),
  audit: z.array(auditEntrySchema),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;

/** GET /api/admin/bookings/{id}, and every admin change's answer. */
export const adminBookingDetailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  booking: adminBookingDetailSchema,
});
export type AdminBookingDetailResponse = z.infer<typeof adminBookingDetailResponseSchema>;

/** POST /api/admin/bookings/{id}/status: one step forward at a time. */
export const adminStatusBodySchema = z.object({
  status: z.enum(['processing', 'shipped', 'delivered'], { error: ADMIN_MESSAGES.unknownStatus }),
});

const trackingText = (label: string, max: number) =>
  textField({ label, max, required: false }).optional();

/** POST /api/admin/bookings/{id}/tracking: what the courier says; a field left out is kept. */
export const adminTrackingBodySchema = z.object({
  provider: trackingText('Courier', 80),
  trackingId: trackingText('Tracking id', 80),
  status: trackingText('Tracking status', 120),
  deliveryETA: trackingText('Expected delivery', 40),
});

/** POST /api/admin/bookings/{id}/cancel. */
export const adminCancelBodySchema = z.object({
  reason: textField({ label: 'Reason', max: 300 }),
});
