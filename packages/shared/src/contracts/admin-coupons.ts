import { z } from 'zod';
import {
  ADMIN_COUPON_MESSAGES as M,
  MAX_COUPON_LIMIT,
  MAX_COUPON_RUPEES,
} from '../constants/admin-coupon-messages.js';
import { COUPON_TYPES } from '../constants/states.js';
import type { CouponType } from '../pricing/coupon.js';
import { rupeesSchema } from './common.js';
import { textField } from './text-field.js';

/*
 * The admin coupons API (issue [K]): every attribute of DECISIONS.md 'Coupons', in the API's
 * units. Money is rupees with at most 2 decimals (the database keeps paise); a percent coupon's
 * value is the percent, a flat coupon's the rupees off.
 */

/** How a coupon stands now, as the console shows it (the server decides, by its clock). */
export const ADMIN_COUPON_STATUSES = [
  'active',
  'paused',
  'scheduled',
  'expired',
  'used-up',
] as const;
export type AdminCouponStatus = (typeof ADMIN_COUPON_STATUSES)[number];

/** A code as shoppers type it: 3 to 30 letters, digits, - or _. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;

/** True when an amount in rupees is a whole number of paise (at most 2 decimals). */
const wholePaise = (rupees: number) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

/** Rupees from `min` to MAX_COUPON_RUPEES with at most 2 decimals; one message for any fault. */
const rupeesField = (message: string, min: number) =>
  z
    .number({ error: message })
    .min(min, { error: message })
    .max(MAX_COUPON_RUPEES, { error: message })
    .refine(wholePaise, { error: message });

/** A use limit: a whole number from 1 up (null, sent as such, means unlimited). */
const limitField = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_COUPON_LIMIT, { error: message });

/** An instant with its offset (the console sends India time, +05:30). */
const instantField = (message: string) => z.iso.datetime({ offset: true, error: message });

/** Stored and compared upper-case, whatever case it was typed in. */
const codeField = textField({
  label: 'Code',
  max: 30,
  messages: { required: M.code, notText: M.code, notAllowed: M.code, tooLong: M.code },
})
  .regex(COUPON_CODE_PATTERN, { error: M.code })
  .overwrite((code) => code.toUpperCase());

/** Each attribute's own check; how they fit together is couponAttributesProblem's. */
const fields = {
  code: codeField,
  /** Shown to operators only: what the coupon is for. */
  description: textField({ label: 'Description', max: 200, required: false }),
  type: z.enum(COUPON_TYPES, { error: M.type }),
  value: z.number({ error: M.value }),
  minSubtotal: rupeesField(M.minSubtotal, 0),
  maxDiscount: rupeesField(M.maxDiscount, 1).nullable(),
  firstOrderOnly: z.boolean({ error: M.firstOrderOnly }),
  perUserLimit: limitField(M.perUserLimit).nullable(),
  totalLimit: limitField(M.totalLimit).nullable(),
  validFrom: instantField(M.validFrom).nullable(),
  validTo: instantField(M.validTo).nullable(),
  active: z.boolean({ error: M.active }),
};

/** What couponAttributesProblem weighs: a coupon's attributes, whole (after a patch is merged). */
export interface CouponAttributes {
  type: CouponType;
  value: number;
  perUserLimit: number | null;
  totalLimit: number | null;
  validFrom: string | Date | null;
  validTo: string | Date | null;
}

/**
 * The first way a coupon's attributes do not fit together, with the field to show it under: the
 * value read by the type (a whole percent 1 to 100, or rupees off), uses per shopper within the
 * total, the end after the start. The create body checks it; a patch is checked once merged with
 * the stored coupon.
 */
export function couponAttributesProblem(
  coupon: CouponAttributes,
): { field: 'value' | 'perUserLimit' | 'validTo'; message: string } | undefined {
  const { type, value } = coupon;
  if (type === 'percent' && !(Number.isInteger(value) && value >= 1 && value <= 100)) {
    return { field: 'value', message: M.percent };
  }
  if (type === 'flat' && !(value >= 1 && value <= MAX_COUPON_RUPEES && wholePaise(value))) {
    return { field: 'value', message: M.flat };
  }
  if (
    coupon.perUserLimit !== null &&
    coupon.totalLimit !== null &&
    coupon.perUserLimit > coupon.totalLimit
  ) {
    return { field: 'perUserLimit', message: M.limitsOrder };
  }
  if (
    coupon.validFrom !== null &&
    coupon.validTo !== null &&
    new Date(coupon.validTo).getTime() <= new Date(coupon.validFrom).getTime()
  ) {
    return { field: 'validTo', message: M.validOrder };
  }
  return undefined;
}

