import { LATE_FEE_PAISE, bookingNumber, formatRupees, paiseToRupees } from '@pehnava/shared';
import { createAccount, signInWith } from '../../accounts';
import { paidBooking } from '../../bookings';
import { moveClockToNoon, serverDaysAhead } from '../../clock';
import { CONSOLE_SHOTS, dispatched, packerToken, seriousViolations } from '../../console';
import { expect, test } from '../../fixtures';

/*
 * Runs on the clock's own server (project 'after-clock'): it moves the server's clock. A piece comes
 * back two days late with major damage; the packer sees the late fee and the most the damage may
 * cost before saving, enters a lower damage charge, and the booking then owes exactly that.
 */
const PER_DAY = paiseToRupees(LATE_FEE_PAISE.free);

for (const width of [390, 1280]) {
  test(`a return checked in two days late with damage, at ${width} px`, async ({
    page,
    request,
    workerProducts,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const product = workerProducts.take((p) => p.category !== 'luxury');
    const shopper = await createAccount(request);
    // Tomorrow by the server's clock, which an earlier spec may have moved.
    const startInDays = (await serverDaysAhead(request)) + 1;
    const id = (await paidBooking(request, shopper.token, product, { startInDays })).bookingId;
    const { item, code } = await dispatched(request, id);
    // To noon in India two days after the end date (the late-fee job runs with the move).
    await moveClockToNoon(request, item.endDate, 2);

    await signInWith(page, await packerToken(request), `/admin/check-in?code=${code}`);
    await expect(page.getByText('2 days late')).toBeVisible();
    const summary = page.locator('dl').last();
    await expect(summary).toContainText(`Late fee (${formatRupees(PER_DAY)} a day`);
    await expect(summary).toContainText(formatRupees(2 * PER_DAY));
    await page.getByRole('button', { name: /^Major damage/ }).click();
    await page.getByLabel(/^Charge in ₹/).fill('1500');
    await expect(summary).toContainText('Damage₹1,500');
    await page.screenshot({ path: `${CONSOLE_SHOTS}/check-in-late-${width}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save return as major damage' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${code}: Return recorded` }),
    ).toBeVisible();

    // The booking now owes what the screen showed, and says so on its page.
    await page.goto(`/admin/bookings/${id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Booking #${bookingNumber(id)}` }),
    ).toBeVisible();
    const charges = page.getByRole('region', { name: /^Charges after the rental/ });
    await expect(charges.getByText('Late fee · due')).toHaveCount(2);
    await expect(charges.getByText('Damage · due')).toHaveCount(1);
    await expect(charges).toContainText('₹1,500');
    await expect(page.getByText(/major-damage/)).toBeVisible();
    await page.screenshot({ path: `${CONSOLE_SHOTS}/booking-late-${width}.png`, fullPage: true });
  });
}
