import {
  ADMIN_COUPON_MESSAGES as M,
  type AdminCoupon,
  type AdminCouponCreateInput,
} from '@pehnava/shared';
import { fromIndiaInput, toIndiaInput } from './coupon-parts';

/*
 * The coupon form's state as typed (text, as inputs hold it) and its way to the API's body. The
 * API checks every rule and says what is wrong in the shared words (ADMIN_COUPON_MESSAGES); the
 * form only turns text into numbers and times, and shows each message under its field.
 */

export interface CouponDraft {
  code: string;
  description: string;
  type: 'percent' | 'flat';
  value: string;
  minSubtotal: string;
  maxDiscount: string;
  firstOrderOnly: boolean;
  perUserLimit: string;
  totalLimit: string;
  /** datetime-local values, India time. */
  validFrom: string;
  validTo: string;
  active: boolean;
}
export type CouponField = keyof CouponDraft;

export const EMPTY_DRAFT: CouponDraft = {
  code: '',
  description: '',
  type: 'percent',
  value: '',
  minSubtotal: '',
  maxDiscount: '',
  firstOrderOnly: false,
  perUserLimit: '',
  totalLimit: '',
  validFrom: '',
  validTo: '',
  active: true,
};

const text = (value: number | null) => (value === null ? '' : String(value));

/** A stored coupon as the form shows it. */
export const draftOf = (coupon: AdminCoupon): CouponDraft => ({
  code: coupon.code,
  description: coupon.description,
  type: coupon.type,
  value: text(coupon.value),
  minSubtotal: coupon.minSubtotal === 0 ? '' : text(coupon.minSubtotal),
  maxDiscount: text(coupon.maxDiscount),
  firstOrderOnly: coupon.firstOrderOnly,
  perUserLimit: text(coupon.perUserLimit),
  totalLimit: text(coupon.totalLimit),
  validFrom: toIndiaInput(coupon.validFrom),
  validTo: toIndiaInput(coupon.validTo),
  active: coupon.active,
});

/** A field's problem, shown under it. */
export interface FieldError {
  field: CouponField | undefined;
  message: string;
}

/** Typed text as a number; `empty` when nothing was typed, undefined when it is not a number. */
function numberOf<T>(typed: string, empty: T): number | T | undefined {
  const trimmed = typed.trim().replace(/,/g, '');
  if (trimmed === '') return empty;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** The body the API takes, or the first field that is not a number or a time. */
export function bodyOf(draft: CouponDraft): AdminCouponCreateInput | FieldError {
  const value = numberOf(draft.value, undefined);
  const minSubtotal = numberOf(draft.minSubtotal, 0);
  const maxDiscount = numberOf(draft.maxDiscount, null);
  const perUserLimit = numberOf(draft.perUserLimit, null);
  const totalLimit = numberOf(draft.totalLimit, null);
  const validFrom = fromIndiaInput(draft.validFrom);
  const validTo = fromIndiaInput(draft.validTo);
  if (value === undefined) return { field: 'value', message: M.value };
  if (minSubtotal === undefined) return { field: 'minSubtotal', message: M.minSubtotal };
  if (maxDiscount === undefined) return { field: 'maxDiscount', message: M.maxDiscount };
  if (perUserLimit === undefined) return { field: 'perUserLimit', message: M.perUserLimit };
  if (totalLimit === undefined) return { field: 'totalLimit', message: M.totalLimit };
  if (validFrom === undefined) return { field: 'validFrom', message: M.validFrom };
  if (validTo === undefined) return { field: 'validTo', message: M.validTo };
  return {
    code: draft.code.trim(),
    description: draft.description,
    type: draft.type,
    value,
    minSubtotal,
    maxDiscount,
    firstOrderOnly: draft.firstOrderOnly,
    perUserLimit,
    totalLimit,
    validFrom,
    validTo,
    active: draft.active,
  };
}

/** Which field an API message is about (the admin coupons API's own words). */
const FIELD_OF_MESSAGE = new Map<string, CouponField>([
  [M.code, 'code'],
  [M.type, 'type'],
  [M.value, 'value'],
  [M.percent, 'value'],
  [M.flat, 'value'],
  [M.typeNeedsValue, 'value'],
  [M.minSubtotal, 'minSubtotal'],
  [M.maxDiscount, 'maxDiscount'],
  [M.firstOrderOnly, 'firstOrderOnly'],
  [M.perUserLimit, 'perUserLimit'],
  [M.limitsOrder, 'perUserLimit'],
  [M.totalLimit, 'totalLimit'],
  [M.validFrom, 'validFrom'],
  [M.validTo, 'validTo'],
  [M.validOrder, 'validTo'],
  [M.active, 'active'],
]);

/** 'A coupon with the code ' and ' already exists', around the code. */
const [TAKEN_START = '', TAKEN_END = ''] = M.codeTaken('\u0000').split('\u0000');

/** An API refusal placed under its field (a text field's message starts with its label). */
export function fieldOfFailure(message: string): FieldError {
  if (message.startsWith(TAKEN_START) && message.endsWith(TAKEN_END)) {
    return { field: 'code', message };
  }
  const known = FIELD_OF_MESSAGE.get(message);
  if (known) return { field: known, message };
  if (message.startsWith('Description')) return { field: 'description', message };
  return { field: undefined, message };
}
