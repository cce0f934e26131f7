import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  BACKUP_MESSAGES,
  BOOKING_MESSAGES,
  addDays,
  adminBookingDetailResponseSchema,
  backupFee,
  bookingNumber,
  cartResponseSchema,
  formatRupees,
  myBookingsResponseSchema,
  orderTotals,
  todayInIndia,
  unitsResponseSchema,
  type Product,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { fillAddress, paidBookingOfLines } from '../bookings';
import { consoleSettled, operatorToken, scan } from '../console';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';
import type { WorkerProducts } from '../worker-products';

/*
 * A back-up size (DECISIONS.md 'Back-up size'): a shopper adds one at checkout and pays its fee
 * on top of the total; the console's send list lists both pieces and the parcel is complete only
 * once the back-up's tag is scanned too; the slip prints both; check-in asks whether the back-up's
 * seal is intact, and a broken one is charged its rental price, which My Bookings then shows.
 * A back-up size booked out for the dates is refused with the server's words, at checkout.
 */

const SHOTS = '/tmp/backup-shots';
const inDays = (n: number) => addDays(todayInIndia(new Date()), n);
/** The sandbox's payment sheet, titled by the merchant. */
const paymentSheet = (page: Page) => page.getByRole('dialog', { name: 'Pehnava' });

const admin = async (request: APIRequestContext) => ({
  authorization: `Bearer ${await operatorToken(request)}`,
});

/** The in-service tag codes of each size of `product` (admin units list). */
async function codesBySize(request: APIRequestContext, product: Product) {
  const answer = await request.get(`/api/admin/units?productId=${product._id}`, {
    headers: await admin(request),
  });
  const { units } = unitsResponseSchema.parse(await answer.json());
  return new Map(
    product.sizes
      .filter((s) => s.available)
      .map(({ size }) => [
        size,
        {
          inService: units.filter((u) => u.size === size && u.state === 'in-service').length,
          all: units.filter((u) => u.size === size && u.state !== 'retired').length,
        },
      ]),
  );
}

/**
 * A product of this worker's with two sizes whose every unit is in service (clothing, not an
 * accessory): the size to rent and the back-up size.
 */
async function pieceWithBackup(request: APIRequestContext, products: WorkerProducts) {
  for (;;) {
    const product = products.take(
      (p) =>
        p.category !== 'luxury' &&
        p.twoDayRentalPrice > 0 &&
        p.sizes.filter((s) => s.available && s.size !== 'Free Size').length >= 2 &&
        !p.filters.some((f) => f.type === 'category' && f.value === 'Accessories'),
    );
    const sizes = [...(await codesBySize(request, product))]
      .filter(([, units]) => units.inService > 0 && units.inService === units.all)
      .map(([size, units]) => ({ size, units: units.inService }));
    if (sizes.length >= 2) {
      return {
        product,
        size: sizes[0]!.size,
        backup: sizes[1]!.size,
        backupUnits: sizes[1]!.units,
      };
    }
  }
}

