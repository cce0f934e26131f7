import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from './mailer.js';

/** The sign-up code mail: the code and how long it is valid, in HTML and plain text. */
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
  // The code stays out of the subject: subjects show in notifications and in logs.
  const subject = 'Your Pehnava verification code';
  const text = [
    `Namaste ${name},`,
    '',
    `Your Pehnava verification code is ${code}.`,
    `It is valid for ${validMinutes} minutes and can be used once.`,
    '',
    'If you did not ask to create a Pehnava account, you can ignore this e-mail.',
    '',
    'Pehnava · occasion wear on rent',
  ].join('\n');
  const html = `<!doctype html><html lang="en-IN"><body style="margin:0;background:#fdfaf4;font-family:Arial,Helvetica,sans-serif;color:#1f1a17">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#4a1025;padding:20px 28px;font-family:Georgia,serif;font-size:26px;color:#ffffff">Pehnava</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 12px;font-size:16px">Namaste ${escapeHtml(name)},</p>
<p style="margin:0 0 20px;font-size:15px;line-height:1.5">Use this code to verify your e-mail and create your Pehnava account:</p>
<p style="margin:0 0 20px;font-size:34px;letter-spacing:10px;font-weight:bold;color:#7a1f3d;text-align:center" data-otp>${code}</p>
<p style="margin:0 0 8px;font-size:14px;color:#57534e">The code is valid for ${validMinutes} minutes and can be used once.</p>
<p style="margin:0;font-size:13px;color:#78716c">If you did not ask to create a Pehnava account, you can ignore this e-mail.</p>
</td></tr>
<tr><td style="padding:16px 28px;background:#fbf3f5;font-size:12px;color:#78716c">Pehnava · occasion wear on rent, cleaned and delivered to your door</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}
