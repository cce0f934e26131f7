import type { FastifyBaseLogger } from 'fastify';
import type { MailAttachment, MailMessage, Mailer } from '../../adapters/mail/mailer.js';
import type { OutboxAttachmentRecord } from '../../db/schema/index.js';
import { backoffMs, describeFailure } from '../../lib/backoff.js';
import type { Clock } from '../../lib/clock.js';
import type { OutboxMailRow, OutboxRepository } from './outbox.repository.js';

/** Mails taken per run; a full batch makes the job run again at once. */
export const OUTBOX_BATCH_SIZE = 20;
/** How long a claimed mail is left to its runner before another may take it. */
export const OUTBOX_LEASE_MS = 2 * 60_000;
/** Tries before a mail is given up (about 4 hours of backoff in all). */
export const OUTBOX_MAX_ATTEMPTS = 10;

/** Wait before try n+1 after n failed tries: 30 s, 1 min, 2 min … at most an hour. */
export const outboxBackoffMs = (failedTries: number): number => backoffMs(failedTries);

/** Makes the file a queued mail refers to, as it is sent (decision 082). */
export interface MailAttachmentSource {
  /** The file, or undefined when the reference names nothing. */
  fileOf(reference: OutboxAttachmentRecord): Promise<MailAttachment | undefined>;
}

export interface MailOutboxDeps {
  repository: OutboxRepository;
  mailer: Mailer;
  /** The files mails carry by reference (tax documents' PDFs). */
  attachments: MailAttachmentSource;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Sends queued mail: the work of the mail-outbox job. A mail is claimed (leased), handed to the
 * mail server, then recorded as sent. Handing over and recording cannot be one transaction: when
 * the database goes away between the two, the mail has left and its row still says pending. Such
 * a mail is remembered here and recorded first thing in the next run, before anything is claimed,
 * and is never handed over again by this process; its lease keeps other runners off it meanwhile.
 * Only a process that dies in that gap, with the database away for longer than the lease, can
 * leave a mail to be sent twice, and then both copies carry the mail's one Message-ID (its row's
 * id), so a mail program shows it once.
 */
export function createMailOutbox({
  repository,
  mailer,
  attachments,
  clock,
  logger,
}: MailOutboxDeps) {
  /** Mails handed to the mail server and not yet recorded as sent. */
  const unrecorded = new Set<string>();

  async function recordSent(id: string) {
    unrecorded.add(id);
    await repository.markSent(id);
    unrecorded.delete(id);
  }

  /**
   * The files a mail refers to, made now. A reference that names nothing, or a file that cannot
   * be made, is left out with a warning and the mail goes without it: a confirmation is never
   * held back or lost for its attachment, and the document stays downloadable (decision 082).
   */
  async function filesOf(row: OutboxMailRow): Promise<MailAttachment[]> {
    const files: MailAttachment[] = [];
    for (const reference of row.attachments) {
      const fields = { mailId: row.id, kind: row.kind, ...reference };
      try {
        const file = await attachments.fileOf(reference);
        if (file) files.push(file);
        else logger.warn(fields, 'a mail’s attachment names nothing; the mail goes without it');
      } catch (error) {
        logger.error(
          { ...fields, error: describeFailure(error) },
          'a mail’s attachment could not be made; the mail goes without it',
        );
      }
    }
    return files;
  }

  return {
    /** Send every due mail of one batch; returns how many were taken. */
    async deliverDue(): Promise<number> {
      // What an earlier run handed over but could not record: recorded now, or this run fails
      // here, before it claims anything (so nothing claimed below is one of them).
      for (const id of [...unrecorded]) await recordSent(id);
      const claimed = await repository.claimDue(
        OUTBOX_BATCH_SIZE,
        new Date(clock.now().getTime() + OUTBOX_LEASE_MS),
      );
      for (const row of claimed) {
        const message: MailMessage = {
          id: row.id,
          to: row.recipient,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          ...(row.attachments.length > 0 ? { attachments: await filesOf(row) } : {}),
        };
        try {
          await mailer.send(message);
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
          continue;
        }
        // A failure here (the database gone) ends the run: the rest stay leased, unsent.
        await recordSent(row.id);
      }
      return claimed.length;
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
