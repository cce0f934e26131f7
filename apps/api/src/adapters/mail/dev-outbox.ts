import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DevMail } from '@pehnava/shared';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from './mailer.js';

export type OutboxMail = DevMail;

export type DevOutbox = Mailer & { list(): OutboxMail[] };

/**
 * The development mailbox, used when SMTP is not configured (never in production): every mail is
 * kept, newest first, for /dev/mail and /api/dev/mail, and its arrival is logged. The log line
 * names the mail's id and subject only: addresses, codes and links stay out of logs.
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
  const mails: OutboxMail[] = [];
  return {
    kind: 'dev-outbox',
    async send(message) {
      const mail = { id: randomUUID(), from, sentAt: clock.now().toISOString(), ...message };
      mails.unshift(mail);
      mails.length = Math.min(mails.length, capacity);
      logger.info(
        { mailId: mail.id, subject: mail.subject },
        'mail kept in the development mailbox: open /dev/mail to read it',
      );
    },
    list: () => [...mails],
  };
}
