// Tax documents as PDFs through the API and the mail (decision 082): GET /api/booking/{id}/invoice
// answers JSON or a PDF by the Accept header, the shopper's own only; the confirmation mail sent
// through the outbox to a real SMTP server carries the invoice's PDF, the cancellation's the
// credit note's; a reference that names nothing still lets the mail go.
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  bookingInvoicesResponseSchema,
  formatRupeesWithPaise,
  type Product,
} from '@pehnava/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { TEST_PASSWORD, callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, checkout, itemFor, paidIds, verifyPayment } from '../../test/checkout.js';
import { pdfText } from '../../test/pdf-text.js';
import { catalogueProducts, rentable, type Shopper } from '../../test/shopping.js';

const JAIPUR = {
  ...ADDRESS,
  city: 'Jaipur',
  state: 'Rajasthan',
  pincode: '302001',
} as const;

let server: SMTPServer;
let t: TestApp;
let products: Product[];
let next = 0;
let n = 0;
const inbox: { to: string[]; raw: string }[] = [];
const mailsTo = (address: string) => inbox.filter((mail) => mail.to.includes(address));

/** A new shopper, signed up with the code that reached the SMTP server (no development mailbox here). */
async function shopper(): Promise<Shopper> {
  const email = `pdf-${++n}@pehnava.test`;
  await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { name: 'Tara Iyer', email, password: TEST_PASSWORD },
  });
  await t.deliverMail();
  const raw =
    mailsTo(email)
      .at(-1)
      ?.raw.replace(/=\r?\n/g, '') ?? '';
  const otp = /verification code is (\d{6})/.exec(raw)?.[1];
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/user/verify-otp',
    payload: { email, otp },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const token = (verified.json() as { token: string }).token;
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return {
    id: row!.id,
    token,
    call: (method, url, payload) => callAs(t, token, method, url, payload),
  };
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    seed: true,
    jobs: false,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Pehnava <hello@pehnava.test>',
      SANDBOX_WEBHOOK_DELAY_MS: '0',
    },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function paidBooking(s: Shopper, address: object = ADDRESS) {
  const created = await checkout(s, [itemFor(products[next++]!)], { address });
  const verified = await verifyPayment(s, await paidIds(t, created.orderId!), created.bookingId);
  expect(verified.statusCode, verified.body).toBe(200);
  return created;
}

const invoiceOf = (s: Shopper, bookingId: string, accept?: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/booking/${bookingId}/invoice${query}`,
    headers: { authorization: `Bearer ${s.token}`, ...(accept ? { accept } : {}) },
  });

/** A received mail's attachments: file name, type and bytes (base64 parts, as nodemailer sends). */
function attachmentsOf(raw: string) {
  const files: { filename: string; type: string; content: Buffer }[] = [];
  for (const part of raw.split(/\r?\n--/)) {
    const disposition = /Content-Disposition: attachment;\s*filename=("?)([^"\r\n]+)\1/i.exec(part);
    if (!disposition) continue;
    const type = /Content-Type: ([^;\r\n]+)/i.exec(part)?.[1] ?? '';
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, '');
    files.push({ filename: disposition[2]!, type, content: Buffer.from(body, 'base64') });
  }
  return files;
}

describe('GET /api/booking/{id}/invoice as JSON or a PDF', () => {
  it('answers JSON by default and a PDF when the Accept header prefers it, the shopper’s own only', async () => {
    const s = await shopper();
    const created = await paidBooking(s, JAIPUR);
    await s.call('POST', `/api/booking/${created.bookingId}/cancel`);

    for (const accept of [undefined, '*/*', 'application/json', 'application/pdf;q=0.5, */*']) {
      const json = await invoiceOf(s, created.bookingId, accept);
      expect(json.statusCode, json.body).toBe(200);
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      expect(json.headers.vary).toMatch(/Accept/i);
      bookingInvoicesResponseSchema.parse(json.json());
    }
    const { invoices, creditNotes } = bookingInvoicesResponseSchema.parse(
      (await invoiceOf(s, created.bookingId)).json(),
    );
    const [invoice] = invoices;
    const [creditNote] = creditNotes;

    const both = await invoiceOf(s, created.bookingId, 'application/pdf');
    expect(both.statusCode).toBe(200);
    expect(both.headers['content-type']).toBe('application/pdf');
    expect(both.headers.vary).toMatch(/Accept/i);
    expect(both.headers['cache-control']).toBe('private, no-store');
    expect(both.headers['content-disposition']).toMatch(
      /^attachment; filename="pehnava-booking-[A-Z0-9]{8}-tax-documents\.pdf"$/,
    );
    const { pages } = await pdfText(both.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(invoice!.number);
    expect(pages[0]).toContain('IGST @ 18%');
    expect(pages[0]).toContain('Rajasthan (08)');
    expect(pages[0]).toContain(formatRupeesWithPaise(invoice!.total));
    expect(pages[1]).toContain('Credit Note');
    expect(pages[1]).toContain(creditNote!.number);

    const one = await invoiceOf(
      s,
      created.bookingId,
      'application/pdf',
      `?number=${encodeURIComponent(creditNote!.number)}`,
    );
    expect(one.statusCode).toBe(200);
    const safeNumber = creditNote!.number.replace(/\//g, '-');
    expect(one.headers['content-disposition']).toBe(
      `attachment; filename="Pehnava-Credit-Note-${safeNumber}.pdf"`,
    );
    expect((await pdfText(one.rawPayload)).pages).toHaveLength(1);

    const wrong = await invoiceOf(
      s,
      created.bookingId,
      'application/pdf',
      '?number=PHN/26-27/999999',
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({
      success: false,
      message: BOOKING_MESSAGES.taxDocumentNotFound,
    });

    const other = await shopper();
    for (const accept of ['application/pdf', undefined]) {
      const theirs = await invoiceOf(other, created.bookingId, accept);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ success: false, message: BOOKING_MESSAGES.bookingNotFound });
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/booking/${created.bookingId}/invoice`,
      headers: { accept: 'application/pdf' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a booking not paid yet: JSON with no documents, a PDF is a 404 that says why', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(products[next++]!)], { address: ADDRESS });
    const json = await invoiceOf(s, created.bookingId);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ success: true, invoices: [], creditNotes: [] });
    const pdf = await invoiceOf(s, created.bookingId, 'application/pdf');
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json()).toEqual({ success: false, message: BOOKING_MESSAGES.noTaxDocuments });
  });
});

