import { z } from 'zod';
import { PINCODE_MESSAGES, PINCODE_PATTERN } from '../constants/pincode-messages.js';
import { INDIAN_STATES } from '../constants/indian-states.js';
import { isoDateSchema } from './common.js';
import { textField } from './text-field.js';

/*
 * The pincode directory (issue [O] §3; DECISIONS.md 'Delivery promise'): India Post's pincodes,
 * kept on the server, with whether the shop delivers there and how long a parcel takes.
 */

export const pincodeParamsSchema = z.object({
  pincode: z.string().regex(PINCODE_PATTERN, { error: PINCODE_MESSAGES.invalid }),
});

/**
 * GET /api/product/{id}/availability?pincode=: the calendar for an address there (its earliest
 * start and the days a rental there holds a piece); without one, for the warehouse's own city.
 */
export const availabilityQuerySchema = z.object({
  pincode: pincodeParamsSchema.shape.pincode.optional(),
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

/*
 * The console's list of pincodes not served (issue [O] §3; decision 068): prefixes operators add
 * and remove, beside those of NOT_SERVED_PINCODES, which the console lists but cannot remove.
 */

/** A pincode or the start of many: 1 to 6 digits, the first not 0. */
export const PINCODE_PREFIX_PATTERN = /^[1-9]\d{0,5}$/;
/** Where an entry comes from: the console's table, or the server's configuration. */
export const NOT_SERVED_SOURCES = ['console', 'configuration'] as const;
export type NotServedSource = (typeof NOT_SERVED_SOURCES)[number];

const prefixField = z
  .string({ error: PINCODE_MESSAGES.prefixInvalid })
  .trim()
  .regex(PINCODE_PREFIX_PATTERN, { error: PINCODE_MESSAGES.prefixInvalid });

/** DELETE /api/admin/pincodes/not-served/{prefix}. */
export const notServedParamsSchema = z.object({ prefix: prefixField });

/** POST /api/admin/pincodes/not-served. */
export const notServedCreateBodySchema = z.object({
  prefix: prefixField,
  /** The operator's reason, shown on the list. */
  note: textField({ label: 'Note', max: 200, required: false }).default(''),
});
export type NotServedCreateBody = z.infer<typeof notServedCreateBodySchema>;
export type NotServedCreateInput = z.input<typeof notServedCreateBodySchema>;

export const notServedEntrySchema = z.object({
  prefix: z.string(),
  note: z.string(),
  /** When an operator listed it; null for configuration's. */
  createdAt: z.iso.datetime({ offset: true }).nullable(),
  source: z.enum(NOT_SERVED_SOURCES),
  /** How many pincodes of India Post's directory begin with it. */
  pincodes: z.number().int().nonnegative(),
});
export type NotServedEntry = z.infer<typeof notServedEntrySchema>;

/** GET /api/admin/pincodes/not-served: configuration's and the console's, by prefix. */
export const notServedListResponseSchema = z.object({
  success: z.literal(true),
  notServed: z.array(notServedEntrySchema),
});
export type NotServedListResponse = z.infer<typeof notServedListResponseSchema>;

/** POST /api/admin/pincodes/not-served (201). */
export const notServedCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  entry: notServedEntrySchema,
});
export type NotServedCreatedResponse = z.infer<typeof notServedCreatedResponseSchema>;

/** DELETE /api/admin/pincodes/not-served/{prefix}. */
export const notServedRemovedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  prefix: z.string(),
});
export type NotServedRemovedResponse = z.infer<typeof notServedRemovedResponseSchema>;
