import { z } from 'zod';
import { RENTAL_DURATIONS, type RentalDuration } from '../constants/durations.js';
import { MESSAGES } from '../constants/messages.js';
import { textField } from './text-field.js';

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

/** YYYY-MM-DD, as answers carry calendar dates. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A start date as sent: its form (YYYY-MM-DD, a real day, in range) is the service's check. */
export const startDateTextSchema = textField({
  label: 'Start date',
  max: 10,
  messages: {
    required: MESSAGES.startDateRequired,
    notText: MESSAGES.startDateRequired,
    tooLong: MESSAGES.invalidStartDate,
  },
});

/** A size as sent ('M', 'Free Size', '32'). */
export const sizeTextSchema = textField({
  label: 'Size',
  max: 40,
  messages: { required: MESSAGES.selectSize, notText: MESSAGES.selectSize },
});
