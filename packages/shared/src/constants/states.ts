/*
 * Every set of states Pehnava stores, defined once: the database's enums (Drizzle's pgEnum) and the
 * contracts' zod enums are both made from these lists, so the two can never drift apart.
 */

/** A booking's life (SPEC.md §4; DECISIONS.md 'Bookings'). */
export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type BookingStatusValue = (typeof BOOKING_STATUSES)[number];

/** A booking's payment as the shopper sees it (SPEC.md §4). */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;

/**
 * What a payment order at the provider is for ('balance': a booking's charges after its rental;
 * 'extension': more days of a rental that is out).
 */
export const PAYMENT_PURPOSES = [
  'booking',
  'subscription',
  'renewal',
  'balance',
  'extension',
] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * A payment order at the provider: open (it may still be paid), completed (a payment it took was
 * applied to what it was for), or failed (given up: its hold ended, a newer checkout replaced it,
 * or its shopper left).
 */
export const PAYMENT_ORDER_STATUSES = ['created', 'completed', 'failed'] as const;

/**
 * A captured payment's fate, decided once (apps/api/src/modules/payments/intake.ts): applied to
 * exactly one booking or plan period, or refunded in full and never applied.
 */
export const CAPTURE_OUTCOMES = ['applied', 'refunded'] as const;
export type CaptureOutcome = (typeof CAPTURE_OUTCOMES)[number];

/**
 * What an applied payment paid for: a booking, a plan period, charges due on a booking, or an
 * extension of a rental (its row names the order).
 */
export const CAPTURE_TARGETS = ['booking', 'plan', 'charges', 'extension'] as const;

/**
 * An extension of a rental (DECISIONS.md 'Extending a rental'): ordered (its payment may still
 * come), applied (the end dates moved), refused (its payment was refunded in full) or lapsed
 * (never paid, given up).
 */
export const EXTENSION_STATUSES = ['ordered', 'applied', 'refused', 'lapsed'] as const;
export type ExtensionStatus = (typeof EXTENSION_STATUSES)[number];

/** Money given back: asked of the provider (pending), sent back (processed), or refused (failed). */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;

/** A plan period: running, ended early by the shopper or a plan change, or run out. */
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;

/** A coupon use: held by an unpaid booking, counted once paid, released otherwise. */
export const COUPON_USE_STATUSES = ['held', 'counted', 'released'] as const;

export const COUPON_TYPES = ['percent', 'flat'] as const;

/**
 * A physical unit's state (issue [J]): on the shelf, with a shopper, being cleaned and checked
 * after a return, being mended, or gone for good (lost, sold or written off).
 */
export const UNIT_STATES = ['in-service', 'out', 'cleaning', 'repair', 'retired'] as const;
export type UnitState = (typeof UNIT_STATES)[number];

/**
 * How a returned piece came back: fine; accidental damage that cleaning or a small repair fixes;
 * major damage; or not at all.
 */
export const RETURN_CONDITIONS = ['good', 'needs-repair', 'major-damage', 'lost'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/**
 * What a booking owes after its rental (issue [J]): a late day, a piece kept, damage, a back-up
 * size that was worn (its seal broken, DECISIONS.md 'Back-up size').
 */
export const CHARGE_KINDS = ['late-fee', 'purchase', 'damage', 'backup-worn'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** A charge is owed, then paid (by a payment the intake applied) or waived by the shop. */
export const CHARGE_STATUSES = ['due', 'paid', 'waived'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * The fit window (DECISIONS.md: within 24 hours of delivery): why a piece is reported, what the
 * shopper asks for, and what they got (another size or piece reserved, or the item refunded).
 */
export const REPORT_REASONS = ['fit', 'not-as-described'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_WANTS = ['exchange', 'refund'] as const;
export type ReportWant = (typeof REPORT_WANTS)[number];
export const REPORT_OUTCOMES = ['exchange', 'refund'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/**
 * `user` is a shopper; `admin` runs the whole shop; `staff` packs and checks in (issue [K]: the
 * operator console's Today, Bookings without refunds or cancellation, Check-in and Units).
 */
export const USER_ROLES = ['user', 'admin', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A mail in the outbox: waiting (or being retried), sent, or given up after its tries. */
export const OUTBOX_MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * A GST tax document (decision 081): a tax invoice for a payment applied, a credit note for money
 * given back from one.
 */
export const TAX_DOCUMENT_KINDS = ['invoice', 'credit-note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/** How a tax document's GST is charged: CGST + SGST within the seller's state, else IGST. */
export const SUPPLY_TYPES = ['intra-state', 'inter-state'] as const;
