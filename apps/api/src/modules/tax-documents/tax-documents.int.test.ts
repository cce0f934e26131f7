// GST tax invoices and credit notes (decision 081), through the API as shoppers pay and cancel:
// one invoice per payment applied, numbered in the transaction that applies it, its tax split by
// the place of supply, kept as issued; one credit note per refund of an invoiced payment.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  CONSTRAINT_CONFLICT_MESSAGES,
  addDays,
  bookingInvoicesResponseSchema,
  extendResponseSchema,
  financialYearOf,
  formatIsoDate,
  profileResponseSchema,
  subscribeResponseSchema,
  taxDocumentNumber,
  taxSplit,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import {
  bookingItems,
  products as productsTable,
  taxDocuments,
  users,
} from '../../db/schema/index.js';
import { SANDBOX_WEBHOOKS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { conflictMessage, constraintViolation } from '../../lib/db-errors.js';
import { TEST_PASSWORD } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  ADDRESS,
  checkout,
  itemFor,
  paidIds,
  payOrder,
  verifyPayment,
} from '../../test/checkout.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

const JAIPUR = {
  ...ADDRESS,
  name: 'Meera Rathore',
  street: '7 Civil Lines',
  landmark: '',
  city: 'Jaipur',
  state: 'Rajasthan',
  pincode: '302001',
} as const;
const SELLER = {
  SELLER_NAME: 'Pehnava Rentals Private Limited',
  SELLER_ADDRESS: 'Pehnava Warehouse, 14 Ballard Estate, Fort, Mumbai 400001',
  SELLER_GSTIN: '27AAACP0000P1ZO',
  SELLER_STATE: 'Maharashtra',
};

const clock = createManualClock(new Date());
let t: TestApp;
let products: Product[];
let next = 0;
let n = 0;
const shopper = () => newShopper(t, `tax-${++n}@pehnava.test`);
const number = (kind: 'invoice' | 'credit-note', serial: number) =>
  taxDocumentNumber(kind, financialYearOf(clock.now()), serial);

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { ...SELLER, GST_RATE_PERCENT: '18', SANDBOX_WEBHOOK_DELAY_MS: '0' },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
});
afterAll(async () => {
  await t.close();
});

/** Every tax document, in the order the series gave their numbers. */
const allDocuments = () =>
  t.database.db
    .select()
    .from(taxDocuments)
    .orderBy(asc(taxDocuments.kind), asc(taxDocuments.serial));
const documentsOf = (bookingId: string) =>
  t.database.db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.bookingId, bookingId))
    .orderBy(asc(taxDocuments.kind), asc(taxDocuments.serial));

/** A booking to `address`, paid in the sandbox and verified as the checkout's handler does. */
async function paidBooking(s: Shopper, address: object = ADDRESS, extra: object = {}) {
  const created = await checkout(s, [itemFor(products[next++]!)], { address, ...extra });
  const ids = await paidIds(t, created.orderId!);
  const verified = await verifyPayment(s, ids, created.bookingId);
  expect(verified.statusCode, verified.body).toBe(200);
  return { created, ids };
}

