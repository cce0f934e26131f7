import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import {
  BOOKING_MESSAGES,
  bookingInvoicesResponseSchema,
  bookingNumber,
  type BookingInvoicesResponse,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { seriousViolations } from '../axe';
import { paidBooking } from '../bookings';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';

/*
 * Issue [P] §1, the shopper's side: a booking's GST tax invoice (and, once it is cancelled, its
 * credit note) downloads from My Bookings and from the booking's details, as the server's PDF with
 * the server's file name; a GSTIN saved on the profile is on the invoices of payments made after.
 */

const SHOTS = '/tmp/shots-invoice';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The booking's documents as the API lists them (JSON). */
async function documentsOf(
  request: APIRequestContext,
  token: string,
  bookingId: string,
): Promise<BookingInvoicesResponse> {
  const res = await request.get(`/api/booking/${bookingId}/invoice`, { headers: bearer(token) });
  expect(res.ok(), await res.text()).toBe(true);
  return bookingInvoicesResponseSchema.parse(await res.json());
}

/** The file name the server gives a document: its number with dashes for slashes. */
const fileNameFor = (kind: 'Tax-Invoice' | 'Credit-Note', number: string) =>
  `Pehnava-${kind}-${number.replaceAll('/', '-')}.pdf`;

/** Press a document's download and take the file the browser saved. */
async function download(page: Page, button: Locator): Promise<{ file: Download; bytes: Buffer }> {
  const saved = page.waitForEvent('download');
  await button.click();
  const file = await saved;
  return { file, bytes: readFileSync((await file.path())!) };
}

/** The same document as the API answers a client that asks for a PDF. */
async function pdfFromApi(
  request: APIRequestContext,
  token: string,
  bookingId: string,
  number: string,
) {
  const res = await request.get(
    `/api/booking/${bookingId}/invoice?number=${encodeURIComponent(number)}`,
    { headers: { ...bearer(token), accept: 'application/pdf' } },
  );
  expect(res.ok()).toBe(true);
  return { bytes: await res.body(), disposition: res.headers()['content-disposition'] };
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a paid booking’s tax invoice downloads from My Bookings and from its details', async ({
  page,
  request,
  workerProducts,
}) => {
  const product = workerProducts.take();
  const shopper = await createAccount(request, { name: 'Kavya Menon' });
  const { bookingId } = await paidBooking(request, shopper.token, product, { startInDays: 28 });
  const { invoices, creditNotes } = await documentsOf(request, shopper.token, bookingId);
  expect(invoices).toHaveLength(1);
  expect(creditNotes).toHaveLength(0);
  const [invoice] = invoices;
  expect(invoice!.number).toMatch(/^PHN\/\d{2}-\d{2}\/\d{6}$/);

  await signInWith(page, shopper.token, '/orders');
  const card = page.getByTestId('booking-card');
  await expect(card.getByTestId('booking-number')).toHaveText(bookingNumber(bookingId));
  // The documents are asked for only when the shopper opens them.
  const panel = card.getByTestId('booking-invoices');
  await expect(panel).toBeHidden();
  const toggle = card.getByRole('button', { name: 'Invoices' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const row = panel.getByRole('button', { name: `Download Tax invoice ${invoice!.number}` });
  await expect(row).toBeVisible();
  await expect(panel.getByTestId('tax-document-number')).toHaveText([invoice!.number]);
  await expect(panel.getByTestId('tax-document')).toHaveCount(1);

  const fromCard = await download(page, row);
  expect(fromCard.file.suggestedFilename()).toBe(fileNameFor('Tax-Invoice', invoice!.number));
  expect(fromCard.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The very document the API gives (the same documents make the same bytes, decision 082).
  const api = await pdfFromApi(request, shopper.token, bookingId, invoice!.number);
  expect(api.disposition).toContain(`filename="${fromCard.file.suggestedFilename()}"`);
  expect(fromCard.bytes.equals(api.bytes)).toBe(true);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: `${SHOTS}/orders-invoices-${width}.png` });
  }
  expect(await seriousViolations(page, { within: '[data-testid="booking-card"]' })).toEqual([]);

  // The booking's own view offers it too.
  await card.getByRole('button', { name: /Details/ }).click();
  const details = page.getByTestId('booking-details');
  const listed = details.getByTestId('details-invoices');
  await expect(listed.getByTestId('tax-document-number')).toHaveText([invoice!.number]);
  const fromDetails = await download(
    page,
    listed.getByRole('button', { name: `Download Tax invoice ${invoice!.number}` }),
  );
  expect(fromDetails.file.suggestedFilename()).toBe(fromCard.file.suggestedFilename());
  expect(fromDetails.bytes.equals(fromCard.bytes)).toBe(true);
});

