import {
  CHARGE_MESSAGES,
  LATE_FEE_PAISE,
  adminBookingDetailResponseSchema,
  formatRupees,
  paiseToRupees,
  tokenResponseSchema,
} from '@pehnava/shared';
import { OPERATOR, createAccount, signInWith } from '../../accounts';
import { paidBooking } from '../../bookings';
import { moveClockToNoon, serverDaysAhead } from '../../clock';
import { expect, test } from '../../fixtures';
import { expectToast } from '../../toasts';

/*
 * Runs on the clock's own server (project 'after-clock'), because it moves the server's clock: a
 * piece comes back two days late, the late fees are charged by the server, and the shopper pays
 * them from My Bookings in the sandbox's payment sheet.
 */
const FEES = formatRupees(paiseToRupees(2 * LATE_FEE_PAISE.free));

test('a shopper pays two days of late fees from My Bookings in the payment sheet', async ({
  page,
  request,
  workerProducts,
}) => {
  test.setTimeout(90_000);
  const product = workerProducts.take((p) => p.category !== 'luxury');
  const shopper = await createAccount(request);
  // Tomorrow by the server's clock, which an earlier spec may have moved.
  const startInDays = (await serverDaysAhead(request)) + 1;
  const id = (await paidBooking(request, shopper.token, product, { startInDays })).bookingId;
  const desk = async () => {
    const login = await request.post('/api/user/login', { data: OPERATOR });
    return { authorization: `Bearer ${tokenResponseSchema.parse(await login.json()).token}` };
  };
  const sent = await request.post(`/api/admin/bookings/${id}/dispatch`, {
    headers: await desk(),
    data: {},
  });
  expect(sent.ok()).toBe(true);
  const item = adminBookingDetailResponseSchema.parse(await sent.json()).booking.items[0]!;

  // To noon in India two days after the end date: the late-fee job runs with the move.
  await moveClockToNoon(request, item.endDate, 2);
  const back = await request.post(`/api/admin/bookings/${id}/return`, {
    headers: await desk(),
    data: { items: [{ itemId: item._id, condition: 'good' }] },
  });
  expect(back.ok()).toBe(true);

  await signInWith(page, shopper.token, '/orders');
  const card = page.getByTestId('booking-card');
  await expect(card.getByTestId('booking-balance')).toHaveText(`Balance due ${FEES}`);
  await card.getByRole('button', { name: /^Details of order/ }).click();
  const details = page.getByTestId('booking-details');
  await expect(details.getByTestId('details-charges')).toContainText('Late fee');
  await details.getByRole('button', { name: `Pay ${FEES}` }).click();
  const sheet = page.getByRole('dialog', { name: 'Pehnava' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: `Pay ${FEES}` }).click();
  await expectToast(page, CHARGE_MESSAGES.balancePaid);
  await expect(card.getByTestId('booking-balance')).toHaveCount(0);
});
