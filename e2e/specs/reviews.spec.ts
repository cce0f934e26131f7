import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  REVIEW_MESSAGES,
  adminBookingDetailResponseSchema,
  productListResponseSchema,
  reviewsResponseSchema,
  tokenResponseSchema,
  type Product,
} from '@pehnava/shared';
import { OPERATOR, createAccount, signInWith } from '../accounts';
import { paidBooking } from '../bookings';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';

/*
 * Reviews with fit (DECISIONS.md 'Reviews and fit'): a shopper whose piece is back reviews it from
 * My Bookings, and the product page shows it with the summary, the fit split and the size hint.
 * Against the real API, at a phone's and a desk's width.
 */
const SHOTS = '/tmp/shots';
const threeSizes = (p: Product) =>
  p.category !== 'luxury' && p.sizes.filter((s) => s.available).length >= 3;

/** A paid booking of `size` sent and checked in good by the operator: its id and line's id. */
async function rentedAndBack(
  request: APIRequestContext,
  ops: Record<string, string>,
  token: string,
  product: Product,
  size: string,
) {
  const id = (await paidBooking(request, token, product, { startInDays: 2, size })).bookingId;
  const sent = await request.post(`/api/admin/bookings/${id}/dispatch`, { headers: ops, data: {} });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { booking } = adminBookingDetailResponseSchema.parse(await sent.json());
  const itemId = booking.items[0]!._id;
  const back = await request.post(`/api/admin/bookings/${id}/return`, {
    headers: ops,
    data: { items: [{ itemId, condition: 'good' }] },
  });
  expect(back.ok(), await back.text()).toBe(true);
  return { id, itemId };
}

