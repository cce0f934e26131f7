// The accountant's CSV files and the reports agree with the tax documents to the paisa (issue [P]
// §1, DECISIONS.md 'Tax invoices', decision 083). A month of the shop is driven through the HTTP
// API with the injected clock: bookings delivered in Maharashtra (CGST + SGST) and in other states
// (IGST), with coupons and damage protection; extensions and balances paid; cancellations by the
// shopper and by the desk; refunds in the fit window (part of a payment); a plan bought and
// renewed; a balance payment refunded in full without being applied (a fee waived while the
// shopper paid); a cancellation in December of a booking paid in November, and one in January of
// a booking paid in December. Then, for each month, the documents issued (invoices less credit
// notes) are summed and compared with the payments and refunds files, the bookings file and the
// reports. On PGlite and on PostgreSQL.
import { between } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminBookingDetailResponseSchema,
  addDays,
  extendResponseSchema,
  gstInside,
  paiseToRupees,
  payBalanceResponseSchema,
  reportResponseSchema,
  subscribeResponseSchema,
  todayInIndia,
  type AdminBookingDetail,
  type Product,
} from '@pehnava/shared';
import { taxDocuments } from '../../db/schema/index.js';
import { REFUNDS_JOB } from '../../jobs/payment-jobs.js';
import { PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';
import { LATE_FEES_JOB } from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { TEST_PASSWORD, callAs, signUp } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, paidIds, payOrder } from '../../test/checkout.js';
import { runUntilIdle } from '../../test/late-payments.js';
import { catalogueProducts, rentable, sizeOf } from '../../test/shopping.js';

const place = (city: string, state: string, pincode: string) =>
  ({ ...ADDRESS, street: '4 Station Road', landmark: '', city, state, pincode }) as const;
const MUMBAI = ADDRESS;
const PUNE = place('Pune', 'Maharashtra', '411001');
const JAIPUR = place('Jaipur', 'Rajasthan', '302001');
const BENGALURU = place('Bengaluru', 'Karnataka', '560001');
const DELHI = place('New Delhi', 'Delhi', '110001');
type Address = typeof MUMBAI | typeof PUNE;

