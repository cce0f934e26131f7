import { brandedMail } from '../../adapters/mail/layout.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

/** The sign-up code mail: the code and how long it is valid. */
export function otpMail({
  to,
  name,
  code,
  validMinutes,
}: {
  to: string;
  name: string;
  code: string;
  validMinutes: number;
}): MailMessage {
  return brandedMail({
    to,
    // The code stays out of the subject: subjects show in notifications and in logs.
    subject: 'Your Pehnava verification code',
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `Your Pehnava verification code is ${code}. Use it to verify your e-mail and create your account:`,
      },
      { kind: 'code', code },
      {
        kind: 'paragraph',
        text: `It is valid for ${validMinutes} minutes and can be used once.`,
      },
      {
        kind: 'note',
        text: 'If you did not ask to create a Pehnava account, you can ignore this e-mail.',
      },
    ],
  });
}
