import {
  dateFormatsIn,
  pathInLanguage,
  pathWithoutLanguage,
  type IsoDate,
  type MessageLanguage,
} from '@pehnava/shared';

/**
 * Who a mail is for: the address, the name they gave, and the language they read their mails in
 * (the account's; DECISIONS.md 'Languages and messages'). Every mail is written whole in it.
 */
export interface MailRecipient {
  to: string;
  name: string;
  language: MessageLanguage;
}

/** The recipient of a mail to an account: its address and name, in its language. */
export function recipientOf(user: {
  email: string;
  name: string;
  language: string;
}): MailRecipient {
  return { to: user.email, name: user.name, language: user.language === 'hi' ? 'hi' : 'en' };
}

/**
 * A mail's words in each language. The English's shape is the one the Hindi must have (the same
 * keys, each sentence a function of the same values), so the two cannot drift apart: a key added
 * to one and not the other fails the typecheck.
 */
export function mailWords<T extends object>(words: {
  en: T;
  hi: NoInfer<T>;
}): Readonly<Record<MessageLanguage, T>> {
  return words;
}

/** A calendar date as a mail in `language` writes it: 'Sat, 28 Nov, 2026' / 'शनि, 28 नव॰ 2026'. */
export const mailDate = (date: IsoDate, language: MessageLanguage): string =>
  dateFormatsIn(language).isoDate(date);

/** Payment methods as a Hindi mail names them; others (UPI, EMI…) by their code in capitals. */
const METHODS_HI: Partial<Record<string, string>> = {
  card: 'कार्ड',
  netbanking: 'नेटबैंकिंग',
  wallet: 'वॉलेट',
};

/**
 * A payment method ('upi', 'card', as the provider names it) as a mail in `language` names it: in
 * capitals in English (UPI, CARD), as it always was; in Hindi by its Hindi name (UPI, कार्ड).
 */
export const paymentMethodIn = (method: string, language: MessageLanguage): string =>
  (language === 'hi' ? METHODS_HI[method] : undefined) ?? method.toUpperCase();

/**
 * A link to the shop, to its page in the mail's language: in a Hindi mail the same page of the
 * Hindi shop (https://pehnava.in/orders → https://pehnava.in/hi/orders), the origin, query and
 * fragment as they were. An English mail's links are left exactly as given.
 */
export function linkIn(url: string, language: MessageLanguage): string {
  if (language === 'en') return url;
  const [, origin = '', path = '', rest = ''] =
    /^([a-z][a-z\d+.-]*:\/\/[^/?#]*)?([^?#]*)(.*)$/is.exec(url)!;
  return `${origin}${pathInLanguage(pathWithoutLanguage(path || '/'), language)}${rest}`;
}
