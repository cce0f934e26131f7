import {
  LANGUAGE_LOCALES,
  formatRupees,
  lazyDateFormat,
  paiseToRupees,
  type MessageLanguage,
} from '@pehnava/shared';
import {
  linkIn,
  mailWords,
  paymentMethodIn,
  type MailRecipient,
} from '../../adapters/mail/language.js';
import { brandedMail } from '../../adapters/mail/layout.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

/** What a plan mail says about the plan and its period. */
export interface PlanPeriod {
  planName: string;
  pricePaise: number;
  endDate: Date;
}

const DAY_OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
};
const DAYS: Readonly<Record<MessageLanguage, (date: Date) => string>> = {
  en: lazyDateFormat(DAY_OPTIONS, LANGUAGE_LOCALES.en),
  hi: lazyDateFormat(DAY_OPTIONS, LANGUAGE_LOCALES.hi),
};

/** A date as shoppers in India read it: 7 December 2026 / 7 दिसंबर 2026 (India time). */
const day = (date: Date, language: MessageLanguage): string => DAYS[language](date);

const price = (paise: number) => formatRupees(paiseToRupees(paise));

/** What the plan mails say in common. */
const PLAN = mailWords({
  en: {
    seeMyPlan: 'See my plan',
    payment: (paymentId: string) => `Payment ${paymentId}.`,
    refundsArrive: 'Refunds reach the account you paid from in 7 to 10 business days.',
  },
  hi: {
    seeMyPlan: 'मेरा प्लान देखें',
    payment: (paymentId) => `भुगतान ${paymentId}।`,
    refundsArrive: 'रिफ़ंड 7 से 10 कामकाजी दिनों में उसी खाते में पहुँच जाता है, जिससे आपने भुगतान किया था।',
  },
});

const ACTIVATED = mailWords({
  en: {
    subject: (plan: string) => `Your ${plan} plan is active`,
    thanks: (plan: string, until: string) =>
      `Thank you: your ${plan} plan is active. Its benefits apply to every rental you book until ${until}.`,
    plan: 'Plan',
    paid: 'Paid',
    validUntil: 'Valid until',
    autoRenew: 'Auto-renew',
    on: 'On',
    off: 'Off',
    paidBy: (paymentId: string, method: string) =>
      `Payment ${paymentId} by ${paymentMethodIn(method, 'en')}.`,
    renews:
      'The plan renews itself at the end of each period; you can turn that off at any time on the plans page.',
    ends: 'The plan ends on its end date unless you buy it again.',
  },
  hi: {
    subject: (plan) => `आपका ${plan} प्लान चालू हो गया है`,
    thanks: (plan, until) =>
      `धन्यवाद: आपका ${plan} प्लान चालू हो गया है। ${until} तक आप जो भी किराया बुक करेंगे, उस पर इसके फ़ायदे मिलेंगे।`,
    plan: 'प्लान',
    paid: 'भुगतान',
    validUntil: 'कब तक मान्य',
    autoRenew: 'ऑटो-रिन्यू',
    on: 'चालू',
    off: 'बंद',
    paidBy: (paymentId, method) => `भुगतान ${paymentId}, ${paymentMethodIn(method, 'hi')} से।`,
    renews: 'हर अवधि के आख़िर में प्लान अपने-आप रिन्यू हो जाता है; आप इसे प्लान वाले पेज पर कभी भी बंद कर सकते हैं।',
    ends: 'जब तक आप इसे दोबारा नहीं ख़रीदते, प्लान अपनी आख़िरी तारीख़ पर ख़त्म हो जाएगा।',
  },
});

/** A plan bought (or changed): what it gives and until when. */
export function planActivatedMail(
  recipient: MailRecipient,
  plan: PlanPeriod & { paymentId: string; method: string; autoRenew: boolean },
  plansUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = ACTIVATED[language];
  const until = day(plan.endDate, language);
  return brandedMail({
    ...recipient,
    subject: words.subject(plan.planName),
    blocks: [
      { kind: 'paragraph', text: words.thanks(plan.planName, until) },
      {
        kind: 'facts',
        rows: [
          [words.plan, plan.planName],
          [words.paid, price(plan.pricePaise)],
          [words.validUntil, until],
          [words.autoRenew, plan.autoRenew ? words.on : words.off],
        ],
      },
      { kind: 'button', label: PLAN[language].seeMyPlan, url: linkIn(plansUrl, language) },
      {
        kind: 'note',
        text: `${words.paidBy(plan.paymentId, plan.method)} ${
          plan.autoRenew ? words.renews : words.ends
        }`,
      },
    ],
  });
}

