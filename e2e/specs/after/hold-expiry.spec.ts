import type { APIRequestContext } from '@playwright/test';
import {
  addDays,
  availabilityResponseSchema,
  myBookingsResponseSchema,
  todayInIndia,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../../accounts';
import { expect, test } from '../../fixtures';

/*
 * Runs after every other spec (project 'after-clock' in playwright.config.ts), because it moves
 * the server's clock (TEST_CLOCK): an unpaid booking holds its pieces for 15 minutes, then lets
 * them go.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function availabilityOf(request: APIRequestContext, productId: string) {
  const res = await request.get(`/api/product/${productId}/availability`);
  return availabilityResponseSchema.parse(await res.json());
}

async function bookingsOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/booking/my', { headers: bearer(token) });
  return myBookingsResponseSchema.parse(await res.json()).bookings;
}

test('a closed payment leaves its pieces held for 15 minutes, then nothing is held', async ({
  page,
  request,
  workerProducts,
}) => {
  // A piece that is the only one of its size, so one hold makes its dates unavailable.
  const startDate = addDays(todayInIndia(new Date()), 20);
  let product = workerProducts.take();
  let size: string | undefined;
  for (let tries = 0; !size && tries < 15; tries += 1) {
    if (tries > 0) product = workerProducts.take();
    size = (await availabilityOf(request, product._id)).sizes.find(
      (s) => s.available && s.units === 1,
    )?.size;
  }
  if (!size) throw new Error('no piece that is the only one of its size');
  const unavailable = async () =>
    (await availabilityOf(request, product._id)).sizes.find((s) => s.size === size)!
      .unavailableStartDates['2'];
  const account = await createAccount(request);
  await request.post('/api/cart/add', {
    headers: bearer(account.token),
    data: { productId: product._id, size, duration: 2, startDate },
  });
  await signInWith(page, account.token, '/place-order');
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByLabel('Phone').fill('9820012345');
  await form.getByLabel('Street address').fill('Flat 12B, 14 Marine Drive');
  await form.getByLabel('City').fill('Mumbai');
  await form.getByLabel('State').selectOption('Maharashtra');
  await form.getByLabel('PIN code').fill('400020');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page
    .getByRole('dialog', { name: 'Pehnava' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Payment cancelled' }),
  ).toBeVisible();

  const [held] = await bookingsOf(request, account.token);
  expect(held).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
  expect(await unavailable()).toContain(startDate);

  // Fourteen minutes on, the hold stands; sixteen, it has ended.
  await request.post('/api/dev/clock', { data: { ms: 14 * 60_000 } });
  expect((await bookingsOf(request, account.token))[0]!.status).toBe('pending');
  await request.post('/api/dev/clock', { data: { ms: 2 * 60_000 } });
  expect((await bookingsOf(request, account.token))[0]).toMatchObject({
    status: 'cancelled',
    paymentStatus: 'failed',
  });

  // Nothing is held: another shopper can take every piece of that size for those dates.
  expect(await unavailable()).not.toContain(startDate);
  const other = await createAccount(request);
  const added = await request.post('/api/cart/add', {
    headers: bearer(other.token),
    data: { productId: product._id, size, duration: 2, startDate },
  });
  expect(added.ok()).toBe(true);
});
