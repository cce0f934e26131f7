import type { Page } from '@playwright/test';
import { addDays, productListResponseSchema, todayInIndia } from '@pehnava/shared';
import { PASSWORD, createAccount, freshEmail, signInWith } from '../accounts';
import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';

const WIDTHS = [390, 1280] as const;
const STATIC_ROUTES = ['/', '/about', '/contact', '/terms', '/privacy', '/refund', '/login'];

/** Wait until the page has its content, so axe checks what a shopper sees. */
async function settled(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toContainText('Copyright 2025');
}

/**
 * What axe finds on the page as it is, at 390 px and then at 1280 px wide: one visit, resized
 * (the layout follows the width in CSS alone, so a resized page is the page loaded at that width).
 * Ends at 1280 px. `options` as seriousViolations takes them.
 */
async function violationsAtEachWidth(
  page: Page,
  options?: Parameters<typeof seriousViolations>[1],
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    found[`${width} px`] = await seriousViolations(page, options);
  }
  return found;
}
const NONE = Object.fromEntries(WIDTHS.map((width) => [`${width} px`, []]));

/**
 * Each test scans each screen at both widths. Full axe scans take seconds each, and on a busy
 * machine several times that: the time limit is for a scan that hangs, not for a slow one.
 */
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: WIDTHS[0], height: 900 } });

for (const route of STATIC_ROUTES) {
  test(`${route} has no serious or critical accessibility problem`, async ({ page }) => {
    await page.goto(route);
    await settled(page);
    expect(await violationsAtEachWidth(page)).toEqual(NONE);
  });
}

test('/collection has none, nor with the search bar open; nor has the not-found page', async ({
  page,
}) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(await violationsAtEachWidth(page), 'not found').toEqual(NONE);

  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto('/collection');
  await settled(page);
  expect(await violationsAtEachWidth(page), '/collection').toEqual(NONE);
  // The search bar opens above the products, which it leaves as they were (all of them, just
  // scanned): the page is scanned again without them.
  await page
    .getByRole('button', { name: /search/i })
    .first()
    .click();
  await expect(page.getByRole('searchbox')).toBeVisible();
  expect(
    await violationsAtEachWidth(page, { exclude: '[data-testid="product-card"]' }),
    'search bar open',
  ).toEqual(NONE);
});

test('a product page has none, in stock and out of stock', async ({ page, request }) => {
  const { products } = productListResponseSchema.parse(
    await (await request.get('/api/product/list')).json(),
  );
  for (const product of [
    products.find((p) => p.isAvailable)!,
    products.find((p) => !p.isAvailable)!,
  ]) {
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await settled(page);
    expect(await violationsAtEachWidth(page), product.name).toEqual(NONE);
  }
});

for (const width of WIDTHS) {
  test(`at ${width} px, sign-up, Verify Email and the signed-in pages have none`, async ({
    page,
    request,
  }) => {
    // Eight full axe scans over five screens, at one width: a toast is placed by the width it
    // opened at, so each width walks the screens itself.
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByLabel('Full name').fill('Axe Tester');
    await form.getByLabel('Email').fill(freshEmail('axe'));
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    // The toast, held open under the pointer once it has finished sliding in…
    const toast = page.locator('[data-sonner-toast]');
    await toast.hover();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-sonner-toast]')].every(
        (t) =>
          t.getAttribute('data-mounted') === 'true' &&
          t.getAnimations().every((a) => a.playState !== 'running'),
      ),
    );
    expect(await seriousViolations(page)).toEqual([]);
    // …and the page once it has gone (a toast caught fading is no one's reading).
    await page.mouse.move(5, 5);
    await expect(toast).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    const account = await createAccount(request);
    await signInWith(page, account.token, '/profile');
    await settled(page);
    await expect(page.getByTestId('profile-card')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Your account' }).click();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    for (const tab of ['Subscription', 'Security']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the cart and the wishlist, empty and full, have none', async ({
  page,
  request,
  workerProducts,
}) => {
  const account = await createAccount(request);
  const auth = { authorization: `Bearer ${account.token}` };
  await signInWith(page, account.token, '/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  expect(await violationsAtEachWidth(page), 'empty cart').toEqual(NONE);
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Your Wishlist is Empty' })).toBeVisible();
  expect(await violationsAtEachWidth(page), 'empty wishlist').toEqual(NONE);

  const startDate = addDays(todayInIndia(new Date()), 5);
  for (const product of [workerProducts.take(), workerProducts.take()]) {
    const size = product.sizes.find((s) => s.available)!.size;
    await request.post('/api/cart/add', {
      headers: auth,
      data: { productId: product._id, size, duration: 2, startDate },
    });
    await request.post('/api/wishlist/add', {
      headers: auth,
      data: { productId: product._id },
    });
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto('/cart');
  await expect(page.getByTestId('cart-row')).toHaveCount(2);
  expect(await violationsAtEachWidth(page), 'full cart').toEqual(NONE);
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto('/wishlist');
  await expect(page.getByTestId('wishlist-card')).toHaveCount(2);
  expect(await violationsAtEachWidth(page), 'full wishlist').toEqual(NONE);
});

test.describe('the mobile menu', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  test('has no serious or critical accessibility problem when open', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'HOME' }),
    ).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('has none open for a signed-in shopper', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInWith(page, account.token, '/');
    await settled(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByTestId('mobile-menu-name')).toHaveText(account.name);
    await expect(page.getByTestId('mobile-menu-plan')).toHaveText('Free plan');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
