import type { APIRequestContext, Page } from '@playwright/test';
import {
  SUBSCRIPTION_MESSAGES as M,
  addDays,
  mySubscriptionResponseSchema,
  todayInIndia,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { expectToast } from '../toasts';
import { expect, test } from '../fixtures';

/*
 * Plans bought, changed and cancelled through the real server and the sandbox's payment sheet
 * (SPEC.md §2 Subscription Plans, §4 Upgrade flow, §8 messages), with prices across the app
 * following the plan.
 */

const card = (page: Page, plan: 'free' | 'plus' | 'pro') => page.getByTestId(`plan-${plan}`);
const paymentSheet = (page: Page) => page.getByRole('dialog', { name: 'Pehnava' });

async function planOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/subscription/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  return mySubscriptionResponseSchema.parse(await res.json()).subscription;
}

/** Buy `plan` from its card in the sandbox sheet (UPI, prefilled), as a shopper would. */
async function buy(page: Page, plan: 'plus' | 'pro', price: string) {
  await card(page, plan).getByRole('button', { name: 'Upgrade Now' }).click();
  await expectToast(page, `${plan.toUpperCase()} plan order created!`);
  const sheet = paymentSheet(page);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('phn-sbx-amount')).toHaveText(price);
  await expect(sheet.getByRole('group', { name: 'Plan renewals (test mode)' })).toBeVisible();
  await sheet.getByRole('button', { name: `Pay ${price}` }).click();
  await expectToast(page, M.activated);
  await expect(sheet).toBeHidden();
}

test('a free shopper upgrades to Plus, sees Plus prices everywhere, moves to Pro, then cancels at once', async ({
  page,
  request,
  workerProducts,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount(request);
  // This worker's own piece: it goes in the cart for dates, which another test's booking of the
  // first premium piece in the catalogue could already hold (it did, in a fresh-clone run).
  const premium = workerProducts.take((p) => p.category === 'premium');
  const auth = { authorization: `Bearer ${account.token}` };
  await request.post('/api/wishlist/add', { headers: auth, data: { productId: premium._id } });
  // In the cart on Free: 2 days at the 2-day price.
  const added = await request.post('/api/cart/add', {
    headers: auth,
    data: {
      productId: premium._id,
      size: premium.sizes.find((s) => s.available)!.size,
      duration: 2,
      startDate: addDays(todayInIndia(new Date()), 30),
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await signInWith(page, account.token, '/subscription-plans');

  await expect(page.getByRole('heading', { name: 'Subscription Plans', level: 1 })).toBeVisible();
  await expect(page.getByTestId('current-plan')).toContainText("You're on the Free plan");
  await expect(card(page, 'free').getByRole('button')).toHaveText('Current Plan');
  await expect(card(page, 'free')).toContainText('Active Plan');
  await expect(card(page, 'plus')).toContainText('Recommended');
  await expect(card(page, 'plus').getByTestId('plan-price')).toHaveText('₹999per 14 days');
  await expect(card(page, 'plus')).toContainText('Rental Limit: 4 items/period');
  await expect(card(page, 'plus')).toContainText('Premium · under ₹5,000 MRP');

  // Choosing the plan one is on says so and changes nothing.
  await card(page, 'free').getByRole('button', { name: 'Current Plan' }).click();
  await expectToast(page, M.alreadyOnPlan);

  await buy(page, 'plus', '₹999');
  const current = page.getByTestId('current-plan');
  await expect(current).toContainText('Plus');
  await expect(current.getByTestId('auto-renew-badge')).toHaveText('Auto-renew on');
  await expect(card(page, 'plus')).toContainText('Active Plan');
  await expect(card(page, 'pro')).toContainText('Recommended');
  await expect(card(page, 'free').getByRole('button')).toHaveText('Cancel Subscription');
  expect((await planOf(request, account.token)).plan).toBe('plus');

  // Prices follow the plan at once: product page (14 days only), wishlist card, cart.
  await page.goto(`/product/${premium._id}`);
  await expect(page.getByTestId('price-block')).toContainText('Free Rental');
  await expect(page.getByTestId('plan-label')).toHaveText('Plus Benefit');
  await expect(page.getByRole('button', { name: /^14 days/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^2 days/ })).toHaveCount(0);
  await page.goto('/wishlist');
  await expect(page.getByTestId('plan-price').first()).toContainText('Free Rental');
  await expect(page.getByTestId('plan-price').first()).toContainText('Plus Benefit');
  await page.goto('/cart');
  const line = page.getByTestId('cart-row');
  await expect(line).toContainText('14 days');
  await expect(line.getByTestId('cart-row-price')).toContainText('Free Rental');
  await expect(line.getByTestId('cart-row-price')).toContainText('Plus Benefit');
  await expect(line.getByTestId('cart-row-total')).toHaveText('₹0');

  // Plus to Pro: a new period at once.
  await page.goto('/subscription-plans');
  await buy(page, 'pro', '₹1,999');
  await expect(page.getByTestId('current-plan')).toContainText('Pro');
  expect((await planOf(request, account.token)).plan).toBe('pro');

  // Cancel at once, after the browser's confirmation: Free prices again.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(M.confirmCancel);
    void dialog.accept();
  });
  await page
    .getByTestId('current-plan')
    .getByRole('button', { name: 'Cancel Subscription' })
    .click();
  await expectToast(page, M.cancelledImmediately);
  await expect(page.getByTestId('current-plan')).toContainText('Free plan');
  await page.goto(`/product/${premium._id}`);
  await expect(page.getByRole('button', { name: /^2 days/ })).toBeVisible();
  await expect(page.getByTestId('plan-label')).toHaveCount(0);
});

test('turning auto-renew off keeps the plan until its end date; Free from a paid plan cancels it', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInWith(page, account.token, '/subscription-plans');
  await buy(page, 'plus', '₹999');

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toMatch(/^Turn off auto-renewal\? Your plan stays active until /);
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Turn off auto-renew' }).click();
  await expectToast(page, M.autoRenewOff);
  const current = page.getByTestId('current-plan');
  await expect(current.getByTestId('auto-renew-badge')).toHaveText('Auto-renew off');
  await expect(current).toContainText('Plus');
  const plan = await planOf(request, account.token);
  expect(plan).toMatchObject({ plan: 'plus', autoRenew: false, isActive: true });

  // A dismissed confirmation changes nothing.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await card(page, 'free').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(current).toContainText('Plus');

  page.once('dialog', (dialog) => void dialog.accept());
  await card(page, 'free').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, M.cancelledImmediately);
  await expect(current).toContainText('Free plan');
});

test('a visitor is sent to log in; closing the payment sheet says Payment cancelled', async ({
  page,
  request,
}) => {
  await page.goto('/subscription-plans');
  await expect(page.getByTestId('current-plan')).toHaveCount(0);
  await card(page, 'plus').getByRole('button', { name: 'Upgrade Now' }).click();
  await expectToast(page, M.loginToUpgrade);
  await expect(page).toHaveURL(/\/login$/);

  const account = await createAccount(request);
  await signInWith(page, account.token, '/subscription-plans');
  await card(page, 'plus').getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(paymentSheet(page)).toBeVisible();
  await paymentSheet(page).getByRole('button', { name: 'Close' }).click();
  await expectToast(page, M.paymentCancelled);
  expect((await planOf(request, account.token)).plan).toBe('free');
});
