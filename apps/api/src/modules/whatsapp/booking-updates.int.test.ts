import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WHATSAPP_TEMPLATES,
  addDays,
  adminBookingDetailResponseSchema,
  bookingNumber,
  renderWhatsAppTemplate,
  todayInIndia,
  whatsAppTemplateNamed,
  type Product,
} from '@pehnava/shared';
import { users, whatsappMessages } from '../../db/schema/index.js';
import { NOTIFY_ME_JOB } from '../../jobs/notify-me.job.js';
import { LATE_FEES_JOB } from '../../jobs/unit-jobs.js';
import { WHATSAPP_DUE_BACK_JOB, WHATSAPP_OUTBOX_JOB } from '../../jobs/whatsapp-outbox.job.js';
import { createManualClock } from '../../lib/clock.js';
import { mailsAbout } from '../../test/bookings.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds, verifyPayment } from '../../test/checkout.js';
import { startWhatsAppFake, type WhatsAppFake } from '../../test/fakes/whatsapp-fake.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';

/*
 * A booking's life on WhatsApp (decision 085): each update queued with the change that causes it,
 * once, in the shopper's language, beside its mail (which is sent whatever becomes of the
 * message): confirmed, dispatched with tracking, due back tomorrow, late, charge due, refund made,
 * and a 'notify me' piece come free. On PGlite and on PostgreSQL.
 */
const SECRETS = {
  token: 'EAAG-booking-updates',
  phoneNumberId: '106540352242922',
  appSecret: 'whatsapp-app-secret-for-tests',
};
const START = new Date();
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
let fake: WhatsAppFake;
let t: TestApp;
let products: Product[];
let n = 0;

beforeAll(async () => {
  fake = await startWhatsAppFake(SECRETS);
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: {
      AUTH_RATE_LIMIT_PER_IP: '1000',
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_API_URL: fake.url,
      WHATSAPP_TOKEN: SECRETS.token,
      WHATSAPP_PHONE_NUMBER_ID: SECRETS.phoneNumberId,
      WHATSAPP_APP_SECRET: SECRETS.appSecret,
      WHATSAPP_VERIFY_TOKEN: 'verify',
    },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A shopper whose updates go to `phone` in `language` (the opt-in itself: whatsapp.int.test.ts). */
async function shopperOn(phone: string | null, language: 'en' | 'hi'): Promise<Shopper> {
  const s = await newShopper(t, `life-${++n}@pehnava.test`);
  await t.database.db
    .update(users)
    .set({
      language,
      whatsappPhone: phone,
      whatsappOptedInAt: phone ? clock.now() : null,
    })
    .where(eq(users.id, s.id));
  return s;
}

async function operator(): Promise<Shopper> {
  const ops = await newShopper(t, `desk-${++n}@pehnava.test`);
  await t.services.repos.users.setRole(ops.id, 'admin');
  return ops;
}

/** A paid booking of one piece starting in 2 days for 2 days. */
async function paidBooking(s: Shopper, product: Product) {
  const made = await checkout(s, [
    itemFor(product, { startDate: addDays(today(), 2), duration: 2 }),
  ]);
  const ids = await paidIds(t, made.order!.id);
  const verified = await verifyPayment(s, ids, made.bookingId);
  expect(verified.statusCode, verified.body).toBe(200);
  // The browser's return again, as a second tab sends it: still one confirmation.
  expect((await verifyPayment(s, ids, made.bookingId)).statusCode).toBe(200);
  return { id: made.bookingId, ids };
}

/** What was sent to the number, as the shopper's phone shows it, oldest first. */
async function received(phone: string) {
  while ((await t.runJob(WHATSAPP_OUTBOX_JOB)) > 0);
  return fake.messages
    .filter((m) => m.to === `91${phone}`)
    .map((m) => ({
      template: m.template,
      language: m.language,
      text: renderWhatsAppTemplate(
        whatsAppTemplateNamed(m.template)!,
        m.language as 'en' | 'hi',
        m.params,
      ),
    }));
}
const templatesOf = async (phone: string) => (await received(phone)).map((m) => m.template);
const rowsFor = (userId: string) =>
  t.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.userId, userId));

/** Noon in India `days` days after `date`. */
const onDay = (date: string, days: number, hourUtc = 6) =>
  clock.set(new Date(`${addDays(date, days)}T${String(hourUtc).padStart(2, '0')}:30:00Z`));

