import { bookingNumber, devMailResponseSchema, tokenResponseSchema } from '@pehnava/shared';
import { OPERATOR, createAccount, signInWith } from '../accounts';
import { paidBooking } from '../bookings';
import { expect, test } from '../fixtures';

/*
 * A booking on its way to the shopper's door: the shopper pays (sandbox), an operator moves it
 * through the admin API with tracking, and the shopper sees each step in My Bookings and a mail.
 */

test('an operator moves a paid booking to the door; the shopper sees each step and gets each mail', async ({
  page,
  request,
  workerProducts,
}) => {
  const product = workerProducts.take((p) => p.category !== 'luxury');
  const shopper = await createAccount(request);
  const id = (await paidBooking(request, shopper.token, product, { startInDays: 30 })).bookingId;
  const login = await request.post('/api/user/login', { data: OPERATOR });
  const ops = { authorization: `Bearer ${tokenResponseSchema.parse(await login.json()).token}` };
  const move = (path: string, data: object) =>
    request.post(`/api/admin/bookings/${id}/${path}`, { headers: ops, data });

  await signInWith(page, shopper.token, '/orders');
  const card = page.getByTestId('booking-card');
  await expect(card.getByTestId('booking-progress').locator('[data-done="true"]')).toHaveCount(1);

  expect((await move('status', { status: 'processing' })).ok()).toBe(true);
  expect(
    (
      await move('tracking', {
        provider: 'Delhivery',
        trackingId: 'DLV7781290031',
        deliveryETA: '2 Dec 2026',
      })
    ).ok(),
  ).toBe(true);
  expect((await move('status', { status: 'shipped' })).ok()).toBe(true);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card).toContainText('Shipped');
  await expect(card.getByTestId('booking-progress').locator('[data-done="true"]')).toHaveCount(3);
  await card.getByRole('button', { name: /Details/ }).click();
  const details = page.getByTestId('booking-details');
  await expect(details).toContainText('Delhivery');
  await expect(details).toContainText('DLV7781290031');
  await expect(details).toContainText('2 Dec 2026');
  await page.keyboard.press('Escape');

  expect((await move('status', { status: 'delivered' })).ok()).toBe(true);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card.getByTestId('booking-progress').locator('[data-done="true"]')).toHaveCount(4);

  // A mail at every step, to the shopper.
  const number = bookingNumber(id);
  await expect
    .poll(async () => {
      const { mails } = devMailResponseSchema.parse(
        await (await request.get('/api/dev/mail')).json(),
      );
      return mails
        .filter((m) => m.to === shopper.email && m.subject.includes(number))
        .map((m) => m.subject)
        .sort();
    })
    .toEqual(
      [
        `Booking ${number} confirmed`,
        `Booking ${number}: delivered`,
        `Booking ${number}: delivery update`,
        `Booking ${number}: processing`,
        `Booking ${number}: shipped`,
      ].sort(),
    );
});
