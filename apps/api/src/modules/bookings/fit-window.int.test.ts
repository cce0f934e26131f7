import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIT_MESSAGES,
  FULFILMENT_MESSAGES,
  addDays,
  adminBookingDetailResponseSchema,
  bookingNumber,
  formatRupees,
  paiseToRupees,
  reportItemResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { productUnits, refunds, taxDocuments } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

/*
 * The fit window (issue [J]; DECISIONS.md): within 24 hours of delivery a piece that does not fit
 * or is not as described is exchanged for free pieces of another size (sent by an operator, the
 * first piece collected), or refunded; after 24 hours, a clear 409. On PGlite and on PostgreSQL.
 */
const START = new Date();
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
let t: TestApp;
let products: Product[];
let ops: Shopper;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '1000' },
  });
  products = (await catalogueProducts(t)).filter(
    (p) =>
      rentable(p) &&
      p.category !== 'luxury' &&
      p.twoDayRentalPrice > 0 &&
      p.sizes.filter((s) => s.available).length >= 2,
  );
  ops = await newShopper(t, 'fit-desk@pehnava.test');
  await t.services.repos.users.setRole(ops.id, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** A paid booking of one piece for 4 days from tomorrow, sent and (unless told) delivered now. */
async function delivered(product: Product, { deliver = true } = {}) {
  clock.set(START);
  const s = await newShopper(t, `fit-${++n}@pehnava.test`);
  const created = await checkout(s, [
    itemFor(product, { startDate: addDays(today(), 1), duration: 4 }),
  ]);
  const ids = await paidIds(t, created.orderId!);
  expect(
    (await s.call('POST', '/api/booking/verify', { ...ids, bookingId: created.bookingId }))
      .statusCode,
  ).toBe(200);
  const id = created.bookingId;
  expect((await ops.call('POST', `/api/admin/bookings/${id}/dispatch`, {})).statusCode).toBe(200);
  if (deliver) {
    clock.set(new Date(START.getTime() + 20 * 3_600_000));
    const res = await ops.call('POST', `/api/admin/bookings/${id}/status`, {
      status: 'delivered',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const detail = adminBookingDetailResponseSchema.parse(
    (await ops.call('GET', `/api/admin/bookings/${id}`)).json(),
  ).booking;
  return {
    s,
    id,
    item: detail.items[0]!,
    total: detail.totalPrice,
    paymentId: ids.razorpay_payment_id,
  };
}

const report = (s: Shopper, id: string, itemId: string, body: object) =>
  s.call('POST', `/api/booking/${id}/items/${itemId}/report`, body);

const otherSize = (p: Product, size: string) =>
  p.sizes.find((s) => s.available && s.size !== size)!.size;

describe('the fit window', () => {
  it('exchanges a piece that does not fit for another size, which an operator sends', async () => {
    const product = products[0]!;
    const { s, id, item } = await delivered(product);
    const size = otherSize(product, item.size);

    const res = await report(s, id, item._id, { reason: 'fit', want: 'exchange', size });
    expect(res.statusCode, res.body).toBe(200);
    const answer = reportItemResponseSchema.parse(res.json());
    expect(answer.message).toBe(FIT_MESSAGES.exchangeReserved(size));
    const reported = answer.booking.items[0]!;
    expect(reported.report).toMatchObject({
      reason: 'fit',
      want: 'exchange',
      outcome: 'exchange',
      size,
      refundAmount: 0,
    });
    expect(answer.booking.fitWindowEndsAt).toBe(
      new Date(START.getTime() + 44 * 3_600_000).toISOString(),
    );
    // Reported once.
    const again = await report(s, id, item._id, { reason: 'fit', want: 'refund' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FIT_MESSAGES.alreadyReported);

    // The operator sends the new size, then checks the first piece in by its tag.
    const sent = await ops.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(FULFILMENT_MESSAGES.exchangeDispatched(bookingNumber(id)));
    const after = adminBookingDetailResponseSchema.parse(sent.json()).booking.items[0]!;
    expect(after.unitCode!.split(', ')).toHaveLength(2);
    const resent = await ops.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    expect(resent.json().message).toBe(FULFILMENT_MESSAGES.alreadyDispatched);
    const back = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId: item._id, unitCode: item.unitCode!.toLowerCase(), condition: 'good' }],
    });
    expect(back.statusCode, back.body).toBe(200);
    const line = adminBookingDetailResponseSchema.parse(back.json()).booking.items[0]!;
    // One piece back, the new one still with the shopper.
    expect(line.returnedAt).toBeNull();
    const newUnit = after.unitCode!.split(', ').find((code) => code !== item.unitCode)!;
    const [unit] = await t.database.db
      .select()
      .from(productUnits)
      .where(eq(productUnits.code, newUnit));
    expect(unit!.state).toBe('out');
    expect(unit!.size).toBe(size);
  });

  it('refunds the item when asked, against the booking’s payment', async () => {
    const { s, id, item, paymentId } = await delivered(products[1]!);
    const res = await report(s, id, item._id, {
      reason: 'not-as-described',
      want: 'refund',
      note: 'The colour is not the one shown',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = reportItemResponseSchema.parse(res.json());
    expect(answer.message).toBe(FIT_MESSAGES.refunded(formatRupees(item.totalPrice)));
    expect(answer.booking.items[0]!.report).toMatchObject({
      outcome: 'refund',
      refundAmount: item.totalPrice,
    });
    expect(answer.booking.refunds.map((r) => r.amount)).toEqual([item.totalPrice]);
    const rows = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.providerPaymentId, paymentId));
    expect(rows.map((r) => [r.amountPaise, r.reason])).toEqual([
      [Math.round(item.totalPrice * 100), 'fit-window'],
    ]);
    expect(paiseToRupees(rows[0]!.amountPaise)).toBe(item.totalPrice);

    // The shopper is told by mail, which carries the refund's credit note (decision 082).
    const [note, ...others] = (
      await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.bookingId, id))
    ).filter((d) => d.kind === 'credit-note');
    expect(others).toEqual([]);
    expect(note!.totalPaise).toBe(rows[0]!.amountPaise);
    const shopper = (await t.services.repos.users.findById(s.id))!;
    const mails = (await t.services.repos.outbox.list()).filter(
      (m) => m.kind === 'fit-window-refund' && m.recipient === shopper.email,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Booking ${bookingNumber(id)}: ${item.listingId.name} is being refunded`,
    );
    expect(mails[0]!.attachments).toEqual([{ taxDocumentId: note!.id }]);
    expect(mails[0]!.textBody).toContain(note!.number);
    expect(mails[0]!.textBody).toContain(formatRupees(item.totalPrice));
  });

  it('refunds instead when no piece of the size asked is free for the rest of the dates', async () => {
    const product = products[2]!;
    const { s, id, item } = await delivered(product);
    const size = otherSize(product, item.size);
    await t.database.db
      .update(productUnits)
      .set({ state: 'retired', retiredAt: clock.now() })
      .where(and(eq(productUnits.productId, product._id), eq(productUnits.size, size)));
    const res = await report(s, id, item._id, { reason: 'fit', want: 'exchange', size });
    expect(res.statusCode, res.body).toBe(200);
    const answer = reportItemResponseSchema.parse(res.json());
    expect(answer.message).toBe(FIT_MESSAGES.noneFreeRefunded(size, formatRupees(item.totalPrice)));
    expect(answer.booking.items[0]!.report!.outcome).toBe('refund');
  });

  it('closes 24 hours after delivery, and opens only at delivery', async () => {
    const early = await delivered(products[3]!, { deliver: false });
    const notYet = await report(early.s, early.id, early.item._id, {
      reason: 'fit',
      want: 'refund',
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(FIT_MESSAGES.notDeliveredYet);

    const { s, id, item } = await delivered(products[4]!);
    clock.set(new Date(START.getTime() + (20 + 24) * 3_600_000 + 60_000));
    const late = await report(s, id, item._id, { reason: 'fit', want: 'refund' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, message: FIT_MESSAGES.windowClosed });
  });

  it('bad input gets a clear answer and changes nothing', async () => {
    const product = products[5]!;
    const { s, id, item } = await delivered(product);
    const cases: [object, number, string][] = [
      [{ reason: 'colour', want: 'refund' }, 400, 'Reason must be fit or not-as-described'],
      [{ reason: 'fit', want: 'money' }, 400, 'Choose an exchange or a refund'],
      [{ reason: 'fit', want: 'exchange' }, 400, FIT_MESSAGES.sizeNeeded],
      [{ reason: 'fit', want: 'exchange', size: 'XXXXL' }, 400, FIT_MESSAGES.sizeUnknown('XXXXL')],
    ];
    for (const [body, status, message] of cases) {
      const res = await report(s, id, item._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const wrongItem = await report(s, id, '00000000-0000-4000-8000-000000000000', {
      reason: 'fit',
      want: 'refund',
    });
    expect(wrongItem.statusCode).toBe(404);
    expect(wrongItem.json().message).toBe(FIT_MESSAGES.itemNotFound);
    const stranger = await newShopper(t, `fit-stranger-${++n}@pehnava.test`);
    expect(
      (await report(stranger, id, item._id, { reason: 'fit', want: 'refund' })).statusCode,
    ).toBe(404);
    // Nothing was recorded: the shopper can still report it.
    const ok = await report(s, id, item._id, { reason: 'fit', want: 'refund' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
