import { mailWords, type MailRecipient } from '../../adapters/mail/language.js';
import { brandedMail } from '../../adapters/mail/layout.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

const HIDDEN = mailWords({
  en: {
    subject: (product: string) => `Your review of ${product} is hidden`,
    hidden: (product: string) =>
      `We have hidden your review of ${product}: it no longer shows on the piece's page or counts in its rating.`,
    why: 'Why',
    mistake: 'If you think this is a mistake, reply to this e-mail and we will look again.',
    /** The piece, when it is no longer in the catalogue. */
    aPiece: 'a piece',
  },
  hi: {
    subject: (product) => `${product} का आपका रिव्यू छिपा दिया गया है`,
    hidden: (product) =>
      `हमने ${product} का आपका रिव्यू छिपा दिया है: अब यह पोशाक के पेज पर नहीं दिखेगा और इसकी रेटिंग में भी नहीं गिना जाएगा।`,
    why: 'वजह',
    mistake: 'अगर आपको लगता है कि यह ग़लती से हुआ है, तो इस ई-मेल का जवाब दें, हम इसे फिर से देखेंगे।',
    aPiece: 'एक पोशाक',
  },
});

/**
 * An operator hid the shopper's review: why (the operator's words, as written), and that it no
 * longer counts. `productName` is absent when the piece has left the catalogue.
 */
export function reviewHiddenMail(
  recipient: MailRecipient,
  { productName, reason }: { productName: string | undefined; reason: string },
): MailMessage {
  const words = HIDDEN[recipient.language];
  const product = productName ?? words.aPiece;
  return brandedMail({
    ...recipient,
    subject: words.subject(product),
    blocks: [
      { kind: 'paragraph', text: words.hidden(product) },
      { kind: 'facts', rows: [[words.why, reason]] },
      { kind: 'note', text: words.mistake },
    ],
  });
}
