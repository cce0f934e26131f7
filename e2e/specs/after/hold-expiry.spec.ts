import type { APIRequestContext, Page } from '@playwright/test';
import {
  addDays,
  availabilityResponseSchema,
  myBookingsResponseSchema,
  todayInIndia,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../../accounts';
import { fillAddress } from '../../bookings';
import { expect, test } from '../../fixtures';
import type { WorkerProducts } from '../../worker-products';

/*
 * Runs on the clock's own server (project 'after-clock' in playwright.config.ts), because it moves
 * the server's clock (TEST_CLOCK): an unpaid booking holds its pieces for 15 minutes, then lets
 * them go, whether its payment was closed or declined.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const startDate = addDays(todayInIndia(new Date()), 20);

async function availabilityOf(request: APIRequestContext, productId: string) {
  const res = await request.get(`/api/product/${productId}/availability`);
  return availabilityResponseSchema.parse(await res.json());
}

async function bookingsOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/booking/my', { headers: bearer(token) });
  return myBookingsResponseSchema.parse(await res.json()).bookings;
}

/** A piece that is the only one of its size, so one hold makes its dates unavailable. */
async function onlyPiece(request: APIRequestContext, products: WorkerProducts) {
  for (let tries = 0; tries < 15; tries += 1) {
    const product = products.take();
    const size = (await availabilityOf(request, product._id)).sizes.find(
      (s) => s.available && s.units === 1,
    )?.size;
    if (size) {
      const blocked = async () =>
        (await availabilityOf(request, product._id)).sizes.find((s) => s.size === size)!
          .unavailableStartDates['2'];
      return { product, size, blocked };
    }
  }
  throw new Error('no piece that is the only one of its size');
}

/** A new shopper checks the piece out and ends the payment sheet as told. */
async function checkOutAndLeave(
  page: Page,
  request: APIRequestContext,
  piece: { product: { _id: string }; size: string },
  end: 'close' | 'fail',
) {
  const account = await createAccount(request);
  await request.post('/api/cart/add', {
    headers: bearer(account.token),
    data: { productId: piece.product._id, size: piece.size, duration: 2, startDate },
  });
  await signInWith(page, account.token, '/place-order');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pehnava' });
  const toast = page.locator('[data-sonner-toast]');
  if (end === 'close') {
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(toast.filter({ hasText: 'Payment cancelled' })).toBeVisible();
  } else {
    await sheet.getByRole('button', { name: 'Fail payment' }).click();
    await expect(toast.filter({ hasText: 'Payment failed:' })).toBeVisible();
  }
  return account.token;
}

test('closed and declined payments hold their pieces for 15 minutes, then nothing is held', async ({
  page,
  browser,
  request,
  workerProducts,
}) => {
  const closed = await onlyPiece(request, workerProducts);
  const declined = await onlyPiece(request, workerProducts);
  const closedBy = await checkOutAndLeave(page, request, closed, 'close');
  // The second shopper in a browser context of their own.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const declinedBy = await checkOutAndLeave(await context.newPage(), request, declined, 'fail');
  await context.close();

  for (const [piece, token] of [
    [closed, closedBy],
    [declined, declinedBy],
  ] as const) {
    expect((await bookingsOf(request, token))[0]).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
    expect(await piece.blocked()).toContain(startDate);
  }

  // Fourteen minutes on, the holds stand; sixteen, they have ended.
  await request.post('/api/dev/clock', { data: { ms: 14 * 60_000 } });
  expect((await bookingsOf(request, closedBy))[0]!.status).toBe('pending');
  await request.post('/api/dev/clock', { data: { ms: 2 * 60_000 } });
  for (const [piece, token] of [
    [closed, closedBy],
    [declined, declinedBy],
  ] as const) {
    expect((await bookingsOf(request, token))[0]).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    expect(await piece.blocked()).not.toContain(startDate);
    // Another shopper can take the piece for those dates.
    const someone = await createAccount(request);
    const added = await request.post('/api/cart/add', {
      headers: bearer(someone.token),
      data: { productId: piece.product._id, size: piece.size, duration: 2, startDate },
    });
    expect(added.ok()).toBe(true);
  }
});
