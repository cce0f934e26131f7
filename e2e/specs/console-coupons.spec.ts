import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN_COUPON_MESSAGES,
  COUPON_MESSAGES,
  addDays,
  adminCouponResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { createdBooking, payBooking } from '../bookings';
import { CONSOLE_SHOTS, consoleSettled, operatorToken, seriousViolations } from '../console';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';

/*
 * The console's Coupons screen (issue [K]): an admin at a desk creates a coupon with every
 * attribute and watches a shopper's checkout hold it and the payment count it; on a phone a
 * coupon is paused with one tap and shoppers are refused it at once.
 */

/** A code no other test or earlier run on this server has used. */
const freshCode = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A shopper with `product` in the cart, applying `code` through the API as the cart page does. */
async function shopperApplying(request: APIRequestContext, product: Product, code: string) {
  const shopper = await createAccount(request);
  const size = product.sizes.find((s) => s.available)!.size;
  const added = await request.post('/api/cart/add', {
    headers: bearer(shopper.token),
    data: {
      productId: product._id,
      size,
      duration: 2,
      startDate: addDays(todayInIndia(new Date()), 30),
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const apply = () =>
    request.post('/api/coupon/apply', { headers: bearer(shopper.token), data: { code } });
  return { shopper, apply };
}

/** The list's row of a coupon. */
const rowOf = (page: Page, code: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Edit coupon ${code}` }) });

test.describe('at a desk, 1280 px', () => {
  test.use({
    viewport: { width: 1280, height: 900 },
    // The form's refused save (a 400) is logged by the browser; the screen says it plainly.
    expectedConsoleErrors: [/status of 400/],
  });

  test('an admin creates a coupon; a checkout holds it, the payment counts it', async ({
    page,
    request,
    workerProducts,
  }) => {
    const code = freshCode('kdesk');
    await signInWith(page, await operatorToken(request), '/admin/coupons');
    await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
    await consoleSettled(page);
    // The seeded coupons, with their terms.
    await expect(rowOf(page, 'FESTIVE20')).toContainText('20% off · from ₹3,000');
    await page.screenshot({ path: `${CONSOLE_SHOTS}/coupons-list-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'New coupon' }).click();
    await expect(page).toHaveTitle('New coupon · Pehnava Ops');
    const form = page.getByRole('form', { name: 'New coupon' });
    await form.getByLabel('Code').fill(code.toLowerCase());
    await form.getByLabel('Description').fill('Desk test: ₹150 off from ₹500');
    await form.getByLabel('Flat amount (₹)').check();
    await form.getByLabel('Rupees off').fill('150');
    await form.getByLabel('Minimum subtotal (₹)').fill('500');
    await form.getByLabel('Uses per shopper').fill('1');
    await form.getByLabel('Total uses').fill('50');
    // An end before the start: the API's words appear under Valid to, which takes the focus.
    await form.getByLabel('Valid from').fill('2030-01-02T10:00');
    await form.getByLabel('Valid to').fill('2030-01-01T10:00');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await expect(page.locator('#coupon-validTo-error')).toHaveText(
      ADMIN_COUPON_MESSAGES.validOrder,
    );
    await expect(form.getByLabel('Valid to')).toBeFocused();
    await expect(form.getByLabel('Valid to')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `${CONSOLE_SHOTS}/coupons-form-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('Valid from').fill('');
    await form.getByLabel('Valid to').fill('2099-12-31T23:59');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await expectToast(page, ADMIN_COUPON_MESSAGES.created(code));
    await expect(page).toHaveURL(/\/admin\/coupons$/);
    const row = rowOf(page, code);
    await expect(row).toContainText('₹150 off · from ₹500');
    await expect(row).toContainText('1 per shopper · 50 in all');
    await expect(row.getByTestId('coupon-uses')).toHaveText('0 used of 50');

    // A shopper applies it to their cart, then checks out with it: the checkout holds a use.
    const product = workerProducts.take(
      (p) => p.category !== 'luxury' && p.twoDayRentalPrice >= 500,
    );
    const { shopper, apply } = await shopperApplying(request, product, code.toLowerCase());
    const applied = await apply();
    expect(applied.status(), await applied.text()).toBe(200);
    expect(await applied.json()).toMatchObject({ discountAmount: 150, coupon: { code } });
    const booking = await createdBooking(request, shopper.token, product, {
      startInDays: 30,
      couponCode: code,
    });
    await page.reload();
    await expect(rowOf(page, code).getByTestId('coupon-uses')).toHaveText('0 used of 50 · 1 held');
    // Paid: the use is counted.
    await payBooking(request, shopper.token, booking);
    await page.reload();
    await expect(rowOf(page, code).getByTestId('coupon-uses')).toHaveText('1 used of 50');
    await page.screenshot({ path: `${CONSOLE_SHOTS}/coupons-used-1280.png`, fullPage: true });
  });
});

test.describe('on a phone, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an admin pauses a coupon with one tap; shoppers are refused it at once', async ({
    page,
    request,
    workerProducts,
  }) => {
    const token = await operatorToken(request);
    const code = freshCode('kphone');
    const made = await request.post('/api/admin/coupons', {
      headers: bearer(token),
      data: { code, type: 'percent', value: 10, maxDiscount: 500, firstOrderOnly: true },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { coupon } = adminCouponResponseSchema.parse(await made.json());
    const product = workerProducts.take((p) => p.twoDayRentalPrice > 0);
    const { apply } = await shopperApplying(request, product, code);
    expect((await apply()).status()).toBe(200);

    await signInWith(page, token, `/admin/coupons?q=${code}`);
    await consoleSettled(page);
    const row = rowOf(page, code);
    await expect(row).toContainText('10% off · at most ₹500 off · first order only');
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    // The bottom bar holds the first areas and More, each a full touch target inside the screen;
    // Coupons is one of the areas behind More, which is current here.
    const bar = page.getByRole('navigation', { name: 'Console areas' });
    await expect(bar.getByRole('link')).toHaveText(['Today', 'Bookings', 'Check-in', 'More']);
    for (const link of await bar.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expect(bar.getByRole('link', { name: 'More' })).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: `${CONSOLE_SHOTS}/coupons-list-390.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Pause coupon ${code}` }).click();
    await expectToast(page, ADMIN_COUPON_MESSAGES.paused(code));
    await expect(row.getByText('paused', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Resume coupon ${code}` })).toBeVisible();
    const refused = await apply();
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ success: false, message: COUPON_MESSAGES.invalid });
    await page.screenshot({ path: `${CONSOLE_SHOTS}/coupons-paused-390.png`, fullPage: true });

    // The filter lives in the address: paused only.
    await page.getByLabel('Showing').selectOption('Paused only');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/active=false/);
    await expect(rowOf(page, code)).toBeVisible();

    // Its form, at phone width: every attribute, the pause as 'Active' unticked.
    await rowOf(page, code)
      .getByRole('link', { name: `Edit coupon ${code}` })
      .click();
    const form = page.getByRole('form', { name: `Edit coupon ${code}` });
    await expect(form.getByLabel('Percent off')).toHaveValue('10');
    await expect(form.getByLabel('Maximum discount (₹)')).toHaveValue('500');
    await expect(form.getByLabel('First order only')).toBeChecked();
    await expect(form.getByLabel('Active')).not.toBeChecked();
    await page.screenshot({ path: `${CONSOLE_SHOTS}/coupons-form-390.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Resumed from its form: shoppers may apply it again.
    await form.getByLabel('Active').check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, ADMIN_COUPON_MESSAGES.saved(code));
    expect((await apply()).status()).toBe(200);
    const read = await request.get(`/api/admin/coupons/${coupon.id}`, { headers: bearer(token) });
    expect(adminCouponResponseSchema.parse(await read.json()).coupon.status).toBe('active');

    // Every area an admin may open is listed on the More screen, in the navigation's order.
    await page.goto('/admin/more');
    const all = page.getByRole('navigation', { name: 'All areas' });
    await expect(all.getByRole('link')).toHaveText([
      'Today',
      'Bookings',
      'Check-in',
      'Units',
      'Catalogue',
      'Coupons',
      'Customers',
      'Reviews',
      'Reports',
      'Pincodes',
    ]);
    await page.screenshot({ path: `${CONSOLE_SHOTS}/more-390.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
