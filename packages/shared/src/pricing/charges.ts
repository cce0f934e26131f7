import type { PlanId } from '../constants/plans.js';
import type { ReturnCondition } from '../constants/states.js';
import { addDays, daysBetween } from './dates.js';

/*
 * What a rental costs after it ends (DECISIONS.md 'Cancellations, refunds, late returns and
 * damage'; decision 050). Pure functions over whole paise: the server computes every charge with
 * these, from its own data.
 */

/** Late fee per piece per day past its end date, by the plan the item was booked under. */
export const LATE_FEE_PAISE: Readonly<Record<PlanId, number>> = {
  free: 249_00,
  plus: 149_00,
  pro: 99_00,
};

/** A piece not back within this many days of its end date is treated as bought. */
export const PURCHASE_AFTER_DAYS = 14;

/** Without damage protection, damage that cleaning or a small repair fixes costs this. */
export const REPAIR_FEE_PAISE = 500_00;

/** With damage protection, major damage or loss costs at most this percent of MRP. */
export const PROTECTED_DAMAGE_CAP_PERCENT = 25;

/**
 * The late days a piece owes, as the dates they fall on: each day after `endDate` up to and
 * including `lastDay` (the day it came back, or today while it is out), at most
 * PURCHASE_AFTER_DAYS of them (after that it is treated as bought).
 */
export function lateDays(endDate: string, lastDay: string): string[] {
  const count = Math.min(Math.max(daysBetween(endDate, lastDay), 0), PURCHASE_AFTER_DAYS);
  return Array.from({ length: count }, (_, i) => addDays(endDate, i + 1));
}

/** True once a piece still out on `today` is treated as bought. */
export function treatedAsBought(endDate: string, today: string): boolean {
  return daysBetween(endDate, today) > PURCHASE_AFTER_DAYS;
}

/**
 * The price of pieces treated as bought: their MRP less the rental paid for the line and the
 * late fees already paid for it (so the shopper never pays more than the MRP), never below 0.
 */
export function purchasePaise(input: {
  mrpPaise: number;
  pieces: number;
  rentalPaidPaise: number;
  lateFeesPaidPaise: number;
}): number {
  return Math.max(
    0,
    input.mrpPaise * input.pieces - input.rentalPaidPaise - input.lateFeesPaidPaise,
  );
}

/** The most a damage charge may be for one piece in this condition. */
export function damageCapPaise(
  condition: ReturnCondition,
  input: { mrpPaise: number; protectedByInsurance: boolean },
): number {
  switch (condition) {
    case 'good':
      return 0;
    case 'needs-repair':
      return input.protectedByInsurance ? 0 : REPAIR_FEE_PAISE;
    case 'major-damage':
    case 'lost':
      return input.protectedByInsurance
        ? Math.floor((input.mrpPaise * PROTECTED_DAMAGE_CAP_PERCENT) / 100)
        : input.mrpPaise;
  }
}

/**
 * The damage charge for pieces back in this condition: the cap per piece, or the lower amount an
 * operator entered for major damage or loss (a fixed repair fee is never changed). Undefined when
 * the entered amount is above the cap: the caller refuses it.
 */
export function damagePaise(
  condition: ReturnCondition,
  input: { mrpPaise: number; protectedByInsurance: boolean; pieces: number; askedPaise?: number },
): number | undefined {
  const cap = damageCapPaise(condition, input) * input.pieces;
  if (input.askedPaise === undefined || condition === 'good' || condition === 'needs-repair') {
    return cap;
  }
  return input.askedPaise > cap ? undefined : input.askedPaise;
}
