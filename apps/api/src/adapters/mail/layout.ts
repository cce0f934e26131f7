import { LANGUAGE_LOCALES } from '@pehnava/shared';
import { escapeHtml } from '../../lib/html.js';
import { mailWords, type MailRecipient } from './language.js';
import type { MailMessage } from './mailer.js';

/** One piece of a mail's body, drawn in both the HTML and the plain-text part. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** A code to copy (sign-up), set large and spaced. */
  | { kind: 'code'; code: string }
  /** Label and value rows (a booking's items, amounts, dates). */
  | { kind: 'facts'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** A call to action with its address (written out in the plain-text part). */
  | { kind: 'button'; label: string; url: string }
  /** A quieter line: why the shopper got this mail, what to do if it was not them. */
  | { kind: 'note'; text: string };

/** A mail to `recipient`, written in their language: it is greeted and signed off in it too. */
export interface BrandedMail extends MailRecipient {
  subject: string;
  blocks: MailBlock[];
}

/** The layout's own words: the greeting ('Namaste Tara,') and the footer. */
const WORDS = mailWords({
  en: {
    greeting: (name: string) => `Namaste ${name},`,
    footer: 'Pehnava · Occasion wear on rent, cleaned and delivered to your door',
  },
  hi: {
    greeting: (name) => `नमस्ते ${name},`,
    footer: 'पहनावा · ख़ास मौक़ों के कपड़े किराए पर, साफ़ करके आपके दरवाज़े तक पहुँचाए हुए',
  },
});

const BRAND = {
  /** The wordmark in the header, in Latin letters in every language (as the shop's header). */
  name: 'Pehnava',
  plum: '#4a1025',
  rose: '#7a1f3d',
  paper: '#fdfaf4',
  blush: '#fbf3f5',
  ink: '#1f1a17',
  muted: '#57534e',
} as const;

function htmlBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.55">${escapeHtml(block.text)}</p>`;
    case 'code':
      return `<p style="margin:4px 0 20px;font-size:34px;letter-spacing:10px;font-weight:bold;color:${BRAND.rose};text-align:center" data-code>${escapeHtml(block.code)}</p>`;
    case 'facts':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px;border-collapse:collapse">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;color:${BRAND.muted};vertical-align:top;border-bottom:1px solid #f0e6dc">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right;vertical-align:top;border-bottom:1px solid #f0e6dc">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'button':
      return `<p style="margin:8px 0 20px"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:${BRAND.rose};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px">${escapeHtml(block.label)}</a></p>`;
    case 'note':
      return `<p style="margin:0 0 8px;font-size:13px;color:${BRAND.muted}">${escapeHtml(block.text)}</p>`;
  }
}

function textBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'code':
      return `    ${block.code}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'button':
      return `${block.label}: ${block.url}`;
  }
}

/**
 * Every Pehnava mail in one branded layout: a plum header with the name, the body, and a footer
 * with the tagline; the plain-text part says the same in the same order. Every piece of text is
 * escaped, so a shopper's name cannot add markup. The greeting, the footer and the page's `lang`
 * are the recipient's language's; the blocks come written in it.
 */
export function brandedMail({ to, name, language, subject, blocks }: BrandedMail): MailMessage {
  const words = WORDS[language];
  const greeting = words.greeting(name);
  const text = [
    greeting,
    '',
    ...blocks.flatMap((block) => [textBlock(block), '']),
    words.footer,
  ].join('\n');
  const html = `<!doctype html><html lang="${LANGUAGE_LOCALES[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:${BRAND.paper};font-family:Arial,Helvetica,sans-serif;color:${BRAND.ink}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND.plum};padding:20px 28px;font-family:Georgia,serif;font-size:26px;color:#ffffff">${BRAND.name}</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 14px;font-size:16px">${escapeHtml(greeting)}</p>
${blocks.map(htmlBlock).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;background:${BRAND.blush};font-size:12px;color:#78716c">${escapeHtml(words.footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}
