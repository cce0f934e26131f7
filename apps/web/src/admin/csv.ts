import { toCsv, type AdminBooking } from '@pehnava/shared';
import { saveFile } from './files';

/** The selected bookings, one line per booking, amounts in rupees. */
export function bookingsCsv(bookings: AdminBooking[]): string {
  return toCsv([
    [
      'Booking',
      'Booked at',
      'Status',
      'Payment',
      'Shopper',
      'E-mail',
      'Phone',
      'City',
      'Pincode',
      'Pieces',
      'First start',
      'Subtotal',
      'Discount',
      'Delivery',
      'Protection',
      'Total',
    ],
    ...bookings.map((booking) => [
      booking.bookingNumber,
      booking.createdAt,
      booking.status,
      booking.paymentStatus,
      booking.shopper?.name ?? '',
      booking.shopper?.email ?? '',
      booking.deliveryAddress.phone,
      booking.deliveryAddress.city,
      booking.deliveryAddress.pincode,
      booking.items.reduce((pieces, item) => pieces + item.quantity, 0),
      booking.items.map((item) => item.startDate).sort()[0] ?? '',
      booking.subtotal,
      booking.appliedCoupon?.discountAmount ?? 0,
      booking.deliveryFee,
      booking.insuranceAmount,
      booking.totalPrice,
    ]),
  ]);
}

/** Hand the browser a CSV file to save. */
export function downloadCsv(name: string, text: string) {
  // The byte-order mark makes spreadsheet programs read the ₹ and names as UTF-8.
  saveFile(name, new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
}
