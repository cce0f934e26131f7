import type { NotifyMe } from '../modules/notify-me/notify-me.service.js';
import type { Job } from './runner.js';

export const NOTIFY_ME_JOB = 'notify-me';

/**
 * 'Notify me' requests asked about in turn (decision 070): whichever way a piece came free, its
 * shoppers are e-mailed within a run or two; every 30 s, so within a minute while fewer than two
 * batches (NOTIFY_ME_BATCH) of requests are open.
 */
export function notifyMeJob(notifyMe: Pick<NotifyMe, 'notifyDue'>, intervalMs = 30_000): Job {
  return {
    name: NOTIFY_ME_JOB,
    intervalMs,
    // The run's count is the e-mails written, never a full batch: the next run waits its turn.
    batchSize: Number.POSITIVE_INFINITY,
    run: () => notifyMe.notifyDue(),
  };
}
