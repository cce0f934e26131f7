import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  adminBookingDetailResponseSchema,
  bookingNumber,
  formatIsoDate,
  notifyMeResponseSchema,
  subscribeResponseSchema,
  todayInIndia,
  type MessageLanguage,
  type Product,
} from '@pehnava/shared';
import { bookingItems, bookings, unitReservations, users } from '../../db/schema/index.js';
import { NOTIFY_ME_JOB } from '../../jobs/notify-me.job.js';
import { BALANCE_REMINDERS_JOB, LATE_FEES_JOB } from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { mailsTo } from '../../test/bookings.js';
import { ADDRESS, checkout, itemFor, paidIds, payOrder } from '../../test/checkout.js';
import {
  expectEnglishMail,
  expectHindiMail,
  hindiDate,
  type AnyMail,
} from '../../test/mail-language.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  reserveUnits,
  signIn,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';

/*
 * Each shopper's mails in their account's language (DECISIONS.md 'Languages and messages';
 * decision 086): everything the shop writes to a Hindi account comes in Hindi, its dates in hi-IN
 * and its links to the Hindi shop; an English account's mails are as they were. The language is
 * set on the account's row here, as the profile and the WhatsApp opt-in set it. On PGlite and on
 * PostgreSQL.
 */
const START = new Date('2026-12-01T04:30:00Z');
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
let t: TestApp;
let site: string;
let products: Product[];
let ops: Shopper;
let n = 0;
const aProduct = () => products[n]!;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '10000' },
  });
  site = t.config.PUBLIC_URL ?? `http://localhost:${t.config.PORT}`;
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  ops = await newShopper(t, 'language-desk@pehnava.test');
  await t.services.repos.users.setRole(ops.id, 'admin');
});
afterAll(async () => {
  await t?.close();
});

/** A shopper whose account reads `language` (signed up as 'Tara Iyer'). */
async function shopperIn(language: MessageLanguage) {
  const email = `language-${language}-${++n}@pehnava.test`;
  const s = await newShopper(t, email);
  await t.database.db.update(users).set({ language }).where(eq(users.id, s.id));
  return { s, email };
}

/** The one mail of a kind written to `email`. */
async function theMail(email: string, kind: string) {
  const mails = await mailsTo(t, email, kind);
  expect(mails, kind).toHaveLength(1);
  return mails[0]!;
}

/** What a Hindi mail keeps as written: the shopper's name and address, the piece's, ids. */
const dataOf = (mail: AnyMail, more: string[] = []) => [
  'Tara Iyer',
  ADDRESS.street,
  ADDRESS.landmark,
  ADDRESS.city,
  ADDRESS.state,
  ...more,
  // The payment provider's ids (pay_…), as the mail quotes them.
  ...Array.from(
    ('textBody' in mail ? mail.textBody : mail.text).matchAll(/\bpay_\w+/g),
    ([id]) => id,
  ),
];

