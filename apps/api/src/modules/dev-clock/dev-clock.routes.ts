import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OffsetClock } from '../../lib/clock.js';
import type { JobRunner } from '../../jobs/runner.js';
import { BOOKING_HOLDS_JOB } from '../../jobs/payment-jobs.js';
import { PLAN_REMINDERS_JOB, PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';
import {
  BALANCE_OFF_SESSION_JOB,
  BALANCE_REMINDERS_JOB,
  LATE_FEES_JOB,
  UNITS_READY_JOB,
} from '../../jobs/unit-jobs.js';

const advanceBodySchema = z.object({
  /** How far to move the clock forward, at most a year. */
  ms: z
    .number()
    .int()
    .positive()
    .max(366 * 86_400_000),
});
const advanceResponseSchema = z.object({ success: z.literal(true), now: z.string() });

/**
 * POST /api/dev/clock: move the server's clock forward, then run the jobs that depend on time
 * (unpaid bookings' holds, late fees and the 14-day purchase, cleaned units back in service,
 * balance reminders, plan renewals and their reminders), as a browser test needs. Registered only with TEST_CLOCK=true, which
 * production refuses.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{
  clock: OffsetClock;
  jobs: JobRunner;
}> = async (app, { clock, jobs }) => {
  app.post(
    '/dev/clock',
    {
      schema: {
        tags: ['Development'],
        summary: 'Move the server clock forward and run the time-driven jobs (TEST_CLOCK only)',
        body: advanceBodySchema,
        response: { 200: advanceResponseSchema },
      },
    },
    async (request) => {
      clock.advance(request.body.ms);
      const timeDriven = [
        BOOKING_HOLDS_JOB,
        LATE_FEES_JOB,
        UNITS_READY_JOB,
        BALANCE_REMINDERS_JOB,
        BALANCE_OFF_SESSION_JOB,
        PLAN_RENEWALS_JOB,
        PLAN_REMINDERS_JOB,
      ];
      for (const job of timeDriven) await jobs.runNow(job);
      return { success: true as const, now: clock.now().toISOString() };
    },
  );
};
