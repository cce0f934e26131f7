import { readFileSync } from 'node:fs';
import { bookingNumber } from '@pehnava/shared';
import { PACKER, TOKEN_KEY, createAccount, signInWith } from '../accounts';
import { paidBooking } from '../bookings';
import {
  CONSOLE_SHOTS,
  consoleSettled,
  dispatched,
  operatorToken,
  packerToken,
  seriousViolations,
} from '../console';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';

/*
 * The operator console (issue [K]) as its people use it: a packer on a phone sends the day's
 * dispatches from Today and checks pieces in with two taps; an admin at a desk works the bookings
 * list (filter, bulk move, packing slips, CSV); a shopper is told the console is not for them.
 */

test.describe('at the packing table, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a packer signs in, sends today's dispatch from Today and sees it shipped", async ({
    page,
    request,
    workerProducts,
  }) => {
    const product = workerProducts.take((p) => p.category !== 'luxury');
    const shopper = await createAccount(request);
    const id = (await paidBooking(request, shopper.token, product, { startInDays: 1 })).bookingId;
    const number = bookingNumber(id);

    await page.goto('/admin');
    await expect(page).toHaveTitle('Sign in · Pehnava Ops');
    await page.getByLabel('E-mail').fill(PACKER.email);
    await page.getByLabel('Password').fill(PACKER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Today/ })).toBeVisible();
    await consoleSettled(page);

    const sendToday = page.getByRole('region', { name: /^Send today/ });
    const row = sendToday
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `#${number}` }) });
    await expect(row).toContainText(product.name);
    await expect(row).toContainText('Mumbai');
    await expect(row).toContainText(/PHN-[A-Z]+-\d{4}-/);
    await page.screenshot({ path: `${CONSOLE_SHOTS}/today-390.png`, fullPage: true });

    await row.getByRole('button', { name: `Dispatch booking ${number}` }).click();
    await expectToast(page, `Booking ${number} dispatched`);
    await expect(row.getByText('Sent')).toBeVisible();

    await row.getByRole('link', { name: `#${number}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Booking #${number}` })).toBeVisible();
    await expect(page.getByText('shipped', { exact: true })).toBeVisible();
    await expect(page.getByText(/^out since/)).toBeVisible();
    // A packer's login cannot refund: no cancel, no waive.
    await expect(page.getByRole('button', { name: /Cancel with refund/ })).toHaveCount(0);
    await page.screenshot({ path: `${CONSOLE_SHOTS}/booking-staff-390.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a piece checked in with two taps: the charge shown first is the one raised', async ({
    page,
    request,
    workerProducts,
  }) => {
    const product = workerProducts.take((p) => p.category !== 'luxury');
    const shopper = await createAccount(request);
    const id = (await paidBooking(request, shopper.token, product, { startInDays: 1 })).bookingId;
    const { code } = await dispatched(request, id);

    await signInWith(page, await packerToken(request), '/admin/check-in');
    await expect(page).toHaveTitle('Check-in · Pehnava Ops');
    // Typed as it reads on the tag, in any case.
    await page.getByLabel('Tag code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByText('On time')).toBeVisible();
    await expect(page.getByText('No damage protection')).toBeVisible();
    await page.screenshot({ path: `${CONSOLE_SHOTS}/check-in-preview-390.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /^Needs repair/ }).click();
    await expect(page.getByRole('button', { name: /^Needs repair/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const summary = page.locator('dl').last();
    await expect(summary).toContainText('Damage₹500');
    await expect(summary).toContainText('Late fee ₹0');
    await page.getByRole('button', { name: 'Save return as needs repair' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${code}: Return recorded` }),
    ).toBeVisible();
    // Ready for the next piece.
    await expect(page.getByLabel('Tag code')).toBeFocused();
    await expect(page.getByLabel('Tag code')).toHaveValue('');

    const detail = await request.get(`/api/admin/bookings/${id}`, {
      headers: { authorization: `Bearer ${await operatorToken(request)}` },
    });
    const { booking } = (await detail.json()) as {
      booking: { charges: { kind: string; amount: number; status: string }[] };
    };
    expect(booking.charges).toEqual([
      expect.objectContaining({ kind: 'damage', amount: 500, status: 'due' }),
    ]);
  });

  test.describe('a tag the shop does not know', () => {
    // The API answers 404 for it, which the browser logs; the screen says it plainly.
    test.use({ expectedConsoleErrors: [/status of 404/] });

    test('an unknown tag is said plainly, and nothing can be saved', async ({ page, request }) => {
      await signInWith(page, await packerToken(request), '/admin/check-in?code=NO-SUCH-TAG-9');
      await expect(page.getByRole('alert')).toHaveText('No unit has the code NO-SUCH-TAG-9');
      await expect(page.getByRole('button', { name: /Save return/ })).toHaveCount(0);
      await page.screenshot({ path: `${CONSOLE_SHOTS}/check-in-unknown-390.png` });
    });
  });
});

test.describe('at a desk, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an admin filters bookings, moves them to processing together, prints slips and exports', async ({
    page,
    request,
    workerProducts,
  }) => {
    const shopper = await createAccount(request);
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const product = workerProducts.take((p) => p.category !== 'luxury');
      ids.push((await paidBooking(request, shopper.token, product, { startInDays: 30 })).bookingId);
    }
    const numbers = ids.map(bookingNumber);

    await signInWith(page, await operatorToken(request), '/admin/bookings');
    await consoleSettled(page);
    await page.getByLabel('Booking number, e-mail or phone').fill(shopper.email);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(shopper.email)}`));
    await expect(page.getByText('2 bookings')).toBeVisible();
    for (const number of numbers) {
      await expect(page.getByRole('link', { name: `#${number}` })).toBeVisible();
    }
    await page.screenshot({ path: `${CONSOLE_SHOTS}/bookings-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The address keeps the filter: a reload shows the same list.
    await page.reload();
    await expect(page.getByLabel('Booking number, e-mail or phone')).toHaveValue(shopper.email);
    await expect(page.getByText('2 bookings')).toBeVisible();

    await page.getByLabel('Select all on this page').check();
    const bar = page.getByRole('region', { name: 'Selected bookings' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Move to processing' }).click();
    await expectToast(page, '2 moved to processing');
    for (const number of numbers) {
      const row = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: `#${number}` }) });
      await expect(row.getByText('processing', { exact: true })).toBeVisible();
    }

    // Export: a CSV of the selected rows, for the accountant.
    await page.getByLabel('Select all on this page').check();
    const download = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('pehnava-bookings.csv');
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Booking,Booked at,Status,Payment');
    for (const number of numbers) expect(csv).toContain(`${number},`);
    expect(csv.match(/,processing,completed,/g)).toHaveLength(2);

    await bar.getByRole('button', { name: 'Packing slips' }).click();
    await expect(page.getByRole('heading', { name: 'Packing slips (2)' })).toBeVisible();
    for (const number of numbers) {
      const slip = page.getByRole('article', { name: `Packing slip for booking ${number}` });
      await expect(slip).toContainText('Ship to');
      await expect(slip).toContainText(/PHN-[A-Z]+-\d{4}-/);
    }
    await page.screenshot({ path: `${CONSOLE_SHOTS}/slips-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The booking page, as an admin sees it: cancel with a refund is offered.
    await page.goto(`/admin/bookings/${ids[0]}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Booking #${numbers[0]}` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel with refund…' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Audit trail/ })).toBeVisible();
    await page.screenshot({ path: `${CONSOLE_SHOTS}/booking-admin-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("Today and Check-in at a desk, and a shopper's login told plainly it is not for them", async ({
    page,
    request,
  }) => {
    await signInWith(page, await operatorToken(request), '/admin');
    await expect(page.getByRole('heading', { level: 1, name: /^Today/ })).toBeVisible();
    await consoleSettled(page);
    await page.screenshot({ path: `${CONSOLE_SHOTS}/today-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Check-in' })
      .click();
    await expect(page.getByLabel('Tag code')).toBeFocused();
    await page.screenshot({ path: `${CONSOLE_SHOTS}/check-in-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const shopper = await createAccount(request);
    await page.evaluate(
      ([key, token]) => localStorage.setItem(key!, token!),
      [TOKEN_KEY, shopper.token],
    );
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expect(page.getByText('This is for Pehnava staff only.')).toBeVisible();
    await expect(page.getByText(`You are signed in as ${shopper.email}.`)).toBeVisible();
    await page.screenshot({ path: `${CONSOLE_SHOTS}/not-allowed-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
