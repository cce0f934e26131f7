import type { Booking } from '@pehnava/shared';
import { recipientOf, type MailRecipient } from '../../adapters/mail/language.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { Repositories } from '../../db/repositories.js';
import { toBooking } from './booking-view.js';
import type { BookingRow } from './bookings.repository.js';
import type { ChargeRow } from './charges.repository.js';
import { bookingAtRiskMail } from './mails.js';

/**
 * Write the shopper's mail about a booking as it now stands, through the outbox, in the caller's
 * transaction (nothing once the shopper has deleted their account), in the shopper's language.
 * `draw` is given the booking's charges as stored too (a Hindi mail names them from their kind
 * and day). Answers the queued mail's id.
 */
export async function mailShopperAbout(
  repos: Repositories,
  siteUrl: string,
  booking: BookingRow,
  kind: string,
  draw: (recipient: MailRecipient, view: Booking, charges: ChargeRow[]) => MailMessage,
): Promise<string | undefined> {
  if (!booking.userId) return undefined;
  const [user, row, items, charges, reports] = await Promise.all([
    repos.users.findById(booking.userId),
    repos.bookings.findBooking(booking.id),
    repos.bookings.itemsOf([booking.id]),
    repos.charges.ofBookings([booking.id]),
    repos.reports.ofBookings([booking.id]),
  ]);
  if (!user || !row) return undefined;
  const view = toBooking(
    { ...row, deliveryTracking: booking.deliveryTracking ?? row.deliveryTracking },
    items,
    siteUrl,
    [],
    charges,
    reports,
  );
  return repos.outbox.enqueue(kind, draw(recipientOf(user), view, charges));
}

/**
 * Holds just marked at risk (their unit cannot serve them and no other unit of the size is free):
 * each booking's shopper is told, with their choices, in `repos`' transaction.
 */
export async function mailAtRiskIn(
  repos: Repositories,
  siteUrl: string,
  holds: { itemId: string }[],
): Promise<void> {
  if (holds.length === 0) return;
  const owners = await repos.inventory.bookingsOfItems(holds.map((hold) => hold.itemId));
  for (const bookingId of new Set(owners.map((owner) => owner.bookingId))) {
    const booking = await repos.bookings.findBooking(bookingId);
    if (!booking) continue;
    const itemIds = owners.filter((o) => o.bookingId === bookingId).map((o) => o.itemId);
    await mailShopperAbout(repos, siteUrl, booking, 'booking-at-risk', (to, view) =>
      bookingAtRiskMail(to, view, itemIds, `${siteUrl}/orders/${bookingId}/choose`),
    );
  }
}
