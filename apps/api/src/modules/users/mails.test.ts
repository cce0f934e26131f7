import { describe, expect, it } from 'vitest';
import { SITE, expectEnglishMail, expectHindiMail } from '../../test/mail-language.js';
import { otpMail } from './mails.js';

/* The sign-up code mail, in the language the shopper signs up in (English unless given). */
const signUp = { to: 'tara@pehnava.test', name: 'Tara Iyer', code: '482913', validMinutes: 10 };

describe('otpMail', () => {
  it('is English as it always was when no language is given, and the same for English', () => {
    const mail = otpMail(signUp);
    expect(mail.subject).toBe('Your Pehnava verification code');
    expect(mail.text).toBe(
      'Namaste Tara Iyer,\n\nYour Pehnava verification code is 482913. Use it to verify your e-mail and create your account:\n\n    482913\n\nIt is valid for 10 minutes and can be used once.\n\nIf you did not ask to create a Pehnava account, you can ignore this e-mail.\n\nPehnava · Occasion wear on rent, cleaned and delivered to your door',
    );
    expectEnglishMail(mail, { site: SITE });
    expect(otpMail({ ...signUp, language: 'en' })).toEqual(mail);
  });

  it('is Hindi for a shopper signing up in Hindi, the code still out of the subject', () => {
    const mail = otpMail({ ...signUp, language: 'hi' });
    expectHindiMail(mail, { site: SITE, data: ['Tara Iyer'] });
    expect(mail.subject).toBe('आपका पहनावा वेरिफ़िकेशन कोड');
    expect(mail.subject).not.toContain('482913');
    expect(mail.text).toContain('आपका पहनावा वेरिफ़िकेशन कोड 482913 है।');
    expect(mail.text).toContain('\n    482913\n');
    expect(mail.text).toContain('यह 10 मिनट तक मान्य है');
    expect(mail.html).toContain('data-code>482913</p>');
  });
});
