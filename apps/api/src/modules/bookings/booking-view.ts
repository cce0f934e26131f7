import { bookingNumber, paiseToRupees, type Booking, type PlanId } from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import { absoluteImageUrl } from '../../lib/image-urls.js';
import type { RefundRow } from '../payments/payments.repository.js';
import type { BookingItemWithProduct, BookingRow } from './bookings.repository.js';

/** A stored booking as SPEC.md §3 shows it, with image addresses absolute for `origin`. */
export function toBooking(
  row: BookingRow,
  items: BookingItemWithProduct[],
  origin: string,
  refunds: Pick<RefundRow, 'amountPaise' | 'status' | 'createdAt' | 'processedAt'>[] = [],
): Booking {
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
    })),
    refunds: refunds.map((refund) => ({
      amount: paiseToRupees(refund.amountPaise),
      status: refund.status,
      createdAt: refund.createdAt.toISOString(),
      processedAt: refund.processedAt?.toISOString() ?? null,
    })),
    cancellable: row.status === 'confirmed' && row.paymentStatus === 'completed',
  };
}

/**
 * Stored bookings as the API shows them, with their items and refunds, in the order given: two
 * queries whatever the number of bookings.
 */
export async function bookingViews(
  repos: Pick<Repositories, 'bookings' | 'payments'>,
  rows: BookingRow[],
  origin: string,
): Promise<Booking[]> {
  const ids = rows.map((row) => row.id);
  const [items, refunds] = await Promise.all([
    repos.bookings.itemsOf(ids),
    repos.payments.refundsOfBookings(ids),
  ]);
  return rows.map((row) =>
    toBooking(
      row,
      items.filter((item) => item.bookingId === row.id),
      origin,
      refunds.filter((refund) => refund.bookingId === row.id),
    ),
  );
}
