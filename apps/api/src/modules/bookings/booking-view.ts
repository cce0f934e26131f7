import {
  FIT_WINDOW_HOURS,
  bookingNumber,
  paiseToRupees,
  type Booking,
  type PlanId,
  type ReturnCondition,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import { absoluteImageUrl } from '../../lib/image-urls.js';
import type { RefundRow } from '../payments/payments.repository.js';
import type { BookingItemWithProduct, BookingRow } from './bookings.repository.js';
import type { ChargeRow } from './charges.repository.js';
import type { ExtensionRow } from './extensions.repository.js';
import type { Piece } from './inventory.repository.js';
import type { ItemReportRow } from './reports.repository.js';

/** A stored booking as SPEC.md §3 shows it, with image addresses absolute for `origin`. */
export function toBooking(
  row: BookingRow,
  items: BookingItemWithProduct[],
  origin: string,
  refunds: Pick<RefundRow, 'amountPaise' | 'status' | 'createdAt' | 'processedAt'>[] = [],
  charges: ChargeRow[] = [],
  reports: ItemReportRow[] = [],
  /** The lines' reviews, when read (GET /api/booking/my); absent, items carry no reviewId. */
  reviews?: { bookingItemId: string; id: string }[],
  /** Its applied extensions, when read; absent, the booking lists none. */
  extensions?: ExtensionRow[],
): Booking {
  const reportOf = (itemId: string) => {
    const report = reports.find((r) => r.bookingItemId === itemId);
    return report
      ? {
          reason: report.reason,
          want: report.want,
          outcome: report.outcome,
          size: report.size,
          refundAmount: paiseToRupees(report.refundPaise),
          createdAt: report.createdAt.toISOString(),
        }
      : null;
  };
  return {
    _id: row.id,
    bookingNumber: bookingNumber(row.id),
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    subtotal: paiseToRupees(row.subtotalPaise),
    deliveryFee: paiseToRupees(row.deliveryFeePaise),
    insuranceSelected: row.insuranceSelected,
    insuranceAmount: paiseToRupees(row.insurancePaise),
    backupFees: paiseToRupees(row.backupFeesPaise),
    totalPrice: paiseToRupees(row.totalPaise),
    appliedCoupon: row.couponCode
      ? { code: row.couponCode, discountAmount: paiseToRupees(row.discountPaise) }
      : null,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    razorpayPaymentId: row.providerPaymentId,
    deliveryTracking: row.deliveryTracking ?? null,
    deliveryAddress: row.deliveryAddress,
    items: items.map((item) => ({
      _id: item.id,
      listingId: {
        _id: item.product.id,
        productId: item.product.productId,
        name: item.product.name,
        images: item.product.images.map((url: string) => absoluteImageUrl(url, origin)),
      },
      size: item.size,
      rentalDuration: item.durationDays as Booking['items'][number]['rentalDuration'],
      quantity: item.quantity,
      startDate: item.startDate,
      endDate: item.endDate,
      appliedSubscriptionPlan: item.appliedPlan as PlanId,
      originalPrice: paiseToRupees(item.originalPricePaise),
      discountAmount: paiseToRupees(item.discountPaise),
      totalPrice: paiseToRupees(item.totalPaise),
      ...piecesView(item.pieces),
      ...backupView(item),
      report: reportOf(item.id),
      ...(reviews
        ? { reviewId: reviews.find((r) => r.bookingItemId === item.id)?.id ?? null }
        : {}),
    })),
    refunds: refunds.map((refund) => ({
      amount: paiseToRupees(refund.amountPaise),
      status: refund.status,
      createdAt: refund.createdAt.toISOString(),
      processedAt: refund.processedAt?.toISOString() ?? null,
    })),
    cancellable: row.status === 'confirmed' && row.paymentStatus === 'completed',
    charges: charges.map((charge) => ({
      id: charge.id,
      kind: charge.kind,
      itemId: charge.bookingItemId,
      amount: paiseToRupees(charge.amountPaise),
      status: charge.status,
      reason: charge.reason,
      createdAt: charge.createdAt.toISOString(),
    })),
    balanceDue: paiseToRupees(
      charges.filter((c) => c.status === 'due').reduce((sum, c) => sum + c.amountPaise, 0),
    ),
    fitWindowEndsAt: row.deliveredAt
      ? new Date(row.deliveredAt.getTime() + FIT_WINDOW_HOURS * 3_600_000).toISOString()
      : null,
    ...(extensions
      ? {
          extensions: extensions.map((extension) => ({
            id: extension.id,
            days: extension.days,
            amount: paiseToRupees(extension.amountPaise),
            endDate: extension.lines
              .map((line) => line.toEnd)
              .sort()
              .at(-1)!,
            appliedAt: (extension.decidedAt ?? extension.createdAt).toISOString(),
          })),
        }
      : {}),
  };
}

/**
 * Stored bookings as the API shows them, with their items and refunds, in the order given: two
 * queries whatever the number of bookings.
 */
export async function bookingViews(
  repos: Pick<Repositories, 'bookings' | 'payments' | 'charges' | 'reports'> &
    /**
     * With the reviews, items say which lines the shopper reviewed (My Bookings); with the
     * extensions, the booking lists the days added.
     */
    Partial<Pick<Repositories, 'reviews' | 'extensions'>>,
  rows: BookingRow[],
  origin: string,
): Promise<Booking[]> {
  const ids = rows.map((row) => row.id);
  const [items, refunds, charges, reports, reviews, extensions] = await Promise.all([
    repos.bookings.itemsOf(ids),
    repos.payments.refundsOfBookings(ids),
    repos.charges.ofBookings(ids),
    repos.reports.ofBookings(ids),
    repos.reviews?.ofBookings(ids),
    repos.extensions?.appliedOf(ids),
  ]);
  return rows.map((row) =>
    toBooking(
      row,
      items.filter((item) => item.bookingId === row.id),
      origin,
      refunds.filter((refund) => refund.bookingId === row.id),
      charges.filter((charge) => charge.bookingId === row.id),
      reports.filter((report) => report.bookingId === row.id),
      reviews?.filter((review) => review.bookingId === row.id),
      extensions?.filter((extension) => extension.bookingId === row.id),
    ),
  );
}

/** Worst first: how a line came back is the worst of its pieces. */
const CONDITION_ORDER: ReturnCondition[] = ['lost', 'major-damage', 'needs-repair', 'good'];

/**
 * A line's units as its item shows them: their codes, when it left (the first piece sent), when
 * it came back (once every piece sent is back, the last of them) and how (the worst).
 */
export function piecesView(all: Piece[]) {
  // The back-up size is the line's spare, not one of its pieces (backupView says how it is).
  const pieces = all.filter((p) => !p.backup);
  const sent = pieces.filter((p) => p.dispatchedAt);
  const back = sent.length > 0 && sent.every((p) => p.returnedAt);
  const times = (key: 'dispatchedAt' | 'returnedAt') =>
    sent.map((p) => p[key]!.getTime()).sort((a, b) => a - b);
  return {
    unitCode: pieces.length > 0 ? pieces.map((p) => p.unitCode).join(', ') : null,
    dispatchedAt: sent.length > 0 ? new Date(times('dispatchedAt')[0]!).toISOString() : null,
    returnedAt: back ? new Date(times('returnedAt').at(-1)!).toISOString() : null,
    condition: back ? CONDITION_ORDER.find((c) => sent.some((p) => p.condition === c))! : null,
    atRisk: pieces.some((p) => p.atRiskSince && !p.dispatchedAt),
  };
}

/**
 * A line's back-up size as the shopper and operators see it (DECISIONS.md 'Back-up size'): the
 * size and its fee, the back-up unit's tag, and whether its seal came back intact.
 */
export function backupView(
  item: Pick<BookingItemWithProduct, 'backupSize' | 'backupFeePaise' | 'pieces'>,
) {
  const backup = item.pieces.find((p) => p.backup);
  return {
    backupSize: item.backupSize,
    backupFee: paiseToRupees(item.backupFeePaise),
    backupUnitCode: backup?.unitCode ?? null,
    backupSealIntact: backup?.sealIntact ?? null,
  };
}
