import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DevMail } from '@pehnava/shared';
import type { Clock } from '../../lib/clock.js';
import type { MailAttachment, Mailer } from './mailer.js';

export type OutboxMail = DevMail;

export type DevOutbox = Mailer & {
  list(): OutboxMail[];
  /** A kept mail's file by its place in the mail's list, for downloading. */
  attachment(mailId: string, index: number): MailAttachment | undefined;
};

/**
 * The development mailbox, used when SMTP is not configured (never in production): every mail is
 * kept, newest first, for /dev/mail and /api/dev/mail, with its files (a tax invoice's PDF) to
 * download, and its arrival is logged. The log line names the mail's id and subject only:
 * addresses, codes and links stay out of logs.
 */
export function createDevOutbox({
  from,
  logger,
  clock,
  capacity = 200,
}: {
  from: string;
  logger: Pick<FastifyBaseLogger, 'info'>;
  clock: Clock;
  capacity?: number;
}): DevOutbox {
  const mails: { mail: OutboxMail; files: MailAttachment[] }[] = [];
  return {
    kind: 'dev-outbox',
    async send({ attachments: files = [], ...message }) {
      const mail = {
        id: randomUUID(),
        from,
        sentAt: clock.now().toISOString(),
        ...message,
        attachments: files.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          size: content.length,
        })),
      };
      mails.unshift({ mail, files });
      mails.length = Math.min(mails.length, capacity);
      logger.info(
        { mailId: mail.id, subject: mail.subject },
        'mail kept in the development mailbox: open /dev/mail to read it',
      );
    },
    list: () => mails.map(({ mail }) => mail),
    attachment: (mailId, index) => mails.find(({ mail }) => mail.id === mailId)?.files[index],
  };
}
