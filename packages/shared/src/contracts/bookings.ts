import { z } from 'zod';
import { BOOKING_MESSAGES } from '../constants/booking-messages.js';
import { FIT_MESSAGES } from '../constants/fit-messages.js';
import { INDIAN_STATES } from '../constants/indian-states.js';
import { PLAN_IDS } from '../constants/plans.js';
import { RENTAL_DURATIONS } from '../constants/durations.js';
import {
  BOOKING_STATUSES,
  CHARGE_KINDS,
  CHARGE_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  REPORT_OUTCOMES,
  REPORT_REASONS,
  REPORT_WANTS,
  RETURN_CONDITIONS,
} from '../constants/states.js';
import { productIdSchema } from './catalogue.js';
import {
  durationSchema,
  isoDateSchema,
  rupeesSchema,
  sizeTextSchema,
  startDateTextSchema,
} from './common.js';
import { textField } from './text-field.js';

/** Most items (lines) one booking may hold, and most units of one line. */
export const MAX_BOOKING_ITEMS = 20;
export const MAX_ITEM_QUANTITY = 5;

const digits = (count: number, message: string) =>
  z
    .string({ error: message })
    .overwrite((v) => v.trim())
    .regex(new RegExp(`^\\d{${count}}$`), { error: message });

/**
 * A delivery address (SPEC.md §3), checked in SPEC.md §5's order with its words: name, phone
 * (exactly 10 digits), street, city, state (one of the 36), PIN code (exactly 6 digits). Landmark
 * is optional.
 */
export const addressSchema = z.object({
  name: textField({
    label: 'Name',
    max: 100,
    messages: { required: BOOKING_MESSAGES.enterName, notText: BOOKING_MESSAGES.enterName },
  }),
  phone: digits(10, BOOKING_MESSAGES.enterPhone),
  street: textField({
    label: 'Street address',
    max: 200,
    messages: { required: BOOKING_MESSAGES.enterStreet, notText: BOOKING_MESSAGES.enterStreet },
  }),
  landmark: textField({ label: 'Landmark', max: 120, required: false }).optional().default(''),
  city: textField({
    label: 'City',
    max: 80,
    messages: { required: BOOKING_MESSAGES.enterCity, notText: BOOKING_MESSAGES.enterCity },
  }),
  state: z.enum(INDIAN_STATES, { error: BOOKING_MESSAGES.selectState }),
  pincode: digits(6, BOOKING_MESSAGES.enterPincode),
});
export type Address = z.infer<typeof addressSchema>;
/** The address as stored and answered: landmark always present ('' when none). */
export const storedAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  street: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

/**
 * One item of POST /api/booking/create (SPEC.md §7). Only these fields are read: an endDate,
 * price, plan or anything else sent is ignored; the server sets the end date (start + duration)
 * and every price itself.
 */
export const bookingItemInputSchema = z.object({
  productId: productIdSchema,
  size: sizeTextSchema,
  duration: durationSchema,
  quantity: z
    .number({ error: BOOKING_MESSAGES.quantity(MAX_ITEM_QUANTITY) })
    .int({ error: BOOKING_MESSAGES.quantity(MAX_ITEM_QUANTITY) })
    .min(1, { error: BOOKING_MESSAGES.quantity(MAX_ITEM_QUANTITY) })
    .max(MAX_ITEM_QUANTITY, { error: BOOKING_MESSAGES.quantity(MAX_ITEM_QUANTITY) })
    .optional()
    .default(1),
  startDate: startDateTextSchema,
  /**
   * A second size of the same piece sent for the same dates, in case the first does not fit
   * (DECISIONS.md 'Back-up size'): not for accessories or Free Size. Its fee is the plan's
   * (₹199 Free, ₹99 Plus, free on Pro), added to the total outside the subtotal.
   */
  backupSize: textField({ label: 'Back-up size', max: 40, required: false }).optional(),
});
export type BookingItemInput = z.infer<typeof bookingItemInputSchema>;

