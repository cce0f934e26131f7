import type { APIRequestContext, Page } from '@playwright/test';
import {
  NOTIFY_ME_MESSAGES,
  addDays,
  availabilityResponseSchema,
  devMailResponseSchema,
  formatIsoDate,
  notifyMeResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { seriousViolations } from '../axe';
import { paidBookingOfLines } from '../bookings';
import { expect, test } from '../fixtures';
import { startDateButton, startDateCalendar } from '../start-date';
import { expectToast } from '../toasts';

/**
 * 'Notify me' (issue [O] §5; DECISIONS.md 'Notify me'): a size booked for a shopper's dates can be
 * asked about from the calendar; when it frees up they get one e-mail whose link opens the piece
 * with those dates, and their list says so. Against the real API, its job and the dev mailbox.
 */

/** Days from today the booked rentals start: well inside the calendar's window. */
const START_IN_DAYS = 20;

interface BookedSize {
  size: string;
  /** The start date booked in every piece of `size` (2 days from it). */
  date: string;
  bookingId: string;
  booker: { token: string };
}

/** Book every piece of one size of `product` for 2 days from START_IN_DAYS (another shopper). */
async function bookEveryPiece(request: APIRequestContext, product: Product): Promise<BookedSize> {
  const availability = availabilityResponseSchema.parse(
    await (await request.get(`/api/product/${product._id}/availability`)).json(),
  );
  const entry = availability.sizes.find((s) => s.available && s.units > 0 && s.units <= 5)!;
  const booker = await createAccount(request, { name: 'Anjali Rao' });
  const bookingId = await paidBookingOfLines(
    request,
    booker.token,
    [{ product, size: entry.size, quantity: entry.units }],
    START_IN_DAYS,
  );
  const date = addDays(todayInIndia(new Date()), START_IN_DAYS);
  const after = availabilityResponseSchema.parse(
    await (await request.get(`/api/product/${product._id}/availability`)).json(),
  );
  expect(after.sizes.find((s) => s.size === entry.size)!.unavailableStartDates['2']).toContain(
    date,
  );
  return { size: entry.size, date, bookingId, booker };
}

/** On the product page: choose `size`, open the calendar at `date`'s month and press `date`. */
async function pressBookedDay(page: Page, size: string, date: string) {
  await page
    .getByRole('group', { name: 'Size' })
    .getByRole('button', { name: size, exact: true })
    .click();
  await startDateButton(page).click();
  const calendar = startDateCalendar(page);
  const heading = calendar.getByRole('heading');
  for (let turns = 0; turns < 4; turns += 1) {
    if ((await heading.getAttribute('data-month')) === date.slice(0, 7)) break;
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  const day = calendar.locator(`[data-date="${date}"]`);
  await expect(day).toHaveAttribute('data-booked', 'true');
  await day.click({ force: true });
  await expect(calendar.getByTestId('booked-note')).toContainText(
    `no piece in size ${size} is free for 2 days from this date`,
  );
  return calendar;
}

/** The link of the 'notify me' e-mail sent to `email`, once the job and the outbox have sent it. */
async function mailedLink(request: APIRequestContext, email: string, productId: string) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { mails } = devMailResponseSchema.parse(
          await (await request.get('/api/dev/mail')).json(),
        );
        const toShopper = mails.filter((m) => m.to === email.toLowerCase());
        for (const mail of toShopper) {
          const found = new RegExp(`https?://\\S+/product/${productId}\\?[^\\s"<>]+`).exec(
            mail.text,
          );
          if (found) link = found[0];
        }
        return link;
      },
      // The job looks every 30 s, then the outbox sends: within a minute (issue [O] §5).
      { message: "the 'notify me' e-mail", timeout: 75_000, intervals: [1_000] },
    )
    .toBeDefined();
  return new URL(link!);
}

