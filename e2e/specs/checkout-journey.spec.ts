import type { APIRequestContext, Page } from '@playwright/test';
import {
  BOOKING_MESSAGES,
  addDays,
  clientConfigResponseSchema,
  formatRupees,
  myBookingsResponseSchema,
  orderTotals,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { PASSWORD, createAccount, freshEmail, readCode, signInWith } from '../accounts';
import { fillAddress, paidBooking } from '../bookings';
import { expectToast } from '../toasts';
import { expect, test } from '../fixtures';
import { pickStartDate } from '../start-date';

/*
 * The money journey against the real server: sign up, fill a cart, take WELCOME50 and damage
 * protection, pay by UPI in the payment sheet, see the booking in My Bookings; then a payment
 * closed and a payment declined, each with SPEC.md's words; then a cancellation refunded.
 *
 * The `chromium` project runs it against the sandbox gateway; the `razorpay` project against a
 * server with PAYMENT_PROVIDER=razorpay and the Razorpay stand-in, which serves the same sheet.
 */

const inDays = (n: number) => addDays(todayInIndia(new Date()), n);
const firstSize = (product: Product) => product.sizes.find((s) => s.available)!.size;
/** The sandbox's payment sheet (apps/api/assets/sandbox-checkout.js), titled by the merchant. */
const paymentSheet = (page: Page) => page.getByRole('dialog', { name: 'Pehnava' });
/** The provider this project's server takes payments through. */
const expectedProvider = () => (test.info().project.name === 'razorpay' ? 'razorpay' : 'sandbox');

test.beforeEach(async ({ request }) => {
  const { payments } = clientConfigResponseSchema.parse(
    await (await request.get('/api/config')).json(),
  );
  expect(payments.provider).toBe(expectedProvider());
});

async function addToCart(page: Page, product: Product, startDate: string) {
  await page.goto(`/product/${product._id}`);
  await page
    .getByRole('group', { name: 'Size' })
    .getByRole('button', { name: firstSize(product), exact: true })
    .click();
  await page.getByRole('button', { name: /^2 days/ }).click();
  await pickStartDate(page, startDate);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expectToast(page, 'Item added to cart!');
}

async function myBookings(request: APIRequestContext, token: string) {
  const res = await request.get('/api/booking/my', {
    headers: { authorization: `Bearer ${token}` },
  });
  return myBookingsResponseSchema.parse(await res.json()).bookings;
}

test('a new shopper books two pieces with WELCOME50 and protection, pays by UPI and sees the booking', async ({
  page,
  request,
  workerProducts,
}) => {
  test.setTimeout(90_000);
  const cheap = (p: Product) => p.category !== 'luxury' && p.twoDayRentalPrice > 0;
  const [first, second] = [workerProducts.take(cheap), workerProducts.take(cheap)];
  const email = freshEmail('journey');

  // Sign up with the mailed code.
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('form', { name: 'Sign Up' });
  await signUp.getByLabel('Full name').fill('Kavya Menon');
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Verification code').fill(await readCode(request, email));
  await page.getByRole('button', { name: 'Verify & Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => localStorage.getItem('pehnava.token'));

  const start = inDays(12);
  await addToCart(page, first!, start);
  await addToCart(page, second!, start);

  await page.goto('/cart');
  const coupon = page.getByRole('form', { name: 'Coupon' });
  await coupon.getByLabel('Coupon code').fill('WELCOME50');
  await coupon.getByRole('button', { name: 'Apply' }).click();
  const subtotal = first!.twoDayRentalPrice + second!.twoDayRentalPrice;
  const discount = Math.round(subtotal * 50) / 100;
  await expectToast(page, `Coupon applied: -${formatRupees(discount)}`);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/place-order$/);

  // Name comes from the profile; the rest of the address is typed.
  await expect(
    page.getByRole('form', { name: 'Delivery address' }).getByLabel('Full name'),
  ).toHaveValue('Kavya Menon');
  await fillAddress(page, { landmark: 'Opposite the Oval Maidan' });
  await page.getByRole('checkbox', { name: /Add damage protection/ }).check();
  const totals = orderTotals({ plan: 'free', subtotal, discount, insurance: true });
  await expect(page.getByTestId('checkout-subtotal')).toHaveText(formatRupees(totals.subtotal));
  await expect(page.getByTestId('checkout-discount')).toHaveText(`-${formatRupees(discount)}`);
  await expect(page.getByTestId('checkout-insurance')).toHaveText(formatRupees(totals.insurance));
  await expect(page.getByTestId('checkout-total')).toHaveText(formatRupees(totals.total));

  // The sandbox's sheet opens with a test UPI id filled in: one press pays.
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const sheet = paymentSheet(page);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel('UPI ID')).toHaveValue('success@razorpay');
  await sheet.getByRole('button', { name: `Pay ${formatRupees(totals.total)}` }).click();

  await expectToast(page, BOOKING_MESSAGES.confirmed);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await expect(page.getByText('1 order(s) found')).toBeVisible();

  const [booking] = await myBookings(request, token!);
  expect(booking).toMatchObject({
    status: 'confirmed',
    paymentStatus: 'completed',
    paymentMethod: 'upi',
    totalPrice: totals.total,
    insuranceAmount: totals.insurance,
    appliedCoupon: { code: 'WELCOME50', discountAmount: discount },
  });
  const card = page.getByTestId('booking-card');
  await expect(card).toContainText(booking!.bookingNumber);
  await expect(card).toContainText(formatRupees(totals.total));
  await expect(card).toContainText('Mumbai');
  await card.getByRole('button', { name: /Details/ }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText(first!.name);
  await expect(details).toContainText(second!.name);
  await expect(details).toContainText('Flat 12B, 14 Marine Drive');
  await expect(details).toContainText('400020');
  await expect(details).toContainText(`-${formatRupees(discount)}`);
  await expect(details).toContainText(formatRupees(totals.total));
});

test.describe('a payment closed, then one declined', () => {
  test.use({ expectedConsoleErrors: [/Failed to load resource.*status of 4\d\d/] });

  test('each says so in SPEC.md words, and the shopper can try again', async ({
    page,
    request,
    workerProducts,
  }) => {
    const product = workerProducts.take((p) => p.category !== 'luxury');
    const account = await createAccount(request);
    await request.post('/api/cart/add', {
      headers: { authorization: `Bearer ${account.token}` },
      data: {
        productId: product._id,
        size: firstSize(product),
        duration: 2,
        startDate: inDays(15),
      },
    });
    await signInWith(page, account.token, '/place-order');
    await fillAddress(page);

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(paymentSheet(page)).toBeVisible();
    await paymentSheet(page).getByRole('button', { name: 'Close' }).click();
    await expectToast(page, BOOKING_MESSAGES.paymentCancelled);
    await expect(page).toHaveURL(/\/place-order$/);

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(paymentSheet(page)).toBeVisible();
    await paymentSheet(page).getByRole('button', { name: 'Fail payment' }).click();
    await expectToast(page, /^Payment failed: .+/);

    // Nothing was paid: My Bookings lists no paid order; the booking waits for its hold to end.
    const bookings = await myBookings(request, account.token);
    expect(bookings.map((b) => b.paymentStatus)).not.toContain('completed');
    expect(bookings.filter((b) => b.status === 'pending')).toHaveLength(1);
    await page.goto('/orders');
    await expect(page.getByText('No paid orders found')).toBeVisible();
  });
});

test('a shopper cancels a paid booking before dispatch and sees the refund', async ({
  page,
  request,
  workerProducts,
}) => {
  const product = workerProducts.take((p) => p.category !== 'luxury' && p.twoDayRentalPrice > 0);
  const account = await createAccount(request);
  const created = await paidBooking(request, account.token, product);

  await signInWith(page, account.token, '/orders');
  await page
    .getByTestId('booking-card')
    .getByRole('button', { name: /Details/ })
    .click();
  const details = page.getByTestId('booking-details');
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(BOOKING_MESSAGES.cancelConfirm);
    void dialog.accept();
  });
  await details.getByRole('button', { name: 'Cancel booking' }).click();
  await expectToast(page, BOOKING_MESSAGES.cancelled);
  await expect(details.getByText('Cancelled').first()).toBeVisible();
  await expect(details.getByTestId('details-refunds')).toContainText(
    formatRupees(created.totalPrice),
  );
  await expect(details.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  // The refund is made by the refunds job a moment later.
  await expect
    .poll(async () => (await myBookings(request, account.token))[0]!.refunds[0]?.status)
    .toBe('processed');
});
