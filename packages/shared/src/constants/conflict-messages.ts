import { ACCOUNT_MESSAGES } from './account-messages.js';
import { MESSAGES } from './messages.js';

/**
 * What a shopper is told when the database refuses a write because another change got there
 * first (HTTP 409): by the name of the constraint that refused it, else by its kind.
 */
export const CONSTRAINT_CONFLICT_MESSAGES: Readonly<Record<string, string>> = {
  unit_reservations_no_overlap:
    'That piece has just been booked for those dates. Please choose other dates or another size.',
  cart_items_user_product_unique: MESSAGES.alreadyInCart,
  users_email_unique: ACCOUNT_MESSAGES.accountExists,
  coupon_uses_booking_unique: 'This booking already holds a coupon.',
  subscriptions_one_active_per_user: 'You already have an active plan.',
  // Tax documents (decision 081): numbered and issued once, then kept as issued.
  tax_documents_kind_number_unique:
    'Another tax document took this number at the same moment. Please try again.',
  tax_documents_serial_unique:
    'Another tax document took this number at the same moment. Please try again.',
  tax_documents_one_invoice_per_payment: 'This payment already has its tax invoice.',
  tax_documents_one_credit_note_per_refund: 'This refund already has its credit note.',
  tax_documents_kept_as_issued: 'An issued tax invoice or credit note cannot be changed.',
};

export const CONFLICT_KIND_MESSAGES = {
  unique: 'This has already been done and cannot be done twice.',
  exclusion: 'This clashes with a booking made at the same time. Please try again.',
  'foreign-key': 'Something this refers to has just changed or been removed. Please try again.',
  check: 'This change is not allowed.',
  concurrent: 'Someone else was changing the same thing at that moment. Please try again.',
} as const;
