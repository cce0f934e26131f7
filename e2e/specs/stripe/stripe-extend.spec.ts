import {
  BOOKING_MESSAGES,
  EXTENSION_MESSAGES,
  addDays,
  adminBookingDetailResponseSchema,
  createBookingResponseSchema,
  formatIsoDate,
  todayInIndia,
  tokenResponseSchema,
  type Product,
} from '@pehnava/shared';
import { OPERATOR, createAccount, signInWith } from '../../accounts';
import { TEST_ADDRESS } from '../../bookings';
import { expectToast } from '../../toasts';
import { expect, test } from '../../fixtures';

/*
 * Keeping a rental longer through Stripe Checkout's redirect (project stripe): the shopper leaves
 * My Bookings for Stripe's page (the stand-in's) and comes back to
 * /orders?extension=cancelled|success&bookingId=…, where the server is asked what was paid.
 */

const cheap = (p: Product) => p.category !== 'luxury' && p.twoDayRentalPrice > 0;

test('a shopper cancels on Stripe’s page, then pays there, and comes back to the new date', async ({
  page,
  request,
  workerProducts,
}) => {
  test.setTimeout(90_000);
  const product = workerProducts.take(cheap);
  const shopper = await createAccount(request);
  const created = createBookingResponseSchema.parse(
    await (
      await request.post('/api/booking/create', {
        headers: { authorization: `Bearer ${shopper.token}` },
        data: {
          cartItems: [
            {
              productId: product._id,
              size: product.sizes.find((s) => s.available)!.size,
              duration: 2,
              startDate: addDays(todayInIndia(new Date()), 20),
            },
          ],
          address: TEST_ADDRESS,
        },
      })
    ).json(),
  );
  // The booking itself is paid on Stripe's page too.
  await signInWith(page, shopper.token, '/orders');
  await page.goto(created.order!.checkoutUrl!);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expectToast(page, BOOKING_MESSAGES.confirmed);
  await expect(page).toHaveURL(/\/orders$/);

  const login = await request.post('/api/user/login', { data: OPERATOR });
  const ops = { authorization: `Bearer ${tokenResponseSchema.parse(await login.json()).token}` };
  const sent = await request.post(`/api/admin/bookings/${created.bookingId}/dispatch`, {
    headers: ops,
    data: {},
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const end = adminBookingDetailResponseSchema.parse(await sent.json()).booking.items[0]!.endDate;

  await page.reload();
  const card = page.getByTestId('booking-card');
  const keep = card.getByRole('button', { name: 'Keep it longer' });
  await keep.click();
  await card
    .getByTestId('extend-panel')
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectToast(page, 'Payment cancelled. Your return date has not changed.');
  await expect(card.getByTestId('booking-extended')).toHaveCount(0);

  await keep.click();
  const panel = card.getByTestId('extend-panel');
  await panel.locator('label').filter({ hasText: '+3' }).click();
  await panel.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectToast(page, EXTENSION_MESSAGES.extended(formatIsoDate(addDays(end, 3))));
  await expect(card.getByTestId('booking-extended')).toHaveText('Extended by 3 days');
});
