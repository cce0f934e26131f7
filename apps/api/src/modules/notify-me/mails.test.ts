import { describe, expect, it } from 'vitest';
import type { MessageLanguage } from '@pehnava/shared';
import { SITE, expectEnglishMail, expectHindiMail, hindiDate } from '../../test/mail-language.js';
import { notifyMeFreeMail } from './mails.js';

/* The one mail of a 'notify me' request, in the shopper's language, linking to its shop. */
const shopper = (language: MessageLanguage) => ({
  to: 'tara@pehnava.test',
  name: 'Tara Iyer',
  language,
});
const link = `${SITE}/product/6f1d2c3b?size=M&start=2026-12-20&days=4`;
const ask = {
  productName: 'Rani Pink Lehenga',
  size: 'M',
  startDate: '2026-12-20',
  durationDays: 4,
  link,
};

describe('notifyMeFreeMail', () => {
  it('is English as it always was for an English account, linking to the English page', () => {
    const mail = notifyMeFreeMail(shopper('en'), ask);
    expect(mail.subject).toBe('Rani Pink Lehenga in M is free for your dates');
    expect(mail.text).toBe(
      `Namaste Tara Iyer,\n\nGood news: a piece you asked about is free again. It is not held for you, so book it soon if you still want it.\n\nPiece: Rani Pink Lehenga\nSize: M\nFrom: Sun, 20 Dec, 2026\nFor: 4 days\n\nSee it and book: ${link}\n\nWe send this once: your request is now closed. Ask again on the piece’s page if it is taken before you book.\n\nPehnava · Occasion wear on rent, cleaned and delivered to your door`,
    );
    expectEnglishMail(mail, { site: SITE });
  });

  it('is Hindi for a Hindi account: the date in hi-IN, the link to the Hindi page', () => {
    const mail = notifyMeFreeMail(shopper('hi'), ask);
    expectHindiMail(mail, { site: SITE, data: ['Tara Iyer', 'Rani Pink Lehenga'] });
    expect(mail.subject).toBe('Rani Pink Lehenga साइज़ M में आपकी तारीख़ों के लिए उपलब्ध है');
    expect(mail.text).toContain(`कब से: ${hindiDate('2026-12-20')}`);
    expect(mail.text).toContain('कितने दिन: 4 दिन');
    expect(mail.text).toContain(
      `देखें और बुक करें: ${SITE}/hi/product/6f1d2c3b?size=M&start=2026-12-20&days=4`,
    );
  });
});
