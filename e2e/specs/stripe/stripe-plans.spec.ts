import { mkdirSync } from 'node:fs';
import { SUBSCRIPTION_MESSAGES, mySubscriptionResponseSchema } from '@pehnava/shared';
import { createAccount, signInWith } from '../../accounts';
import { expectToast } from '../../toasts';
import { expect, test } from '../../fixtures';

/*
 * A plan bought through Stripe Checkout (project stripe): the shopper leaves the plans page for
 * Stripe's page (the stand-in's), pays, and comes back to /subscription-plans, which has the
 * server confirm the payment with Stripe before it says the plan is active.
 */

const SHOTS = '/tmp/shots-stripe-plans';

for (const width of [390, 1280]) {
  test(`a shopper upgrades to Plus on Stripe’s page and comes back to it active, at ${width} px`, async ({
    page,
    request,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const account = await createAccount(request);
    await signInWith(page, account.token, '/subscription-plans');
    await expect(page.getByTestId('current-plan')).toContainText("You're on the Free plan");

    await page.getByTestId('plan-plus').getByRole('button', { name: 'Upgrade Now' }).click();
    // Stripe's page, on another origin, for the plan's price; it keeps the card for renewals.
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_[0-9A-Za-z]+$/);
    await expect(page.getByRole('heading', { name: 'Pay ₹999.00' })).toBeVisible();
    await expect(page.getByText(/Plan renewals \(test mode\)/)).toBeVisible();

    // Hold the server's confirmation until the page has been seen waiting for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/subscription/confirm', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Pay ₹999.00' }).click();

    await expect(page).toHaveURL(/\/subscription-plans$/);
    await expect(page.getByTestId('plan-payment-status')).toHaveText('Confirming your payment…');
    await page.screenshot({ path: `${SHOTS}/plans-confirming-${width}.png`, fullPage: false });
    release();

    await expectToast(page, SUBSCRIPTION_MESSAGES.activated);
    await expect(page.getByTestId('plan-payment-status')).toHaveCount(0);
    const current = page.getByTestId('current-plan');
    await expect(current).toContainText('Plus');
    await expect(current.getByTestId('auto-renew-badge')).toHaveText('Auto-renew on');
    await expect(page.getByTestId('plan-plus')).toContainText('Active Plan');
    await page.screenshot({ path: `${SHOTS}/plans-returned-${width}.png`, fullPage: false });

    const res = await request.get('/api/subscription/me', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(mySubscriptionResponseSchema.parse(await res.json()).subscription).toMatchObject({
      plan: 'plus',
      isActive: true,
      autoRenew: true,
    });
  });
}

test('coming back through Cancel says so and leaves the plan as it was', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInWith(page, account.token, '/subscription-plans');
  await page.getByTestId('plan-pro').getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/subscription-plans$/);
  await expectToast(page, SUBSCRIPTION_MESSAGES.paymentCancelled);
  await expect(page.getByTestId('current-plan')).toContainText("You're on the Free plan");
});
