import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  EXTENSION_MESSAGES,
  addDays,
  adminProductResponseSchema,
  bookingNumber,
  createBookingResponseSchema,
  formatIsoDate,
  formatRupees,
  type ExtensionQuote,
  type Product,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { TEST_ADDRESS, payBooking, paidBooking } from '../bookings';
import { seriousViolations } from '../axe';
import { consoleSettled, dispatched, operatorToken } from '../console';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';

/*
 * Keeping a rental longer (DECISIONS.md 'Extending a rental'): a booking the operator has sent
 * shows its return date in My Bookings; 'Keep it longer' asks the server what it can offer, the
 * shopper chooses two more days and pays them in the sandbox's sheet, and the card shows the new
 * return date and 'Extended by 2 days'; the console's booking screen lists the extension. Then
 * the refusal: while the shopper chooses, someone else books the piece right after, and the
 * payment is not even opened (409): the panel says why. Against the real API, at a phone's and a
 * desk's width.
 */
const SHOTS = '/tmp/extend-shots';

/** 'Sat, 12 Dec', as the card and the panel show a return date (features/bookings/status.ts). */
const returnDay = (date: string) =>
  new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

async function quoteOf(request: APIRequestContext, token: string, bookingId: string) {
  const res = await request.get(`/api/booking/${bookingId}/extend`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as ExtensionQuote;
}

/** A paid booking of `product`, sent by the operator: out with the shopper. Its id and end. */
async function bookingOut(request: APIRequestContext, token: string, product: Product) {
  const { bookingId } = await paidBooking(request, token, product, { startInDays: 20 });
  const { booking } = await dispatched(request, bookingId);
  return { bookingId, endDate: booking.items[0]!.endDate };
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    });

    test('a shopper keeps a rental 2 more days, paid in the payment sheet', async ({
      page,
      request,
      workerProducts,
    }) => {
      test.setTimeout(90_000);
      const product = workerProducts.take();
      const shopper = await createAccount(request);
      const { bookingId, endDate } = await bookingOut(request, shopper.token, product);
      const quote = await quoteOf(request, shopper.token, bookingId);
      expect(quote.extendable).toBe(true);
      const two = quote.options.find((option) => option.days === 2)!;
      expect(two.endDate).toBe(addDays(endDate, 2));

      await signInWith(page, shopper.token, '/orders');
      const card = page.getByTestId('booking-card');
      await expect(card.getByTestId('booking-return-date')).toHaveText(returnDay(endDate));
      await expect(card.getByTestId('booking-extended')).toHaveCount(0);

      // The panel opens below the return date and asks the server only now.
      const asked = page.waitForRequest((r) =>
        r.url().endsWith(`/api/booking/${bookingId}/extend`),
      );
      await card.getByRole('button', { name: 'Keep it longer' }).click();
      await asked;
      const panel = card.getByTestId('extend-panel');
      await expect(panel.getByRole('radio')).toHaveCount(quote.maxDays);
      await expect(panel.getByRole('radio', { name: '1 more day' })).toBeChecked();
      await panel.locator('label').filter({ hasText: '+2' }).click();
      await expect(panel.getByRole('radio', { name: '2 more days' })).toBeChecked();
      await expect(panel.getByTestId('extend-new-date')).toHaveText(
        `Return by ${returnDay(two.endDate)}`,
      );
      await expect(panel.getByTestId('extend-price')).toHaveText(formatRupees(two.amount));
      await expect(panel.getByTestId('extend-per-day')).toHaveText(
        `${formatRupees(quote.perDay)} a day${quote.insured ? ' · incl. damage protection' : ''}`,
      );
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/panel-${width}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      // Paid by UPI in the sheet: the toast says the new date, the card shows it.
      await panel.getByRole('button', { name: `Pay ${formatRupees(two.amount)}` }).click();
      const sheet = page.getByRole('dialog', { name: 'Pehnava' });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByLabel('UPI ID')).toHaveValue('success@razorpay');
      await sheet.getByRole('button', { name: `Pay ${formatRupees(two.amount)}` }).click();
      await expectToast(page, EXTENSION_MESSAGES.extended(formatIsoDate(two.endDate)));
      await expect(card.getByTestId('booking-return-date')).toHaveText(returnDay(two.endDate));
      await expect(card.getByTestId('booking-extended')).toHaveText('Extended by 2 days');
      await expect(panel).toBeHidden();
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/extended-${width}.png` });

      // The details list it, and the piece's dates moved.
      await card.getByRole('button', { name: /^Details of order/ }).click();
      const details = page.getByTestId('booking-details');
      const kept = details.getByTestId('details-extensions');
      await expect(kept).toContainText(`2 more days · return by ${returnDay(two.endDate)}`);
      await expect(kept).toContainText(formatRupees(two.amount));
      await expect(details.getByTestId('details-item')).toContainText(formatIsoDate(two.endDate));
      await kept.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/details-${width}.png` });
      await page.keyboard.press('Escape');

      // The server agrees: the next quote starts from the new return date.
      const after = await quoteOf(request, shopper.token, bookingId);
      expect(after.endDate).toBe(two.endDate);

      // The console: the booking screen lists the extension and the moved date; the list marks it.
      const ops = await page.context().newPage();
      await ops.setViewportSize(page.viewportSize()!);
      await signInWith(ops, await operatorToken(request), `/admin/bookings/${bookingId}`);
      await consoleSettled(ops);
      const extensions = ops.getByTestId('console-extensions');
      await expect(extensions).toContainText(
        `Extended +2 days on ${new Intl.DateTimeFormat('en-IN', {
          day: 'numeric',
          month: 'short',
          timeZone: 'Asia/Kolkata',
        }).format(new Date())} · ${formatRupees(two.amount)} · return by`,
      );
      await expect(ops.getByText('Extended', { exact: true })).toBeVisible();
      await ops.screenshot({ path: `${SHOTS}/console-booking-${width}.png`, fullPage: true });

      await ops.goto(`/admin/bookings?q=${encodeURIComponent(bookingNumber(bookingId))}`);
      await consoleSettled(ops);
      await expect(
        ops.getByRole('listitem').filter({ hasText: bookingNumber(bookingId) }),
      ).toContainText('Extended');
      await ops.close();
    });

    test.describe('when a piece is booked by someone else right after', () => {
      // The refused POST /extend (409) is logged by the browser as a failed resource.
      test.use({ expectedConsoleErrors: [/status of 409/] });

      test('the payment is not opened and the panel says why', async ({
        page,
        request,
        workerProducts,
      }) => {
        test.setTimeout(90_000);
        const product = workerProducts.take();
        const size = product.sizes.find((s) => s.available)!.size;
        const shopper = await createAccount(request);
        const { bookingId, endDate } = await bookingOut(request, shopper.token, product);
        const quote = await quoteOf(request, shopper.token, bookingId);
        expect(quote.extendable).toBe(true);

        await signInWith(page, shopper.token, '/orders');
        const card = page.getByTestId('booking-card');
        await card.getByRole('button', { name: 'Keep it longer' }).click();
        const panel = card.getByTestId('extend-panel');
        const most = quote.options.at(-1)!;
        await panel
          .locator('label')
          .filter({ hasText: `+${most.days}` })
          .click();
        await expect(panel.getByTestId('extend-price')).toHaveText(formatRupees(most.amount));

        // Meanwhile another shopper books every piece of that size from the first day they can.
        const other = await createAccount(request);
        await bookAllRightAfter(request, other.token, product, size, endDate);
        const now = await quoteOf(request, shopper.token, bookingId);
        expect(now.maxDays).toBeLessThan(most.days);

        await panel.getByRole('button', { name: `Pay ${formatRupees(most.amount)}` }).click();
        await expect(page.getByRole('dialog', { name: 'Pehnava' })).toHaveCount(0);
        const said = EXTENSION_MESSAGES.tooManyDays(now.maxDays);
        if (now.maxDays === 0) {
          // The quote, asked again, says the same: no choice is left.
          await expect(panel.getByTestId('extend-reason')).toHaveText(said);
          await expect(panel.getByRole('radio')).toHaveCount(0);
        } else {
          await expect(panel.getByTestId('extend-problem')).toHaveText(said);
          await expect(panel.getByRole('radio')).toHaveCount(now.maxDays);
        }
        await expect(panel.getByRole('button', { name: /^Pay / })).toHaveCount(
          now.maxDays === 0 ? 0 : 1,
        );
        await expect(card.getByTestId('booking-return-date')).toHaveText(returnDay(endDate));
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/refused-${width}.png` });
      });
    });
  });
}

/**
 * Book (and pay) every unit of `product` in `size` for 2 days from the first start after `end`
 * the server accepts: whichever unit the shopper has, the next booking follows it closely.
 */
async function bookAllRightAfter(
  request: APIRequestContext,
  token: string,
  product: Product,
  size: string,
  end: string,
) {
  const detail = await request.get(`/api/admin/products/${product._id}`, {
    headers: { authorization: `Bearer ${await operatorToken(request)}` },
  });
  expect(detail.ok(), await detail.text()).toBe(true);
  const units = adminProductResponseSchema
    .parse(await detail.json())
    .product.sizes.find((s) => s.size === size)!.units;
  for (let after = 1; after <= 15; after += 1) {
    const res = await request.post('/api/booking/create', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        cartItems: [
          {
            productId: product._id,
            size,
            quantity: units,
            duration: 2,
            startDate: addDays(end, after),
          },
        ],
        address: TEST_ADDRESS,
      },
    });
    if (!res.ok()) continue;
    await payBooking(request, token, createBookingResponseSchema.parse(await res.json()));
    return;
  }
  throw new Error(`no start within 15 days after ${end} had every ${size} free`);
}