test('a cancelled booking offers its credit note beside its invoice', async ({
  page,
  request,
  workerProducts,
}) => {
  const product = workerProducts.take();
  const shopper = await createAccount(request, { name: 'Arjun Nair' });
  const { bookingId } = await paidBooking(request, shopper.token, product, { startInDays: 32 });
  const [invoice] = (await documentsOf(request, shopper.token, bookingId)).invoices;

  await signInWith(page, shopper.token, '/orders');
  await page
    .getByTestId('booking-card')
    .getByRole('button', { name: /Details/ })
    .click();
  const details = page.getByTestId('booking-details');
  const listed = details.getByTestId('details-invoices');
  await expect(listed.getByTestId('tax-document-number')).toHaveText([invoice!.number]);

  // Cancelled with a full refund, here: the credit note shows up in the list at once.
  page.once('dialog', (dialog) => void dialog.accept());
  await details.getByRole('button', { name: 'Cancel booking' }).click();
  await expectToast(page, BOOKING_MESSAGES.cancelled);
  await expect(details.getByTestId('details-status')).toHaveText('Cancelled');
  const { creditNotes } = await documentsOf(request, shopper.token, bookingId);
  expect(creditNotes).toHaveLength(1);
  const [note] = creditNotes;
  expect(note!.number).toMatch(/^PCN\/\d{2}-\d{2}\/\d{6}$/);
  expect(note!.against?.number).toBe(invoice!.number);
  await expect(listed.getByTestId('tax-document-number')).toHaveText([
    invoice!.number,
    note!.number,
  ]);
  await expect(listed.getByTestId('tax-document-kind')).toHaveText(['Tax invoice', 'Credit note']);

  const credit = await download(
    page,
    listed.getByRole('button', { name: `Download Credit note ${note!.number}` }),
  );
  expect(credit.file.suggestedFilename()).toBe(fileNameFor('Credit-Note', note!.number));
  expect(credit.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const api = await pdfFromApi(request, shopper.token, bookingId, note!.number);
  expect(credit.bytes.equals(api.bytes)).toBe(true);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await listed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/details-credit-note-${width}.png` });
  }

  // The card's panel lists both as well.
  await page.keyboard.press('Escape');
  const card = page.getByTestId('booking-card');
  await card.getByRole('button', { name: 'Invoices' }).click();
  await expect(card.getByTestId('tax-document-number')).toHaveText([invoice!.number, note!.number]);
  await page.setViewportSize({ width: 390, height: 900 });
  await card.screenshot({ path: `${SHOTS}/orders-credit-note-390.png` });
});

test.describe('a download that fails', () => {
  // The failed request's 404, which Chromium logs.
  test.use({ expectedConsoleErrors: [/Failed to load resource.*status of 404/] });

  test('shows it is working, cannot be pressed twice, and says what the server said', async ({
    page,
    request,
    workerProducts,
  }) => {
    const product = workerProducts.take();
    const shopper = await createAccount(request);
    const { bookingId } = await paidBooking(request, shopper.token, product, { startInDays: 36 });
    const [invoice] = (await documentsOf(request, shopper.token, bookingId)).invoices;
    const message = 'This booking has no tax invoice with that number.';

    // The PDF is held back until the test lets it go, then answered as a 404 with a message.
    const asked: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('/invoice') && url.searchParams.has('number'),
      async (route) => {
        asked.push(route.request().headers().accept ?? '');
        await released;
        await route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message }),
        });
      },
    );

    await signInWith(page, shopper.token, '/orders');
    const card = page.getByTestId('booking-card');
    await card.getByRole('button', { name: 'Invoices' }).click();
    const row = card.getByRole('button', { name: `Download Tax invoice ${invoice!.number}` });
    await row.click();
    await expect(row).toHaveAttribute('aria-busy', 'true');
    await expect(row).toHaveAttribute('aria-disabled', 'true');
    await expect(row).toContainText('Downloading…');
    // Pressed again while it works (forced: it says it is disabled), it asks nothing more.
    await row.click({ force: true });
    await row.click({ force: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await card.screenshot({ path: `${SHOTS}/orders-downloading-390.png` });
    release();
    await expectToast(page, message);
    await expect(row).toHaveAttribute('aria-busy', 'false');
    await expect(row).not.toContainText('Downloading…');
    expect(asked).toEqual(['application/pdf']);
  });
});

test('a GSTIN saved on the profile is on the invoice of a booking paid after', async ({
  page,
  request,
  workerProducts,
}) => {
  const GSTIN = '29AAGCR4375J1ZU';
  const shopper = await createAccount(request, { name: 'Rhea Traders' });
  await signInWith(page, shopper.token, '/profile');
  const overview = page.getByRole('region', { name: 'Overview' });
  await overview.getByRole('button', { name: 'Edit' }).click();
  const field = overview.getByLabel('GSTIN');
  await page.setViewportSize({ width: 390, height: 900 });
  await field.fill(`${GSTIN.slice(0, 14)}A`);
  await overview.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await overview.screenshot({ path: `${SHOTS}/profile-edit-invalid-form-390.png` });
  await field.fill(GSTIN.toLowerCase());
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/profile-edit-${width}.png`, fullPage: true });
  }
  await overview.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated');
  await expect(overview).toContainText(GSTIN);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/profile-view-${width}.png`, fullPage: true });
  }

  const product = workerProducts.take();
  const { bookingId } = await paidBooking(request, shopper.token, product, { startInDays: 40 });
  const [invoice] = (await documentsOf(request, shopper.token, bookingId)).invoices;
  expect(invoice!.buyer.gstin).toBe(GSTIN);
});
