import {
  BALANCE_REMINDERS_BATCH,
  LATE_FEES_BATCH,
  type Charges,
} from '../modules/bookings/charges.service.js';
import { OFF_SESSION_BATCH, type Balance } from '../modules/bookings/balance.service.js';
import { UNITS_READY_BATCH, type Units } from '../modules/units/units.service.js';
import type { Job } from './runner.js';

export const UNITS_READY_JOB = 'units-ready';
export const LATE_FEES_JOB = 'late-fees';
export const BALANCE_REMINDERS_JOB = 'balance-reminders';
export const BALANCE_OFF_SESSION_JOB = 'balance-off-session';

/** Cleaned units whose day has come are back in service (issue [J]). */
export function unitsReadyJob(units: Pick<Units, 'serveReady'>, intervalMs = 10 * 60_000): Job {
  return {
    name: UNITS_READY_JOB,
    intervalMs,
    batchSize: UNITS_READY_BATCH,
    run: () => units.serveReady(),
  };
}

/**
 * Late fees for pieces still out past their end date, a day at a time (idempotent per line and
 * day), and pieces kept 14 days treated as bought (decision 050).
 */
export function lateFeesJob(charges: Pick<Charges, 'accrueDue'>, intervalMs = 10 * 60_000): Job {
  return {
    name: LATE_FEES_JOB,
    intervalMs,
    batchSize: LATE_FEES_BATCH,
    run: () => charges.accrueDue(LATE_FEES_ACTOR),
  };
}

/** Shoppers with a balance due are reminded every 3 days while it is (decision 051). */
export function balanceRemindersJob(
  charges: Pick<Charges, 'remindDue'>,
  intervalMs = 60 * 60_000,
): Job {
  return {
    name: BALANCE_REMINDERS_JOB,
    intervalMs,
    batchSize: BALANCE_REMINDERS_BATCH,
    run: () => charges.remindDue(),
  };
}

/**
 * A plan shopper's final balance charged to their standing instruction, once per booking
 * (decision 051); charges the provider could not answer tried again.
 */
export function balanceOffSessionJob(
  balance: Pick<Balance, 'chargeOffSessionDue'>,
  intervalMs = 10 * 60_000,
): Job {
  return {
    name: BALANCE_OFF_SESSION_JOB,
    intervalMs,
    batchSize: OFF_SESSION_BATCH,
    run: () => balance.chargeOffSessionDue(),
  };
}

/** The late-fee job, as the units' history and the audit trail name it. */
const LATE_FEES_ACTOR = { id: null, email: 'late-fees job', role: 'system' };
