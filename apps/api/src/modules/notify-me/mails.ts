import { formatIsoDate } from '@pehnava/shared';
import { brandedMail } from '../../adapters/mail/layout.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

/** The one e-mail of a 'notify me' request: the size is free for the dates asked. */
export function notifyMeFreeMail(
  { to, name }: { to: string; name: string },
  ask: { productName: string; size: string; startDate: string; durationDays: number; link: string },
): MailMessage {
  return brandedMail({
    to,
    subject: `${ask.productName} in ${ask.size} is free for your dates`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `Good news: a piece you asked about is free again. It is not held for you, so book it soon if you still want it.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Piece', ask.productName],
          ['Size', ask.size],
          ['From', formatIsoDate(ask.startDate)],
          ['For', `${ask.durationDays} days`],
        ],
      },
      { kind: 'button', label: 'See it and book', url: ask.link },
      {
        kind: 'note',
        text: 'We send this once: your request is now closed. Ask again on the piece’s page if it is taken before you book.',
      },
    ],
  });
}
