import type { Rng } from '../catalogue/prng.js';
import type { ReviewInsert } from '../reviews/past-rentals.js';
import { wearOf, writeReview } from '../reviews/review-writer.js';
import type { BookingDraft } from './bookings.js';
import { dayOf, instantIn } from './calendar.js';
import type { Ids } from './ids.js';
import type { BookingRows } from './lifecycle.js';
import { wears } from './shoppers.js';

/** The share of clothes back with us, worn by their renter, whose renter wrote a review. */
export const REVIEWED_LINES_SHARE = 0.3;

/**
 * The reviews of a run of bookings (`drafts`, and the rows their lifecycle made): for about a
 * third of the lines of clothes checked back in (REVIEWED_LINES_SHARE) that the booking's shopper
 * would have worn themselves (women's wear by a woman, men's by a man), written by the shopper
 * 1 to 12 days after the piece came back, as long as that is before now
 * (reviews/review-writer.ts says what). Deterministic for the Rng.
 */
export function reviewsOf(
  drafts: readonly BookingDraft[],
  rows: BookingRows,
  rng: Rng,
  ids: Ids,
  now: Date,
): ReviewInsert[] {
  const backAt = new Map<string, Date>();
  for (const r of rows.reservations) {
    if (r.bookingItemId && r.returnedAt) backAt.set(r.bookingItemId, r.returnedAt);
  }
  const reviews: ReviewInsert[] = [];
  for (const draft of drafts) {
    for (const line of draft.lines) {
      const back = backAt.get(line.id);
      const wear = wearOf(line.product);
      // A piece rented for someone else is reviewed by nobody here: the renter did not wear it.
      if (!back || !wear || !wears(draft.shopper.name, wear)) continue;
      if (!rng.chance(REVIEWED_LINES_SHARE)) continue;
      const at = instantIn(dayOf(back) + rng.int(1, 12), rng.int(8 * 60, 23 * 60));
      const city = draft.shopper.delivery.city;
      const written = writeReview(line.product, line.size, city, rng);
      if (at.getTime() > now.getTime()) continue;
      reviews.push({
        id: ids.uuid(),
        bookingItemId: line.id,
        bookingId: draft.id,
        productId: line.product._id,
        userId: draft.shopper.id,
        ...written,
        firstName: draft.shopper.name.split(' ')[0]!,
        city,
        createdAt: at,
      });
    }
  }
  return reviews;
}
