// Checks of a mail's language (DECISIONS.md 'Languages and messages'), shared by the mail tests: a
// Hindi mail is written in Hindi throughout (its dates in hi-IN, its links to the Hindi shop); an
// English one as it always was. And a booking as the booking mails are drawn from.
import { expect } from 'vitest';
import { ISO_DATE_FORMAT, type Booking, type IsoDate } from '@pehnava/shared';
import type { MailMessage } from '../adapters/mail/mailer.js';

/** A mail as drawn (MailMessage) or as the outbox keeps it (its row). */
export type AnyMail =
  | Pick<MailMessage, 'subject' | 'text' | 'html'>
  | { subject: string; textBody: string; htmlBody: string };

const partsOf = (mail: AnyMail) =>
  'text' in mail
    ? { subject: mail.subject, text: mail.text, html: mail.html }
    : { subject: mail.subject, text: mail.textBody, html: mail.htmlBody };

const DEVANAGARI = /[\u0900-\u097F]/;
/**
 * Words in Latin letters a Hindi mail keeps besides its data: the plans' names. (Acronyms, codes
 * and sizes, OTP, UPI, MRP, XL, are capitals only, and pass.)
 */
const KEPT_LATIN = new Set(['Plus', 'Pro']);

const hindiDates = new Intl.DateTimeFormat('hi-IN', ISO_DATE_FORMAT);
/** A calendar date as Intl writes it in hi-IN (written here without the code under test). */
export const hindiDate = (date: IsoDate) => hindiDates.format(new Date(`${date}T00:00:00Z`));

const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/**
 * A Hindi mail: its subject and every line of its text in Devanagari (but the sign-up code's), the
 * greeting 'नमस्ते …,', `lang="hi-IN"`, every link to the Hindi shop (`${site}/hi…`) and the
 * same in the HTML part, and no word in Latin letters with a small letter in it but `data` (the
 * shopper's and the products' names, ids, as written) and the plans' names.
 */
export function expectHindiMail(
  mail: AnyMail,
  { site, data = [] }: { site: string; data?: readonly string[] },
): void {
  const { subject, text, html } = partsOf(mail);
  expect(subject).toMatch(DEVANAGARI);
  expect(html).toContain('<html lang="hi-IN">');
  expect(text).toMatch(/^नमस्ते [^\n]+,\n/);
  expect(text).toContain('पहनावा · ख़ास मौक़ों के कपड़े किराए पर');
  for (const line of text.split('\n')) {
    if (line.trim() && !/^ {4}\d+$/.test(line)) expect(line).toMatch(DEVANAGARI);
  }
  const links = linksIn(text);
  for (const link of links) expect(link).toMatch(new RegExp(`^${site}/hi(/|$)`));
  for (const link of links) expect(html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
  let rest = `${subject}\n${text}`;
  for (const value of [...links, ...data].sort((a, b) => b.length - a.length)) {
    rest = rest.split(value).join(' ');
  }
  const english = (rest.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []).filter(
    (word) => /[a-z]/.test(word) && !KEPT_LATIN.has(word),
  );
  expect(english, `English left in: ${text}`).toEqual([]);
}

/** An English mail: as it always was (no Devanagari, `lang="en-IN"`, links to the English shop). */
export function expectEnglishMail(mail: AnyMail, { site }: { site: string }): void {
  const { subject, text, html } = partsOf(mail);
  expect(`${subject}${text}`).not.toMatch(DEVANAGARI);
  expect(html).toContain('<html lang="en-IN">');
  expect(text).toMatch(/^Namaste [^\n]+,\n/);
  expect(text).toMatch(/\nPehnava · Occasion wear on rent, cleaned and delivered to your door$/);
  for (const link of linksIn(text)) expect(link).not.toMatch(new RegExp(`^${site}/hi(/|$)`));
}

/** The site the mail fixtures link to. */
export const SITE = 'https://pehnava.example';

type Item = Booking['items'][number];

/** A booking line as the mails read it. */
export const mailItem = (over: Partial<Item> = {}): Item => ({
  _id: '6f1d2c3b-0000-4000-8000-000000000001',
  listingId: {
    _id: '6f1d2c3b-0000-4000-8000-0000000000a1',
    productId: 'PV-101',
    name: 'Rani Pink Lehenga',
    images: [],
  },
  size: 'M',
  rentalDuration: 4,
  quantity: 1,
  startDate: '2026-12-10',
  endDate: '2026-12-14',
  appliedSubscriptionPlan: 'free',
  originalPrice: 2999,
  discountAmount: 0,
  totalPrice: 2999,
  unitCode: 'U-1',
  backupSize: null,
  dispatchedAt: null,
  returnedAt: null,
  condition: null,
  report: null,
  ...over,
});

/**
 * A paid booking of two lines (the second two pieces with a back-up size, free on a plan), with a
 * coupon and damage protection, tracked by a courier.
 */
export const mailBooking = (over: Partial<Booking> = {}): Booking => ({
  _id: '0d6a8f7e-1111-4222-8333-944455556666',
  bookingNumber: '55556666',
  status: 'confirmed',
  paymentStatus: 'completed',
  paymentMethod: 'upi',
  subtotal: 2999,
  deliveryFee: 0,
  insuranceSelected: true,
  insuranceAmount: 199,
  backupFees: 0,
  totalPrice: 2698,
  appliedCoupon: { code: 'FIRST50', discountAmount: 500 },
  createdAt: '2026-12-01T04:30:00.000Z',
  confirmedAt: '2026-12-01T04:31:00.000Z',
  expiresAt: '2026-12-01T04:45:00.000Z',
  razorpayPaymentId: 'pay_Q1w2E3r4',
  deliveryTracking: {
    provider: 'Delhivery',
    trackingId: 'DLV7781290031',
    status: 'In transit',
    deliveryETA: '9 Dec 2026',
  },
  deliveryAddress: {
    name: 'Tara Iyer',
    phone: '9820012345',
    street: '12 Carter Road',
    landmark: '',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
  },
  items: [
    mailItem(),
    mailItem({
      _id: '6f1d2c3b-0000-4000-8000-000000000002',
      listingId: {
        _id: '6f1d2c3b-0000-4000-8000-0000000000a2',
        productId: 'PV-102',
        name: 'Ivory Silk Sherwani',
        images: [],
      },
      size: 'L',
      quantity: 2,
      backupSize: 'XL',
      rentalDuration: 7,
      endDate: '2026-12-17',
      totalPrice: 0,
    }),
  ],
  refunds: [],
  cancellable: true,
  charges: [],
  balanceDue: 0,
  ...over,
});
