import { formatRupees, paiseToRupees } from '@pehnava/shared';
import { brandedMail } from '../../adapters/mail/layout.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

interface Recipient {
  to: string;
  name: string;
}

/** What a plan mail says about the plan and its period. */
export interface PlanPeriod {
  planName: string;
  pricePaise: number;
  endDate: Date;
}

/** A date as shoppers in India read it: 7 December 2026 (India time). */
function day(date: Date): string {
  return date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
}

const price = (paise: number) => formatRupees(paiseToRupees(paise));

/** A plan bought (or changed): what it gives and until when. */
export function planActivatedMail(
  { to, name }: Recipient,
  plan: PlanPeriod & { paymentId: string; method: string; autoRenew: boolean },
  plansUrl: string,
): MailMessage {
  return brandedMail({
    to,
    subject: `Your ${plan.planName} plan is active`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `Thank you: your ${plan.planName} plan is active. Its benefits apply to every rental you book until ${day(plan.endDate)}.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Plan', plan.planName],
          ['Paid', price(plan.pricePaise)],
          ['Valid until', day(plan.endDate)],
          ['Auto-renew', plan.autoRenew ? 'On' : 'Off'],
        ],
      },
      { kind: 'button', label: 'See my plan', url: plansUrl },
      {
        kind: 'note',
        text: `Payment ${plan.paymentId} by ${plan.method.toUpperCase()}. ${
          plan.autoRenew
            ? 'The plan renews itself at the end of each period; you can turn that off at any time on the plans page.'
            : 'The plan ends on its end date unless you buy it again.'
        }`,
      },
    ],
  });
}

/** Three days before a renewal: what will be charged, when, and how to stop it. */
export function renewalReminderMail(
  { to, name }: Recipient,
  plan: PlanPeriod,
  plansUrl: string,
): MailMessage {
  return brandedMail({
    to,
    subject: `Your ${plan.planName} plan renews on ${day(plan.endDate)}`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `Your ${plan.planName} plan renews automatically on ${day(plan.endDate)}. We will charge ${price(plan.pricePaise)} to the payment method you chose when you bought it, for another 14 days.`,
      },
      {
        kind: 'paragraph',
        text: 'Nothing to do if you want to keep it. To stop the renewal, open the plans page and choose Cancel Subscription: your benefits stay until the end of this period.',
      },
      { kind: 'button', label: 'Manage my plan', url: plansUrl },
    ],
  });
}

/** A renewal charged: the new period. */
export function planRenewedMail(
  { to, name }: Recipient,
  plan: PlanPeriod & { paymentId: string },
  plansUrl: string,
): MailMessage {
  return brandedMail({
    to,
    subject: `Your ${plan.planName} plan has been renewed`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `We charged ${price(plan.pricePaise)} and renewed your ${plan.planName} plan until ${day(plan.endDate)}. Your rental count starts again for this period.`,
      },
      { kind: 'button', label: 'See my plan', url: plansUrl },
      { kind: 'note', text: `Payment ${plan.paymentId}.` },
    ],
  });
}

/**
 * A plan has ended: auto-renew was off, or the renewal charge was declined (`reason`), or the
 * provider could not charge it. The shopper is back on Free.
 */
export function planEndedMail(
  { to, name }: Recipient,
  plan: { planName: string },
  reason: 'auto-renew-off' | 'renewal-declined' | 'renewal-unavailable',
  plansUrl: string,
): MailMessage {
  const why = {
    'auto-renew-off': `Your ${plan.planName} plan has ended, as you had turned auto-renewal off.`,
    'renewal-declined': `We could not renew your ${plan.planName} plan: the payment was declined, so nothing was charged.`,
    'renewal-unavailable': `We could not renew your ${plan.planName} plan: the payment service did not confirm the renewal charge.`,
  }[reason];
  return brandedMail({
    to,
    subject: `Your ${plan.planName} plan has ended`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${why} You are on the Free plan now: rentals of 2, 4 or 7 days at their usual prices.`,
      },
      {
        kind: 'paragraph',
        text: 'You can buy a plan again at any time from the plans page; its benefits start at once.',
      },
      { kind: 'button', label: 'See the plans', url: plansUrl },
    ],
  });
}

/**
 * A plan payment refunded in full instead of applied: a purchase the shopper no longer needed
 * (the plan was already active, or another plan was bought after it was opened), or a renewal
 * charged after the plan had ended. `why` names it.
 */
export function planPaymentRefundedMail(
  { to, name }: Recipient,
  payment: { planName: string; pricePaise: number; paymentId: string; renewal: boolean },
  why: string,
  plansUrl: string,
): MailMessage {
  const what = payment.renewal
    ? `the renewal charge of ${price(payment.pricePaise)} for your ${payment.planName} plan`
    : `your payment of ${price(payment.pricePaise)} for the ${payment.planName} plan`;
  return brandedMail({
    to,
    subject: `Your ${payment.planName} plan payment is being refunded`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `We are refunding ${what} in full: ${why} Nothing else about your plan has changed.`,
      },
      {
        kind: 'paragraph',
        text: 'Refunds reach the account you paid from in 7 to 10 business days.',
      },
      { kind: 'button', label: 'See my plan', url: plansUrl },
      { kind: 'note', text: `Payment ${payment.paymentId}.` },
    ],
  });
}
