import { z } from 'zod';
import { CHARGE_MESSAGES } from '../constants/charge-messages.js';
import { FULFILMENT_MESSAGES } from '../constants/fulfilment-messages.js';
import { RETURN_CONDITIONS, UNIT_STATES } from '../constants/states.js';
import { isIsoDate } from '../pricing/dates.js';
import { bookingStatusSchema, storedAddressSchema } from './bookings.js';
import { productIdSchema } from './catalogue.js';
import { isoDateSchema, rupeesSchema } from './common.js';
import { textField } from './text-field.js';

/*
 * The physical loop's operator API (issue [J]): what to send and what comes back each day,
 * dispatching and checking in a booking's pieces, and each unit's state.
 */

/** A calendar day as sent in a query or body: YYYY-MM-DD and a real day. */
export const dayInputSchema = z
  .string({ error: FULFILMENT_MESSAGES.dateInvalid })
  .refine(isIsoDate, { error: FULFILMENT_MESSAGES.dateInvalid });

/** A unit's tag code as typed or scanned: any case, spaces around it ignored. */
export const unitCodeInputSchema = z
  .string({ error: FULFILMENT_MESSAGES.unitCodeRequired })
  .trim()
  .min(1, { error: FULFILMENT_MESSAGES.unitCodeRequired })
  .max(60, { error: FULFILMENT_MESSAGES.unitCodeRequired })
  .transform((code) => code.toUpperCase());

export const unitStateSchema = z.enum(UNIT_STATES);
export const returnConditionSchema = z.enum(RETURN_CONDITIONS, {
  error: FULFILMENT_MESSAGES.unknownCondition,
});

/** Who booked, for the packing list: null once the shopper deleted their account. */
const listShopperSchema = z.object({ name: z.string(), email: z.string() }).nullable();

