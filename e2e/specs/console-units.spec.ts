import { addDays, bookingNumber, todayInIndia } from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { paidBooking } from '../bookings';
import { CONSOLE_SHOTS, consoleSettled, packerToken, seriousViolations } from '../console';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';

/*
 * The Units planner (issue [K]): a packer finds a product, sees each piece's coming weeks with the
 * booking that holds it, blocks a piece for maintenance and lifts the block again; without a
 * product, every product's utilisation over a period.
 */

for (const width of [390, 1280]) {
  test(`a piece's weeks, a maintenance block added and lifted, at ${width} px`, async ({
    page,
    request,
    workerProducts,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const product = workerProducts.take((p) => p.category !== 'luxury');
    const shopper = await createAccount(request);
    const id = (await paidBooking(request, shopper.token, product, { startInDays: 5 })).bookingId;

    await signInWith(page, await packerToken(request), '/admin/units');
    await consoleSettled(page);
    await expect(page.getByRole('heading', { name: /^Utilisation/ })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await page.screenshot({ path: `${CONSOLE_SHOTS}/utilisation-${width}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Product (name or code)').fill(product.productId);
    await page.getByRole('list', { name: 'Matching products' }).getByRole('button').first().click();
    await expect(page).toHaveURL(new RegExp(`product=${product._id}`));
    const booking = page.getByRole('link', { name: `#${bookingNumber(id)}` });
    await expect(booking).toBeVisible();
    await page.screenshot({ path: `${CONSOLE_SHOTS}/units-${width}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // A block on a piece of a size nobody holds later on: four weeks out, three days.
    const row = page.getByRole('row').filter({ hasText: /PHN-/ }).first();
    await row.getByText('Blocks', { exact: true }).click();
    const from = addDays(todayInIndia(new Date()), 40);
    const form = row.getByRole('form', { name: /^Block / });
    await form.getByLabel('From').fill(from);
    await form.getByLabel('To').fill(addDays(from, 2));
    await form.getByLabel('Reason').fill('Zari re-stitching');
    await form.getByRole('button', { name: 'Block these days' }).click();
    await expectToast(page, /is blocked for those days$/);
    await page.getByRole('button', { name: 'Later' }).click();
    await page.getByRole('button', { name: 'Later' }).click();
    await expect(page.getByTitle('Zari re-stitching')).toBeVisible();

    await row.getByRole('button', { name: /^Lift the block on/ }).click();
    await expectToast(page, /The block on unit .* is lifted$/);
    await expect(page.getByTitle('Zari re-stitching')).toHaveCount(0);
  });
}