/** Put `product` in `size` in the shopper's cart for 2 days from `startDate`; the cart's total. */
async function inCart(
  request: APIRequestContext,
  token: string,
  product: Product,
  size: string,
  startDate: string,
) {
  const authorization = `Bearer ${token}`;
  const added = await request.post('/api/cart/add', {
    headers: { authorization },
    data: { productId: product._id, size, duration: 2, startDate },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const cart = cartResponseSchema.parse(
    await (await request.get('/api/cart', { headers: { authorization } })).json(),
  );
  return cart.total;
}

for (const width of [390, 1280]) {
  test(`a back-up size chosen at checkout goes out with its piece, comes back with its seal broken and is charged, at ${width} px`, async ({
    page,
    browser,
    request,
    workerProducts,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const height = width < 600 ? 844 : 900;
    await page.setViewportSize({ width, height });
    const { product, size, backup } = await pieceWithBackup(request, workerProducts);
    const shopper = await createAccount(request);
    // Tomorrow's rental in Mumbai: it leaves today, on today's send list.
    const subtotal = await inCart(request, shopper.token, product, size, inDays(1));

    // Checkout: the back-up select under the line, its price, and the total with its fee.
    await signInWith(page, shopper.token, '/place-order');
    await fillAddress(page);
    const line = page.getByTestId('checkout-item');
    const choice = line.getByRole('combobox', { name: /^Add a back-up size/ });
    await expect(choice).toHaveValue('');
    await expect(line.getByTestId('backup-choice')).toContainText(
      "A second size in the same parcel, sealed — send back whichever you don't wear. ₹199",
    );
    await expect(page.getByTestId('checkout-backup')).toHaveCount(0);
    await choice.selectOption(backup);
    await expect(line.getByTestId('checkout-item-backup')).toHaveText(`Back-up: ${backup}`);
    const totals = orderTotals({
      plan: 'free',
      subtotal,
      insurance: false,
      backupFees: backupFee('free'),
    });
    await expect(page.getByTestId('checkout-backup')).toHaveText('₹199');
    await expect(page.getByTestId('checkout-total')).toHaveText(formatRupees(totals.total));
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-${width}.png` });
    await page
      .getByRole('region', { name: 'Order Summary' })
      .screenshot({ path: `${SHOTS}/checkout-summary-${width}.png` });

    // Paid in the sandbox's sheet, for the total with the back-up's fee.
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await paymentSheet(page)
      .getByRole('button', { name: `Pay ${formatRupees(totals.total)}` })
      .click();
    await expectToast(page, BOOKING_MESSAGES.confirmed);
    await expect(page).toHaveURL(/\/orders$/);
    const card = page.getByTestId('booking-card');
    await expect(card.getByTestId('booking-backup')).toHaveText(`Back-up size ${backup} (sealed)`);
    await page.screenshot({ path: `${SHOTS}/my-bookings-${width}.png` });
    await card.getByRole('button', { name: /^Details of order/ }).click();
    const details = page.getByTestId('booking-details');
    await expect(details.getByTestId('details-item-backup')).toHaveText(
      `Back-up size ${backup} (sealed)`,
    );
    await expect(details.getByTestId('details-backup')).toHaveText('₹199');
    await expect(details.getByTestId('details-total')).toHaveText(formatRupees(totals.total));
    await details.getByTestId('details-backup').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/my-bookings-details-${width}.png` });
    await page.keyboard.press('Escape');

    const [booking] = myBookingsResponseSchema.parse(
      await (
        await request.get('/api/booking/my', {
          headers: { authorization: `Bearer ${shopper.token}` },
        })
      ).json(),
    ).bookings;
    const id = booking!._id;
    const number = bookingNumber(id);
    const item = booking!.items[0]!;
    expect(item.backupSize).toBe(backup);
    const pieceCode = item.unitCode!;
    const backupCode = item.backupUnitCode!;

    // The console, in a window of its own: the send list lists both pieces.
    const ops = await browser.newContext({ viewport: { width, height } });
    const desk = await ops.newPage();
    await signInWith(desk, await operatorToken(request), '/admin/dispatches');
    await consoleSettled(desk);
    const row = desk
      .getByRole('region', { name: /^Send today/ })
      .getByRole('listitem')
      .filter({ has: desk.getByRole('link', { name: `#${number}` }) })
      .first();
    await expect(row).toContainText(pieceCode);
    const backupRow = row.getByTestId('dispatch-backup');
    await expect(backupRow).toContainText(backupCode);
    await expect(backupRow).toContainText('BACK-UP · sealed');
    await expect(backupRow).toContainText(`size ${backup}`);
    await row.scrollIntoViewIfNeeded();
    await desk.screenshot({ path: `${SHOTS}/console-dispatch-list-${width}.png` });

    // Scan to send: the piece is 1 of 2; the parcel is complete only with the back-up scanned.
    const table = desk.getByRole('region', { name: 'Scan to send' });
    await desk.getByLabel('Scan a tag to pack it').focus();
    await scan(desk, pieceCode);
    await expect(table.getByRole('status')).toHaveText(
      `${pieceCode} packed for #${number}: 1 of 2`,
    );
    const parcel = desk.getByRole('group', { name: `Packing #${number}` });
    await expect(parcel).toContainText('BACK-UP · sealed');
    await desk.screenshot({ path: `${SHOTS}/console-packing-${width}.png` });
    await scan(desk, backupCode);
    await expect(table.getByRole('status')).toHaveText(
      `${backupCode} (back-up size ${backup}, sealed) packed: #${number} is complete, ready to send`,
    );
    await desk.getByRole('button', { name: `Send #${number}` }).click();
    await expect(row.getByText('Sent', { exact: true })).toBeVisible();
    await expect
      .poll(async () => {
        const answer = await request.get(`/api/admin/bookings/${id}`, {
          headers: await admin(request),
        });
        const sent = adminBookingDetailResponseSchema.parse(await answer.json()).booking;
        return [sent.status, Boolean(sent.items[0]!.dispatchedAt)];
      })
      .toEqual(['shipped', true]);

    // The slip prints both pieces.
    await desk.goto(`/admin/slips?ids=${id}`);
    await consoleSettled(desk);
    const slip = desk.getByRole('article', { name: `Packing slip for booking ${number}` });
    await expect(slip).toContainText(pieceCode);
    await expect(slip.getByTestId('slip-backup')).toContainText(backupCode);
    await expect(slip.getByTestId('slip-backup')).toContainText('BACK-UP · sealed');
    await desk.screenshot({ path: `${SHOTS}/console-slip-${width}.png`, fullPage: true });

    // Check-in: the piece first (the card points at the back-up still out), then the back-up,
    // whose seal must be answered before it can be saved.
    await desk.goto(`/admin/check-in?code=${encodeURIComponent(pieceCode)}`);
    const pieceCard = desk.getByRole('region', { name: `Piece ${pieceCode}` });
    await expect(pieceCard).toContainText(`went with this line: scan it too`);
    await expect(pieceCard.getByRole('group', { name: 'Back-up seal intact?' })).toHaveCount(0);
    await pieceCard.getByRole('button', { name: /^Good/ }).click();
    await pieceCard.getByRole('button', { name: 'Save return as good' }).click();
    await expect(
      desk.getByRole('status').filter({ hasText: `${pieceCode}: Return recorded` }),
    ).toBeVisible();

    await desk.goto(`/admin/check-in?code=${encodeURIComponent(backupCode)}`);
    const backupCard = desk.getByRole('region', { name: `Piece ${backupCode}` });
    const seal = backupCard.getByRole('group', { name: 'Back-up seal intact?' });
    await expect(seal).toBeVisible();
    await expect(backupCard).toContainText('BACK-UP · sealed');
    await backupCard.getByRole('button', { name: /^Good/ }).click();
    const save = backupCard.getByRole('button', { name: 'Save return as good' });
    await expect(save).toBeDisabled();
    await seal.getByRole('button', { name: /^No — broken/ }).click();
    await expect(save).toBeEnabled();
    await desk.screenshot({ path: `${SHOTS}/console-check-in-${width}.png`, fullPage: true });
    await save.click();
    await expect(
      desk.getByRole('status').filter({
        hasText: `${backupCode}: Return recorded · back-up seal broken: charged`,
      }),
    ).toBeVisible();

    // The booking's page says it: the back-up's tag, fee and seal, and the charge.
    await desk.goto(`/admin/bookings/${id}`);
    const backupPiece = desk.getByTestId('console-backup');
    await expect(backupPiece).toContainText(backupCode);
    await expect(backupPiece).toContainText('fee ₹199');
    await expect(backupPiece).toContainText('back · seal broken');
    const charges = desk.getByRole('region', { name: /^Charges after the rental/ });
    await expect(charges.getByText('Back-up worn · due')).toBeVisible();
    await desk.screenshot({ path: `${SHOTS}/console-booking-${width}.png`, fullPage: true });
    await ops.close();

    // The shopper sees the charge, in the details' charges, and the balance due.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(card.getByTestId('booking-backup')).toHaveText(
      `Back-up size ${backup} (seal broken)`,
    );
    await expect(card.getByTestId('booking-balance')).toHaveText(
      `Balance due ${formatRupees(product.twoDayRentalPrice)}`,
    );
    await card.getByRole('button', { name: /^Details of order/ }).click();
    const charged = details.getByTestId('details-charges').getByRole('listitem');
    await expect(charged).toHaveCount(1);
    await expect(charged).toContainText('Back-up worn');
    await expect(charged).toContainText(BACKUP_MESSAGES.wornReason(product.name, backup, 2));
    await expect(charged).toContainText(formatRupees(product.twoDayRentalPrice));
    await details.getByTestId('details-charges').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/my-bookings-charge-${width}.png` });
  });
}

test.describe('a back-up size booked out for the dates', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    expectedConsoleErrors: [/Failed to load resource.*status of 409/],
  });

  test('is refused at checkout with the server’s words, and the shopper may choose none', async ({
    page,
    request,
    workerProducts,
  }) => {
    const { product, size, backup, backupUnits } = await pieceWithBackup(request, workerProducts);
    const start = inDays(20);
    // Another shopper has every piece of the back-up size for those dates.
    const other = await createAccount(request);
    await paidBookingOfLines(
      request,
      other.token,
      [{ product, size: backup, quantity: Math.min(backupUnits, 5) }],
      20,
    );

    const shopper = await createAccount(request);
    const subtotal = await inCart(request, shopper.token, product, size, start);
    await signInWith(page, shopper.token, '/place-order');
    await fillAddress(page);
    const line = page.getByTestId('checkout-item');
    await line.getByRole('combobox', { name: /^Add a back-up size/ }).selectOption(backup);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    const refusal = BACKUP_MESSAGES.taken(product.name, backup);
    await expectToast(page, refusal);
    await expect(page).toHaveURL(/\/place-order$/);
    await expect(line.getByTestId('backup-choice')).toContainText(refusal);
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-backup-taken-390.png` });

    // None: the order goes through for the piece alone.
    await line.getByRole('combobox', { name: /^Add a back-up size/ }).selectOption('');
    await expect(line.getByTestId('backup-choice')).not.toContainText(refusal);
    const total = orderTotals({ plan: 'free', subtotal, insurance: false }).total;
    await expect(page.getByTestId('checkout-total')).toHaveText(formatRupees(total));
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await paymentSheet(page)
      .getByRole('button', { name: `Pay ${formatRupees(total)}` })
      .click();
    await expectToast(page, BOOKING_MESSAGES.confirmed);
  });
});
