import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  REVIEW_MESSAGES,
  adminBookingDetailResponseSchema,
  devMailResponseSchema,
  reviewCreatedResponseSchema,
  reviewsResponseSchema,
  type Product,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { paidBooking } from '../bookings';
import { consoleSettled, operatorToken, seriousViolations } from '../console';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';

/*
 * The console's Reviews screen (issue [O] §1, decision 071): a shopper reviews a piece once it is
 * back; an admin finds the review, hides it with a reason (mailed to the author), finds it under
 * Hidden with that reason while the piece's public reviews no longer count it, and shows it again.
 */

/** Where this screen's screenshots go, to be looked at. */
const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A review of `product` by a new shopper whose rental of it was sent and checked back in. */
async function reviewed(request: APIRequestContext, product: Product, text: string) {
  const shopper = await createAccount(request, { name: 'Ishita Rao' });
  const id = (await paidBooking(request, shopper.token, product, { startInDays: 30 })).bookingId;
  const ops = bearer(await operatorToken(request));
  const sent = await request.post(`/api/admin/bookings/${id}/dispatch`, { headers: ops, data: {} });
  expect(sent.ok(), await sent.text()).toBe(true);
  const detail = await request.get(`/api/admin/bookings/${id}`, { headers: ops });
  const itemId = adminBookingDetailResponseSchema.parse(await detail.json()).booking.items[0]!._id;
  const back = await request.post(`/api/admin/bookings/${id}/return`, {
    headers: ops,
    data: { items: [{ itemId, condition: 'good' }] },
  });
  expect(back.ok(), await back.text()).toBe(true);
  const made = await request.post(`/api/booking/${id}/items/${itemId}/review`, {
    headers: bearer(shopper.token),
    data: {
      rating: 4,
      fit: 'runs-small',
      usualSize: 'M',
      heightCm: 162,
      occasion: 'Sangeet',
      text,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { shopper, bookingId: id, review: reviewCreatedResponseSchema.parse(await made.json()) };
}

/** How many of the piece's reviews the shop shows, and whether `reviewId` is among them. */
async function publicReviews(request: APIRequestContext, product: Product, reviewId: string) {
  const res = await request.get(`/api/product/${product._id}/reviews`);
  expect(res.ok(), await res.text()).toBe(true);
  const body = reviewsResponseSchema.parse(await res.json());
  return { count: body.summary.count, listed: body.reviews.some((r) => r._id === reviewId) };
}

/** The newest mail to `email` whose text holds `words`, looked for up to 5 seconds. */
async function mailed(request: APIRequestContext, email: string, words: string) {
  for (let tries = 0; tries < 50; tries += 1) {
    const { mails } = devMailResponseSchema.parse(
      await (await request.get('/api/dev/mail')).json(),
    );
    if (mails.some((m) => m.to === email.toLowerCase() && m.text.includes(words))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The row of the review whose text holds `text` (unique to the test). */
const rowOf = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

const tab = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Showing' }).getByRole('button', { name, exact: true });

for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({
      viewport: { width, height: width === 390 ? 844 : 900 },
      // The blank reason refused (a 400) is logged by the browser; the screen says it plainly.
      expectedConsoleErrors: [/status of 400/],
    });

    test('an admin hides a review with a reason, finds it under Hidden, and shows it again', async ({
      page,
      request,
      workerProducts,
    }) => {
      test.setTimeout(90_000);
      const product = workerProducts.take((p) => p.category !== 'luxury');
      const text = `The blouse ran tight at the arms (${Math.random().toString(36).slice(2, 8)}).`;
      const { shopper, bookingId, review } = await reviewed(request, product, text);
      expect(await publicReviews(request, product, review.review._id)).toMatchObject({
        listed: true,
      });
      const before = (await publicReviews(request, product, review.review._id)).count;

      await signInWith(page, await operatorToken(request), '/admin/more');
      await page
        .getByRole('navigation', { name: 'All areas' })
        .getByRole('link', { name: 'Reviews' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
      await expect(page).toHaveTitle('Reviews · Pehnava Ops');
      await consoleSettled(page);
      await expect(tab(page, 'All')).toHaveAttribute('aria-pressed', 'true');

      // Listed, newest first: stars, fit, the piece and its booking, the author, text, helpful.
      const row = rowOf(page, text);
      await expect(row).toBeVisible();
      await expect(row.getByRole('img', { name: '4 of 5 stars' })).toBeVisible();
      await expect(row).toContainText('Runs small');
      await expect(row).toContainText('Ishita, Mumbai');
      await expect(row).toContainText(shopper.email);
      await expect(row).toContainText('Wore');
      await expect(row).toContainText('usually M · 162 cm · for a Sangeet');
      await expect(row).toContainText('Nobody has found it helpful yet');
      await expect(row.getByRole('link', { name: product.name, exact: true })).toHaveAttribute(
        'href',
        `/admin/catalogue/${product._id}`,
      );
      await expect(row.getByRole('link', { name: /^Booking of the review/ })).toHaveAttribute(
        'href',
        `/admin/bookings/${bookingId}`,
      );
      await page.screenshot({ path: `${SHOTS}/console-reviews-list-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      if (width === 390) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          390,
        );
      }

      // Hide: the reason is asked for; a blank one is refused in the server's words.
      await row.getByRole('button', { name: 'Hide', exact: true }).click();
      const form = row.getByRole('form', { name: 'Hide the review by Ishita' });
      const reasonField = form.getByLabel('Reason for hiding');
      await expect(reasonField).toBeFocused();
      await expect(form).toContainText(`Mailed to ${shopper.email}`);
      await expect(reasonField).toHaveAttribute('maxlength', '300');
      await reasonField.fill('   ');
      await form.getByRole('button', { name: 'Hide and mail' }).click();
      await expect(form.getByRole('alert')).toHaveText(REVIEW_MESSAGES.reason);
      await expect(reasonField).toHaveAttribute('aria-invalid', 'true');
      const reason = 'It names another shopper: please write it again without their name.';
      await reasonField.fill(reason);
      await expect(form.getByRole('alert')).toHaveCount(0);
      await expect(form).toContainText(`${reason.length}/300`);
      await page.screenshot({ path: `${SHOTS}/console-reviews-hide-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Hide and mail' }).click();
      await expectToast(page, REVIEW_MESSAGES.hidden);
      // Still under All, marked hidden with its reason.
      await expect(row).toContainText(reason);
      await expect(row.getByRole('button', { name: 'Show again' })).toBeVisible();
      expect(await mailed(request, shopper.email, reason)).toBe(true);

      // The shop no longer shows or counts it.
      expect(await publicReviews(request, product, review.review._id)).toEqual({
        count: before - 1,
        listed: false,
      });

      // Under Visible it is gone; under Hidden it is listed with its reason.
      await tab(page, 'Visible').click();
      await expect(page).toHaveURL(/status=visible/);
      await expect(tab(page, 'Visible')).toHaveAttribute('aria-pressed', 'true');
      await expect(rowOf(page, text)).toHaveCount(0);
      await tab(page, 'Hidden').click();
      await expect(page).toHaveURL(/status=hidden/);
      const hidden = rowOf(page, text);
      await expect(hidden).toContainText('hidden');
      await expect(hidden).toContainText(reason);
      await expect(hidden).toContainText(/Hidden \d+ \w+/);
      await page.screenshot({
        path: `${SHOTS}/console-reviews-hidden-${width}.png`,
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);

      // Show again: back in the shop, and gone from Hidden.
      await hidden.getByRole('button', { name: 'Show again' }).click();
      await expectToast(page, REVIEW_MESSAGES.unhidden);
      await expect(rowOf(page, text)).toHaveCount(0);
      expect(await publicReviews(request, product, review.review._id)).toEqual({
        count: before,
        listed: true,
      });
      await tab(page, 'Visible').click();
      await expect(rowOf(page, text)).toBeVisible();
      await expect(
        rowOf(page, text).getByRole('button', { name: 'Hide', exact: true }),
      ).toBeVisible();
    });
  });
}
