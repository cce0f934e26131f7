import type { FastifyPluginAsync } from 'fastify';
import type { DevOutbox, OutboxMail } from '../../adapters/mail/dev-outbox.js';
import { escapeHtml } from '../../lib/html.js';

const sentAt = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'medium',
  });

/** The mail's files, each a link to download it. */
function attachmentList(mail: OutboxMail): string {
  if (mail.attachments.length === 0) return '';
  const items = mail.attachments
    .map(
      (file, index) =>
        `<li><a href="/api/dev/mail/${encodeURIComponent(mail.id)}/attachments/${index}" download="${escapeHtml(file.filename)}">${escapeHtml(file.filename)}</a> <span>${Math.ceil(file.size / 1024)} KB</span></li>`,
    )
    .join('');
  return `<ul class="files" data-attachments aria-label="Attachments">${items}</ul>`;
}

function mailCard(mail: OutboxMail): string {
  return `<article class="mail" data-mail-id="${escapeHtml(mail.id)}">
<header><h2>${escapeHtml(mail.subject)}</h2>
<p>To <strong data-to>${escapeHtml(mail.to)}</strong> from ${escapeHtml(mail.from)} · ${escapeHtml(sentAt(mail.sentAt))} IST</p></header>
${attachmentList(mail)}
<details open><summary>As the shopper sees it (HTML)</summary>
<iframe title="${escapeHtml(mail.subject)}" sandbox srcdoc="${escapeHtml(mail.html)}"></iframe></details>
<details><summary>Plain-text part</summary><pre data-text>${escapeHtml(mail.text)}</pre></details>
</article>`;
}

/** The development mailbox as a page to read; the same mails as JSON at /api/dev/mail. */
export function devMailPage(mails: OutboxMail[]): string {
  const body =
    mails.length === 0
      ? '<p class="empty">No mail yet. Sign up on the site and the code arrives here.</p>'
      : mails.map(mailCard).join('\n');
  return `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Development mailbox · Pehnava</title>
<style>
body{margin:0;background:#fdfaf4;color:#1f1a17;font:15px/1.5 system-ui,sans-serif}
main{max-width:760px;margin:0 auto;padding:24px 16px 48px}
h1{font:400 28px Georgia,serif;color:#4a1025;margin:0 0 4px}
.note{color:#57534e;margin:0 0 24px}
.mail{background:#fff;border:1px solid #eadfd3;border-radius:12px;padding:16px;margin-bottom:16px}
.mail h2{font-size:17px;margin:0}.mail header p{margin:2px 0 12px;color:#57534e;font-size:13px;overflow-wrap:anywhere}
summary{cursor:pointer;color:#7a1f3d;font-weight:600;margin:8px 0}
iframe{width:100%;height:440px;border:1px solid #eadfd3;border-radius:8px;background:#fdfaf4}
pre{white-space:pre-wrap;background:#fbf3f5;padding:12px;border-radius:8px;font-size:13px}
.files{list-style:none;margin:0 0 8px;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.files li{background:#fbf3f5;border:1px solid #eadfd3;border-radius:8px;padding:6px 10px;font-size:13px}
.files a{color:#7a1f3d;font-weight:600}.files span{color:#57534e}
.empty{background:#fff;border:1px dashed #d6c7b8;border-radius:12px;padding:24px;text-align:center;color:#57534e}
</style></head>
<body><main><h1>Development mailbox</h1>
<p class="note">Mail that would have gone out by SMTP, newest first (${mails.length} kept in memory until the server restarts). This page does not exist in production. JSON: <a href="/api/dev/mail">/api/dev/mail</a>.</p>
${body}
</main></body></html>`;
}

/** GET /dev/mail. Registered only when mail goes to the development mailbox, never in production. */
export const devMailPages: FastifyPluginAsync<{ devOutbox: DevOutbox }> = async (
  app,
  { devOutbox },
) => {
  app.get('/dev/mail', async (_request, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return devMailPage(devOutbox.list());
  });
};