/** POST /api/admin/coupons: code, type and value are needed; the rest have the defaults shown. */
export const adminCouponCreateBodySchema = z
  .object({
    code: fields.code,
    description: fields.description.default(''),
    type: fields.type,
    value: fields.value,
    minSubtotal: fields.minSubtotal.default(0),
    maxDiscount: fields.maxDiscount.default(null),
    firstOrderOnly: fields.firstOrderOnly.default(false),
    perUserLimit: fields.perUserLimit.default(null),
    totalLimit: fields.totalLimit.default(null),
    validFrom: fields.validFrom.default(null),
    validTo: fields.validTo.default(null),
    active: fields.active.default(true),
  })
  .superRefine((body, ctx) => {
    const problem = couponAttributesProblem(body);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type AdminCouponCreateBody = z.infer<typeof adminCouponCreateBodySchema>;
export type AdminCouponCreateInput = z.input<typeof adminCouponCreateBodySchema>;

/**
 * PATCH /api/admin/coupons/{id}: any attributes; those left out are kept. `active: false` pauses
 * the coupon, `true` resumes it. A new type comes with its value, since the stored value means
 * something else under the other type.
 */
export const adminCouponPatchBodySchema = z
  .object({
    code: fields.code.optional(),
    description: fields.description.optional(),
    type: fields.type.optional(),
    value: fields.value.optional(),
    minSubtotal: fields.minSubtotal.optional(),
    maxDiscount: fields.maxDiscount.optional(),
    firstOrderOnly: fields.firstOrderOnly.optional(),
    perUserLimit: fields.perUserLimit.optional(),
    totalLimit: fields.totalLimit.optional(),
    validFrom: fields.validFrom.optional(),
    validTo: fields.validTo.optional(),
    active: fields.active.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: M.nothingToChange,
  })
  .refine((body) => body.type === undefined || body.value !== undefined, {
    error: M.typeNeedsValue,
    path: ['value'],
  });
export type AdminCouponPatchBody = z.infer<typeof adminCouponPatchBodySchema>;
export type AdminCouponPatchInput = z.input<typeof adminCouponPatchBodySchema>;

/** GET /api/admin/coupons: `q` finds codes (and descriptions) containing it, in any case. */
export const adminCouponsQuerySchema = z.object({
  q: textField({ label: 'Search', max: 60, required: false }).optional(),
  active: z.enum(['true', 'false'], { error: M.activeFilter }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type AdminCouponsQuery = z.infer<typeof adminCouponsQuerySchema>;

export const adminCouponIdParamsSchema = z.object({
  id: z.uuid({ error: M.notFound }),
});

/** A coupon as the console shows it, with its uses: held by unpaid checkouts, counted once paid. */
export const adminCouponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string(),
  type: z.enum(COUPON_TYPES),
  /** The percent for a percent coupon; the rupees off for a flat one. */
  value: z.number().positive(),
  minSubtotal: rupeesSchema,
  maxDiscount: rupeesSchema.nullable(),
  firstOrderOnly: z.boolean(),
  perUserLimit: z.number().int().positive().nullable(),
  totalLimit: z.number().int().positive().nullable(),
  validFrom: z.iso.datetime({ offset: true }).nullable(),
  validTo: z.iso.datetime({ offset: true }).nullable(),
  active: z.boolean(),
  status: z.enum(ADMIN_COUPON_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  uses: z.object({
    held: z.number().int().nonnegative(),
    counted: z.number().int().nonnegative(),
  }),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponsResponseSchema = z.object({
  success: z.literal(true),
  coupons: z.array(adminCouponSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminCouponsResponse = z.infer<typeof adminCouponsResponseSchema>;

/** GET, POST and PATCH of one coupon: the coupon as it now is, with what happened. */
export const adminCouponResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  coupon: adminCouponSchema,
});
export type AdminCouponResponse = z.infer<typeof adminCouponResponseSchema>;
