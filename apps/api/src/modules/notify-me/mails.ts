import { linkIn, mailDate, mailWords, type MailRecipient } from '../../adapters/mail/language.js';
import { brandedMail } from '../../adapters/mail/layout.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

const FREE = mailWords({
  en: {
    subject: (product: string, size: string) => `${product} in ${size} is free for your dates`,
    goodNews:
      'Good news: a piece you asked about is free again. It is not held for you, so book it soon if you still want it.',
    piece: 'Piece',
    size: 'Size',
    from: 'From',
    for: 'For',
    days: (days: number) => `${days} days`,
    button: 'See it and book',
    once: 'We send this once: your request is now closed. Ask again on the piece’s page if it is taken before you book.',
  },
  hi: {
    subject: (product, size) => `${product} साइज़ ${size} में आपकी तारीख़ों के लिए उपलब्ध है`,
    goodNews:
      'ख़ुशख़बरी: जिस पोशाक के बारे में आपने पूछा था, वह फिर से उपलब्ध है। इसे आपके लिए रोका नहीं गया है, इसलिए अगर आप अब भी इसे चाहते हैं तो जल्दी बुक कर लें।',
    piece: 'पोशाक',
    size: 'साइज़',
    from: 'कब से',
    for: 'कितने दिन',
    days: (days) => `${days} दिन`,
    button: 'देखें और बुक करें',
    once: 'यह मेल हम एक ही बार भेजते हैं: आपका अनुरोध अब बंद हो गया है। अगर आपके बुक करने से पहले कोई और इसे ले ले, तो पोशाक के पेज पर फिर से पूछें।',
  },
});

/** The one e-mail of a 'notify me' request: the size is free for the dates asked. */
export function notifyMeFreeMail(
  recipient: MailRecipient,
  ask: { productName: string; size: string; startDate: string; durationDays: number; link: string },
): MailMessage {
  const { language } = recipient;
  const words = FREE[language];
  return brandedMail({
    ...recipient,
    subject: words.subject(ask.productName, ask.size),
    blocks: [
      { kind: 'paragraph', text: words.goodNews },
      {
        kind: 'facts',
        rows: [
          [words.piece, ask.productName],
          [words.size, ask.size],
          [words.from, mailDate(ask.startDate, language)],
          [words.for, words.days(ask.durationDays)],
        ],
      },
      { kind: 'button', label: words.button, url: linkIn(ask.link, language) },
      { kind: 'note', text: words.once },
    ],
  });
}
