import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from '../../adapters/mail/mailer.js';
import { backoffMs, describeFailure } from '../../lib/backoff.js';
import type { Clock } from '../../lib/clock.js';
import type { OutboxRepository } from './outbox.repository.js';

/** Mails taken per run; a full batch makes the job run again at once. */
export const OUTBOX_BATCH_SIZE = 20;
/** How long a claimed mail is left to its runner before another may take it. */
export const OUTBOX_LEASE_MS = 2 * 60_000;
/** Tries before a mail is given up (about 4 hours of backoff in all). */
export const OUTBOX_MAX_ATTEMPTS = 10;

/** Wait before try n+1 after n failed tries: 30 s, 1 min, 2 min … at most an hour. */
export const outboxBackoffMs = (failedTries: number): number => backoffMs(failedTries);

export interface MailOutboxDeps {
  repository: OutboxRepository;
  mailer: Mailer;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Sends queued mail: the work of the mail-outbox job. */
export function createMailOutbox({ repository, mailer, clock, logger }: MailOutboxDeps) {
  return {
    /** Send every due mail of one batch; returns how many were taken. */
    async deliverDue(): Promise<number> {
      const claimed = await repository.claimDue(
        OUTBOX_BATCH_SIZE,
        new Date(clock.now().getTime() + OUTBOX_LEASE_MS),
      );
      for (const row of claimed) {
        const message: MailMessage = {
          to: row.recipient,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
        };
        try {
          await mailer.send(message);
          await repository.markSent(row.id);
        } catch (error) {
          const givenUp = row.attempts >= OUTBOX_MAX_ATTEMPTS;
          const retryAt = givenUp
            ? null
            : new Date(clock.now().getTime() + outboxBackoffMs(row.attempts));
          await repository.markFailedTry(row.id, describeFailure(error), retryAt);
          // The log names the mail by id and kind only: no address, subject or body.
          const fields = { mailId: row.id, kind: row.kind, attempts: row.attempts };
          if (givenUp) logger.error(fields, 'mail given up after its last try');
          else logger.warn({ ...fields, retryAt }, 'mail not sent; it will be tried again');
        }
      }
      return claimed.length;
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
