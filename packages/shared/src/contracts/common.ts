import { z } from 'zod';

/** Every API error: `{ success: false, message }`. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Rupees with at most 2 decimals. */
export const rupeesSchema = z.number().nonnegative();
