import { z } from 'zod';
import { RETURN_CONDITIONS } from '../constants/states.js';
import { bookingStatusSchema } from './bookings.js';
import { isoDateSchema, rupeesSchema } from './common.js';
import { dayInputSchema, fulfilmentBookingSchema, unitStateSchema } from './fulfilment.js';

/*
 * What the operator console reads that no other call gives (issue [K]): the Today board and the
 * check-in preview. Everything else on its screens comes from the admin API of [G] and [J].
 */

const shopperSchema = z.object({ name: z.string(), email: z.string() }).nullable();

/** A coming hold whose unit cannot serve it and no other unit of the size was free ([J]). */
export const atRiskHoldSchema = z.object({
  bookingId: z.uuid(),
  bookingNumber: z.string(),
  shopper: shopperSchema,
  productId: z.string(),
  name: z.string(),
  size: z.string(),
  startDate: isoDateSchema,
  unitCode: z.string(),
  atRiskSince: z.iso.datetime({ offset: true }),
});

/** A checkout whose payment has not arrived: its pieces are held until `holdEndsAt`. */
export const awaitingPaymentSchema = z.object({
  bookingId: z.uuid(),
  bookingNumber: z.string(),
  shopper: shopperSchema,
  totalPrice: rupeesSchema,
  createdAt: z.iso.datetime({ offset: true }),
  holdEndsAt: z.iso.datetime({ offset: true }),
});

/** A booking that owes late fees, a purchase or damage still unpaid. */
export const chargesDueSchema = z.object({
  bookingId: z.uuid(),
  bookingNumber: z.string(),
  shopper: shopperSchema,
  amountDue: rupeesSchema,
  charges: z.number().int().positive(),
  oldestAt: z.iso.datetime({ offset: true }),
});

/** GET /api/admin/today: the day's board, everything on it acted on in place. */
export const todayResponseSchema = z.object({
  success: z.literal(true),
  date: isoDateSchema,
  tomorrow: isoDateSchema,
  dispatches: z.object({
    today: z.array(fulfilmentBookingSchema),
    tomorrow: z.array(fulfilmentBookingSchema),
  }),
  returns: z.object({
    today: z.array(fulfilmentBookingSchema),
    overdue: z.array(fulfilmentBookingSchema),
  }),
  atRisk: z.array(atRiskHoldSchema),
  awaitingPayment: z.array(awaitingPaymentSchema),
  chargesDue: z.array(chargesDueSchema),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

/** GET /api/admin/check-in/{unitCode}?returnedOn=: what checking this piece in would charge. */
export const checkInPreviewQuerySchema = z.object({ returnedOn: dayInputSchema.optional() });
export const checkInPreviewResponseSchema = z.object({
  success: z.literal(true),
  returnedOn: isoDateSchema,
  unit: z.object({
    code: z.string(),
    state: unitStateSchema,
    productId: z.string(),
    name: z.string(),
    size: z.string(),
  }),
  booking: z.object({
    bookingId: z.uuid(),
    bookingNumber: z.string(),
    status: bookingStatusSchema,
    shopper: shopperSchema,
    city: z.string(),
    /** Damage protection taken at checkout: small repairs free, major damage capped. */
    protectedByInsurance: z.boolean(),
  }),
  item: z.object({
    itemId: z.uuid(),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    daysLate: z.number().int().nonnegative(),
    lateFeePerDay: rupeesSchema,
    /** The late fee this piece owes if checked in on `returnedOn` (accrued or not yet). */
    lateFee: rupeesSchema,
  }),
  /** The damage charge for this piece in each condition (the most, for major damage or loss). */
  damage: z.record(z.enum(RETURN_CONDITIONS), rupeesSchema),
});
export type CheckInPreview = z.infer<typeof checkInPreviewResponseSchema>;

/** The longest period utilisation is asked for at once. */
export const UTILISATION_MAX_DAYS = 366;

/**
 * GET /api/admin/utilisation?from=&to=&page=: per product, the days its pieces were out with
 * shoppers ÷ the days they were in service (not yet retired), over `from`–`to` (both inclusive).
 */
export const utilisationQuerySchema = z.object({
  from: dayInputSchema,
  to: dayInputSchema,
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export const utilisationRowSchema = z.object({
  _id: z.uuid(),
  productId: z.string(),
  name: z.string(),
  /** Pieces in service at some time in the period. */
  units: z.number().int().nonnegative(),
  daysInService: z.number().int().nonnegative(),
  daysOut: z.number().int().nonnegative(),
  /** daysOut ÷ daysInService, 0 to 1, three decimals. */
  utilisation: z.number().min(0).max(1),
});
export const utilisationResponseSchema = z.object({
  success: z.literal(true),
  from: isoDateSchema,
  to: isoDateSchema,
  /** Most used first. */
  products: z.array(utilisationRowSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type UtilisationResponse = z.infer<typeof utilisationResponseSchema>;