/** A paid booking of one piece of `product` from 2 days on, for 2 days. */
async function paidBooking(s: Shopper, product: Product) {
  const created = await checkout(s, [
    itemFor(product, { startDate: addDays(today(), 2), duration: 2 }),
  ]);
  const verified = await s.call('POST', '/api/booking/verify', {
    ...(await paidIds(t, created.order!.id)),
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return created.bookingId;
}

describe('a shopper’s mails in their language', () => {
  it.each(['hi', 'en'] as const)(
    'a booking’s life, from confirmation to a review hidden, in %s',
    async (language) => {
      clock.set(START);
      const { s, email } = await shopperIn(language);
      const product = aProduct();
      const id = await paidBooking(s, product);
      const number = bookingNumber(id);
      const sent = await ops.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
      expect(sent.statusCode, sent.body).toBe(200);
      const item = adminBookingDetailResponseSchema.parse(sent.json()).booking.items[0]!;
      const tracked = await ops.call('POST', `/api/admin/bookings/${id}/tracking`, {
        provider: 'Delhivery',
        trackingId: 'DLV7781290031',
      });
      expect(tracked.statusCode, tracked.body).toBe(200);
      // Kept a day late: the late fee is raised, then the piece comes back.
      const lateDay = addDays(item.endDate, 1);
      clock.set(new Date(`${lateDay}T06:30:00Z`));
      await t.runJob(LATE_FEES_JOB);
      const back = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
        items: [{ itemId: item._id, condition: 'good' }],
      });
      expect(back.statusCode, back.body).toBe(200);
      // Still owed three days on: reminded.
      clock.set(new Date(clock.now().getTime() + 3 * 86_400_000 + 3_600_000));
      await t.runJob(BALANCE_REMINDERS_JOB);
      // Reviewed, and the review hidden by the desk (both signed in again, days later).
      const reviewer = await signIn(t, email);
      const desk = await signIn(t, 'language-desk@pehnava.test');
      const reviewed = await reviewer.call('POST', `/api/booking/${id}/items/${item._id}/review`, {
        rating: 4,
        fit: 'true-to-size',
        usualSize: 'M',
        heightCm: 165,
        occasion: 'Sangeet',
      });
      expect(reviewed.statusCode, reviewed.body).toBe(201);
      const hidden = await desk.call(
        'POST',
        `/api/admin/reviews/${(reviewed.json() as { review: { _id: string } }).review._id}/hide`,
        { reason: 'It names another shopper' },
      );
      expect(hidden.statusCode, hidden.body).toBe(200);

      const mails = {
        confirmed: await theMail(email, 'booking-confirmed'),
        shipped: await theMail(email, 'booking-status'),
        tracking: await theMail(email, 'booking-tracking'),
        charge: await theMail(email, 'booking-charge'),
        returned: await theMail(email, 'booking-return'),
        reminder: await theMail(email, 'balance-reminder'),
        reviewHidden: await theMail(email, 'review-hidden'),
      };
      const data = [product.name, item.size, 'Delhivery', 'It names another shopper'];
      if (language === 'hi') {
        for (const mail of Object.values(mails)) {
          expectHindiMail(mail, { site, data: dataOf(mail, data) });
        }
        expect(mails.confirmed.subject).toBe(`बुकिंग ${number} पक्की हो गई`);
        expect(mails.confirmed.textBody).toContain(
          `${hindiDate(item.startDate)} से ${hindiDate(item.endDate)} तक · 2 दिन`,
        );
        expect(mails.confirmed.textBody).toContain(`मेरी बुकिंग देखें: ${site}/hi/orders`);
        expect(mails.shipped.subject).toBe(`बुकिंग ${number}: भेज दी गई`);
        expect(mails.tracking.textBody).toContain('ट्रैकिंग नंबर: DLV7781290031');
        expect(mails.charge.textBody).toContain(
          `देर से वापसी: ${hindiDate(lateDay)} (${product.name})`,
        );
        expect(mails.returned.textBody).toContain(
          `${product.name} (${item.size}): ${hindiDate(lateDay)}: अच्छी हालत में वापस आई`,
        );
        expect(mails.reminder.textBody).toContain(`देर से वापसी: ${hindiDate(lateDay)}`);
        expect(mails.reminder.textBody).toContain(`मेरी बुकिंग में भुगतान करें: ${site}/hi/orders`);
        expect(mails.reviewHidden.subject).toBe(`${product.name} का आपका रिव्यू छिपा दिया गया है`);
      } else {
        for (const mail of Object.values(mails)) expectEnglishMail(mail, { site });
        expect(mails.confirmed.subject).toBe(`Booking ${number} confirmed`);
        expect(mails.confirmed.textBody).toContain(
          `${formatIsoDate(item.startDate)} to ${formatIsoDate(item.endDate)} · 2 days`,
        );
        expect(mails.confirmed.textBody).toContain(`View my bookings: ${site}/orders\n`);
        expect(mails.shipped.subject).toBe(`Booking ${number}: shipped`);
        expect(mails.tracking.subject).toBe(`Booking ${number}: delivery update`);
        expect(mails.charge.textBody).toContain(`Late return: ${formatIsoDate(lateDay)}`);
        expect(mails.returned.subject).toBe(`Booking ${number}: return received`);
        expect(mails.reminder.subject).toMatch(
          new RegExp(`^Booking ${number}: ₹[\\d,]+ is still due$`),
        );
        expect(mails.reviewHidden.subject).toBe(`Your review of ${product.name} is hidden`);
      }
    },
  );

  it.each(['hi', 'en'] as const)('a booking the shop cancels, in %s', async (language) => {
    clock.set(START);
    const { s, email } = await shopperIn(language);
    const id = await paidBooking(s, aProduct());
    const cancelled = await ops.call('POST', `/api/admin/bookings/${id}/cancel`, {
      reason: 'The piece failed its quality check.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mail = await theMail(email, 'booking-cancelled');
    if (language === 'hi') {
      // The operator's reason is sent as written.
      expectHindiMail(mail, { site, data: dataOf(mail, ['The piece failed its quality check.']) });
      expect(mail.subject).toBe(`बुकिंग ${bookingNumber(id)} रद्द कर दी गई`);
      expect(mail.textBody).toContain('पूरा रिफ़ंड: ₹');
    } else {
      expectEnglishMail(mail, { site });
      expect(mail.subject).toBe(`Booking ${bookingNumber(id)} cancelled`);
      expect(mail.textBody).toContain('We are sorry: we have had to cancel your booking');
    }
  });

  it.each(['hi', 'en'] as const)('a plan bought, in %s', async (language) => {
    clock.set(START);
    const { s, email } = await shopperIn(language);
    const order = subscribeResponseSchema.parse(
      (await s.call('POST', '/api/subscription/subscribe', { plan: 'plus' })).json(),
    );
    const { status: _status, ...ids } = await payOrder(t, order.orderId!);
    const verified = await s.call('POST', '/api/subscription/verify', ids);
    expect(verified.statusCode, verified.body).toBe(200);
    const mail = await theMail(email, 'plan-activated');
    const until = new Date(START.getTime() + 14 * 86_400_000);
    if (language === 'hi') {
      expectHindiMail(mail, { site, data: dataOf(mail) });
      expect(mail.subject).toBe('आपका Plus प्लान चालू हो गया है');
      expect(mail.textBody).toContain(
        `कब तक मान्य: ${new Intl.DateTimeFormat('hi-IN', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'Asia/Kolkata',
        }).format(until)}`,
      );
      expect(mail.textBody).toContain(`मेरा प्लान देखें: ${site}/hi/subscription-plans`);
    } else {
      expectEnglishMail(mail, { site });
      expect(mail.subject).toBe('Your Plus plan is active');
      expect(mail.textBody).toContain(`See my plan: ${site}/subscription-plans\n`);
    }
  });

  it.each(['hi', 'en'] as const)(
    'a size come free for a notify-me request, in %s',
    async (language) => {
      clock.set(START);
      const { s, email } = await shopperIn(language);
      const product = aProduct();
      const size = sizeOf(product);
      const owner = await shopperIn('en');
      await reserveUnits(t, owner.s.id, {
        productId: product._id,
        size,
        from: addDays(today(), 10),
        until: addDays(today(), 40),
      });
      const startDate = addDays(today(), 20);
      const asked = await s.call('POST', '/api/notify-me', {
        productId: product._id,
        size,
        startDate,
        duration: 4,
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const { link } = notifyMeResponseSchema.parse(asked.json()).request;
      // The other shopper's pieces are let go: the size is free again.
      await t.database.db
        .update(unitReservations)
        .set({ active: false })
        .where(
          inArray(
            unitReservations.bookingItemId,
            t.database.db
              .select({ id: bookingItems.id })
              .from(bookingItems)
              .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
              .where(and(eq(bookings.userId, owner.s.id))),
          ),
        );
      expect(await t.runJob(NOTIFY_ME_JOB)).toBe(1);
      const mail = await theMail(email, 'notify-me-free');
      const path = link.slice(site.length);
      expect(path).toMatch(/^\/product\//);
      if (language === 'hi') {
        expectHindiMail(mail, { site, data: dataOf(mail, [product.name, size]) });
        expect(mail.subject).toBe(`${product.name} साइज़ ${size} में आपकी तारीख़ों के लिए उपलब्ध है`);
        expect(mail.textBody).toContain(`कब से: ${hindiDate(startDate)}`);
        expect(mail.textBody).toContain(`देखें और बुक करें: ${site}/hi${path}\n`);
      } else {
        expectEnglishMail(mail, { site });
        expect(mail.subject).toBe(`${product.name} in ${size} is free for your dates`);
        expect(mail.textBody).toContain(`See it and book: ${link}\n`);
      }
    },
  );
});
