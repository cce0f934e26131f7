import type { BookingsRepository } from './bookings.repository.js';

/**
 * Bookings: what the other modules may ask about a shopper's bookings. Coupons (first order) ask
 * here, and subscriptions count the rental limit with this module's `paidItemsSql`, rather than
 * reading booking tables themselves, so "paid" is defined once: a booking whose payment completed.
 */
export function createBookingsService({ repository }: { repository: BookingsRepository }) {
  return {
    /** True when the shopper has paid for a booking (so no first order is left). */
    hasPaidBooking: (userId: string): Promise<boolean> => repository.hasCompletedBooking(userId),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
