import { describe, expect, it } from 'vitest';
import type { MessageLanguage } from '@pehnava/shared';
import { SITE, expectEnglishMail, expectHindiMail } from '../../test/mail-language.js';
import { reviewHiddenMail } from './mails.js';

/* An operator hid a shopper's review: the mail in the author's language, the reason as written. */
const author = (language: MessageLanguage) => ({
  to: 'tara@pehnava.test',
  name: 'Tara Iyer',
  language,
});
const hidden = { productName: 'Rani Pink Lehenga', reason: 'It names another shopper' };

describe('reviewHiddenMail', () => {
  it('is English as it always was for an English account', () => {
    const mail = reviewHiddenMail(author('en'), hidden);
    expect(mail.subject).toBe('Your review of Rani Pink Lehenga is hidden');
    expect(mail.text).toBe(
      "Namaste Tara Iyer,\n\nWe have hidden your review of Rani Pink Lehenga: it no longer shows on the piece's page or counts in its rating.\n\nWhy: It names another shopper\n\nIf you think this is a mistake, reply to this e-mail and we will look again.\n\nPehnava · Occasion wear on rent, cleaned and delivered to your door",
    );
    expectEnglishMail(mail, { site: SITE });
    expect(reviewHiddenMail(author('en'), { ...hidden, productName: undefined }).subject).toBe(
      'Your review of a piece is hidden',
    );
  });

  it('is Hindi for a Hindi account, the product’s name and the operator’s reason as written', () => {
    const mail = reviewHiddenMail(author('hi'), hidden);
    expectHindiMail(mail, {
      site: SITE,
      data: ['Tara Iyer', 'Rani Pink Lehenga', 'It names another shopper'],
    });
    expect(mail.subject).toBe('Rani Pink Lehenga का आपका रिव्यू छिपा दिया गया है');
    expect(mail.text).toContain('वजह: It names another shopper');
    const gone = reviewHiddenMail(author('hi'), { ...hidden, productName: undefined });
    expect(gone.subject).toBe('एक पोशाक का आपका रिव्यू छिपा दिया गया है');
  });
});
