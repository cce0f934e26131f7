import type { Page } from '@playwright/test';
import {
  addDays,
  productListResponseSchema,
  todayInIndia,
  type Subscription,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { expect, test } from '../fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
const openMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu(page).getByRole('link', { name: 'HOME' })).toBeInViewport();
};

test('a visitor finds Login, Sign Up and the cart in the menu', async ({ page }) => {
  await page.goto('/about');
  await openMenu(page);
  await expect(menu(page)).toHaveAttribute('aria-modal', 'true');
  await expect(menu(page).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(menu(page).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  await expect(menu(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);

  await menu(page).getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup$/);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('form', { name: 'Sign Up' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'HOME' })).not.toBeInViewport();
});

test('the menu keeps the keyboard inside while open, and Escape gives it back', async ({
  page,
}) => {
  await page.goto('/about');
  const opener = page.getByRole('button', { name: 'Open menu' });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  const close = menu(page).getByRole('button', { name: 'Close menu' });
  await expect(close).toBeFocused();

  // Backwards from the first control wraps to the last, forwards from the last to the first.
  await page.keyboard.press('Shift+Tab');
  const cart = menu(page).getByRole('link', { name: 'Cart' });
  await expect(cart).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  // A whole round of Tab never leaves the menu.
  const stops = await menu(page).locator('a[href], button').count();
  for (let i = 0; i < stops; i += 1) {
    await page.keyboard.press('Tab');
    expect(await menu(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(menu(page).getByRole('link', { name: 'HOME' })).not.toBeInViewport();
  await expect(opener).toBeFocused();
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
});

test("a shopper's menu has their name, plan, pages with counts, and Logout", async ({
  page,
  request,
  workerProducts,
}) => {
  const account = await createAccount(request, { name: 'Nandini Iyer' });
  const headers = { authorization: `Bearer ${account.token}` };
  const [saved1, saved2, inCart] = [0, 1, 2].map(() => workerProducts.take());
  for (const product of [saved1!, saved2!]) {
    const res = await request.post('/api/wishlist/add', {
      headers,
      data: { productId: product._id },
    });
    expect(res.ok()).toBe(true);
  }
  const added = await request.post('/api/cart/add', {
    headers,
    data: {
      productId: inCart!._id,
      size: inCart!.sizes.find((s) => s.available)!.size,
      duration: 2,
      startDate: addDays(todayInIndia(new Date()), 12),
    },
  });
  expect(added.ok()).toBe(true);

  await signInWith(page, account.token, '/about');
  await openMenu(page);
  const panel = menu(page);
  await expect(panel.getByTestId('mobile-menu-name')).toHaveText('Nandini Iyer');
  await expect(panel.getByTestId('mobile-menu-plan')).toHaveText('Free plan');
  for (const [label, href] of [
    ['My Profile', '/profile'],
    ['My Bookings', '/orders'],
    ['Wishlist', '/wishlist'],
    ['Cart', '/cart'],
    ['Subscription', '/subscription-plans'],
  ] as const) {
    await expect(panel.getByRole('link', { name: label })).toHaveAttribute('href', href);
  }
  await expect(panel.getByTestId('mobile-menu-wishlist-count')).toHaveText('2');
  await expect(panel.getByTestId('mobile-menu-cart-count')).toHaveText('1');
  await expect(panel.getByRole('link', { name: 'Wishlist, 2 saved' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(panel.getByTestId('mobile-menu-plan-active')).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'Login' })).toHaveCount(0);

  await panel.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(panel.getByRole('link', { name: 'HOME' })).not.toBeInViewport();

  await openMenu(page);
  await panel.getByRole('button', { name: 'Logout' }).click();
  await expect(page.locator('[data-sonner-toast]')).toContainText('Logged out successfully');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Log in or sign up' })).toBeVisible();
});

test('a paid plan shows Active beside Subscription', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Farhan Ali' });
  const plus: Subscription = {
    plan: 'plus',
    itemsRentedInPeriod: 0,
    rentalLimit: 4,
    startDate: new Date().toISOString(),
    endDate: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    isActive: true,
    autoRenew: false,
  };
  // Buying a plan is another journey; here the server's answer is stood in for.
  await page.route('**/api/subscription/me', (route) =>
    route.fulfill({ json: { success: true, subscription: plus } }),
  );
  await signInWith(page, account.token, '/about');
  await openMenu(page);
  await expect(menu(page).getByTestId('mobile-menu-plan')).toHaveText('Plus plan');
  await expect(menu(page).getByTestId('mobile-menu-plan-active')).toHaveText('Active');
});

test('on a phone, toasts show at the top, clear of the page’s buttons', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/product/list');
  const { products } = productListResponseSchema.parse(await res.json());
  const unavailable = products.find((p) => !p.isAvailable)!;
  await page.goto(`/product/${unavailable._id}`);
  const button = page.getByRole('button', { name: 'OUT OF STOCK' });
  await button.click();
  const toast = page.locator('[data-sonner-toast]').filter({
    hasText: 'This product is currently out of stock',
  });
  await expect(toast).toBeVisible();
  const [at, under] = [(await toast.boundingBox())!, (await button.boundingBox())!];
  expect(at.y).toBeLessThan(100);
  expect(at.y + at.height <= under.y || under.y + under.height <= at.y).toBe(true);
});
