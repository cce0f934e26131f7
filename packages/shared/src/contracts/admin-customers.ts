import { z } from 'zod';
import { CUSTOMER_MESSAGES } from '../constants/customer-messages.js';
import { PLAN_IDS } from '../constants/plans.js';
import { CHARGE_KINDS, OUTBOX_MAIL_STATUSES, USER_ROLES } from '../constants/states.js';
import { bookingStatusSchema, paymentStatusSchema } from './bookings.js';
import { rupeesSchema } from './common.js';
import { subscriptionSchema } from './subscriptions.js';
import { textField } from './text-field.js';

/*
 * The operator console's Customers screen (issue [K]): find a shopper, see their bookings, plan,
 * charges and mails, and anonymise them on request. Admins only.
 */

/** Customers an operator lists per page. */
export const CUSTOMERS_PAGE_SIZE = 25;

/**
 * GET /api/admin/customers: `q` matches any part of the name or e-mail in any case, or (4 digits
 * or more, spaces, signs and a +91 ignored) the account's phone or a phone their bookings were
 * delivered to. Without `q`, every account, newest first.
 */
export const adminCustomersQuerySchema = z.object({
  q: textField({ label: 'Search', max: 120, required: false }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuerySchema>;

export const customerIdParamsSchema = z.object({
  id: z.uuid({ error: CUSTOMER_MESSAGES.badId }),
});

/** One account as the list shows it. */
export const customerRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: z.iso.datetime({ offset: true }),
  /** The plan in effect now ('free' when no paid period is running). */
  plan: z.enum(PLAN_IDS),
  /** Paid bookings that stand (not cancelled): the shop's one definition of a paid booking. */
  bookings: z.number().int().nonnegative(),
  /** Late fees, purchases and damage still due across their bookings. */
  amountDue: rupeesSchema,
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const adminCustomersResponseSchema = z.object({
  success: z.literal(true),
  customers: z.array(customerRowSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminCustomersResponse = z.infer<typeof adminCustomersResponseSchema>;

/** One of the customer's bookings, newest first (any status, paid or not). */
export const customerBookingSchema = z.object({
  bookingId: z.uuid(),
  bookingNumber: z.string(),
  status: bookingStatusSchema,
  paymentStatus: paymentStatusSchema,
  totalPrice: rupeesSchema,
  createdAt: z.iso.datetime({ offset: true }),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;

/** A charge still due on one of their bookings. */
export const customerChargeSchema = z.object({
  chargeId: z.uuid(),
  bookingId: z.uuid(),
  bookingNumber: z.string(),
  kind: z.enum(CHARGE_KINDS),
  amount: rupeesSchema,
  reason: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CustomerCharge = z.infer<typeof customerChargeSchema>;

/** A mail written to their e-mail address: what and when, never its body (it may hold a code). */
export const customerMailSchema = z.object({
  kind: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_MAIL_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CustomerMail = z.infer<typeof customerMailSchema>;

/** How many bookings and mails the detail shows at most (the newest). */
export const CUSTOMER_RECENT_LIMIT = 20;

/** GET /api/admin/customers/{id}. */
export const adminCustomerDetailResponseSchema = z.object({
  success: z.literal(true),
  customer: customerRowSchema.extend({ address: z.string() }),
  subscription: subscriptionSchema,
  /** The newest CUSTOMER_RECENT_LIMIT. */
  bookings: z.array(customerBookingSchema),
  chargesDue: z.array(customerChargeSchema),
  /** The newest CUSTOMER_RECENT_LIMIT. */
  mails: z.array(customerMailSchema),
});
export type AdminCustomerDetailResponse = z.infer<typeof adminCustomerDetailResponseSchema>;
export type CustomerDetail = AdminCustomerDetailResponse['customer'];

/** POST /api/admin/customers/{id}/anonymise: why (the customer's request), for the record. */
export const anonymiseCustomerBodySchema = z.object({
  reason: textField({ label: 'Reason', max: 300 }),
});
export type AnonymiseCustomerBody = z.infer<typeof anonymiseCustomerBodySchema>;

export const anonymiseCustomerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Paid bookings kept for the accounts, without name, phone or street address. */
  keptBookings: z.number().int().nonnegative(),
});
export type AnonymiseCustomerResponse = z.infer<typeof anonymiseCustomerResponseSchema>;
