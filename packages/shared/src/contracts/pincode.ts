import { z } from 'zod';
import { PINCODE_MESSAGES } from '../constants/pincode-messages.js';
import { INDIAN_STATES } from '../constants/indian-states.js';
import { isoDateSchema } from './common.js';

/*
 * The pincode directory (issue [O] §3; DECISIONS.md 'Delivery promise'): India Post's pincodes,
 * kept on the server, with whether the shop delivers there and how long a parcel takes.
 */

export const pincodeParamsSchema = z.object({
  pincode: z.string().regex(/^[1-9]\d{5}$/, { error: PINCODE_MESSAGES.invalid }),
});

/** GET /api/pincode/{pincode}. */
export const pincodeResponseSchema = z.object({
  success: z.literal(true),
  pincode: z.string(),
  /** The city the address form suggests (the pincode's district; Delhi for Delhi's). */
  city: z.string(),
  district: z.string(),
  state: z.enum(INDIAN_STATES),
  /** False where operators do not deliver (a pincode or a prefix of one). */
  served: z.boolean(),
  /** Days a parcel takes from the warehouse. */
  transitDays: z.number().int().positive(),
  /** The first day a rental there can start: today in India plus the transit days. */
  earliestStartDate: isoDateSchema,
});
export type PincodeResponse = z.infer<typeof pincodeResponseSchema>;