for (const width of [390, 1280]) {
  test(`a shopper reviews a piece that is back, and the product page shows it, at ${width} px`, async ({
    page,
    browser,
    request,
    workerProducts,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    // A piece nobody has reviewed: the seed's past rentals reviewed some (decision 072). Any of
    // the catalogue's, since a worker whose share is spent borrows another's (worker-products.ts).
    const catalogue = productListResponseSchema.parse(
      await (await request.get('/api/product/list')).json(),
    ).products;
    const unreviewed = new Set<string>();
    for (const p of catalogue.filter(threeSizes)) {
      const res = await request.get(`/api/product/${p._id}/reviews`);
      if (reviewsResponseSchema.parse(await res.json()).summary.count === 0) unreviewed.add(p._id);
    }
    const product = workerProducts.take((p) => threeSizes(p) && unreviewed.has(p._id));
    const sizes = product.sizes.filter((s) => s.available).map((s) => s.size);
    const login = await request.post('/api/user/login', { data: OPERATOR });
    const ops = { authorization: `Bearer ${tokenResponseSchema.parse(await login.json()).token}` };

    // Before any review: the empty state, and nothing under the name. In a browser of its own:
    // browsers may keep the reviews' answer for a minute (the API's cache-control).
    const before = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: page.viewportSize(),
    });
    const visitor = await before.newPage();
    await visitor.goto(`/product/${product._id}`);
    await visitor.getByTestId('reviews').scrollIntoViewIfNeeded();
    await expect(visitor.getByTestId('reviews-empty')).toHaveText(
      'No reviews yet: renters review a piece once it is back with us',
    );
    await expect(visitor.getByTestId('reviews-link')).toHaveCount(0);
    await visitor
      .getByTestId('reviews')
      .screenshot({ path: `${SHOTS}/reviews-empty-${width}.png` });
    await before.close();

    // Two other renters, through the API: both usually M, both wore L.
    for (const [i, fit] of (['runs-small', 'true-to-size'] as const).entries()) {
      const other = await createAccount(request, { name: i === 0 ? 'Asha Rao' : 'Meera Iyer' });
      const line = await rentedAndBack(request, ops, other.token, product, sizes[i + 1]!);
      const res = await request.post(`/api/booking/${line.id}/items/${line.itemId}/review`, {
        headers: { authorization: `Bearer ${other.token}` },
        data: {
          rating: i === 0 ? 3 : 4,
          fit,
          sizeWorn: 'L',
          usualSize: 'M',
          heightCm: 160 + i * 5,
          occasion: 'Sangeet',
          text: i === 0 ? 'Snug at the waist, size up.' : 'Lovely fall, fitted well.',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    // The shopper's own rental, sent and back.
    const shopper = await createAccount(request, { name: 'Kavya Menon' });
    await rentedAndBack(request, ops, shopper.token, product, sizes[0]!);
    await signInWith(page, shopper.token, '/orders');
    // The card asks for a review; its button opens the details.
    const card = page.getByTestId('booking-card');
    await expect(card.getByTestId('review-prompt')).toContainText('How did it fit?');
    await page.screenshot({ path: `${SHOTS}/reviews-card-${width}.png` });
    await card.getByRole('button', { name: 'Write a review' }).click();
    const details = page.getByTestId('booking-details');
    const open = details.getByRole('button', { name: 'Review this piece' });
    await open.click();
    const form = details.getByRole('form', { name: `Review ${product.name}` });
    await expect(form.getByLabel('Size worn')).toHaveValue(sizes[0]!);
    // Escape closes the form, not the details, and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(details).toBeVisible();
    await expect(open).toBeFocused();
    await open.click();

    // Without a rating the form says what is missing.
    await form.getByRole('button', { name: 'Post review' }).click();
    await expect(form.getByRole('alert')).toHaveText(REVIEW_MESSAGES.rating);
    // The stars and the fit are radios drawn as their labels.
    await form.locator('label').filter({ hasText: '5 stars' }).click();
    await expect(form.getByLabel('5 stars')).toBeChecked();
    await form.locator('label').filter({ hasText: 'True to size' }).click();
    await expect(form.getByLabel('True to size')).toBeChecked();
    await form.getByLabel('Size worn').fill('L');
    await form.getByLabel('Usual size').fill('M');
    await form.getByLabel('Height in cm').fill('165');
    await form.getByLabel('Occasion').selectOption('Sangeet');
    const words = 'Wore it to my cousin’s sangeet: the fall is beautiful.';
    await form.getByLabel('Your review').fill(words);
    await expect(form).toContainText(`${words.length} / 1000`);
    await form.scrollIntoViewIfNeeded();
    await form.screenshot({ path: `${SHOTS}/reviews-form-${width}.png` });
    await form.getByRole('button', { name: 'Post review' }).click();
    await expectToast(page, REVIEW_MESSAGES.created);
    await expect(details.getByTestId('item-reviewed')).toHaveText('Reviewed');
    await page.screenshot({ path: `${SHOTS}/reviews-reviewed-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(card.getByTestId('review-prompt')).toHaveCount(0);

    // The product page: the average under the name, then the section.
    await page.goto(`/product/${product._id}`);
    await expect(page.getByTestId('reviews-link')).toContainText('4.0');
    await expect(page.getByTestId('reviews-link')).toContainText('3 reviews');
    await page.getByTestId('reviews-link').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/reviews-top-${width}.png` });
    await page.getByTestId('reviews-link').click();
    const section = page.getByTestId('reviews');
    const summary = section.getByTestId('reviews-summary');
    await expect(summary.getByTestId('reviews-average')).toHaveText('4.0');
    await expect(summary.getByTestId('reviews-count')).toHaveText('3 reviews');
    await expect(summary.getByRole('meter', { name: 'True to size' })).toHaveAttribute(
      'aria-valuetext',
      '2 of 3',
    );
    await expect(summary.getByRole('meter', { name: 'Runs small' })).toHaveAttribute(
      'aria-valuetext',
      '1 of 3',
    );
    await expect(summary.getByTestId('reviews-size-hint')).toHaveText(
      'Most renters who usually wear M took L',
    );
    const reviews = section.getByTestId('review');
    await expect(reviews).toHaveCount(3);
    const mine = reviews.filter({ hasText: words });
    await expect(mine.getByTestId('review-worn')).toHaveText(
      'Wore L · usually M · 165 cm · Sangeet',
    );
    await expect(mine.getByTestId('review-author')).toHaveText('Kavya, Mumbai');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/reviews-section-${width}.png` });

    // Helpful counts once.
    const asha = reviews.filter({ hasText: 'Snug at the waist' });
    await asha.getByRole('button', { name: 'Helpful (0)' }).click();
    await expectToast(page, REVIEW_MESSAGES.helpful);
    await expect(asha.getByRole('button', { name: 'Helpful (1)' })).toBeDisabled();
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    // Again after a reload (the list may be the browser's copy of a minute ago): still 1.
    const again = section.getByTestId('review').filter({ hasText: 'Snug at the waist' });
    await again.getByRole('button', { name: /^Helpful/ }).click();
    await expect(again.getByRole('button', { name: 'Helpful (1)' })).toBeDisabled();

    // Filter by fit.
    await section.getByRole('button', { name: 'Runs small' }).click();
    await expect(section.getByTestId('review')).toHaveCount(1);
    await expect(section.getByTestId('review')).toContainText('Snug at the waist');
    await expect(section.getByTestId('reviews-total')).toHaveText('1 review says runs small');
    await section.getByRole('button', { name: 'True to size' }).click();
    await expect(section.getByTestId('review')).toHaveCount(2);
    await section.getByRole('button', { name: 'All', exact: true }).click();
    await expect(section.getByTestId('review')).toHaveCount(3);
    // Most helpful first.
    await section.getByLabel('Sort').selectOption('helpful');
    await expect(section.getByTestId('review').first()).toContainText('Snug at the waist');
  });
}
