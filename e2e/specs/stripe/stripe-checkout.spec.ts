import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  BOOKING_MESSAGES,
  addDays,
  createBookingResponseSchema,
  formatRupees,
  myBookingsResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../../accounts';
import { TEST_ADDRESS, fillAddress } from '../../bookings';
import { expectToast } from '../../toasts';
import { expect, test } from '../../fixtures';

/*
 * Stripe Checkout's redirect, against the server with PAYMENT_PROVIDER=stripe and the local Stripe
 * stand-in (project stripe): the shopper leaves for Stripe's page, pays or cancels there, and comes
 * back through /verify to /orders or /cart.
 */

const SHOTS = '/tmp/shots-stripe';
const inDays = (n: number) => addDays(todayInIndia(new Date()), n);
const firstSize = (product: Product) => product.sizes.find((s) => s.available)!.size;
const cheap = (p: Product) => p.category !== 'luxury' && p.twoDayRentalPrice > 0;

/** A shopper with this product in their cart, through the API. */
async function shopperWithCart(request: APIRequestContext, product: Product, startInDays = 15) {
  const account = await createAccount(request);
  const res = await request.post('/api/cart/add', {
    headers: { authorization: `Bearer ${account.token}` },
    data: {
      productId: product._id,
      size: firstSize(product),
      duration: 2,
      startDate: inDays(startInDays),
    },
  });
  expect(res.ok()).toBe(true);
  return account;
}

async function myBookings(request: APIRequestContext, token: string) {
  const res = await request.get('/api/booking/my', {
    headers: { authorization: `Bearer ${token}` },
  });
  return myBookingsResponseSchema.parse(await res.json()).bookings;
}

test('a shopper pays on Stripe’s page and comes back through /verify to My Bookings', async ({
  page,
  request,
  workerProducts,
}) => {
  const product = workerProducts.take(cheap);
  const account = await shopperWithCart(request, product);
  await signInWith(page, account.token, '/place-order');
  await fillAddress(page);
  const total = await page.getByTestId('checkout-total').textContent();

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  // Stripe's page (the stand-in's), on another origin, for the server's total.
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_[0-9A-Za-z]+$/);
  await expect(page.getByRole('heading', { name: `Pay ${total!}` })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${total!}` }).click();

  await expectToast(page, BOOKING_MESSAGES.confirmed);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText('1 order(s) found')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  const [booking] = await myBookings(request, account.token);
  expect(booking).toMatchObject({
    status: 'confirmed',
    paymentStatus: 'completed',
    paymentMethod: 'card',
  });
  expect(formatRupees(booking!.totalPrice)).toBe(total);
  await expect(page.getByTestId('booking-card')).toContainText(booking!.bookingNumber);
});

test.describe('a shopper who cancels on Stripe’s page', () => {
  test.use({ expectedConsoleErrors: [/Failed to load resource.*status of 400/] });

  test('lands on /cart with the server’s message, and the hold is let go', async ({
    page,
    request,
    workerProducts,
  }) => {
    const product = workerProducts.take(cheap);
    const account = await shopperWithCart(request, product);
    await signInWith(page, account.token, '/place-order');
    await fillAddress(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
    // A declined card keeps the shopper on Stripe's page.
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expectToast(page, BOOKING_MESSAGES.paymentCancelled);
    await expect(page).toHaveURL(/\/cart$/);
    // The piece is still in the cart to try again; nothing was paid and nothing is held.
    await expect(page.getByText(product.name).first()).toBeVisible();
    const bookings = await myBookings(request, account.token);
    expect(bookings.map((b) => [b.status, b.paymentStatus])).toEqual([['cancelled', 'failed']]);
  });
});

test.describe('the /verify page', () => {
  test.use({ expectedConsoleErrors: [/Failed to load resource.*status of 400/] });

  for (const width of [390, 1280]) {
    test(`while it waits, and after a failure, at ${width} px`, async ({
      page,
      request,
      workerProducts,
    }) => {
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      const product = workerProducts.take(cheap);
      const account = await shopperWithCart(request, product, 18);
      const created = createBookingResponseSchema.parse(
        await (
          await request.post('/api/booking/create', {
            headers: { authorization: `Bearer ${account.token}` },
            data: {
              cartItems: [
                {
                  productId: product._id,
                  size: firstSize(product),
                  duration: 2,
                  startDate: inDays(18),
                },
              ],
              address: TEST_ADDRESS,
            },
          })
        ).json(),
      );

      // Hold the server's answer until the waiting page has been looked at.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/order/verifyStripe', async (route) => {
        await held;
        await route.continue();
      });
      // Back with success=true, but nothing was paid: the flag is not believed.
      await signInWith(page, account.token, `/verify?success=true&orderId=${created.bookingId}`);
      await expect(
        page.getByRole('heading', { name: BOOKING_MESSAGES.confirmingPayment }),
      ).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/verify-waiting-${width}.png` });
      release();

      await expectToast(page, BOOKING_MESSAGES.notPaidYetStripe);
      await expect(page).toHaveURL(/\/cart$/);
      // The toast slides in: photograph it once it has arrived (when the machine was quick
      // enough for it to be still there; what it said is checked above).
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      await page.screenshot({ path: `${SHOTS}/verify-failed-${width}.png` });
    });
  }

  test('without a session goes to /login', async ({ page }) => {
    await page.goto('/verify?success=true&orderId=3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b');
    await expect(page).toHaveURL(/\/login$/);
  });
});