/** Ten in the morning in India on a day. */
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:30`);
const dec = (day: number) => `2026-12-${String(day).padStart(2, '0')}`;

const clock = createManualClock(at('2026-11-20'));
const today = () => todayInIndia(clock.now());
let t: TestApp;
let products: Product[];

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: {
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000',
      GST_RATE_PERCENT: '18',
      SANDBOX_WEBHOOK_DELAY_MS: '0',
    },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
});
afterAll(async () => {
  await t.close();
});

// ---- Sessions: a token lasts seven days of the injected clock, so a week on signs in afresh. ----

const SIX_DAYS_MS = 6 * 86_400_000;
const sessions = new Map<string, { token: string; at: number }>();
async function as(email: string) {
  let session = sessions.get(email);
  if (!session || clock.now().getTime() - session.at > SIX_DAYS_MS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    session = { token: (res.json() as { token: string }).token, at: clock.now().getTime() };
    sessions.set(email, session);
  }
  const { token } = session;
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    callAs(t, token, method, url, payload);
}
const DESK = 'month-desk@pehnava.test';
const desk = () => as(DESK);

function expectOk<T extends { statusCode: number; body: string }>(res: T): T {
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

// ---- The month's bookings ----

type Fate =
  | 'kept'
  | 'fit-refund'
  | 'shopper-cancel'
  | 'desk-cancel'
  | 'extended'
  | 'late-balance'
  | 'late-waived'
  | 'cancelled-later';

interface Plan {
  /** The day it is booked and paid, at ten in the morning. */
  day: string;
  address: Address;
  fate: Fate;
  pieces?: number;
  coupon?: 'WELCOME50' | 'FLAT300' | 'FESTIVE20';
  insurance?: boolean;
  /** 'cancelled-later': the day the shopper cancels, in another month. */
  cancelOn?: string;
}

const MIN_SUBTOTAL = { WELCOME50: 0, FLAT300: 1_500, FESTIVE20: 3_000 } as const;
let nextProduct = 0;
/** Unused products for `pieces` lines of 7 days whose rent reaches the coupon's minimum. */
function productsFor(plan: Plan): Product[] {
  const chosen: Product[] = [];
  const min = plan.coupon ? MIN_SUBTOTAL[plan.coupon] : 0;
  while (chosen.length < (plan.pieces ?? 1)) chosen.push(products[nextProduct++]!);
  while (chosen.reduce((sum, p) => sum + p.sevenDayRentalPrice, 0) < min) {
    chosen.push(products[nextProduct++]!);
  }
  return chosen;
}

/** Run at a moment: the events of the month, in the order of their moments. */
const timeline: { when: Date; order: number; run: () => Promise<void> }[] = [];
const on = (when: Date, run: () => Promise<void>) =>
  timeline.push({ when, order: timeline.length, run });

let shoppers = 0;
async function newAccount() {
  const email = `month-${++shoppers}@pehnava.test`;
  await signUp(t, email);
  return email;
}

/** Partial refunds, to count those where a sum of the kept money's own rounding would differ. */
const partials: { paidPaise: number; refundedPaise: number }[] = [];

/** Book and pay (create, pay in the sandbox, verify), then what the booking's fate asks. */
async function schedule(plan: Plan) {
  const email = await newAccount();
  const state: { id?: string; total?: number; booking?: AdminBookingDetail } = {};
  const chosen = productsFor(plan);
  on(at(plan.day), async () => {
    const call = await as(email);
    const start = addDays(today(), 6);
    const res = await call('POST', '/api/booking/create', {
      cartItems: chosen.map((p) => ({
        productId: p._id,
        size: sizeOf(p),
        duration: 7,
        quantity: 1,
        startDate: start,
      })),
      address: plan.address,
      ...(plan.coupon ? { couponCode: plan.coupon } : {}),
      ...(plan.insurance ? { insuranceSelected: true } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as {
      bookingId: string;
      orderId: string;
      totalPrice: number;
      discountAmount: number;
    };
    // The coupon took something off.
    if (plan.coupon) expect(created.discountAmount).toBeGreaterThan(0);
    const ids = await paidIds(t, created.orderId);
    expectOk(await call('POST', '/api/booking/verify', { ...ids, bookingId: created.bookingId }));
    state.id = created.bookingId;
    state.total = Math.round(created.totalPrice * 100);
  });
  const dispatch = async () => {
    const ops = await desk();
    const sent = expectOk(await ops('POST', `/api/admin/bookings/${state.id}/dispatch`, {}));
    state.booking = adminBookingDetailResponseSchema.parse(sent.json()).booking;
  };
  const refunds = () => runUntilIdle(t, REFUNDS_JOB);

  switch (plan.fate) {
    case 'kept':
      on(at(plan.day, '11:00'), dispatch);
      break;
    case 'fit-refund':
      on(at(plan.day, '11:00'), async () => {
        await dispatch();
        const ops = await desk();
        expectOk(
          await ops('POST', `/api/admin/bookings/${state.id}/status`, { status: 'delivered' }),
        );
      });
      on(at(plan.day, '12:00'), async () => {
        const call = await as(email);
        const item = state.booking!.items[0]!;
        expectOk(
          await call('POST', `/api/booking/${state.id}/items/${item._id}/report`, {
            reason: 'fit',
            want: 'refund',
          }),
        );
        partials.push({
          paidPaise: state.total!,
          refundedPaise: Math.round(item.totalPrice * 100),
        });
        await refunds();
      });
      break;
    case 'shopper-cancel':
      on(at(addDays(plan.day, 1)), async () => {
        const call = await as(email);
        expectOk(await call('POST', `/api/booking/${state.id}/cancel`));
        await refunds();
      });
      break;
    case 'desk-cancel':
      on(at(addDays(plan.day, 1)), async () => {
        const ops = await desk();
        expectOk(
          await ops('POST', `/api/admin/bookings/${state.id}/status`, { status: 'processing' }),
        );
        expectOk(
          await ops('POST', `/api/admin/bookings/${state.id}/cancel`, { reason: 'Stain found' }),
        );
        await refunds();
      });
      break;
    case 'extended':
      on(at(plan.day, '11:00'), dispatch);
      on(at(addDays(plan.day, 2)), async () => {
        const call = await as(email);
        const opened = expectOk(await call('POST', `/api/booking/${state.id}/extend`, { days: 3 }));
        const extension = extendResponseSchema.parse(opened.json());
        const { status: _status, ...ids } = await payOrder(t, extension.order.id);
        expectOk(await call('POST', `/api/booking/${state.id}/extend/verify`, ids));
      });
      break;
    case 'late-balance':
    case 'late-waived': {
      on(at(plan.day, '11:00'), dispatch);
      // Seven days from the start; back a few days late, with a late fee for each, and paid for.
      const back = addDays(plan.day, 6 + 7 + 3);
      on(at(back, '09:00'), async () => {
        await t.runJob(LATE_FEES_JOB);
        const ops = await desk();
        expectOk(
          await ops('POST', `/api/admin/bookings/${state.id}/return`, {
            items: state.booking!.items.map((item) => ({ itemId: item._id, condition: 'good' })),
          }),
        );
        const call = await as(email);
        const open = async () =>
          payBalanceResponseSchema.parse(
            expectOk(await call('POST', `/api/booking/${state.id}/balance`)).json(),
          );
        const opened = await open();
        expect(opened.chargeIds.length).toBeGreaterThan(1);
        if (plan.fate === 'late-waived') {
          // The desk waives a fee while the shopper pays: that payment is refunded in full,
          // never applied (no invoice, no credit note); the new balance is paid.
          expectOk(
            await ops(
              'POST',
              `/api/admin/bookings/${state.id}/charges/${opened.chargeIds[0]}/waive`,
              { reason: 'Courier delay' },
            ),
          );
          const refused = await call(
            'POST',
            `/api/booking/${state.id}/balance/verify`,
            await paidIds(t, opened.order.id),
          );
          expect(refused.statusCode, refused.body).toBe(409);
          await refunds();
          const again = await open();
          expectOk(
            await call(
              'POST',
              `/api/booking/${state.id}/balance/verify`,
              await paidIds(t, again.order.id),
            ),
          );
          return;
        }
        expectOk(
          await call(
            'POST',
            `/api/booking/${state.id}/balance/verify`,
            await paidIds(t, opened.order.id),
          ),
        );
      });
      break;
    }
    case 'cancelled-later':
      on(at(plan.cancelOn!), async () => {
        const call = await as(email);
        expectOk(await call('POST', `/api/booking/${state.id}/cancel`));
        await refunds();
      });
      break;
  }
  return email;
}

const MONTH: Plan[] = [
  { day: dec(1), address: MUMBAI, fate: 'kept', coupon: 'WELCOME50', insurance: true },
  { day: dec(1), address: JAIPUR, fate: 'fit-refund', pieces: 2, insurance: true },
  { day: dec(2), address: BENGALURU, fate: 'shopper-cancel', coupon: 'FLAT300' },
  { day: dec(3), address: PUNE, fate: 'extended', insurance: true },
  { day: dec(4), address: DELHI, fate: 'late-balance' },
  { day: dec(5), address: MUMBAI, fate: 'fit-refund', pieces: 2, coupon: 'FESTIVE20' },
  { day: dec(6), address: JAIPUR, fate: 'desk-cancel', insurance: true },
  { day: dec(8), address: MUMBAI, fate: 'late-waived', insurance: true },
  { day: dec(9), address: BENGALURU, fate: 'extended', coupon: 'WELCOME50' },
  { day: dec(11), address: PUNE, fate: 'fit-refund', pieces: 3, insurance: true },
  { day: dec(12), address: DELHI, fate: 'kept', coupon: 'FLAT300', insurance: true },
  { day: dec(14), address: MUMBAI, fate: 'shopper-cancel', insurance: true },
  { day: dec(16), address: JAIPUR, fate: 'fit-refund', pieces: 2 },
  { day: dec(18), address: MUMBAI, fate: 'kept', pieces: 2 },
  { day: dec(20), address: BENGALURU, fate: 'desk-cancel', coupon: 'FESTIVE20' },
  { day: dec(22), address: DELHI, fate: 'fit-refund', pieces: 2, insurance: true },
  { day: dec(24), address: MUMBAI, fate: 'fit-refund', pieces: 3, coupon: 'FLAT300' },
  {
    day: dec(30),
    address: JAIPUR,
    fate: 'cancelled-later',
    cancelOn: '2027-01-02',
    insurance: true,
  },
];

// ---- Sums ----

interface Sums {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}
const ZERO: Sums = { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
const plus = (a: Sums, b: Sums): Sums => ({
  taxable: a.taxable + b.taxable,
  cgst: a.cgst + b.cgst,
  sgst: a.sgst + b.sgst,
  igst: a.igst + b.igst,
  total: a.total + b.total,
});
const minus = (a: Sums, b: Sums): Sums => ({
  taxable: a.taxable - b.taxable,
  cgst: a.cgst - b.cgst,
  sgst: a.sgst - b.sgst,
  igst: a.igst - b.igst,
  total: a.total - b.total,
});

/** The documents issued from `from` to `to` (days in India), by kind, in paise. */
async function documentsOf(from: string, to: string) {
  const rows = await t.database.db
    .select()
    .from(taxDocuments)
    .where(between(taxDocuments.issueDate, from, to));
  const sum = (kind: 'invoice' | 'credit-note') =>
    rows
      .filter((row) => row.kind === kind)
      .reduce(
        (sums, row) =>
          plus(sums, {
            taxable: row.taxablePaise,
            cgst: row.cgstPaise,
            sgst: row.sgstPaise,
            igst: row.igstPaise,
            total: row.totalPaise,
          }),
        ZERO,
      );
  const numbers = (kind: 'invoice' | 'credit-note') =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => row.number)
      .sort();
  return {
    invoices: sum('invoice'),
    creditNotes: sum('credit-note'),
    invoiceNumbers: numbers('invoice'),
    creditNoteNumbers: numbers('credit-note'),
    rows,
  };
}

/** RFC 4180 text (the export's) to rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/** An export as rows keyed by their header. */
async function exported(kind: 'bookings' | 'payments' | 'refunds', from: string, to: string) {
  const ops = await desk();
  const res = expectOk(
    await ops('GET', `/api/admin/reports/export?kind=${kind}&from=${from}&to=${to}`),
  );
  expect(res.body.startsWith('\ufeff')).toBe(true);
  const [header, ...rows] = parseCsv(res.body.slice(1));
  return {
    header: header!,
    rows: rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!]))),
  };
}
const paise = (rupees: string | undefined) => Math.round(Number(rupees ?? '') * 100);
/** A file's rows' tax columns, summed in paise. */
const taxOf = (rows: Record<string, string>[]): Sums =>
  rows.reduce(
    (sums, row) =>
      plus(sums, {
        taxable: paise(row['Taxable value (₹)']),
        cgst: paise(row['CGST (₹)']),
        sgst: paise(row['SGST (₹)']),
        igst: paise(row['IGST (₹)']),
        total: paise(row['Taxable value (₹)']) + paise(row['GST (₹)']),
      }),
    ZERO,
  );

describe('a month of the shop', () => {
  it('the payments and refunds files, the bookings file and the reports agree with the tax documents to the paisa', async () => {
    // Accounts first (signing up sends the mail due, PDFs and all), then the month.
    await signUp(t, DESK);
    await t.services.repos.users.setRole(
      (await t.services.repos.users.findByEmail(DESK))!.id,
      'admin',
    );
    // Paid in November: one kept, one cancelled on 2 December.
    await schedule({ day: '2026-11-27', address: JAIPUR, fate: 'kept' });
    await schedule({
      day: '2026-11-27',
      address: MUMBAI,
      fate: 'cancelled-later',
      cancelOn: dec(2),
      insurance: true,
    });

    const emails: string[] = [];
    for (const plan of MONTH) emails.push(await schedule(plan));

    // A plan bought (with a standing instruction) by the shopper of 1 December's Jaipur booking,
    // renewed by itself fourteen days later.
    on(at(dec(10)), async () => {
      const call = await as(emails[1]!);
      const order = subscribeResponseSchema.parse(
        (await call('POST', '/api/subscription/subscribe', { plan: 'plus' })).json(),
      );
      const { status: _status, ...ids } = await payOrder(t, order.orderId!, {
        renewals: 'succeed',
      });
      expectOk(await call('POST', '/api/subscription/verify', ids));
    });
    on(at(dec(24), '10:30'), async () => {
      expect(await t.runJob(PLAN_RENEWALS_JOB)).toBeGreaterThan(0);
    });

    timeline.sort((a, b) => a.when.getTime() - b.when.getTime() || a.order - b.order);
    for (const event of timeline) {
      clock.set(event.when);
      await event.run();
    }
    clock.set(at('2027-01-03'));

    // The month had every kind of document the test means to cover.
    const december = await documentsOf(dec(1), dec(31));
    const supplies = new Set(december.rows.map((row) => row.supply));
    expect(supplies).toEqual(new Set(['intra-state', 'inter-state']));
    expect(december.invoiceNumbers.length).toBeGreaterThanOrEqual(20);
    expect(december.creditNoteNumbers.length).toBeGreaterThanOrEqual(10);
    // Refunds of part of a payment where invoice less credit note and the rate applied to the
    // money kept round apart by a paisa: the case the files must follow the documents in.
    const roundingApart = partials.filter(
      ({ paidPaise, refundedPaise }) =>
        gstInside(paidPaise, 18).taxablePaise - gstInside(refundedPaise, 18).taxablePaise !==
        gstInside(paidPaise - refundedPaise, 18).taxablePaise,
    );
    expect(roundingApart.length).toBeGreaterThan(0);

    // The balance paid while a fee was waived: its refund is in the file, with no credit note
    // and no tax (it paid for nothing), and it is not money out in the reports.
    const unapplied = (await exported('refunds', dec(1), dec(31))).rows.filter(
      (row) => !row['Credit note'],
    );
    expect(unapplied).toHaveLength(1);
    expect(unapplied[0]).toMatchObject({ 'Taxable value (₹)': '0.00', 'GST (₹)': '0.00' });

    for (const [from, to] of [
      ['2026-11-01', '2026-11-30'],
      [dec(1), dec(31)],
      ['2027-01-01', '2027-01-31'],
    ] as const) {
      await expectAgreement(from, to);
    }
  }, 600_000);
});

/** Every file and report of the period against its documents. */
async function expectAgreement(from: string, to: string) {
  const documents = await documentsOf(from, to);
  const net = minus(documents.invoices, documents.creditNotes);
  const period = `${from} to ${to}`;

  // The payments file has a row per payment, the invoice's figures on an applied one; the
  // refunds file a row per refund, the credit note's figures on one of an invoiced payment.
  const payments = await exported('payments', from, to);
  const refunds = await exported('refunds', from, to);
  expect(
    payments.rows
      .map((row) => row['Tax invoice'])
      .filter(Boolean)
      .sort(),
    `${period}: the invoices in the payments file`,
  ).toEqual(documents.invoiceNumbers);
  expect(
    refunds.rows
      .map((row) => row['Credit note'])
      .filter(Boolean)
      .sort(),
    `${period}: the credit notes in the refunds file`,
  ).toEqual(documents.creditNoteNumbers);
  expect(taxOf(payments.rows), `${period}: the payments file`).toEqual(documents.invoices);
  expect(taxOf(refunds.rows), `${period}: the refunds file`).toEqual(documents.creditNotes);
  expect(
    minus(taxOf(payments.rows), taxOf(refunds.rows)),
    `${period}: payments less refunds`,
  ).toEqual(net);

  // The bookings file: each booking's payment with its invoice's figures.
  const bookings = await exported('bookings', from, to);
  const bookingInvoices = documents.rows.filter(
    (row) => row.kind === 'invoice' && bookings.rows.some((b) => b['Tax invoice'] === row.number),
  );
  expect(bookings.rows.every((row) => row['Tax invoice'])).toBe(true);
  expect(taxOf(bookings.rows), `${period}: the bookings file`).toEqual(
    bookingInvoices.reduce(
      (sums, row) =>
        plus(sums, {
          taxable: row.taxablePaise,
          cgst: row.cgstPaise,
          sgst: row.sgstPaise,
          igst: row.igstPaise,
          total: row.totalPaise,
        }),
      ZERO,
    ),
  );

  // The reports: money in is the invoices' totals, refunds (all sent back within the period
  // here) the credit notes'; the GST block is the documents'.
  const ops = await desk();
  const report = reportResponseSchema.parse(
    expectOk(await ops('GET', `/api/admin/reports?from=${from}&to=${to}&by=month`)).json(),
  );
  expect(
    Math.round((report.totals.rentals + report.totals.plans + report.totals.charges) * 100),
    `${period}: money in`,
  ).toBe(documents.invoices.total);
  expect(Math.round(report.totals.refunds * 100), `${period}: refunds`).toBe(
    documents.creditNotes.total,
  );
  expect(Math.round(report.totals.net * 100)).toBe(net.total);
  const block = (sums: Sums) => ({
    taxableValue: paiseToRupees(sums.taxable),
    cgst: paiseToRupees(sums.cgst),
    sgst: paiseToRupees(sums.sgst),
    igst: paiseToRupees(sums.igst),
    total: paiseToRupees(sums.total),
  });
  expect(report.gst, `${period}: the report's GST`).toEqual({
    invoices: { count: documents.invoiceNumbers.length, ...block(documents.invoices) },
    creditNotes: { count: documents.creditNoteNumbers.length, ...block(documents.creditNotes) },
    net: block(net),
  });
}