describe('tax invoices', () => {
  it('a booking delivered in Maharashtra gets CGST + SGST, every field the invoice must show, and its GSTIN', async () => {
    const s = await shopper();
    const profile = await s.call('POST', '/api/user/update-profile', {
      gstin: ' 27aapfu0939f1zv ',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const before = (await allDocuments()).filter((d) => d.kind === 'invoice').length;

    const { created } = await paidBooking(s, ADDRESS, { insuranceSelected: true });
    const [invoice, ...more] = await documentsOf(created.bookingId);
    expect(more).toEqual([]);
    const totalPaise = Math.round(created.totalPrice * 100);
    const split = taxSplit(totalPaise, 18, 'intra-state');
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: number('invoice', before + 1),
      serial: before + 1,
      supply: 'intra-state',
      ratePercent: 18,
      totalPaise,
      taxablePaise: split.taxablePaise,
      cgstPaise: split.cgstPaise,
      sgstPaise: split.sgstPaise,
      igstPaise: 0,
      userId: s.id,
    });
    expect(split.cgstPaise).toBeGreaterThan(0);
    const { document } = invoice!;
    expect(document).toMatchObject({
      number: invoice!.number,
      date: invoice!.issueDate,
      seller: {
        name: SELLER.SELLER_NAME,
        address: SELLER.SELLER_ADDRESS,
        gstin: SELLER.SELLER_GSTIN,
        state: 'Maharashtra',
        stateCode: '27',
      },
      buyer: {
        name: ADDRESS.name,
        address: '12 Carter Road, Bandra West, Near the promenade, Mumbai 400050',
        state: 'Maharashtra',
        stateCode: '27',
        gstin: '27AAPFU0939F1ZV',
      },
      placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
      sac: '997326',
      against: null,
      reason: null,
    });
    // The lines: the piece, then damage protection (and delivery when charged), adding up.
    expect(document.lines[0]!.description).toMatch(/^Rental of .+ \(PHN-[A-Z]+-\d{4}\), size /);
    expect(document.lines.map((line) => line.description)).toContain('Damage protection');
    expect(document.lines.reduce((sum, line) => sum + line.amountPaise, 0)).toBe(totalPaise);
  });

  it('a booking delivered in Rajasthan (Jaipur) gets IGST, and no GSTIN when the profile has none', async () => {
    const s = await shopper();
    const { created } = await paidBooking(s, JAIPUR);
    const [invoice] = await documentsOf(created.bookingId);
    const totalPaise = Math.round(created.totalPrice * 100);
    expect(invoice).toMatchObject({
      supply: 'inter-state',
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: taxSplit(totalPaise, 18, 'inter-state').igstPaise,
      totalPaise,
    });
    expect(invoice!.document).toMatchObject({
      buyer: {
        name: 'Meera Rathore',
        address: '7 Civil Lines, Jaipur 302001',
        state: 'Rajasthan',
        stateCode: '08',
        gstin: null,
      },
      placeOfSupply: { state: 'Rajasthan', stateCode: '08' },
    });
  });

  it('replaying the payment (verify again, the webhook, both at once) issues no second invoice and takes no number', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(products[next++]!)]);
    const ids = await paidIds(t, created.orderId!);
    const answers = await Promise.all([
      verifyPayment(s, ids, created.bookingId),
      verifyPayment(s, ids, created.bookingId),
      t.runJob(SANDBOX_WEBHOOKS_JOB),
    ]);
    expect(answers[0].statusCode).toBe(200);
    expect(answers[1].statusCode).toBe(200);
    expect((await verifyPayment(s, ids, created.bookingId)).statusCode).toBe(200);
    await t.runJob(SANDBOX_WEBHOOKS_JOB);
    expect(await documentsOf(created.bookingId)).toHaveLength(1);

    // The next payment takes the very next number: the replays took none.
    const invoices = (await allDocuments()).filter((d) => d.kind === 'invoice');
    const after = await paidBooking(s);
    const [nextInvoice] = await documentsOf(after.created.bookingId);
    expect(nextInvoice!.number).toBe(number('invoice', invoices.length + 1));
  });

  it('a payment whose transaction rolls back after taking a number leaves no gap', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(products[next++]!)]);
    const ids = await paidIds(t, created.orderId!);
    const issued = (await allDocuments()).filter((d) => d.kind === 'invoice').length;

    // The invoice is written, then something later in the same transaction fails.
    const { taxDocuments: documents } = t.services;
    const invoiceIn = documents.invoiceIn;
    documents.invoiceIn = async (...args) => {
      await invoiceIn(...args);
      throw new Error('the transaction fails after the invoice was numbered');
    };
    try {
      const failed = await verifyPayment(s, ids, created.bookingId);
      expect(failed.statusCode).toBe(500);
    } finally {
      documents.invoiceIn = invoiceIn;
    }
    expect(await documentsOf(created.bookingId)).toEqual([]);
    expect((await allDocuments()).filter((d) => d.kind === 'invoice')).toHaveLength(issued);

    // Asked again, the same payment is applied now and takes the number the failed try gave back.
    expect((await verifyPayment(s, ids, created.bookingId)).statusCode).toBe(200);
    const [invoice] = await documentsOf(created.bookingId);
    expect(invoice!.number).toBe(number('invoice', issued + 1));
    const serials = (await allDocuments()).filter((d) => d.kind === 'invoice').map((d) => d.serial);
    expect(serials).toEqual(serials.map((_, i) => i + 1));
  });

  it('an extension paid gets an invoice of its own, its line the extra days, supplied where the booking went', async () => {
    const ops = await shopper();
    await t.services.repos.users.setRole(ops.id, 'admin');
    const s = await shopper();
    const product = products[next++]!;
    const created = await checkout(
      s,
      [itemFor(product, { startDate: addDays(todayInIndia(clock.now()), 4) })],
      { address: JAIPUR },
    );
    const paid = await verifyPayment(s, await paidIds(t, created.orderId!), created.bookingId);
    expect(paid.statusCode, paid.body).toBe(200);
    const sent = await ops.call('POST', `/api/admin/bookings/${created.bookingId}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);

    const opened = await s.call('POST', `/api/booking/${created.bookingId}/extend`, { days: 1 });
    expect(opened.statusCode, opened.body).toBe(200);
    const extension = extendResponseSchema.parse(opened.json());
    const { status: _status, ...ids } = await payOrder(t, extension.order.id);
    const verified = await s.call('POST', `/api/booking/${created.bookingId}/extend/verify`, ids);
    expect(verified.statusCode, verified.body).toBe(200);

    const [, invoice, ...more] = await documentsOf(created.bookingId);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      totalPaise: extension.amount,
      supply: 'inter-state',
      igstPaise: taxSplit(extension.amount, 18, 'inter-state').igstPaise,
    });
    expect(invoice!.document.placeOfSupply).toEqual({ state: 'Rajasthan', stateCode: '08' });
    expect(invoice!.document.lines).toEqual([
      {
        description: `Extension of the rental of ${product.name}: 1 day more, to ${formatIsoDate(extension.endDate)}`,
        amountPaise: extension.amount,
      },
    ]);
  });

  it('a plan bought gets an invoice too, supplied where the shopper last had a booking delivered', async () => {
    const s = await shopper();
    await paidBooking(s, JAIPUR);
    const res = await s.call('POST', '/api/subscription/subscribe', { plan: 'plus' });
    const order = subscribeResponseSchema.parse(res.json());
    const paid = await payOrder(t, order.orderId!);
    const { status: _status, ...ids } = paid;
    const verified = await s.call('POST', '/api/subscription/verify', ids);
    expect(verified.statusCode, verified.body).toBe(200);
    const [invoice] = await t.database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.userId, s.id), eq(taxDocuments.kind, 'invoice')))
      .orderBy(asc(taxDocuments.serial))
      .offset(1);
    expect(invoice).toMatchObject({ bookingId: null, supply: 'inter-state', totalPaise: 999_00 });
    expect(invoice!.document.placeOfSupply).toEqual({ state: 'Rajasthan', stateCode: '08' });
    expect(invoice!.document.lines).toEqual([
      { description: expect.stringMatching(/^Pehnava Plus plan: /), amountPaise: 999_00 },
    ]);
  });
});

describe('credit notes', () => {
  it('a cancellation’s refund gets a credit note against the invoice, with the same split; a second cancel none', async () => {
    const s = await shopper();
    const { created } = await paidBooking(s);
    const notesBefore = (await allDocuments()).filter((d) => d.kind === 'credit-note').length;
    expect((await s.call('POST', `/api/booking/${created.bookingId}/cancel`)).statusCode).toBe(200);
    expect((await s.call('POST', `/api/booking/${created.bookingId}/cancel`)).statusCode).toBe(409);
    const [invoice, note, ...more] = await documentsOf(created.bookingId);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      kind: 'credit-note',
      number: number('credit-note', notesBefore + 1),
      originalId: invoice!.id,
      captureId: invoice!.captureId,
      supply: invoice!.supply,
      totalPaise: invoice!.totalPaise,
      taxablePaise: invoice!.taxablePaise,
      cgstPaise: invoice!.cgstPaise,
      sgstPaise: invoice!.sgstPaise,
      igstPaise: invoice!.igstPaise,
    });
    expect(note!.number).toMatch(/^PCN\//);
    expect(note!.document).toMatchObject({
      against: { number: invoice!.number, date: invoice!.issueDate },
      buyer: invoice!.document.buyer,
      placeOfSupply: invoice!.document.placeOfSupply,
      reason: expect.stringMatching(/cancelled: refunded in full$/),
    });
  });
  it('a piece refunded in the fit window gets a credit note for just that refund', async () => {
    const ops = await shopper();
    await t.services.repos.users.setRole(ops.id, 'admin');
    const s = await shopper();
    const started = clock.now();
    const { created } = await paidBooking(s, ADDRESS);
    const sent = await ops.call('POST', `/api/admin/bookings/${created.bookingId}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const delivered = await ops.call('POST', `/api/admin/bookings/${created.bookingId}/status`, {
      status: 'delivered',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const [item] = await t.database.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, created.bookingId));
    clock.set(new Date(started.getTime() + 3_600_000));
    try {
      const res = await s.call(
        'POST',
        `/api/booking/${created.bookingId}/items/${item!.id}/report`,
        { reason: 'fit', want: 'refund' },
      );
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      clock.set(started);
    }
    const [invoice, note, ...more] = await documentsOf(created.bookingId);
    expect(more).toEqual([]);
    const split = taxSplit(item!.totalPaise, 18, 'intra-state');
    expect(note).toMatchObject({
      kind: 'credit-note',
      originalId: invoice!.id,
      totalPaise: item!.totalPaise,
      supply: 'intra-state',
      taxablePaise: split.taxablePaise,
      cgstPaise: split.cgstPaise,
      sgstPaise: split.sgstPaise,
      igstPaise: 0,
    });
    expect(note!.totalPaise).toBeLessThan(invoice!.totalPaise);
    expect(note!.document.lines).toEqual([
      {
        description: expect.stringMatching(
          /refunded: reported within 24 hours of delivery \(fit\)$/,
        ),
        amountPaise: item!.totalPaise,
      },
    ]);
  });
});

