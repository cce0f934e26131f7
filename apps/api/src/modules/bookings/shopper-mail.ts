import type { Booking } from '@pehnava/shared';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { Repositories } from '../../db/repositories.js';
import { toBooking } from './booking-view.js';
import type { BookingRow } from './bookings.repository.js';

/**
 * Write the shopper's mail about a booking as it now stands, through the outbox, in the caller's
 * transaction (nothing once the shopper has deleted their account).
 */
export async function mailShopperAbout(
  repos: Repositories,
  siteUrl: string,
  booking: BookingRow,
  kind: string,
  draw: (recipient: { to: string; name: string }, view: Booking) => MailMessage,
): Promise<void> {
  if (!booking.userId) return;
  const [user, row, items, charges] = await Promise.all([
    repos.users.findById(booking.userId),
    repos.bookings.findBooking(booking.id),
    repos.bookings.itemsOf([booking.id]),
    repos.charges.ofBookings([booking.id]),
  ]);
  if (!user || !row) return;
  const view = toBooking(
    { ...row, deliveryTracking: booking.deliveryTracking ?? row.deliveryTracking },
    items,
    siteUrl,
    [],
    charges,
  );
  await repos.outbox.enqueue(kind, draw({ to: user.email, name: user.name }, view));
}
