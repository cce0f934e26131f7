import { mkdirSync } from 'node:fs';
import {
  CHARGE_MESSAGES,
  REPAIR_FEE_PAISE,
  adminBookingDetailResponseSchema,
  formatRupees,
  paiseToRupees,
  tokenResponseSchema,
} from '@pehnava/shared';
import { OPERATOR, createAccount, signInWith } from '../accounts';
import { paidBooking } from '../bookings';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';

/*
 * Paying what a booking owes after its rental (issue [J]): a piece comes back needing a repair
 * (no damage protection: the repair fee is charged), the shopper sees the balance in My Bookings
 * and pays it in the payment sheet; the balance is then nothing. Against the real API and the
 * sandbox's sheet, at a phone's and a desk's width.
 */
const SHOTS = '/tmp/shots-balance';
const FEE = formatRupees(paiseToRupees(REPAIR_FEE_PAISE));

for (const width of [390, 1280]) {
  test(`a shopper pays a repair charge from My Bookings in the payment sheet, at ${width} px`, async ({
    page,
    request,
    workerProducts,
  }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const product = workerProducts.take((p) => p.category !== 'luxury');
    const shopper = await createAccount(request);
    const id = (await paidBooking(request, shopper.token, product, { startInDays: 30 })).bookingId;

    // The operator sends it and checks it back in needing a small repair.
    const login = await request.post('/api/user/login', { data: OPERATOR });
    const ops = { authorization: `Bearer ${tokenResponseSchema.parse(await login.json()).token}` };
    const sent = await request.post(`/api/admin/bookings/${id}/dispatch`, {
      headers: ops,
      data: {},
    });
    expect(sent.ok()).toBe(true);
    const item = adminBookingDetailResponseSchema.parse(await sent.json()).booking.items[0]!;
    const back = await request.post(`/api/admin/bookings/${id}/return`, {
      headers: ops,
      data: { items: [{ itemId: item._id, condition: 'needs-repair' }] },
    });
    expect(back.ok()).toBe(true);

    await signInWith(page, shopper.token, '/orders');
    const card = page.getByTestId('booking-card');
    await expect(card.getByTestId('booking-balance')).toHaveText(`Balance due ${FEE}`);
    await card.getByRole('button', { name: /^Details of order/ }).click();
    const details = page.getByTestId('booking-details');
    await expect(details.getByTestId('details-balance')).toHaveText(FEE);
    const pay = details.getByRole('button', { name: `Pay ${FEE}` });
    await pay.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/due-${width}.png` });

    // The details make way for the payment sheet; closing it pays nothing, and says so.
    await pay.click();
    await expect(details).toBeHidden();
    const sheet = page.getByRole('dialog', { name: 'Pehnava' });
    await expect(sheet).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/sheet-${width}.png` });
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expectToast(page, CHARGE_MESSAGES.balancePaymentCancelled);
    await expect(card.getByTestId('booking-balance')).toHaveText(`Balance due ${FEE}`);

    // Paid by UPI in one press: the balance is nothing, the charge paid, no button to pay.
    await card.getByRole('button', { name: /^Details of order/ }).click();
    await details.getByRole('button', { name: `Pay ${FEE}` }).click();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByLabel('UPI ID')).toHaveValue('success@razorpay');
    await sheet.getByRole('button', { name: `Pay ${FEE}` }).click();
    await expectToast(page, CHARGE_MESSAGES.balancePaid);
    await expect(card.getByTestId('booking-balance')).toHaveCount(0);
    await card.getByRole('button', { name: /^Details of order/ }).click();
    await expect(details.getByTestId('details-balance')).toHaveText(formatRupees(0));
    await expect(details.getByTestId('details-charge-status')).toHaveText('Paid');
    await expect(details.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await details.getByTestId('details-balance').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/paid-${width}.png` });
    await page.keyboard.press('Escape');

    // The server agrees, and a second payment cannot be opened.
    const again = await request.post(`/api/booking/${id}/balance`, {
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(again.status()).toBe(409);
  });
}
