import { describe, expect, it } from 'vitest';
import { expectHindiMail, hindiDate } from '../../test/mail-language.js';
import { linkIn, mailDate, mailWords, paymentMethodIn, recipientOf } from './language.js';
import { brandedMail } from './layout.js';

/*
 * The mails' languages (DECISIONS.md 'Languages and messages'): who a mail is for and in which
 * language, dates and links as a mail in each writes them, and the branded layout's own words.
 */
describe('recipientOf', () => {
  it('takes the account’s address, name and language; anything but Hindi is English', () => {
    const tara = { email: 'tara@pehnava.test', name: 'Tara Iyer' };
    expect(recipientOf({ ...tara, language: 'hi' })).toEqual({
      to: 'tara@pehnava.test',
      name: 'Tara Iyer',
      language: 'hi',
    });
    expect(recipientOf({ ...tara, language: 'en' }).language).toBe('en');
    expect(recipientOf({ ...tara, language: 'ta' }).language).toBe('en');
  });
});

describe('mailDate', () => {
  it('writes a calendar date in en-IN as before, and in hi-IN for Hindi', () => {
    expect(mailDate('2026-11-28', 'en')).toBe('Sat, 28 Nov, 2026');
    expect(mailDate('2026-11-28', 'hi')).toBe(hindiDate('2026-11-28'));
    expect(mailDate('2026-11-28', 'hi')).toMatch(/^शनि, 28 .+ 2026$/);
  });
});

describe('paymentMethodIn', () => {
  it('names a method in capitals in English, as before, and by its Hindi name in Hindi', () => {
    expect(['upi', 'card', 'netbanking'].map((m) => paymentMethodIn(m, 'en'))).toEqual([
      'UPI',
      'CARD',
      'NETBANKING',
    ]);
    expect(
      ['upi', 'card', 'netbanking', 'wallet', 'emi'].map((m) => paymentMethodIn(m, 'hi')),
    ).toEqual(['UPI', 'कार्ड', 'नेटबैंकिंग', 'वॉलेट', 'EMI']);
  });
});

describe('linkIn', () => {
  it('leaves an English mail’s links exactly as given', () => {
    for (const url of [
      'https://pehnava.example/orders',
      'https://pehnava.example',
      'https://pehnava.example/product/p1?size=M&start=2026-12-20#top',
    ]) {
      expect(linkIn(url, 'en')).toBe(url);
    }
  });

  it('sends a Hindi mail’s links to the same page of the Hindi shop, on the same origin', () => {
    expect(linkIn('https://pehnava.example/orders', 'hi')).toBe(
      'https://pehnava.example/hi/orders',
    );
    expect(linkIn('http://localhost:5173/orders/abc/choose', 'hi')).toBe(
      'http://localhost:5173/hi/orders/abc/choose',
    );
    expect(linkIn('https://pehnava.example/product/p1?size=M&days=4#reviews', 'hi')).toBe(
      'https://pehnava.example/hi/product/p1?size=M&days=4#reviews',
    );
    expect(linkIn('https://pehnava.example', 'hi')).toBe('https://pehnava.example/hi');
    expect(linkIn('https://pehnava.example/', 'hi')).toBe('https://pehnava.example/hi');
    expect(linkIn('https://pehnava.example/?ref=mail', 'hi')).toBe(
      'https://pehnava.example/hi?ref=mail',
    );
    // Already a Hindi page: left as it is.
    expect(linkIn('https://pehnava.example/hi/orders', 'hi')).toBe(
      'https://pehnava.example/hi/orders',
    );
    expect(linkIn('/subscription-plans', 'hi')).toBe('/hi/subscription-plans');
  });
});

describe('mailWords', () => {
  it('gives each language its table', () => {
    const words = mailWords({
      en: { hello: (name: string) => `Hello ${name}` },
      hi: { hello: (name) => `नमस्ते ${name}` },
    });
    expect(words.en.hello('Tara')).toBe('Hello Tara');
    expect(words.hi.hello('Tara')).toBe('नमस्ते Tara');
  });
});

describe('brandedMail', () => {
  const mail = (language: 'en' | 'hi') =>
    brandedMail({
      to: 'tara@pehnava.test',
      name: 'Tara <Iyer>',
      language,
      subject: language === 'en' ? 'A subject' : 'एक विषय',
      blocks: [{ kind: 'paragraph', text: language === 'en' ? 'A line.' : 'एक पंक्ति।' }],
    });

  it('greets and signs off an English mail as it always did', () => {
    const en = mail('en');
    expect(en.text).toBe(
      'Namaste Tara <Iyer>,\n\nA line.\n\nPehnava · Occasion wear on rent, cleaned and delivered to your door',
    );
    expect(en.html).toContain('<html lang="en-IN">');
    expect(en.html).toContain(
      '<p style="margin:0 0 14px;font-size:16px">Namaste Tara &lt;Iyer&gt;,</p>',
    );
    expect(en.html).toContain(
      'color:#78716c">Pehnava · Occasion wear on rent, cleaned and delivered to your door</td>',
    );
  });

  it('greets and signs off a Hindi mail in Hindi, with the wordmark as it is', () => {
    const hi = mail('hi');
    expect(hi.text).toBe(
      'नमस्ते Tara <Iyer>,\n\nएक पंक्ति।\n\nपहनावा · ख़ास मौक़ों के कपड़े किराए पर, साफ़ करके आपके दरवाज़े तक पहुँचाए हुए',
    );
    expect(hi.html).toContain('<html lang="hi-IN">');
    expect(hi.html).toContain('<title>एक विषय</title>');
    expect(hi.html).toContain('नमस्ते Tara &lt;Iyer&gt;,');
    // The header's wordmark is the shop's name in Latin letters in every language.
    expect(hi.html).toContain('font-size:26px;color:#ffffff">Pehnava</td>');
    expect(hi.html).toContain('पहनावा · ख़ास मौक़ों के कपड़े किराए पर');
  });
});

describe('the Hindi mail check the mail tests use', () => {
  const hindi = (text: string, url = 'https://pehnava.example/hi/orders') =>
    brandedMail({
      to: 'tara@pehnava.test',
      name: 'Tara Iyer',
      language: 'hi',
      subject: 'बुकिंग 55556666 पक्की हो गई',
      blocks: [
        { kind: 'paragraph', text },
        { kind: 'button', label: 'मेरी बुकिंग देखें', url },
      ],
    });
  const site = 'https://pehnava.example';

  it('passes a Hindi mail, and finds English words, English lines and English links in one', () => {
    expectHindiMail(hindi('आपकी बुकिंग पक्की हो गई है।'), { site, data: ['Tara Iyer'] });
    expect(() =>
      expectHindiMail(hindi('आपकी बुकिंग पक्की हो गई है, see you soon।'), {
        site,
        data: ['Tara Iyer'],
      }),
    ).toThrow(/English left/);
    expect(() => expectHindiMail(hindi('Booked.'), { site, data: ['Tara Iyer'] })).toThrow();
    expect(() =>
      expectHindiMail(hindi('आपकी बुकिंग पक्की हो गई है।', `${site}/orders`), {
        site,
        data: ['Tara Iyer'],
      }),
    ).toThrow();
    // Names and ids as written are not English to be translated.
    expect(() => expectHindiMail(hindi('आपकी बुकिंग पक्की हो गई है।'), { site })).toThrow(
      /English left/,
    );
  });
});
