import nodemailer from 'nodemailer';
import { MailDeliveryError, type MailMessage, type Mailer } from './mailer.js';

/** Mail over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…:465). */
export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  // Message-IDs are made on the sender's own domain.
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'pehnava.local';
  return {
    kind: 'smtp',
    async send({ id, ...message }: MailMessage) {
      try {
        await transport.sendMail({
          from,
          ...message,
          ...(id ? { messageId: `<${id}@${domain}>` } : {}),
        });
      } catch (error) {
        throw new MailDeliveryError(error);
      }
    },
  };
}
