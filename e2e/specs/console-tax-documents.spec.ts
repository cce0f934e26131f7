import { mkdirSync, readFileSync } from 'node:fs';
import {
  adminTaxDocumentsResponseSchema,
  bookingNumber,
  formatRupeesWithPaise,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { paidBooking } from '../bookings';
import { consoleSettled, operatorToken, seriousViolations } from '../console';
import { expect, test } from '../fixtures';

/*
 * Tax documents in the console (issue [P] §1, decision 083): an admin opens a paid booking, sees
 * its GST tax invoice in the booking's 'Tax documents' section and downloads its PDF, the very
 * file the shopper gets; once the shopper cancels, the credit note is listed against it. On
 * Reports, any document (a plan's too) is found by its number.
 */

/** Where this spec's screenshots go, to be looked at. */
const SHOTS = '/tmp/shots-console-tax';
mkdirSync(SHOTS, { recursive: true });

for (const width of [390, 1280]) {
  test(`an admin sees a paid booking's tax invoice and downloads its PDF, at ${width} px`, async ({
    page,
    request,
    workerProducts,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const product = workerProducts.take((p) => p.category !== 'luxury');
    const shopper = await createAccount(request);
    const booked = await paidBooking(request, shopper.token, product, { startInDays: 14 });
    const id = booked.bookingId;

    await signInWith(page, await operatorToken(request), `/admin/bookings/${id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Booking #${bookingNumber(id)}` }),
    ).toBeVisible();
    await consoleSettled(page);
    const section = page.getByRole('region', { name: /^Tax documents/ });
    const invoice = section.getByRole('listitem');
    await expect(invoice).toHaveCount(1);
    await expect(invoice).toContainText(/PHN\/\d{2}-\d{2}\/\d{6}/);
    await expect(invoice).toContainText('Tax invoice');
    // Delivered in Mumbai: CGST and SGST at half the rate each.
    await expect(invoice).toContainText('Maharashtra (27)');
    await expect(invoice).toContainText('CGST 9%');
    await expect(invoice).toContainText('SGST 9%');
    await expect(invoice).toContainText(formatRupeesWithPaise(booked.totalPrice));
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/booking-invoice-${width}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    const number = (await invoice.locator('.font-mono').first().textContent())!;
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: `Download tax invoice ${number} (PDF)` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Pehnava-Tax-Invoice-${number.replaceAll('/', '-')}.pdf`);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(10_000);

    // The shopper cancels: the credit note is listed against the invoice, and both come as one PDF.
    const cancelled = await request.post(`/api/booking/${id}/cancel`, {
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await page.reload();
    await consoleSettled(page);
    await expect(section.getByRole('listitem')).toHaveCount(2);
    const note = section.getByRole('listitem').nth(1);
    await expect(note).toContainText('Credit note');
    await expect(note).toContainText(`against ${number}`);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/booking-credit-note-${width}.png`, fullPage: true });
    await section.screenshot({ path: `${SHOTS}/section-${width}.png` });
    expect(await seriousViolations(page)).toEqual([]);

    const both = page.waitForEvent('download');
    await section.getByRole('button', { name: 'All as one PDF' }).click();
    const combined = await both;
    expect(combined.suggestedFilename()).toBe(
      `pehnava-booking-${bookingNumber(id)}-tax-documents.pdf`,
    );
    expect(
      readFileSync((await combined.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
}

test('an admin finds a tax invoice by its number on Reports and downloads it', async ({
  page,
  request,
  workerProducts,
}) => {
  const product = workerProducts.take((p) => p.category !== 'luxury');
  const shopper = await createAccount(request);
  const id = (await paidBooking(request, shopper.token, product, { startInDays: 15 })).bookingId;
  const token = await operatorToken(request);
  const listed = await request.get(`/api/admin/bookings/${id}/tax-documents`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { documents } = adminTaxDocumentsResponseSchema.parse(await listed.json());
  const number = documents[0]!.number;

  await signInWith(page, token, '/admin/reports');
  await consoleSettled(page);
  // Typed as it reads on paper, in lower case.
  await page.getByLabel('A tax invoice or credit note by number').fill(number.toLowerCase());
  const download = page.waitForEvent('download');
  await page
    .getByRole('form', { name: 'A tax document by number' })
    .getByRole('button', { name: 'PDF' })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Pehnava-Tax-Invoice-${number.replaceAll('/', '-')}.pdf`);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});
