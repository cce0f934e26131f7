import type { MessageLanguage } from '@pehnava/shared';
import { mailWords } from '../../adapters/mail/language.js';
import { brandedMail } from '../../adapters/mail/layout.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

const OTP = mailWords({
  en: {
    // The code stays out of the subject: subjects show in notifications and in logs.
    subject: 'Your Pehnava verification code',
    codeIs: (code: string) =>
      `Your Pehnava verification code is ${code}. Use it to verify your e-mail and create your account:`,
    validFor: (minutes: number) => `It is valid for ${minutes} minutes and can be used once.`,
    notYou: 'If you did not ask to create a Pehnava account, you can ignore this e-mail.',
  },
  hi: {
    subject: 'आपका पहनावा वेरिफ़िकेशन कोड',
    codeIs: (code) =>
      `आपका पहनावा वेरिफ़िकेशन कोड ${code} है। अपना ई-मेल वेरिफ़ाई करने और अपना खाता बनाने के लिए इसका इस्तेमाल करें:`,
    validFor: (minutes) => `यह ${minutes} मिनट तक मान्य है और सिर्फ़ एक बार इस्तेमाल किया जा सकता है।`,
    notYou: 'अगर आपने पहनावा पर खाता बनाने के लिए नहीं कहा था, तो इस ई-मेल को अनदेखा कर दें।',
  },
});

/**
 * The sign-up code mail: the code and how long it is valid, in the language the shopper signs up
 * in (English unless given).
 */
export function otpMail({
  to,
  name,
  code,
  validMinutes,
  language = 'en',
}: {
  to: string;
  name: string;
  code: string;
  validMinutes: number;
  language?: MessageLanguage;
}): MailMessage {
  const words = OTP[language];
  return brandedMail({
    to,
    name,
    language,
    subject: words.subject,
    blocks: [
      { kind: 'paragraph', text: words.codeIs(code) },
      { kind: 'code', code },
      { kind: 'paragraph', text: words.validFor(validMinutes) },
      { kind: 'note', text: words.notYou },
    ],
  });
}