/** A booking's line as the packing table and the returns desk see it. */
export const fulfilmentItemSchema = z.object({
  itemId: z.uuid(),
  productId: z.string(),
  name: z.string(),
  size: z.string(),
  quantity: z.number().int().positive(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  /** The tag codes of the units reserved for (or sent with) this line (its back-up apart). */
  unitCodes: z.array(z.string()),
  /**
   * A back-up size packed in the same parcel, sealed (DECISIONS.md 'Back-up size'): its size and
   * its unit's tag code; null when the line has none. Check-in asks whether its seal is intact.
   * Absent from older answers.
   */
  backup: z
    .object({
      size: z.string(),
      unitCode: z.string().nullable(),
      sealIntact: z.boolean().nullable(),
    })
    .nullable()
    .optional(),
  dispatchedAt: z.iso.datetime({ offset: true }).nullable(),
  returnedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Whole days past its end date on the day asked about (0 when not late). */
  daysLate: z.number().int().nonnegative(),
  /** The late fees raised for this line so far, due or paid (not waived). */
  lateFees: rupeesSchema,
  /**
   * On a fit-window exchange's entry: the tag codes of the pieces with the shopper, to collect
   * when the new ones (`unitCodes`) arrive. Empty otherwise.
   */
  collectCodes: z.array(z.string()).default([]),
});
export type FulfilmentItem = z.infer<typeof fulfilmentItemSchema>;

export const fulfilmentBookingSchema = z.object({
  bookingId: z.uuid(),
  bookingNumber: z.string(),
  status: bookingStatusSchema,
  shopper: listShopperSchema,
  deliveryAddress: storedAddressSchema,
  /**
   * True for a fit-window exchange on a booking already with the shopper: its lines carry the
   * pieces set aside (`unitCodes`, sent by the same dispatch call) and those to collect.
   */
  exchange: z.boolean().default(false),
  items: z.array(fulfilmentItemSchema),
});
export type FulfilmentBooking = z.infer<typeof fulfilmentBookingSchema>;

/** GET /api/admin/dispatches?date=: today in India unless a day is named. */
export const dispatchesQuerySchema = z.object({ date: dayInputSchema.optional() });
export const dispatchesResponseSchema = z.object({
  success: z.literal(true),
  date: isoDateSchema,
  dispatches: z.array(fulfilmentBookingSchema),
});
export type DispatchesResponse = z.infer<typeof dispatchesResponseSchema>;

/** GET /api/admin/returns?date= (due that day, today unless named) or ?overdue=true. */
export const returnsQuerySchema = z.object({
  date: dayInputSchema.optional(),
  overdue: z.enum(['true', 'false']).optional(),
});
export const returnsResponseSchema = z.object({
  success: z.literal(true),
  /** The day asked about; with overdue=true, today (items due before it and still out). */
  date: isoDateSchema,
  overdue: z.boolean(),
  returns: z.array(fulfilmentBookingSchema),
});
export type ReturnsResponse = z.infer<typeof returnsResponseSchema>;

/** POST /api/admin/bookings/{id}/dispatch: the reserved units unless another is named. */
export const dispatchBodySchema = z
  .object({
    items: z
      .array(z.object({ itemId: z.uuid(), unitCode: unitCodeInputSchema }))
      .max(50)
      .optional(),
  })
  .optional()
  .default({});
export type DispatchBody = z.infer<typeof dispatchBodySchema>;

/** POST /api/admin/bookings/{id}/return: items may come back on different days. */
export const returnBodySchema = z.object({
  items: z
    .array(
      z.object({
        itemId: z.uuid(),
        /** Only this piece of the line (after a fit-window exchange, the one sent back). */
        unitCode: unitCodeInputSchema.optional(),
        condition: returnConditionSchema,
        note: textField({ label: 'Note', max: 500, required: false, multiline: true }).optional(),
        /**
         * For major damage or loss, a damage charge (rupees) below the rules' most; the rules'
         * amount when left out.
         */
        damageAmount: z
          .number({ error: CHARGE_MESSAGES.damageAmountInvalid })
          .nonnegative({ error: CHARGE_MESSAGES.damageAmountInvalid })
          .max(10_000_000, { error: CHARGE_MESSAGES.damageAmountInvalid })
          .optional(),
        /**
         * A line with a back-up size: did the back-up come back sealed? Asked whenever the
         * back-up is among the pieces checked in; false charges its rental price (DECISIONS.md
         * 'Back-up size').
         */
        backupSealIntact: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(50),
  /** The day it reached the warehouse; today in India unless named. */
  returnedOn: dayInputSchema.optional(),
});
export type ReturnBody = z.infer<typeof returnBodySchema>;

/** What an operator may set by hand: `out` only by a dispatch, leaving it only by a return. */
export const UNIT_STATES_BY_HAND = ['in-service', 'cleaning', 'repair', 'retired'] as const;
export const unitStateBodySchema = z.object({
  state: z.enum(UNIT_STATES_BY_HAND, { error: FULFILMENT_MESSAGES.unknownUnitState }),
  note: textField({ label: 'Note', max: 500, multiline: true }),
});
export type UnitStateBody = z.infer<typeof unitStateBodySchema>;

export const unitCodeParamsSchema = z.object({ unitCode: unitCodeInputSchema });
export const unitsQuerySchema = z.object({ productId: productIdSchema });

/** A booking's hold on a unit, as the units list shows it. */
export const unitReservationSchema = z.object({
  bookingId: z.uuid(),
  bookingNumber: z.string(),
  itemId: z.uuid(),
  status: bookingStatusSchema,
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  blockedFrom: isoDateSchema,
  blockedUntil: isoDateSchema,
  dispatchedAt: z.iso.datetime({ offset: true }).nullable(),
  returnedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The unit can no longer serve this hold and no other unit of the size was free. */
  atRisk: z.boolean(),
});

/** A maintenance block: the unit is out of use from `from` to `to`, both inclusive. */
export const unitBlockSchema = z.object({
  id: z.uuid(),
  from: isoDateSchema,
  to: isoDateSchema,
  reason: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** POST /api/admin/units/{unitCode}/blocks. */
export const unitBlockBodySchema = z.object({
  from: dayInputSchema,
  to: dayInputSchema,
  reason: textField({ label: 'Reason', max: 300 }),
});
export type UnitBlockBody = z.infer<typeof unitBlockBodySchema>;

/** DELETE /api/admin/units/{unitCode}/blocks/{blockId}. */
export const unitBlockParamsSchema = z.object({
  unitCode: unitCodeInputSchema,
  blockId: z.uuid({ error: FULFILMENT_MESSAGES.blockNotFound }),
});

export const unitSchema = z.object({
  code: z.string(),
  size: z.string(),
  unitNumber: z.number().int().positive(),
  state: unitStateSchema,
  /** A unit being cleaned is back in service on this day (a job moves it). */
  readyOn: isoDateSchema.nullable(),
  stateNote: z.string().nullable(),
  stateChangedAt: z.iso.datetime({ offset: true }),
  /** The booking it is out with, when it is out. */
  current: unitReservationSchema.nullable(),
  /** Holds that have not ended yet (today onwards), soonest first. */
  upcoming: z.array(unitReservationSchema),
  /** Maintenance blocks that have not ended yet, soonest first. */
  blocks: z.array(unitBlockSchema),
  /** When its tag was marked printed; null for a new piece with no tag yet. */
  tagPrintedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Unit = z.infer<typeof unitSchema>;

/** Pieces the tags page lists at most at once. */
export const NEW_TAGS_LIMIT = 500;

/** A piece whose tag was never printed, across the catalogue (GET /api/admin/units/new-tags). */
export const newTagSchema = z.object({
  code: z.string(),
  size: z.string(),
  productId: z.string(),
  name: z.string(),
});
export type NewTag = z.infer<typeof newTagSchema>;

export const newTagsResponseSchema = z.object({
  success: z.literal(true),
  /** The first NEW_TAGS_LIMIT, by product code, size and number (retired pieces left out). */
  units: z.array(newTagSchema),
  /** How many pieces in all have no printed tag. */
  total: z.number().int().nonnegative(),
});
export type NewTagsResponse = z.infer<typeof newTagsResponseSchema>;

/** POST /api/admin/units/tags-printed: these pieces' tags are printed and stuck on. */
export const tagsPrintedBodySchema = z.object({
  codes: z
    .array(unitCodeInputSchema, { error: FULFILMENT_MESSAGES.tagsToMark })
    .min(1, { error: FULFILMENT_MESSAGES.tagsToMark })
    .max(NEW_TAGS_LIMIT, { error: FULFILMENT_MESSAGES.tagsToMark }),
});
export type TagsPrintedBody = z.infer<typeof tagsPrintedBodySchema>;
export const tagsPrintedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Pieces marked now (those marked before are left as they were). */
  marked: z.number().int().nonnegative(),
});
export type TagsPrintedResponse = z.infer<typeof tagsPrintedResponseSchema>;

/** GET /api/admin/units?productId= (its id or code). */
export const unitsResponseSchema = z.object({
  success: z.literal(true),
  product: z.object({ _id: z.uuid(), productId: z.string(), name: z.string() }),
  units: z.array(unitSchema),
});
export type UnitsResponse = z.infer<typeof unitsResponseSchema>;

/** POST /api/admin/units/{unitCode}/state. */
export const unitStateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  unit: unitSchema,
});
export type UnitStateResponse = z.infer<typeof unitStateResponseSchema>;

/** POST /api/admin/bookings/{id}/charges/{chargeId}/waive. */
export const waiveChargeParamsSchema = z.object({
  id: z.uuid(),
  chargeId: z.uuid({ error: CHARGE_MESSAGES.chargeNotFound }),
});
export const waiveChargeBodySchema = z.object({
  reason: textField({ label: 'Reason', max: 500, multiline: true }),
});
