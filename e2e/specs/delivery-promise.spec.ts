import { PINCODE_MESSAGES, addDays, todayInIndia } from '@pehnava/shared';
import { expect, test } from '../fixtures';
import { calendarDay, pickStartDate, startDateButton, startDateCalendar } from '../start-date';

/*
 * The delivery promise on the product page (issue [O] §3; DECISIONS.md 'Delivery promise'): the
 * shopper's PIN code, typed once and remembered, greys the start dates a parcel cannot make and
 * says 'Delivered by …' for the date chosen.
 */
const inDays = (n: number) => addDays(todayInIndia(new Date()), n);

test.describe('the delivery promise', () => {
  // A PIN code India Post does not know is a 404 from the directory, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 404/] });

  for (const width of [390, 1280]) {
    test(`takes a PIN code, greys the dates too soon for it and says when it arrives, at ${width} px`, async ({
      page,
      workerProducts,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const product = workerProducts.take();
      await page.goto(`/product/${product._id}`);
      const promise = page.getByTestId('delivery-promise');
      await expect(promise).toContainText('Enter your PIN code to see when it arrives');

      // Bad input is refused where it was typed.
      await promise.getByLabel('Enter your PIN code to see when it arrives').fill('4000');
      await promise.getByRole('button', { name: 'Check' }).click();
      await expect(promise.getByRole('alert')).toHaveText(PINCODE_MESSAGES.invalid);
      await promise.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/delivery-promise-entry-${width}.png` });

      // Jaipur is 3 days from the warehouse.
      await promise.getByLabel('Enter your PIN code to see when it arrives').fill('302001');
      await promise.getByRole('button', { name: 'Check' }).click();
      const deliveredBy = page.getByTestId('delivered-by');
      await expect(deliveredBy).toHaveText(
        PINCODE_MESSAGES.deliveredBy({ date: inDays(3), pincode: '302001', city: 'Jaipur' }),
      );

      await page
        .getByRole('group', { name: 'Size' })
        .getByRole('button', { name: product.sizes.find((s) => s.available)!.size, exact: true })
        .click();
      await startDateButton(page).click();
      // The first day offered is 3 days away; it opens on that day's month.
      const first = await calendarDay(page, inDays(3));
      await expect(first).not.toHaveAttribute('aria-disabled');
      const calendar = startDateCalendar(page);
      for (const soon of [inDays(1), inDays(2)]) {
        if (soon.slice(0, 7) === inDays(3).slice(0, 7)) {
          await expect(calendar.locator(`[data-date="${soon}"]`)).toHaveAttribute(
            'aria-disabled',
            'true',
          );
        } else {
          // Too soon, and in a month before the first one offered: none to turn back to.
          await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeDisabled();
        }
      }
      await page.keyboard.press('Escape');
      await pickStartDate(page, inDays(10));
      await expect(deliveredBy).toHaveText(
        PINCODE_MESSAGES.deliveredBy({ date: inDays(10), pincode: '302001', city: 'Jaipur' }),
      );
      await deliveredBy.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/delivery-promise-${width}.png` });

      // Remembered: the next visit shows it at once.
      await page.reload();
      await expect(page.getByTestId('delivered-by')).toHaveText(
        PINCODE_MESSAGES.deliveredBy({ date: inDays(3), pincode: '302001', city: 'Jaipur' }),
      );

      // One India Post does not know says so; Mumbai is a day away.
      await page.getByRole('button', { name: 'Change the PIN code 302001' }).click();
      await promise.getByLabel('Enter your PIN code to see when it arrives').fill('999999');
      await promise.getByRole('button', { name: 'Check' }).click();
      await expect(page.getByTestId('delivered-by')).toHaveText(
        PINCODE_MESSAGES.notFound('999999'),
      );
      await page.getByTestId('delivered-by').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/delivery-promise-unknown-${width}.png` });
      await page.getByRole('button', { name: 'Change the PIN code 999999' }).click();
      await promise.getByLabel('Enter your PIN code to see when it arrives').fill('400050');
      await promise.getByRole('button', { name: 'Check' }).click();
      await expect(page.getByTestId('delivered-by')).toHaveText(
        PINCODE_MESSAGES.deliveredBy({ date: inDays(1), pincode: '400050', city: 'Mumbai' }),
      );
    });
  }

  test('a date chosen that becomes too soon for a new PIN code is cleared, and says why', async ({
    page,
    workerProducts,
  }) => {
    const product = workerProducts.take();
    await page.goto(`/product/${product._id}`);
    await page
      .getByRole('group', { name: 'Size' })
      .getByRole('button', { name: product.sizes.find((s) => s.available)!.size, exact: true })
      .click();
    await pickStartDate(page, inDays(2));
    const promise = page.getByTestId('delivery-promise');
    // Leh is 5 days away.
    await promise.getByLabel('Enter your PIN code to see when it arrives').fill('194101');
    await promise.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('date-cleared')).toContainText(
      'is too soon for delivery to 194101, so it was cleared',
    );
    await expect(startDateButton(page)).toHaveAccessibleName('Start date Choose a date');
    await expect(page.getByTestId('delivered-by')).toHaveText(
      PINCODE_MESSAGES.deliveredBy({ date: inDays(5), pincode: '194101', city: 'Leh' }),
    );
  });
});
