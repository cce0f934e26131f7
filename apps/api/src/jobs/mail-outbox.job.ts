import { OUTBOX_BATCH_SIZE, type MailOutbox } from '../modules/mail/outbox.service.js';
import type { Job } from './runner.js';

export const MAIL_OUTBOX_JOB = 'mail-outbox';

/** Send due mail from the outbox: every few seconds, and at once after a commit that queued some. */
export function mailOutboxJob(outbox: MailOutbox, intervalMs = 5_000): Job {
  return {
    name: MAIL_OUTBOX_JOB,
    intervalMs,
    batchSize: OUTBOX_BATCH_SIZE,
    run: () => outbox.deliverDue(),
  };
}