const REMINDER = mailWords({
  en: {
    subject: (plan: string, on: string) => `Your ${plan} plan renews on ${on}`,
    renews: (plan: string, on: string, amount: string) =>
      `Your ${plan} plan renews automatically on ${on}. We will charge ${amount} to the payment method you chose when you bought it, for another 14 days.`,
    howToStop:
      'Nothing to do if you want to keep it. To stop the renewal, open the plans page and choose Cancel Subscription: your benefits stay until the end of this period.',
    button: 'Manage my plan',
  },
  hi: {
    subject: (plan, on) => `आपका ${plan} प्लान ${on} को रिन्यू होगा`,
    renews: (plan, on, amount) =>
      `आपका ${plan} प्लान ${on} को अपने-आप रिन्यू हो जाएगा। अगले 14 दिनों के लिए हम ${amount} उसी भुगतान के तरीक़े से लेंगे, जो आपने इसे ख़रीदते समय चुना था।`,
    howToStop:
      'अगर आप इसे जारी रखना चाहते हैं, तो आपको कुछ नहीं करना है। रिन्यूअल रोकने के लिए प्लान वाला पेज खोलें और सब्सक्रिप्शन रद्द करें चुनें: इस अवधि के आख़िर तक आपके फ़ायदे बने रहेंगे।',
    button: 'मेरा प्लान मैनेज करें',
  },
});

/** Three days before a renewal: what will be charged, when, and how to stop it. */
export function renewalReminderMail(
  recipient: MailRecipient,
  plan: PlanPeriod,
  plansUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = REMINDER[language];
  const on = day(plan.endDate, language);
  return brandedMail({
    ...recipient,
    subject: words.subject(plan.planName, on),
    blocks: [
      { kind: 'paragraph', text: words.renews(plan.planName, on, price(plan.pricePaise)) },
      { kind: 'paragraph', text: words.howToStop },
      { kind: 'button', label: words.button, url: linkIn(plansUrl, language) },
    ],
  });
}

const RENEWED = mailWords({
  en: {
    subject: (plan: string) => `Your ${plan} plan has been renewed`,
    renewed: (plan: string, amount: string, until: string) =>
      `We charged ${amount} and renewed your ${plan} plan until ${until}. Your rental count starts again for this period.`,
  },
  hi: {
    subject: (plan) => `आपका ${plan} प्लान रिन्यू हो गया है`,
    renewed: (plan, amount, until) =>
      `हमने ${amount} लेकर आपका ${plan} प्लान ${until} तक रिन्यू कर दिया है। इस अवधि के लिए आपके किरायों की गिनती फिर से शुरू होती है।`,
  },
});

/** A renewal charged: the new period. */
export function planRenewedMail(
  recipient: MailRecipient,
  plan: PlanPeriod & { paymentId: string },
  plansUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = RENEWED[language];
  return brandedMail({
    ...recipient,
    subject: words.subject(plan.planName),
    blocks: [
      {
        kind: 'paragraph',
        text: words.renewed(plan.planName, price(plan.pricePaise), day(plan.endDate, language)),
      },
      { kind: 'button', label: PLAN[language].seeMyPlan, url: linkIn(plansUrl, language) },
      { kind: 'note', text: PLAN[language].payment(plan.paymentId) },
    ],
  });
}

/** Why a plan ended (planEndedMail). */
export type PlanEndReason = 'auto-renew-off' | 'renewal-declined' | 'renewal-unavailable';

const ENDED = mailWords({
  en: {
    subject: (plan: string) => `Your ${plan} plan has ended`,
    why: (plan: string): Record<PlanEndReason, string> => ({
      'auto-renew-off': `Your ${plan} plan has ended, as you had turned auto-renewal off.`,
      'renewal-declined': `We could not renew your ${plan} plan: the payment was declined, so nothing was charged.`,
      'renewal-unavailable': `We could not renew your ${plan} plan: the payment service did not confirm the renewal charge.`,
    }),
    onFree: 'You are on the Free plan now: rentals of 2, 4 or 7 days at their usual prices.',
    buyAgain:
      'You can buy a plan again at any time from the plans page; its benefits start at once.',
    button: 'See the plans',
  },
  hi: {
    subject: (plan) => `आपका ${plan} प्लान ख़त्म हो गया है`,
    why: (plan) => ({
      'auto-renew-off': `आपका ${plan} प्लान ख़त्म हो गया है, क्योंकि आपने ऑटो-रिन्यूअल बंद कर दिया था।`,
      'renewal-declined': `हम आपका ${plan} प्लान रिन्यू नहीं कर सके: भुगतान अस्वीकार हो गया, इसलिए आपसे कोई रकम नहीं ली गई।`,
      'renewal-unavailable': `हम आपका ${plan} प्लान रिन्यू नहीं कर सके: भुगतान सेवा ने रिन्यूअल के भुगतान की पुष्टि नहीं की।`,
    }),
    onFree: 'अब आप फ़्री प्लान पर हैं: 2, 4 या 7 दिन के किराए, उनकी सामान्य कीमतों पर।',
    buyAgain: 'आप प्लान वाले पेज से कभी भी दोबारा प्लान ख़रीद सकते हैं; उसके फ़ायदे तुरंत शुरू हो जाते हैं।',
    button: 'प्लान देखें',
  },
});

