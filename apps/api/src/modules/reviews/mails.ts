import { brandedMail } from '../../adapters/mail/layout.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

/** An operator hid the shopper's review: why, and that it no longer counts. */
export function reviewHiddenMail(
  { to, name }: { to: string; name: string },
  { productName, reason }: { productName: string; reason: string },
): MailMessage {
  return brandedMail({
    to,
    subject: `Your review of ${productName} is hidden`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `We have hidden your review of ${productName}: it no longer shows on the piece's page or counts in its rating.`,
      },
      { kind: 'facts', rows: [['Why', reason]] },
      {
        kind: 'note',
        text: 'If you think this is a mistake, reply to this e-mail and we will look again.',
      },
    ],
  });
}
