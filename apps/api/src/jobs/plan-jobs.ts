import {
  RENEWALS_BATCH_SIZE,
  type PlanBillingService,
} from '../modules/subscriptions/plan-billing.service.js';
import type { Job } from './runner.js';

export const PLAN_RENEWALS_JOB = 'plan-renewals';
export const PLAN_REMINDERS_JOB = 'plan-reminders';

/** At a period's end: charge the renewal to the shopper's mandate, or let the plan expire. */
export function planRenewalsJob(billing: PlanBillingService, intervalMs = 60_000): Job {
  return {
    name: PLAN_RENEWALS_JOB,
    intervalMs,
    batchSize: RENEWALS_BATCH_SIZE,
    run: () => billing.renewDue(),
  };
}

/** Three days before an automatic renewal, mail what will be charged and how to stop it. */
export function planRemindersJob(billing: PlanBillingService, intervalMs = 10 * 60_000): Job {
  return {
    name: PLAN_REMINDERS_JOB,
    intervalMs,
    batchSize: RENEWALS_BATCH_SIZE,
    run: () => billing.remindDue(),
  };
}