/**
 * A plan has ended: auto-renew was off, or the renewal charge was declined (`reason`), or the
 * provider could not charge it. The shopper is back on Free.
 */
export function planEndedMail(
  recipient: MailRecipient,
  plan: { planName: string },
  reason: PlanEndReason,
  plansUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = ENDED[language];
  return brandedMail({
    ...recipient,
    subject: words.subject(plan.planName),
    blocks: [
      { kind: 'paragraph', text: `${words.why(plan.planName)[reason]} ${words.onFree}` },
      { kind: 'paragraph', text: words.buyAgain },
      { kind: 'button', label: words.button, url: linkIn(plansUrl, language) },
    ],
  });
}

const PAYMENT_REFUNDED = mailWords({
  en: {
    subject: (plan: string) => `Your ${plan} plan payment is being refunded`,
    renewal: (amount: string, plan: string) =>
      `the renewal charge of ${amount} for your ${plan} plan`,
    purchase: (amount: string, plan: string) => `your payment of ${amount} for the ${plan} plan`,
    refunding: (what: string, why: string) =>
      `We are refunding ${what} in full: ${why} Nothing else about your plan has changed.`,
    /** Why, in English: the refusal's own sentence. */
    why: (refusal: { code: string; detail: string }, _plan: string) => refusal.detail,
  },
  hi: {
    subject: (plan) => `आपके ${plan} प्लान का भुगतान रिफ़ंड किया जा रहा है`,
    renewal: (amount, plan) => `आपके ${plan} प्लान के रिन्यूअल का ${amount} का भुगतान`,
    purchase: (amount, plan) => `${plan} प्लान के लिए आपका ${amount} का भुगतान`,
    refunding: (what, why) => `हम ${what} पूरा रिफ़ंड कर रहे हैं: ${why} आपके प्लान में और कुछ नहीं बदला है।`,
    // By the refusal's code (plan-settlement.ts): its English sentence is not shown in Hindi.
    why: ({ code }, plan) => {
      const reasons: Partial<Record<string, string>> = {
        'plan-order-stale':
          'यह भुगतान पूरा होने से पहले आपने दूसरा प्लान ख़रीद लिया था, और अब आपके पास वही प्लान है।',
        'plan-unavailable': 'यह प्लान अब उपलब्ध नहीं है।',
        'plan-already-active': `आपका ${plan} प्लान पहले से चालू था।`,
        'period-ended': 'भुगतान होने तक आपका प्लान पहले ही ख़त्म हो चुका था।',
      };
      // The rest: the amount paid was not the plan's (the intake's 'amount-mismatch').
      return reasons[code] ?? 'भुगतान की रकम इस प्लान की रकम से मेल नहीं खाती थी।';
    },
  },
});

/**
 * A plan payment refunded in full instead of applied: a purchase the shopper no longer needed
 * (the plan was already active, or another plan was bought after it was opened), or a renewal
 * charged after the plan had ended. `refusal` (the payment intake's) names why.
 */
export function planPaymentRefundedMail(
  recipient: MailRecipient,
  payment: { planName: string; pricePaise: number; paymentId: string; renewal: boolean },
  refusal: { code: string; detail: string },
  plansUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = PAYMENT_REFUNDED[language];
  const amount = price(payment.pricePaise);
  const what = payment.renewal
    ? words.renewal(amount, payment.planName)
    : words.purchase(amount, payment.planName);
  return brandedMail({
    ...recipient,
    subject: words.subject(payment.planName),
    blocks: [
      { kind: 'paragraph', text: words.refunding(what, words.why(refusal, payment.planName)) },
      { kind: 'paragraph', text: PLAN[language].refundsArrive },
      { kind: 'button', label: PLAN[language].seeMyPlan, url: linkIn(plansUrl, language) },
      { kind: 'note', text: PLAN[language].payment(payment.paymentId) },
    ],
  });
}
