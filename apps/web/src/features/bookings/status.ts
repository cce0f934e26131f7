import {
  lazyDateFormat,
  type Booking,
  type BookingItem,
  type BookingStatus,
  type ChargeKind,
  type ChargeStatus,
  type PaymentStatus,
  type ReturnCondition,
  type DateFormats,
} from '@pehnava/shared';
import type Words from '../../i18n/catalogues/en/bookings.json';
import type { Catalogue } from '../../i18n/messages';

/*
 * What My Bookings says of a booking. The words are messages of the bookings catalogue
 * (i18n/catalogues/en/bookings.json), named here by their keys and worded by the components in
 * the page's language; a function that words something itself takes the catalogue (or the date
 * formats) it words it with.
 */

/** A message of My Bookings' catalogue, by its key. */
export type BookingsWord = keyof typeof Words;

/** The four steps of a booking's progress bar (SPEC.md §4), in order. */
export const PROGRESS_STEPS = ['confirmed', 'processing', 'shipped', 'delivered'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

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
export const STATUS_BADGES: Record<BookingStatus, { label: BookingsWord; className: string }> = {
  pending: { label: 'statusPending', className: 'bg-yellow-100 text-yellow-900 ring-yellow-300' },
  confirmed: { label: 'statusConfirmed', className: 'bg-blue-100 text-blue-900 ring-blue-300' },
  processing: {
    label: 'statusProcessing',
    className: 'bg-purple-100 text-purple-900 ring-purple-300',
  },
  shipped: { label: 'statusShipped', className: 'bg-indigo-100 text-indigo-900 ring-indigo-300' },
  delivered: { label: 'statusDelivered', className: 'bg-green-100 text-green-900 ring-green-300' },
  cancelled: { label: 'statusCancelled', className: 'bg-red-100 text-red-900 ring-red-300' },
};

/** Payment status badges: completed green, pending yellow, failed red. */
export const PAYMENT_BADGES: Record<PaymentStatus, { label: BookingsWord; className: string }> = {
  completed: {
    label: 'paymentCompleted',
    className: 'bg-green-100 text-green-900 ring-green-300',
  },
  pending: { label: 'paymentPending', className: 'bg-yellow-100 text-yellow-900 ring-yellow-300' },
  failed: { label: 'paymentFailed', className: 'bg-red-100 text-red-900 ring-red-300' },
};

type MethodWord =
  'methodCard' | 'methodNetBanking' | 'methodWallet' | 'methodPayLater' | 'methodNotRecorded';

/** The methods' names: acronyms, written so in every language, or messages by their keys. */
const METHODS: Record<string, { acronym: string } | { word: MethodWord }> = {
  upi: { acronym: 'UPI' },
  card: { word: 'methodCard' },
  netbanking: { word: 'methodNetBanking' },
  wallet: { word: 'methodWallet' },
  emi: { acronym: 'EMI' },
  paylater: { word: 'methodPayLater' },
};

/**
 * 'upi' → 'UPI', 'card' → m.methodCard(); an unknown method is shown capitalised, as it came,
 * none as m.methodNotRecorded().
 */
export function paymentMethodLabel(method: string, m: Catalogue<MethodWord>): string {
  const key = method.trim().toLowerCase();
  if (!key) return m.methodNotRecorded();
  const known = METHODS[key];
  if (!known) return key.charAt(0).toUpperCase() + key.slice(1);
  return 'acronym' in known ? known.acronym : m[known.word]();
}

/** The number of pieces in a booking: its items' quantities added up. */
export const itemCount = (items: readonly { quantity: number }[]): number =>
  items.reduce((sum, item) => sum + (item.quantity || 1), 0);

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
};
const dateTime = lazyDateFormat(DATE_TIME);

/**
 * '5 Dec 2026, 4:05 pm': when a booking was made, in India, for the details; in the language of
 * `dates` (the page's, useDateFormats()), English without.
 */
export const formatDateTime = (instant: string, dates?: Pick<DateFormats, 'custom'>): string =>
  (dates ? dates.custom(DATE_TIME) : dateTime)(new Date(instant));

/** How a returned line came back, as the shopper reads it. */
export const CONDITION_LABELS: Record<ReturnCondition, BookingsWord> = {
  good: 'conditionGood',
  'needs-repair': 'conditionNeedsRepair',
  'major-damage': 'conditionMajorDamage',
  lost: 'conditionLost',
};

/** A charge's state, as the shopper reads it. */
export const CHARGE_STATES: Record<ChargeStatus, { label: BookingsWord; className: string }> = {
  due: { label: 'chargeDue', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
  paid: { label: 'chargePaid', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  waived: { label: 'chargeWaived', className: 'bg-stone-100 text-stone-600 ring-stone-200' },
};

/** What each kind of charge is called. */
export const CHARGE_KINDS_SAID: Record<ChargeKind, BookingsWord> = {
  'late-fee': 'chargeLateFee',
  purchase: 'chargePurchase',
  damage: 'chargeDamage',
  'backup-worn': 'chargeBackupWorn',
};

/**
 * A line's back-up size as the shopper reads it (DECISIONS.md 'Back-up size'): 'Back-up size L
 * (sealed)', or '(seal broken)' once it came back worn, in the words of `m`; undefined for a line
 * without one.
 */
export function backupLabel(
  item: Pick<BookingItem, 'backupSize' | 'backupSealIntact'>,
  m: Catalogue<'backupSealed' | 'backupSealBroken'>,
): string | undefined {
  if (!item.backupSize) return undefined;
  const size = item.backupSize;
  return item.backupSealIntact === false ? m.backupSealBroken({ size }) : m.backupSealed({ size });
}

const SHORT_DAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
};
const shortDay = lazyDateFormat(SHORT_DAY);

/**
 * 'Sat, 12 Dec': a return date (YYYY-MM-DD) as a shopper reads it beside a rental; in the
 * language of `dates` (the page's, useDateFormats()), English without.
 */
export const formatReturnDay = (date: string, dates?: Pick<DateFormats, 'custom'>): string =>
  (dates ? dates.custom(SHORT_DAY) : shortDay)(new Date(`${date}T00:00:00Z`));

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
