import { readFileSync } from 'node:fs';
import { bookingNumber } from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { paidBooking } from '../bookings';
import { CONSOLE_SHOTS, consoleSettled, operatorToken, seriousViolations } from '../console';
import { expect, test } from '../fixtures';

/*
 * Reports (issue [K]): an admin reads the money of the last 30 days and exports the bookings paid
 * for the accountant, with the GST columns.
 */

for (const width of [390, 1280]) {
  test(`an admin reads the month's money and exports the bookings paid, at ${width} px`, async ({
    page,
    request,
    workerProducts,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const product = workerProducts.take((p) => p.category !== 'luxury');
    const shopper = await createAccount(request);
    const id = (await paidBooking(request, shopper.token, product, { startInDays: 12 })).bookingId;

    await signInWith(page, await operatorToken(request), '/admin/reports');
    await consoleSettled(page);
    await expect(page.getByRole('heading', { name: 'Money by day' })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Total/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Top pieces/ })).toBeVisible();
    await page.screenshot({ path: `${CONSOLE_SHOTS}/reports-${width}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('By', { exact: true }).selectOption('week');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/by=week/);
    await expect(page.getByRole('heading', { name: 'Money by week' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Bookings paid (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^pehnava-bookings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Taxable value (₹),GST (₹),GST rate (%)');
    expect(csv).toContain(`${bookingNumber(id)},`);
  });
}