test('a shopper asks about a booked day, is e-mailed when it frees up, and the link opens it with those dates', async ({
  page,
  request,
  workerProducts,
}) => {
  // The job runs every 30 s: the e-mail may take up to a minute.
  test.setTimeout(180_000);
  const product = workerProducts.take();
  const booked = await bookEveryPiece(request, product);
  const shopper = await createAccount(request, { name: 'Ishita Bose' });
  await signInWith(page, shopper.token, `/product/${product._id}`);

  const calendar = await pressBookedDay(page, booked.size, booked.date);
  await calendar.getByRole('button', { name: 'Notify me if it frees up' }).click();
  await expectToast(page, NOTIFY_ME_MESSAGES.created);
  const asked = calendar.getByTestId('notify-me-asked');
  await expect(asked).toContainText(
    `We'll e-mail you if size ${booked.size} frees up for 2 days from ${formatIsoDate(booked.date)}.`,
  );
  // The confirmation takes the focus from the button it replaced: the calendar keeps it.
  await expect(asked).toBeFocused();
  expect(await seriousViolations(page, { within: '[data-testid="start-date-calendar"]' })).toEqual(
    [],
  );
  // Closed and opened again on the same day, it still says so.
  await page.keyboard.press('Escape');
  await pressBookedDay(page, booked.size, booked.date);
  await expect(calendar.getByTestId('notify-me-asked')).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Notify me if it frees up' })).toHaveCount(0);

  // The list, from the confirmation's link.
  await asked.getByRole('link', { name: 'Your requests' }).click();
  await expect(page).toHaveURL(/\/notify-me$/);
  const row = page.getByTestId('notify-request');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(row.getByTestId('notify-request-dates')).toHaveText(
    `2 days from ${formatIsoDate(booked.date)}`,
  );
  await expect(row.getByTestId('notify-request-status')).toHaveText('Waiting');
  await expect(row.getByRole('button', { name: /^Cancel/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The booking is cancelled: a piece of the size is free for those dates again.
  const cancelled = await request.post(`/api/booking/${booked.bookingId}/cancel`, {
    headers: { authorization: `Bearer ${booked.booker.token}` },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  const link = await mailedLink(request, shopper.email, product._id);
  expect(Object.fromEntries(link.searchParams)).toEqual({
    size: booked.size,
    start: booked.date,
    days: '2',
  });
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page
      .getByRole('group', { name: 'Size' })
      .getByRole('button', { name: booked.size, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /^2 days/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(startDateButton(page)).toHaveAccessibleName(
    `Start date ${formatIsoDate(booked.date)}`,
  );
  await expect(page.getByTestId('return-by')).toHaveText(formatIsoDate(addDays(booked.date, 2)));
  await expect(page.getByTestId('date-cleared')).toHaveCount(0);

  await page.goto('/notify-me');
  await expect(row.getByTestId('notify-request-status')).toHaveText(/^E-mailed on /);
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await expect(row.getByRole('link', { name: /^View/ })).toHaveAttribute(
    'href',
    `${link.pathname}${link.search}`,
  );
});

test('a request is cancelled from the list, and asking again for the same dates is one request', async ({
  page,
  request,
  workerProducts,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const product = workerProducts.take();
  const booked = await bookEveryPiece(request, product);
  const shopper = await createAccount(request, { name: 'Ritu Sharma' });
  const body = { productId: product._id, size: booked.size, startDate: booked.date, duration: 2 };
  const headers = { authorization: `Bearer ${shopper.token}` };
  const first = await request.post('/api/notify-me', { headers, data: body });
  expect(first.status(), await first.text()).toBe(201);
  const again = await request.post('/api/notify-me', { headers, data: body });
  expect(again.status()).toBe(200);
  expect(notifyMeResponseSchema.parse(await again.json()).message).toBe(
    NOTIFY_ME_MESSAGES.alreadyAsked,
  );

  await signInWith(page, shopper.token, '/notify-me');
  const row = page.getByTestId('notify-request');
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('notify-me-count')).toHaveText('1 waiting, of at most 20');
  await row.getByRole('button', { name: /^Cancel/ }).click();
  await expectToast(page, NOTIFY_ME_MESSAGES.cancelled);
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No requests yet' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No requests yet' })).toBeVisible();
});

test('a visitor is asked to log in, and a link to a booked date leaves it unchosen and says why', async ({
  page,
  request,
  workerProducts,
}) => {
  const product = workerProducts.take();
  const booked = await bookEveryPiece(request, product);

  // The link of an e-mail whose date was booked again meanwhile.
  await page.goto(`/product/${product._id}?size=${booked.size}&start=${booked.date}&days=2`);
  await expect(
    page
      .getByRole('group', { name: 'Size' })
      .getByRole('button', { name: booked.size, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('date-cleared')).toHaveText(
    `${formatIsoDate(booked.date)} is booked in size ${booked.size} for 2 days, so it was cleared. Please pick another date.`,
  );
  await expect(startDateButton(page)).toHaveAccessibleName('Start date Choose a date');
  // Under the hint, the same offer as under a booked day in the calendar.
  await expect(page.getByRole('button', { name: 'Notify me if it frees up' })).toBeVisible();

  const calendar = await pressBookedDay(page, booked.size, booked.date);
  await calendar.getByRole('button', { name: 'Notify me if it frees up' }).click();
  await expectToast(page, 'Please login to be told when it frees up');
  await expect(page).toHaveURL(/\/login$/);

  // The list is a signed-in shopper's.
  await page.goto('/notify-me');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('a stale calendar', () => {
  // The server's 409 (free now: book it) is logged by the browser.
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test('a day the calendar shows booked but is free again: the server says to book it, and the calendar is asked again', async ({
    page,
    request,
    workerProducts,
  }) => {
    const product = workerProducts.take();
    const size = product.sizes.find((s) => s.available)!.size;
    const date = addDays(todayInIndia(new Date()), START_IN_DAYS);
    // The first answer is out of date: it has the day booked in every size.
    await page.route(
      `**/api/product/${product._id}/availability*`,
      async (route) => {
        const response = await route.fetch();
        const body = availabilityResponseSchema.parse(await response.json());
        for (const entry of body.sizes) entry.unavailableStartDates['2'] = [date];
        await route.fulfill({ response, json: body });
      },
      { times: 1 },
    );
    const shopper = await createAccount(request, { name: 'Farah Khan' });
    await signInWith(page, shopper.token, `/product/${product._id}`);
    const calendar = await pressBookedDay(page, size, date);
    await calendar.getByRole('button', { name: 'Notify me if it frees up' }).click();
    await expectToast(page, NOTIFY_ME_MESSAGES.freeNow);
    const day = calendar.locator(`[data-date="${date}"]`);
    await expect(day).not.toHaveAttribute('data-booked');
    await expect(calendar.getByTestId('booked-note')).toHaveText('');
    await day.click();
    await expect(calendar).toBeHidden();
    await expect(startDateButton(page)).toHaveAccessibleName(`Start date ${formatIsoDate(date)}`);
  });
});
