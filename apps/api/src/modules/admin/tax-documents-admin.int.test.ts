// The console's view of tax invoices and credit notes (issue [P] §1, decision 083): a booking's
// documents for operators as JSON or the shopper's own PDF, and any one by its number (a plan's
// too). Admin and staff logins read a booking's; a shopper gets 403 and a visitor 401, as on every
// admin route. On PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  BOOKING_MESSAGES,
  adminTaxDocumentResponseSchema,
  adminTaxDocumentsResponseSchema,
  bookingInvoicesResponseSchema,
  subscribeResponseSchema,
  type Product,
} from '@pehnava/shared';
import { taxDocuments } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  ADDRESS,
  checkout,
  itemFor,
  paidIds,
  payOrder,
  verifyPayment,
} from '../../test/checkout.js';
import { pdfText } from '../../test/pdf-text.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

const JAIPUR = {
  ...ADDRESS,
  city: 'Jaipur',
  state: 'Rajasthan',
  pincode: '302001',
} as const;
const PDF = 'application/pdf';

let t: TestApp;
let products: Product[];
let admin: Shopper;
let staff: Shopper;
let next = 0;
let n = 0;
const shopper = () => newShopper(t, `tax-admin-${++n}@pehnava.test`);

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '1000', GST_RATE_PERCENT: '18' },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  admin = await newShopper(t, 'tax-admin-desk@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
  staff = await newShopper(t, 'tax-admin-packer@pehnava.test');
  await t.services.repos.users.setRole(staff.id, 'staff');
});
afterAll(async () => {
  await t.close();
});

/** A GET as `who` (a visitor without), asking for `accept` when given. */
const get = (who: Shopper | undefined, url: string, accept?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(accept ? { accept } : {}),
    },
  });
const documentsUrl = (bookingId: string, query = '') =>
  `/api/admin/bookings/${bookingId}/tax-documents${query}`;

/** A booking of one piece to `address`, paid in the sandbox and verified. */
async function paidBooking(s: Shopper, address: object = ADDRESS) {
  const created = await checkout(s, [itemFor(products[next++]!)], { address });
  const verified = await verifyPayment(s, await paidIds(t, created.orderId!), created.bookingId);
  expect(verified.statusCode, verified.body).toBe(200);
  return created;
}

