import type { BookingsRepository } from './bookings.repository.js';

/**
 * Bookings: what the other modules may ask about a shopper's bookings. Coupons (first order) and
 * subscriptions (the rental limit) ask here rather than reading booking tables themselves, so
 * "paid" is defined once: a booking whose payment completed.
 */
export function createBookingsService({ repository }: { repository: BookingsRepository }) {
  return {
    /** True when the shopper has paid for a booking (so no first order is left). */
    hasPaidBooking: (userId: string): Promise<boolean> => repository.hasCompletedBooking(userId),

    /** Items (times quantity) in the shopper's paid bookings made in [from, to). */
    itemsRentedBetween: (userId: string, from: Date, to: Date): Promise<number> =>
      repository.itemsRentedBetween(userId, from, to),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