describe('documents are snapshots', () => {
  it('later changes to the profile and the product change no issued document, and nobody can change one', async () => {
    const s = await shopper();
    expect(
      (await s.call('POST', '/api/user/update-profile', { gstin: '29AAGCB7383J1Z4' })).statusCode,
    ).toBe(200);
    const { created } = await paidBooking(s);
    const [issued] = await documentsOf(created.bookingId);

    expect(
      (await s.call('POST', '/api/user/update-profile', { name: 'Tara I.', gstin: '' })).statusCode,
    ).toBe(200);
    const productId = issued!.document.lines[0]!.description.match(/\((PHN-[A-Z]+-\d{4})\)/)![1]!;
    await t.database.db
      .update(productsTable)
      .set({ name: 'Renamed piece' })
      .where(eq(productsTable.productId, productId));
    const [after] = await documentsOf(created.bookingId);
    expect(after).toEqual(issued);
    expect(after!.document.buyer.gstin).toBe('29AAGCB7383J1Z4');

    // The database keeps it as issued: an update or a delete is a conflict with a clear message.
    for (const attempt of [
      () =>
        t.database.db
          .update(taxDocuments)
          .set({ totalPaise: 1 })
          .where(eq(taxDocuments.id, issued!.id)),
      () => t.database.db.delete(taxDocuments).where(eq(taxDocuments.id, issued!.id)),
    ]) {
      const error = await attempt().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      const violation = constraintViolation(error);
      expect(violation).toMatchObject({
        kind: 'check',
        constraint: 'tax_documents_kept_as_issued',
      });
      expect(conflictMessage(violation!)).toBe(
        CONSTRAINT_CONFLICT_MESSAGES.tax_documents_kept_as_issued,
      );
    }
  });

  it('a shopper with invoices may still delete their account: the documents stay as issued', async () => {
    const s = await shopper();
    const { created } = await paidBooking(s);
    const [issued] = await documentsOf(created.bookingId);
    const res = await s.call('DELETE', '/api/user/delete-account', { password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const [kept] = await documentsOf(created.bookingId);
    expect(kept).toEqual({ ...issued, userId: null });
  });
});

describe('the GSTIN on the profile', () => {
  it('is null until given, kept upper-case, cleared by an empty string, refused with a clear message when wrong', async () => {
    const s = await shopper();
    const read = async () =>
      profileResponseSchema.parse((await s.call('GET', '/api/user/profile')).json()).user.gstin;
    expect(await read()).toBeNull();

    const set = await s.call('POST', '/api/user/update-profile', { gstin: '24aaacc1206d1zm' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ user: { gstin: '24AAACC1206D1ZM' } });
    expect(await read()).toBe('24AAACC1206D1ZM');

    // A name change leaves it; a wrong one is refused and changes nothing.
    await s.call('POST', '/api/user/update-profile', { name: 'Tara Iyer' });
    expect(await read()).toBe('24AAACC1206D1ZM');
    const wrong = await s.call('POST', '/api/user/update-profile', { gstin: '24AAACC1206D1ZN' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.gstinInvalid });
    expect(await read()).toBe('24AAACC1206D1ZM');

    expect((await s.call('POST', '/api/user/update-profile', { gstin: '' })).statusCode).toBe(200);
    expect(await read()).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, s.id));
    expect(row!.gstin).toBeNull();
  });
});

