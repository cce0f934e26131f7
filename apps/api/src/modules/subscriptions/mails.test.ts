import { describe, expect, it } from 'vitest';
import type { MessageLanguage } from '@pehnava/shared';
import type { MailRecipient } from '../../adapters/mail/language.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { SITE, expectEnglishMail, expectHindiMail } from '../../test/mail-language.js';
import {
  planActivatedMail,
  planEndedMail,
  planPaymentRefundedMail,
  planRenewedMail,
  renewalReminderMail,
} from './mails.js';

/* The plan mails in the shopper's language: dates in hi-IN, links to the Hindi plans page. */
const shopper = (language: MessageLanguage): MailRecipient => ({
  to: 'tara@pehnava.test',
  name: 'Tara Iyer',
  language,
});
const plans = `${SITE}/subscription-plans`;
const endDate = new Date('2026-12-15T04:30:00Z');
/** 15 December 2026 as Intl writes it in hi-IN (India time), written here on its own. */
const hindiEnd = new Intl.DateTimeFormat('hi-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
}).format(endDate);

const MAILS: [string, (to: MailRecipient) => MailMessage, string][] = [
  [
    'activated',
    (to) =>
      planActivatedMail(
        to,
        {
          planName: 'Plus',
          pricePaise: 99900,
          endDate,
          paymentId: 'pay_P1',
          method: 'upi',
          autoRenew: true,
        },
        plans,
      ),
    'Your Plus plan is active',
  ],
  [
    'activated, not renewing',
    (to) =>
      planActivatedMail(
        to,
        {
          planName: 'Pro',
          pricePaise: 199900,
          endDate,
          paymentId: 'pay_P1',
          method: 'card',
          autoRenew: false,
        },
        plans,
      ),
    'Your Pro plan is active',
  ],
  [
    'renewal reminder',
    (to) => renewalReminderMail(to, { planName: 'Plus', pricePaise: 99900, endDate }, plans),
    'Your Plus plan renews on 15 December 2026',
  ],
  [
    'renewed',
    (to) =>
      planRenewedMail(
        to,
        { planName: 'Plus', pricePaise: 99900, endDate, paymentId: 'pay_P2' },
        plans,
      ),
    'Your Plus plan has been renewed',
  ],
  ...(['auto-renew-off', 'renewal-declined', 'renewal-unavailable'] as const).map(
    (reason): [string, (to: MailRecipient) => MailMessage, string] => [
      `ended (${reason})`,
      (to) => planEndedMail(to, { planName: 'Pro' }, reason, plans),
      'Your Pro plan has ended',
    ],
  ),
  ...(
    [
      ['plan-order-stale', false],
      ['plan-already-active', false],
      ['plan-unavailable', false],
      ['period-ended', true],
      ['amount-mismatch', true],
    ] as const
  ).map(([code, renewal]): [string, (to: MailRecipient) => MailMessage, string] => [
    `payment refunded (${code})`,
    (to) =>
      planPaymentRefundedMail(
        to,
        { planName: 'Plus', pricePaise: 99900, paymentId: 'pay_P3', renewal },
        { code, detail: 'Your Plus plan was already active.' },
        plans,
      ),
    'Your Plus plan payment is being refunded',
  ]),
];

describe('the plan mails', () => {
  it.each(MAILS)('%s: as it was in English', (_name, draw, subject) => {
    const mail = draw(shopper('en'));
    expect(mail.subject).toBe(subject);
    expectEnglishMail(mail, { site: SITE });
  });

  it.each(MAILS)('%s: in Hindi for a Hindi account', (_name, draw) => {
    const mail = draw(shopper('hi'));
    expectHindiMail(mail, { site: SITE, data: ['Tara Iyer', 'pay_P1', 'pay_P2', 'pay_P3'] });
    expect(mail.text).toContain(`${SITE}/hi/subscription-plans`);
  });

  it('writes the activation in English word for word as before', () => {
    expect(MAILS[0]![1](shopper('en')).text).toBe(
      'Namaste Tara Iyer,\n\nThank you: your Plus plan is active. Its benefits apply to every rental you book until 15 December 2026.\n\nPlan: Plus\nPaid: ₹999\nValid until: 15 December 2026\nAuto-renew: On\n\nSee my plan: https://pehnava.example/subscription-plans\n\nPayment pay_P1 by UPI. The plan renews itself at the end of each period; you can turn that off at any time on the plans page.\n\nPehnava · Occasion wear on rent, cleaned and delivered to your door',
    );
  });

  it('writes the dates in hi-IN and the reason for a refund in Hindi', () => {
    const activated = MAILS[0]![1](shopper('hi'));
    expect(activated.subject).toBe('आपका Plus प्लान चालू हो गया है');
    expect(activated.text).toContain(`कब तक मान्य: ${hindiEnd}`);
    expect(activated.text).toContain('ऑटो-रिन्यू: चालू');
    expect(activated.text).toContain('भुगतान pay_P1, UPI से।');
    expect(MAILS[1]![1](shopper('hi')).text).toContain('भुगतान pay_P1, कार्ड से।');
    const reminder = renewalReminderMail(
      shopper('hi'),
      { planName: 'Plus', pricePaise: 99900, endDate },
      plans,
    );
    expect(reminder.subject).toBe(`आपका Plus प्लान ${hindiEnd} को रिन्यू होगा`);
    const refunded = planPaymentRefundedMail(
      shopper('hi'),
      { planName: 'Plus', pricePaise: 99900, paymentId: 'pay_P3', renewal: false },
      { code: 'plan-already-active', detail: 'Your Plus plan was already active.' },
      plans,
    );
    expect(refunded.text).toContain('आपका Plus प्लान पहले से चालू था।');
    expect(refunded.text).not.toContain('already active');
    expect(
      planEndedMail(shopper('hi'), { planName: 'Pro' }, 'renewal-declined', plans).text,
    ).toContain('अब आप फ़्री प्लान पर हैं');
  });
});