/** POST /api/booking/create. */
export const createBookingBodySchema = z.object({
  cartItems: z
    .array(bookingItemInputSchema, { error: BOOKING_MESSAGES.cartEmpty })
    .min(1, { error: BOOKING_MESSAGES.cartEmpty })
    .max(MAX_BOOKING_ITEMS, { error: BOOKING_MESSAGES.tooManyItems(MAX_BOOKING_ITEMS) }),
  address: addressSchema,
  couponCode: textField({ label: 'Coupon code', max: 40, required: false }).optional(),
  insuranceSelected: z.boolean().optional().default(false),
});
export type CreateBookingBody = z.infer<typeof createBookingBodySchema>;

/** A provider order, as the browser's checkout opens it: amount in paise. */
export const paymentOrderSchema = z.object({
  id: z.string(),
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  /**
   * Redirect providers (Stripe Checkout): the page to send the shopper to, which returns to
   * /verify?success=…&orderId={bookingId}. Null when the order is paid in the checkout modal.
   */
  checkoutUrl: z.url().nullable(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/**
 * POST /api/booking/create's answer (SPEC.md §3 Booking creation result). Money in rupees, the
 * order's amount in paise. A booking with nothing to pay (free rentals on a plan, free delivery,
 * no insurance) is confirmed at once: `status` 'confirmed' and `order` null, no payment to open.
 */
export const createBookingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  bookingId: z.uuid(),
  status: z.enum(['pending', 'confirmed']),
  order: paymentOrderSchema.nullable(),
  /** Also at the top level, as SPEC.md §7 lets a client read them. */
  orderId: z.string().nullable(),
  amount: z.number().int().nonnegative(),
  currency: z.literal('INR'),
  subtotal: rupeesSchema,
  discountAmount: rupeesSchema,
  deliveryFee: rupeesSchema,
  insuranceAmount: rupeesSchema,
  /** Back-up sizes' fees (outside the subtotal); absent from older answers. */
  backupFees: rupeesSchema.optional(),
  totalPrice: rupeesSchema,
  /** When the booking's hold on its units and coupon ends unless it is paid (ISO 8601). */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type CreateBookingResponse = z.infer<typeof createBookingResponseSchema>;

const providerIdSchema = (label: string) => textField({ label, max: 100 });

/**
 * POST /api/booking/verify (SPEC.md §7): the three ids the provider's checkout returned, and the
 * booking they are for. Without bookingId the booking is found by the provider order id; a
 * booking is never built from client data (cartItems, address or couponCode are not read).
 */
export const verifyBookingBodySchema = z.object({
  razorpay_order_id: providerIdSchema('Payment order id'),
  razorpay_payment_id: providerIdSchema('Payment id'),
  razorpay_signature: providerIdSchema('Payment signature'),
  bookingId: z.uuid({ error: BOOKING_MESSAGES.bookingNotFound }).optional(),
  insuranceSelected: z.boolean().optional(),
});
export type VerifyBookingBody = z.infer<typeof verifyBookingBodySchema>;

/**
 * POST /api/order/verifyStripe (SPEC.md §7): what /verify read from the address Stripe Checkout
 * returned to. `success` is only the shopper's word (which button brought them back): the server
 * asks Stripe and never trusts it. `orderId` is the booking's id.
 */
export const verifyStripeBodySchema = z.object({
  success: z
    .union([z.boolean(), z.enum(['true', 'false'])], {
      error: BOOKING_MESSAGES.invalidPaymentResponse,
    })
    .transform((value) => value === true || value === 'true'),
  orderId: z.uuid({ error: BOOKING_MESSAGES.bookingNotFound }),
});
export type VerifyStripeBody = z.infer<typeof verifyStripeBodySchema>;

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** POST /api/booking/verify's answer. */
export const verifyBookingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  bookingId: z.uuid(),
  status: bookingStatusSchema,
  paymentStatus: paymentStatusSchema,
});
export type VerifyBookingResponse = z.infer<typeof verifyBookingResponseSchema>;

/** POST /api/order/verifyStripe's answer: the booking confirmed (a failure is an error answer). */
export const verifyStripeResponseSchema = verifyBookingResponseSchema;
export type VerifyStripeResponse = VerifyBookingResponse;

/** An order item (SPEC.md §3) with its listing populated. Money in rupees. */
export const bookingItemSchema = z.object({
  /** The line's own id (the `itemId` of the operator's dispatch and return calls). */
  _id: z.uuid(),
  listingId: z.object({
    _id: z.uuid(),
    productId: z.string(),
    name: z.string(),
    images: z.array(z.string()),
  }),
  size: z.string(),
  rentalDuration: z.literal(RENTAL_DURATIONS),
  quantity: z.number().int().positive(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  appliedSubscriptionPlan: z.enum(PLAN_IDS),
  /** List price of the line (unit list price × quantity). */
  originalPrice: rupeesSchema,
  discountAmount: rupeesSchema,
  /** What the line costs (originalPrice − discountAmount). */
  totalPrice: rupeesSchema,
  /** The tag code of the unit sent (or reserved) for it; several joined by ', '. */
  unitCode: z.string().nullable(),
  /**
   * A back-up size sent with it for the same dates (DECISIONS.md 'Back-up size'), null when none;
   * its fee, the back-up unit's tag code, and whether its seal came back intact (null until it is
   * back). Absent from older answers.
   */
  backupSize: z.string().nullable().optional(),
  backupFee: rupeesSchema.optional(),
  backupUnitCode: z.string().nullable().optional(),
  backupSealIntact: z.boolean().nullable().optional(),
  /** When it left the warehouse; null until dispatched. */
  dispatchedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When it came back (all its pieces); null while out or not yet sent. */
  returnedAt: z.iso.datetime({ offset: true }).nullable(),
  /** How it came back (the worst of its pieces); null until returned. */
  condition: z.enum(RETURN_CONDITIONS).nullable(),
  /**
   * A piece set aside for it cannot be made ready and no other of its size was free: the shopper
   * may choose another (GET /api/booking/{id}/at-risk). Absent from older answers.
   */
  atRisk: z.boolean().optional(),
  /** The shopper's report in the fit window, when there is one (absent from older answers). */
  report: z
    .object({
      reason: z.enum(REPORT_REASONS),
      want: z.enum(REPORT_WANTS),
      outcome: z.enum(REPORT_OUTCOMES),
      /** The size set aside in an exchange. */
      size: z.string().nullable(),
      /** Rupees refunded for the item (0 for an exchange). */
      refundAmount: rupeesSchema,
      createdAt: z.iso.datetime({ offset: true }),
    })
    .nullable()
    .optional(),
  /**
   * The shopper's review of this line (POST /api/booking/{id}/items/{itemId}/review), null until
   * written; absent where it is not read (mails).
   */
  reviewId: z.uuid().nullable().optional(),
});
export type BookingItem = z.infer<typeof bookingItemSchema>;

export const deliveryTrackingSchema = z.object({
  provider: z.string().optional(),
  trackingId: z.string().optional(),
  status: z.string().optional(),
  deliveryETA: z.string().optional(),
});

/** A refund of a booking: amount in rupees, its state at the provider, when asked and made. */
export const refundSchema = z.object({
  amount: rupeesSchema,
  status: z.enum(REFUND_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  processedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** A charge after the rental: money in rupees; `itemId` is the line's `_id`. */
export const chargeSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CHARGE_KINDS),
  itemId: z.uuid(),
  amount: rupeesSchema,
  status: z.enum(CHARGE_STATUSES),
  reason: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Charge = z.infer<typeof chargeSchema>;

/** An applied extension, as the booking lists it. */
export const bookingExtensionSchema = z.object({
  id: z.uuid(),
  days: z.number().int().positive(),
  /** Rupees paid for it. */
  amount: rupeesSchema,
  /** The return date it gave (of the piece due back last). */
  endDate: isoDateSchema,
  appliedAt: z.iso.datetime({ offset: true }),
});
export type BookingExtension = z.infer<typeof bookingExtensionSchema>;

/** An order (booking) as SPEC.md §3 lists it. Money in rupees; times ISO 8601. */
export const bookingSchema = z.object({
  _id: z.uuid(),
  /** Last 8 characters of _id, upper-case (SPEC.md §9). */
  bookingNumber: z.string(),
  status: bookingStatusSchema,
  paymentStatus: paymentStatusSchema,
  /** 'upi', 'card', 'netbanking', 'wallet'; '' until paid. */
  paymentMethod: z.string(),
  subtotal: rupeesSchema,
  deliveryFee: rupeesSchema,
  insuranceSelected: z.boolean(),
  insuranceAmount: rupeesSchema,
  /** Back-up sizes' fees, in the total but outside the subtotal; absent from older answers. */
  backupFees: rupeesSchema.optional(),
  totalPrice: rupeesSchema,
  appliedCoupon: z.object({ code: z.string(), discountAmount: rupeesSchema }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  confirmedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Until then a pending booking holds its units and coupon. */
  expiresAt: z.iso.datetime({ offset: true }),
  razorpayPaymentId: z.string().nullable(),
  deliveryTracking: deliveryTrackingSchema.nullable(),
  deliveryAddress: storedAddressSchema,
  items: z.array(bookingItemSchema),
  /** Money given back for this booking (a cancellation, a payment that came too late). */
  refunds: z.array(refundSchema),
  /** True while the shopper may still cancel it themselves (paid, not yet dispatched). */
  cancellable: z.boolean(),
  /** What the booking owes after its rental: late fees, pieces kept, damage (decision 050). */
  charges: z.array(chargeSchema),
  /** The charges still due, in rupees. */
  balanceDue: rupeesSchema,
  /**
   * Until when an item may be reported as not fitting or not as described (24 hours after
   * delivery); null before delivery. Absent from older answers.
   */
  fitWindowEndsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /**
   * Days added while it was out (POST /api/booking/{id}/extend), oldest first; each moved the
   * lines' end dates. Absent from older answers and mails.
   */
  extensions: z.array(bookingExtensionSchema).optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** POST /api/booking/{id}/cancel: the booking as it stands after the cancellation. */
export const cancelBookingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  booking: bookingSchema,
});
export type CancelBookingResponse = z.infer<typeof cancelBookingResponseSchema>;

export const bookingIdParamsSchema = z.object({
  id: z.uuid({ error: BOOKING_MESSAGES.bookingNotFound }),
});

/** GET /api/booking/my: the shopper's bookings, newest first. */
export const myBookingsResponseSchema = z.object({
  success: z.literal(true),
  bookings: z.array(bookingSchema),
});
export type MyBookingsResponse = z.infer<typeof myBookingsResponseSchema>;

/**
 * GET /api/product/{id}/availability: for each size and each rental length, the start dates in
 * the bookable window (the earliest start a parcel can make, today in India plus the transit days
 * to the pincode asked for, to 90 days ahead) on which no unit is free.
 */
export const availabilityResponseSchema = z.object({
  success: z.literal(true),
  productId: z.uuid(),
  /** The bookable window of start dates, both inclusive. */
  from: isoDateSchema,
  to: isoDateSchema,
  sizes: z.array(
    z.object({
      size: z.string(),
      /** The admin's switch: false means the size is not offered at all (shown '(Out)'). */
      available: z.boolean(),
      /** Physical pieces of this size. */
      units: z.number().int().nonnegative(),
      /** Per rental length ('2', '4', '7', '14'): start dates with no unit free, ascending. */
      unavailableStartDates: z.record(z.enum(['2', '4', '7', '14']), z.array(isoDateSchema)),
    }),
  ),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/**
 * POST /api/booking/{id}/items/{itemId}/report: within 24 hours of delivery, a piece that does
 * not fit or is not as described. `exchange` asks for `size` (for not-as-described, the same size
 * means another piece); the item is refunded instead when no piece is free for the rest of its
 * dates, or when the shopper asks for it.
 */
export const reportItemBodySchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: FIT_MESSAGES.reasonInvalid }),
  want: z.enum(REPORT_WANTS, { error: FIT_MESSAGES.wantInvalid }),
  size: sizeTextSchema.optional(),
  note: textField({ label: 'Note', max: 500, required: false, multiline: true }).optional(),
});
export type ReportItemBody = z.infer<typeof reportItemBodySchema>;

export const reportItemParamsSchema = z.object({
  id: z.uuid({ error: BOOKING_MESSAGES.bookingNotFound }),
  itemId: z.uuid({ error: FIT_MESSAGES.itemNotFound }),
});

/** The report's answer: what was done, and the booking as it now stands. */
export const reportItemResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  booking: bookingSchema,
});
export type ReportItemResponse = z.infer<typeof reportItemResponseSchema>;
