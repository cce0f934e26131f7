import {
  lazyDateFormat,
  type Booking,
  type BookingItem,
  type BookingStatus,
  type ChargeKind,
  type ChargeStatus,
  type PaymentStatus,
  type ReturnCondition,
} from '@pehnava/shared';

/** The four steps of a booking's progress bar (SPEC.md §4), in order. */
export const PROGRESS_STEPS = ['confirmed', 'processing', 'shipped', 'delivered'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

export const STEP_LABELS: Record<ProgressStep, string> = {
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** The bar is hidden for a booking awaiting payment or cancelled. */
export const showsProgress = (status: BookingStatus): status is ProgressStep =>
  (PROGRESS_STEPS as readonly string[]).includes(status);

/** A step is complete when the booking's status is at it or beyond it. */
export function stepComplete(status: BookingStatus, step: ProgressStep): boolean {
  if (!showsProgress(status)) return false;
  return PROGRESS_STEPS.indexOf(status) >= PROGRESS_STEPS.indexOf(step);
}

/**
 * Badge words and colours (SPEC.md §4): pending yellow, confirmed blue, processing purple, shipped
 * indigo, delivered green, cancelled red.
 */
export const STATUS_BADGES: Record<BookingStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-yellow-100 text-yellow-900 ring-yellow-300' },
  confirmed: { label: 'Confirmed', className: 'bg-blue-100 text-blue-900 ring-blue-300' },
  processing: { label: 'Processing', className: 'bg-purple-100 text-purple-900 ring-purple-300' },
  shipped: { label: 'Shipped', className: 'bg-indigo-100 text-indigo-900 ring-indigo-300' },
  delivered: { label: 'Delivered', className: 'bg-green-100 text-green-900 ring-green-300' },
  cancelled: { label: 'Cancelled', className: 'bg-red-100 text-red-900 ring-red-300' },
};

/** Payment status badges: completed green, pending yellow, failed red. */
export const PAYMENT_BADGES: Record<PaymentStatus, { label: string; className: string }> = {
  completed: {
    label: 'Payment completed',
    className: 'bg-green-100 text-green-900 ring-green-300',
  },
  pending: { label: 'Payment pending', className: 'bg-yellow-100 text-yellow-900 ring-yellow-300' },
  failed: { label: 'Payment failed', className: 'bg-red-100 text-red-900 ring-red-300' },
};

const METHODS: Record<string, string> = {
  upi: 'UPI',
  card: 'Card',
  netbanking: 'Net Banking',
  wallet: 'Wallet',
  emi: 'EMI',
  paylater: 'Pay Later',
};

/** 'upi' → 'UPI'; an unknown method is shown capitalised, none as 'Not recorded'. */
export function paymentMethodLabel(method: string): string {
  const key = method.trim().toLowerCase();
  if (!key) return 'Not recorded';
  return METHODS[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/** The number of pieces in a booking: its items' quantities added up. */
export const itemCount = (items: readonly { quantity: number }[]): number =>
  items.reduce((sum, item) => sum + (item.quantity || 1), 0);

const dateTime = lazyDateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** '5 Dec 2026, 4:05 pm': when a booking was made, in India, for the details. */
export const formatDateTime = (instant: string): string => dateTime(new Date(instant));

/** How a returned line came back, as the shopper reads it. */
export const CONDITION_LABELS: Record<ReturnCondition, string> = {
  good: 'Returned in good condition',
  'needs-repair': 'Returned: needs a small repair',
  'major-damage': 'Returned with major damage',
  lost: 'Not returned',
};

/** A charge's state, as the shopper reads it. */
export const CHARGE_STATES: Record<ChargeStatus, { label: string; className: string }> = {
  due: { label: 'Due', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
  paid: { label: 'Paid', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  waived: { label: 'Waived', className: 'bg-stone-100 text-stone-600 ring-stone-200' },
};

/** What each kind of charge is called. */
export const CHARGE_KINDS_SAID: Record<ChargeKind, string> = {
  'late-fee': 'Late fee',
  purchase: 'Kept: purchase',
  damage: 'Damage',
  'backup-worn': 'Back-up worn',
};

/**
 * A line's back-up size as the shopper reads it (DECISIONS.md 'Back-up size'): 'Back-up size L
 * (sealed)', or '(seal broken)' once it came back worn; undefined for a line without one.
 */
export function backupLabel(
  item: Pick<BookingItem, 'backupSize' | 'backupSealIntact'>,
): string | undefined {
  if (!item.backupSize) return undefined;
  return `Back-up size ${item.backupSize} (${item.backupSealIntact === false ? 'seal broken' : 'sealed'})`;
}

const shortDay = lazyDateFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** 'Sat, 12 Dec': a return date (YYYY-MM-DD) as a shopper reads it beside a rental. */
export const formatReturnDay = (date: string): string => shortDay(new Date(`${date}T00:00:00Z`));

/**
 * When the pieces still with the shopper are due back (the last of them), for a booking that is
 * out (shipped or delivered); undefined otherwise, or once every piece is back.
 */
export function returnDate(booking: Pick<Booking, 'status' | 'items'>): string | undefined {
  if (booking.status !== 'shipped' && booking.status !== 'delivered') return undefined;
  return booking.items
    .filter((item) => !item.returnedAt)
    .map((item) => item.endDate)
    .sort()
    .at(-1);
}

/**
 * Whether My Bookings offers to keep the rental longer (DECISIONS.md 'Extending a rental'): it is
 * out and its return date is still ahead (`today` in India). The server has the last word: its
 * quote says why not when another booking of a piece follows too closely.
 */
export const mayAskToExtend = (booking: Pick<Booking, 'status' | 'items'>, today: string) => {
  const due = returnDate(booking);
  return due !== undefined && due > today;
};

/** The days added to a booking in all, by every extension applied to it. */
export const extendedDays = (booking: Pick<Booking, 'extensions'>): number =>
  (booking.extensions ?? []).reduce((sum, extension) => sum + extension.days, 0);

/**
 * Whether a booking can have tax documents (decision 081): something was paid for it (the booking
 * itself, an extension or a charge after the rental). A booking a plan made free, unpaid or
 * cancelled before payment has none, and offers none. Which ones it has, the server says
 * (GET /api/booking/{id}/invoice), asked when they are shown.
 */
export const mayHaveTaxDocuments = (
  booking: Pick<Booking, 'paymentStatus' | 'totalPrice' | 'extensions' | 'charges'>,
): boolean =>
  booking.paymentStatus === 'completed' &&
  (booking.totalPrice > 0 ||
    (booking.extensions ?? []).length > 0 ||
    booking.charges.some((charge) => charge.status === 'paid'));