describe('tax documents attached to mails through the outbox', () => {
  it('the booking confirmation arrives by SMTP with the invoice’s PDF, the cancellation with the credit note’s; the outbox keeps references, not bytes', async () => {
    const s = await shopper();
    const email = `pdf-${n}@pehnava.test`;
    const created = await paidBooking(s);
    const queued = (await t.services.repos.outbox.list()).find(
      (row) => row.recipient === email && row.kind === 'booking-confirmed',
    );
    expect(queued!.attachments).toEqual([{ taxDocumentId: expect.any(String) }]);
    await t.deliverMail();

    const { invoices } = bookingInvoicesResponseSchema.parse(
      (await invoiceOf(s, created.bookingId)).json(),
    );
    const invoice = invoices[0]!;
    const confirmation = mailsTo(email).find((mail) => /^Subject: .*confirmed/im.test(mail.raw));
    expect(confirmation, 'the confirmation mail').toBeDefined();
    const [file, ...more] = attachmentsOf(confirmation!.raw);
    expect(more).toEqual([]);
    expect(file!.type).toBe('application/pdf');
    expect(file!.filename).toBe(`Pehnava-Tax-Invoice-${invoice.number.replace(/\//g, '-')}.pdf`);
    // The very PDF the endpoint gives for that number.
    const download = await invoiceOf(
      s,
      created.bookingId,
      'application/pdf',
      `?number=${encodeURIComponent(invoice.number)}`,
    );
    expect(file!.content.equals(download.rawPayload)).toBe(true);
    const { pages } = await pdfText(file!.content);
    expect(pages[0]).toContain('CGST @ 9%');

    await s.call('POST', `/api/booking/${created.bookingId}/cancel`);
    await t.deliverMail();
    const cancelled = mailsTo(email).find((mail) => /^Subject: .*cancel/im.test(mail.raw));
    expect(cancelled, 'the cancellation mail').toBeDefined();
    const [note] = attachmentsOf(cancelled!.raw);
    expect(note!.filename).toMatch(/^Pehnava-Credit-Note-PCN-\d\d-\d\d-\d{6}\.pdf$/);
    expect((await pdfText(note!.content)).pages[0]).toContain(`Against invoice`);
  });

  it('a reference that names no document: the mail still goes, without the file', async () => {
    const email = 'no-document@pehnava.test';
    await t.services.uow.run((tx) =>
      tx.outbox.enqueue(
        'booking-confirmed',
        {
          to: email,
          subject: 'A mail whose invoice is missing',
          text: 'Hello',
          html: '<p>Hello</p>',
        },
        [{ taxDocumentId: randomUUID() }],
      ),
    );
    await t.deliverMail();
    const [mail, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.raw).toMatch(/^Subject: A mail whose invoice is missing/m);
    expect(attachmentsOf(mail!.raw)).toEqual([]);
    const row = (await t.services.repos.outbox.list()).find((r) => r.recipient === email);
    expect(row!.status).toBe('sent');
  });
});