describe('GET /api/booking/{id}/invoice', () => {
  it('answers the shopper’s own booking’s invoice and credit note in rupees; 404 for anyone else’s', async () => {
    const s = await shopper();
    const { created } = await paidBooking(s, JAIPUR);
    await s.call('POST', `/api/booking/${created.bookingId}/cancel`);
    const res = await s.call('GET', `/api/booking/${created.bookingId}/invoice`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { invoices, creditNotes } = bookingInvoicesResponseSchema.parse(res.json());
    expect(invoices).toHaveLength(1);
    expect(creditNotes).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      total: created.totalPrice,
      supply: 'inter-state',
      placeOfSupply: { state: 'Rajasthan', stateCode: '08' },
      sac: '997326',
      ratePercent: 18,
      cgst: 0,
      sgst: 0,
      against: null,
    });
    expect(Math.round((invoice!.taxableValue + invoice!.igst) * 100)).toBe(
      Math.round(invoice!.total * 100),
    );
    expect(creditNotes[0]).toMatchObject({
      kind: 'credit-note',
      total: created.totalPrice,
      against: { number: invoice!.number, date: invoice!.date },
    });

    const other = await shopper();
    const theirs = await other.call('GET', `/api/booking/${created.bookingId}/invoice`);
    expect(theirs.statusCode).toBe(404);
    expect(
      (await other.call('GET', '/api/booking/00000000-0000-4000-8000-000000000000/invoice'))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/booking/${created.bookingId}/invoice` }))
        .statusCode,
    ).toBe(401);
  });
});