describe('a booking’s life on WhatsApp', () => {
  it('sends each update once, in Hindi for a Hindi shopper, beside the mails', async () => {
    clock.set(START);
    const phone = '9876500001';
    const s = await shopperOn(phone, 'hi');
    const product = products[0]!;
    const { id } = await paidBooking(s, product);
    const number = bookingNumber(id);
    expect(await mailsAbout(t, id)).toHaveLength(1);
    expect(await templatesOf(phone)).toEqual([WHATSAPP_TEMPLATES.bookingConfirmed.name]);
    const [confirmed] = await received(phone);
    expect(confirmed!.language).toBe('hi');
    expect(confirmed!.text).toContain(`बुकिंग ${number} पक्की हो गई है`);

    // Sent without a tracking number: nothing yet; the tracking added makes the message.
    const ops = await operator();
    const sent = await ops.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await templatesOf(phone)).toHaveLength(1);
    for (const status of ['Picked up', 'In transit']) {
      const tracked = await ops.call('POST', `/api/admin/bookings/${id}/tracking`, {
        provider: 'Blue Dart',
        trackingId: 'BD4455667788',
        status,
      });
      expect(tracked.statusCode, tracked.body).toBe(200);
    }
    const afterDispatch = await received(phone);
    expect(afterDispatch.map((m) => m.template)).toEqual([
      WHATSAPP_TEMPLATES.bookingConfirmed.name,
      WHATSAPP_TEMPLATES.bookingDispatched.name,
    ]);
    expect(afterDispatch[1]!.text).toContain('Blue Dart');
    expect(afterDispatch[1]!.text).toContain('ट्रैकिंग नंबर: BD4455667788');

    // Due back tomorrow: from 9 in the morning in India, once however often the job runs.
    const item = adminBookingDetailResponseSchema.parse(
      (await ops.call('GET', `/api/admin/bookings/${id}`)).json(),
    ).booking.items[0]!;
    onDay(item.endDate, -1, 2); // 08:00 in India
    expect(await t.runJob(WHATSAPP_DUE_BACK_JOB)).toBe(0);
    onDay(item.endDate, -1, 4); // 10:00 in India
    expect(await t.runJob(WHATSAPP_DUE_BACK_JOB)).toBe(1);
    expect(await t.runJob(WHATSAPP_DUE_BACK_JOB)).toBe(0);

    // Late: on the first late day, not again the next.
    onDay(item.endDate, 1);
    await t.runJob(LATE_FEES_JOB);
    onDay(item.endDate, 2);
    await t.runJob(LATE_FEES_JOB);

    // Back damaged: the charge is due.
    const back = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId: item._id, condition: 'needs-repair' }],
    });
    expect(back.statusCode, back.body).toBe(200);

    const all = await received(phone);
    expect(all.map((m) => m.template)).toEqual([
      WHATSAPP_TEMPLATES.bookingConfirmed.name,
      WHATSAPP_TEMPLATES.bookingDispatched.name,
      WHATSAPP_TEMPLATES.dueBackTomorrow.name,
      WHATSAPP_TEMPLATES.returnLate.name,
      WHATSAPP_TEMPLATES.chargeDue.name,
    ]);
    expect(all.every((m) => m.language === 'hi')).toBe(true);
    expect(all[2]!.text).toContain('कल');
    expect(all[3]!.text).toContain(number);
    expect(all[4]!.text).toMatch(/₹[\d,]+ का भुगतान बाकी है/);
    // The mails went too: e-mail stays the record.
    expect(await mailsAbout(t, id, 'booking-charge')).not.toHaveLength(0);
    const rows = await rowsFor(s.id);
    expect(new Set(rows.map((r) => r.eventKey)).size).toBe(rows.length);
  });

  it('tells an English shopper of a refund, and a shopper not opted in nothing', async () => {
    clock.set(START);
    const phone = '9876500002';
    const s = await shopperOn(phone, 'en');
    const { id } = await paidBooking(s, products[1]!);
    clock.advance(60_000);
    const cancelled = await s.call('POST', `/api/booking/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const messages = await received(phone);
    expect(messages.map((m) => m.template)).toEqual([
      WHATSAPP_TEMPLATES.bookingConfirmed.name,
      WHATSAPP_TEMPLATES.refundMade.name,
    ]);
    expect(messages[1]!.language).toBe('en');
    expect(messages[1]!.text).toMatch(
      new RegExp(`we are refunding ₹[\\d,]+ for your Pehnava booking ${bookingNumber(id)}`),
    );
    // A second cancel changes nothing, and queues nothing.
    await s.call('POST', `/api/booking/${id}/cancel`);
    expect(await received(phone)).toHaveLength(2);

    const quiet = await shopperOn(null, 'en');
    const other = await paidBooking(quiet, products[2]!);
    await quiet.call('POST', `/api/booking/${other.id}/cancel`);
    expect(await rowsFor(quiet.id)).toEqual([]);
    expect(await mailsAbout(t, other.id)).toHaveLength(1);
  });

  it('tells a shopper on WhatsApp when a piece they asked about comes free, once', async () => {
    clock.set(START);
    const product = products[3]!;
    const size = sizeOf(product);
    const units = await t.database.db.query.productUnits.findMany({
      where: (u, { and: all, eq: is }) => all(is(u.productId, product._id), is(u.size, size)),
    });
    const start = addDays(today(), 30);
    const holders: { s: Shopper; id: string }[] = [];
    for (let i = 0; i < units.length; i += 1) {
      const holder = await shopperOn(null, 'en');
      const made = await checkout(holder, [itemFor(product, { startDate: start, duration: 4 })]);
      const paid = await verifyPayment(holder, await paidIds(t, made.order!.id), made.bookingId);
      expect(paid.statusCode, paid.body).toBe(200);
      holders.push({ s: holder, id: made.bookingId });
    }
    const phone = '9876500003';
    const s = await shopperOn(phone, 'hi');
    const asked = await s.call('POST', '/api/notify-me', {
      productId: product._id,
      size,
      startDate: addDays(start, 2),
      duration: 2,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await t.runJob(NOTIFY_ME_JOB)).toBe(0);
    await holders[0]!.s.call('POST', `/api/booking/${holders[0]!.id}/cancel`);
    expect(await t.runJob(NOTIFY_ME_JOB)).toBe(1);
    expect(await t.runJob(NOTIFY_ME_JOB)).toBe(0);
    const messages = await received(phone);
    expect(messages.map((m) => m.template)).toEqual([WHATSAPP_TEMPLATES.notifyMeAvailable.name]);
    expect(messages[0]!.text).toContain(`${product.name} साइज़ ${size} में`);
  });
});