describe('GET /api/admin/bookings/{id}/tax-documents', () => {
  it('an operator reads a booking’s invoice and credit note in the order issued, as the shopper has them', async () => {
    const s = await shopper();
    const created = await paidBooking(s, JAIPUR);
    expect((await s.call('POST', `/api/booking/${created.bookingId}/cancel`)).statusCode).toBe(200);

    const res = await get(admin, documentsUrl(created.bookingId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/Accept/);
    const { documents } = adminTaxDocumentsResponseSchema.parse(res.json());
    expect(documents.map((document) => document.kind)).toEqual(['invoice', 'credit-note']);
    const [invoice, note] = documents;
    expect(invoice).toMatchObject({
      total: created.totalPrice,
      supply: 'inter-state',
      placeOfSupply: { state: 'Rajasthan', stateCode: '08' },
      cgst: 0,
      sgst: 0,
    });
    expect(invoice!.igst).toBeGreaterThan(0);
    expect(note).toMatchObject({
      total: created.totalPrice,
      against: { number: invoice!.number, date: invoice!.date },
    });
    // The very documents the shopper reads.
    const theirs = bookingInvoicesResponseSchema.parse(
      (await s.call('GET', `/api/booking/${created.bookingId}/invoice`)).json(),
    );
    expect(documents).toEqual([...theirs.invoices, ...theirs.creditNotes]);

    // A staff login (the booking page is theirs too) reads them; the id in capitals is the same.
    const packer = await get(staff, documentsUrl(created.bookingId.toUpperCase()));
    expect(packer.statusCode, packer.body).toBe(200);
    expect(adminTaxDocumentsResponseSchema.parse(packer.json()).documents).toEqual(documents);
  });

  it('answers the shopper’s own PDF bytes: all of them, or one by its number', async () => {
    const s = await shopper();
    const created = await paidBooking(s);
    expect((await s.call('POST', `/api/booking/${created.bookingId}/cancel`)).statusCode).toBe(200);
    const { documents } = adminTaxDocumentsResponseSchema.parse(
      (await get(admin, documentsUrl(created.bookingId))).json(),
    );
    const [invoice, note] = documents;

    const all = await get(admin, documentsUrl(created.bookingId), PDF);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toBe(PDF);
    expect(all.headers.vary).toMatch(/Accept/);
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename="pehnava-booking-[0-9A-F]{8}-tax-documents\.pdf"$/,
    );
    expect(all.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages } = await pdfText(all.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(invoice!.number);
    expect(pages[1]).toContain(note!.number);

    const one = await get(
      admin,
      documentsUrl(created.bookingId, `?number=${encodeURIComponent(note!.number)}`),
      PDF,
    );
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-disposition']).toBe(
      `attachment; filename="Pehnava-Credit-Note-${note!.number.replaceAll('/', '-')}.pdf"`,
    );
    const text = (await pdfText(one.rawPayload)).pages.join('\n');
    expect(text).toContain('Credit Note');
    expect(text).toContain(note!.number);
    // No second drawing of a PDF: byte for byte what the shopper downloads.
    const shoppers = await t.app.inject({
      method: 'GET',
      url: `/api/booking/${created.bookingId}/invoice?number=${encodeURIComponent(note!.number)}`,
      headers: { authorization: `Bearer ${s.token}`, accept: PDF },
    });
    expect(shoppers.statusCode).toBe(200);
    expect(one.rawPayload.equals(shoppers.rawPayload)).toBe(true);

    // A number that is not this booking's is a 404, said plainly.
    const other = await paidBooking(await shopper());
    const { documents: others } = adminTaxDocumentsResponseSchema.parse(
      (await get(admin, documentsUrl(other.bookingId))).json(),
    );
    const wrong = await get(
      admin,
      documentsUrl(created.bookingId, `?number=${encodeURIComponent(others[0]!.number)}`),
      PDF,
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({
      success: false,
      message: BOOKING_MESSAGES.taxDocumentNotFound,
    });
  });

  it('a booking not paid yet: an empty list as JSON, a clear 404 as a PDF; an unknown booking 404 both ways', async () => {
    const s = await shopper();
    const unpaid = await checkout(s, [itemFor(products[next++]!)]);
    const listed = await get(admin, documentsUrl(unpaid.bookingId));
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({ success: true, documents: [] });
    const pdf = await get(admin, documentsUrl(unpaid.bookingId), PDF);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json()).toEqual({ success: false, message: BOOKING_MESSAGES.noTaxDocuments });

    const nobody = '00000000-0000-4000-8000-000000000000';
    for (const accept of [undefined, PDF]) {
      const res = await get(admin, documentsUrl(nobody), accept);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: BOOKING_MESSAGES.bookingNotFound });
    }
    expect((await get(admin, documentsUrl('not-a-booking'))).statusCode).toBe(400);
  });

  it('is for operators: a shopper gets 403, even for their own booking, and a visitor 401', async () => {
    const s = await shopper();
    const created = await paidBooking(s);
    for (const accept of [undefined, PDF]) {
      const own = await get(s, documentsUrl(created.bookingId), accept);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ success: false, message: ADMIN_MESSAGES.adminsOnly });
      expect((await get(undefined, documentsUrl(created.bookingId), accept)).statusCode).toBe(401);
    }
  });
});

describe('GET /api/admin/tax-documents?number=', () => {
  it('finds a plan’s invoice, which has no booking, as JSON and as its PDF; 404 for a number nobody has', async () => {
    const s = await shopper();
    const order = subscribeResponseSchema.parse(
      (await s.call('POST', '/api/subscription/subscribe', { plan: 'plus' })).json(),
    );
    const { status: _status, ...ids } = await payOrder(t, order.orderId!);
    expect((await s.call('POST', '/api/subscription/verify', ids)).statusCode).toBe(200);
    const [row, ...more] = await t.database.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.userId, s.id));
    expect(more).toEqual([]);
    expect(row).toMatchObject({ bookingId: null, totalPaise: 999_00 });

    // Typed as it reads on paper, in any case.
    const url = `/api/admin/tax-documents?number=${encodeURIComponent(row!.number.toLowerCase())}`;
    const res = await get(admin, url);
    expect(res.statusCode, res.body).toBe(200);
    const found = adminTaxDocumentResponseSchema.parse(res.json());
    expect(found.bookingId).toBeNull();
    expect(found.document).toMatchObject({
      kind: 'invoice',
      number: row!.number,
      total: 999,
      lines: [{ description: expect.stringMatching(/^Pehnava Plus plan: /), amount: 999 }],
    });

    const pdf = await get(admin, url, PDF);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="Pehnava-Tax-Invoice-${row!.number.replaceAll('/', '-')}.pdf"`,
    );
    expect((await pdfText(pdf.rawPayload)).pages.join('\n')).toContain('Pehnava Plus plan');

    const none = await get(admin, '/api/admin/tax-documents?number=PHN/26-27/999999');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      success: false,
      message: ADMIN_MESSAGES.taxDocumentNotFound('PHN/26-27/999999'),
    });
    expect((await get(admin, '/api/admin/tax-documents')).statusCode).toBe(400);

    // Admins only: the look-up is the desk's and the accountant's.
    expect((await get(staff, url)).statusCode).toBe(403);
    expect((await get(s, url)).statusCode).toBe(403);
    expect((await get(undefined, url)).statusCode).toBe(401);
  });
});
