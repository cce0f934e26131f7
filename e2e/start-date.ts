import { expect, type Page } from '@playwright/test';

/** The product page's start-date button (its name is 'Start date' and the date chosen). */
export const startDateButton = (page: Page) => page.getByRole('button', { name: /^Start date/ });

/** The calendar it opens. */
export const startDateCalendar = (page: Page) => page.getByTestId('start-date-calendar');

/**
 * On a product page, choose `date` (YYYY-MM-DD) as a shopper does: open the calendar, turn to its
 * month, press the day. The calendar closes on a day that can be chosen.
 */
export async function pickStartDate(page: Page, date: string) {
  await startDateButton(page).click();
  await (await calendarDay(page, date)).click();
  await expect(startDateCalendar(page)).toBeHidden();
}

/** In the open calendar, the day `date` (YYYY-MM-DD), its month turned to first. */
export async function calendarDay(page: Page, date: string) {
  const calendar = startDateCalendar(page);
  const month = date.slice(0, 7);
  for (let turns = 0; turns < 4; turns += 1) {
    const shown = await calendar.getByRole('heading').getAttribute('data-month');
    if (shown === month) break;
    await calendar
      .getByRole('button', { name: shown! < month ? 'Next month' : 'Previous month' })
      .click();
  }
  await expect(calendar.getByRole('heading')).toHaveAttribute('data-month', month);
  return calendar.locator(`[data-date="${date}"]`);
}
