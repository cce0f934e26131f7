import { z } from 'zod';
import { RENTAL_DURATIONS, type RentalDuration } from '../constants/durations.js';
import { MESSAGES } from '../constants/messages.js';

/** Every API error: `{ success: false, message }`. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Rupees with at most 2 decimals. */
export const rupeesSchema = z.number().nonnegative();

/**
 * A rental length wherever a request carries one: the numbers 2, 4, 7 or 14, or exactly their
 * decimal strings ('2', '14'), which forms send. Nothing else is read as a duration: not ' 2',
 * '02', '2e0', '0x2', [2] or true.
 */
export const durationSchema = z.union(
  [
    z.literal(RENTAL_DURATIONS),
    z
      .enum(RENTAL_DURATIONS.map(String) as [`${RentalDuration}`, ...`${RentalDuration}`[]])
      .transform((days) => Number(days) as RentalDuration),
  ],
  { error: MESSAGES.invalidDuration },
);
