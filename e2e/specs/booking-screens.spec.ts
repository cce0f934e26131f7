import type { APIRequestContext, Page } from '@playwright/test';
import {
  PINCODE_MESSAGES,
  BOOKING_MESSAGES,
  INDIAN_STATES,
  addDays,
  bookingNumber,
  formatDateInIndia,
  formatRupees,
  insuranceFee,
  orderTotals,
  todayInIndia,
  type Booking,
  type CreateBookingBody,
  type Product,
  type VerifyBookingBody,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { seriousViolations } from '../axe';
import {
  STUB_BOOKING_ID,
  STUB_SCRIPT_PATH,
  availabilityOf,
  bodyOf,
  bookingOf,
  created,
  stubMyBookings,
  stubPayments,
  verified,
} from '../booking-stubs';
import { expectToast } from '../toasts';
import { expect, test } from '../fixtures';
import { pickStartDate, startDateButton, startDateCalendar } from '../start-date';

/**
 * The booking screens' own behaviour, with the booking API and the payment script stood in for
 * (booking-stubs.ts): the calendar's booked days, the flagged cart line, checkout's checks, flow
 * and messages, and My Bookings. The cart, coupons and accounts are the real ones.
 */

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const inDays = (n: number) => addDays(todayInIndia(new Date()), n);
const sizeOf = (product: Product) => product.sizes.find((s) => s.available)!.size;

/** A shopper with a phone on the profile and `products` in the cart (2 days from `start`). */
async function shopperWithCart(request: APIRequestContext, products: Product[], start = 6) {
  const account = await createAccount(request, { name: 'Kavya Menon' });
  const headers = { authorization: `Bearer ${account.token}` };
  const profile = await request.post('/api/user/update-profile', {
    headers,
    data: { name: 'Kavya Menon', phone: '+91 98200 12345', address: '' },
  });
  expect(profile.ok()).toBe(true);
  for (const product of products) {
    const added = await request.post('/api/cart/add', {
      headers,
      data: {
        productId: product._id,
        size: sizeOf(product),
        duration: 2,
        startDate: inDays(start),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  return account;
}

/** Fill the delivery address with good values. */
async function fillAddress(page: Page) {
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByLabel('Full name').fill('Kavya Menon');
  await form.getByLabel('Phone').fill('9820012345');
  await form.getByLabel('Street address').fill('Flat 12B, 14 Marine Drive');
  await form.getByLabel('City').fill('Mumbai');
  await form.getByLabel('State').selectOption('Maharashtra');
  await form.getByLabel('PIN code').fill('400020');
}

const payButton = (page: Page) => page.getByRole('button', { name: 'Proceed to Payment' });
const stubModal = (page: Page) => page.getByRole('dialog', { name: 'Stub payment' });

test.describe('the start-date calendar', () => {
  test('greys the days booked in the chosen size and length, says why, and clears a date that becomes booked', async ({
    page,
    request,
  }) => {
    const { products } = (await (await request.get('/api/product/list')).json()) as {
      products: Product[];
    };
    const product = products.find((p) => p.isAvailable && p.sizes.some((s) => s.available))!;
    const size = sizeOf(product);
    const [booked4a, booked4b, booked7] = [inDays(3), inDays(4), inDays(10)];
    await page.route(`**/api/product/${product._id}/availability`, (route) =>
      route.fulfill({
        json: availabilityOf(product, { '4': [booked4a, booked4b], '7': [booked7] }),
      }),
    );
    await page.goto(`/product/${product._id}`);
    const calendar = startDateCalendar(page);
    const day = (date: string) => calendar.locator(`[data-date="${date}"]`);

    // Before a size: days booked in every size are greyed, and the calendar asks for a size.
    await page.getByRole('button', { name: /^4 days/ }).click();
    await startDateButton(page).click();
    await expect(calendar.getByTestId('booked-legend')).toHaveText(
      'Booked: no piece in any size is free for 4 days from this date',
    );
    await expect(calendar.getByTestId('availability-status')).toHaveText(
      'Choose a size to see the dates booked in it.',
    );
    await page.keyboard.press('Escape');

    await page
      .getByRole('group', { name: 'Size' })
      .getByRole('button', { name: size, exact: true })
      .click();
    await startDateButton(page).click();
    await expect(calendar.getByTestId('booked-legend')).toHaveText(
      `Booked: no piece in size ${size} is free for 4 days from this date`,
    );
    for (const date of [booked4a, booked4b]) {
      if (date.slice(0, 7) !== inDays(0).slice(0, 7)) continue;
      await expect(day(date)).toHaveAttribute('aria-disabled', 'true');
      await expect(day(date)).toHaveAttribute('data-booked', 'true');
      await expect(day(date)).toHaveAccessibleName(/, booked$/);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // A booked day cannot be chosen; the calendar says why.
    await pickStartDate(page, inDays(2));
    await startDateButton(page).click();
    const heading = calendar.getByRole('heading');
    if ((await heading.getAttribute('data-month')) !== booked4a.slice(0, 7)) {
      await calendar.getByRole('button', { name: 'Next month' }).click();
    }
    await day(booked4a).click({ force: true });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByTestId('booked-note')).toContainText(
      `no piece in size ${size} is free for 4 days from this date`,
    );
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('return-by')).toBeVisible();

    // Free for 4 days, booked for 7: changing the length clears it, with a hint.
    await pickStartDate(page, booked7);
    await page.getByRole('button', { name: /^7 days/ }).click();
    await expect(startDateButton(page)).toHaveAccessibleName('Start date Choose a date');
    await expect(page.getByTestId('return-by')).toHaveCount(0);
    await expect(page.getByTestId('date-cleared')).toContainText(
      `is booked in size ${size} for 7 days, so it was cleared. Please pick another date.`,
    );
    // Choosing again puts the hint away.
    await pickStartDate(page, inDays(12));
    await expect(page.getByTestId('date-cleared')).toHaveCount(0);
  });
});

test('a cart line booked by someone else says so, and checkout names it', async ({
  page,
  request,
  workerProducts,
}) => {
  const [taken, fine] = [workerProducts.take(), workerProducts.take()];
  const account = await shopperWithCart(request, [taken, fine]);
  await stubMyBookings(page, () => []);
  await page.route('**/api/cart', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as {
      cart: { product: Product; datesAvailable: boolean }[];
    };
    for (const entry of body.cart) entry.datesAvailable = entry.product._id !== taken._id;
    return route.fulfill({ response, json: body });
  });
  await signInWith(page, account.token, '/cart');
  const row = page.getByTestId('cart-row').filter({ hasText: taken.name });
  await expect(row.getByTestId('cart-row-taken')).toContainText(
    'These dates were just booked by someone else',
  );
  await expect(row.getByRole('link', { name: 'Choose other dates' })).toHaveAttribute(
    'href',
    `/product/${taken._id}`,
  );
  await expect(
    page.getByTestId('cart-row').filter({ hasText: fine.name }).getByTestId('cart-row-taken'),
  ).toHaveCount(0);

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expectToast(page, BOOKING_MESSAGES.itemTaken(taken.name, sizeOf(taken)));
  await expect(page).toHaveURL(/\/cart$/);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('checkout', () => {
  test.describe('the PIN code', () => {
    // The unknown PIN code is a 404 from the directory and a 400 from checkout, which the browser
    // logs.
    test.use({ expectedConsoleErrors: [/status of 40[04]/] });

    for (const width of [390, 1280]) {
      test(`fills in the city and state from India Post's directory, and refuses one it does not know, at ${width} px`, async ({
        page,
        request,
        workerProducts,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const account = await shopperWithCart(request, [workerProducts.take()]);
        await signInWith(page, account.token, '/place-order');
        const form = page.getByRole('form', { name: 'Delivery address' });
        await form.getByLabel('PIN code').fill('110001');
        await expect(form.getByLabel('City')).toHaveValue('Delhi');
        await expect(form.getByLabel('State')).toHaveValue('Delhi');
        await expect(form.getByText('Delhi, Delhi: delivered in 2 days')).toBeVisible();
        // A city typed is kept; the state follows the PIN code.
        await form.getByLabel('City').fill('Bandra');
        await form.getByLabel('PIN code').fill('400050');
        await expect(form.getByLabel('State')).toHaveValue('Maharashtra');
        await expect(form.getByLabel('City')).toHaveValue('Bandra');
        await expect(form.getByText('Mumbai, Maharashtra: delivered in 1 day')).toBeVisible();
        await form.getByLabel('PIN code').fill('999999');
        await expect(form.getByText(PINCODE_MESSAGES.notFound('999999'))).toBeVisible();
        await expect(form.getByLabel('PIN code')).toHaveAttribute('aria-invalid', 'true');
        await form.getByLabel('PIN code').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/tmp/shots-checkout/pincode-unknown-${width}.png` });
        expect(await seriousViolations(page)).toEqual([]);
        // Checkout says the same, and nothing is booked.
        await form.getByLabel('Street address').fill('12 Carter Road');
        await form.getByLabel('Phone').fill('9820012345');
        await payButton(page).click();
        await expectToast(page, PINCODE_MESSAGES.notFound('999999'));
        await expect(page).toHaveURL(/\/place-order$/);
      });
    }

    test('refuses a start date sooner than a parcel reaches the PIN code, saying the earliest', async ({
      page,
      request,
      workerProducts,
    }) => {
      const product = workerProducts.take();
      // Two days from today: Mumbai can have it, Leh (5 days away) cannot.
      const account = await shopperWithCart(request, [product], 2);
      await signInWith(page, account.token, '/place-order');
      await fillAddress(page);
      const form = page.getByRole('form', { name: 'Delivery address' });
      await form.getByLabel('PIN code').fill('194101');
      await expect(form.getByText('Leh, Ladakh: delivered in 5 days')).toBeVisible();
      await payButton(page).click();
      await expectToast(
        page,
        PINCODE_MESSAGES.tooSoon({
          product: product.name,
          pincode: '194101',
          city: 'Leh',
          earliest: inDays(5),
        }),
      );
      await expect(page).toHaveURL(/\/place-order$/);
      await expect(toast(page, 'Booking placed')).toHaveCount(0);
    });
  });

  test('a visitor is sent to log in, and an empty cart back to the cart', async ({
    page,
    request,
  }) => {
    await page.goto('/place-order');
    await expectToast(page, 'Please login to place order');
    await expect(page).toHaveURL(/\/login$/);

    const account = await createAccount(request);
    await stubMyBookings(page, () => []);
    await signInWith(page, account.token, '/place-order');
    await expectToast(page, 'Your cart is empty');
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('checks the address in order, carries the coupon, adds damage protection and pays', async ({
    page,
    request,
    workerProducts,
    baseURL,
  }) => {
    // Cart, coupon, six address checks with an axe scan, then paying: 12 s alone, over 30 s
    // when the other worker is scanning pages; the limit is for a hang.
    test.setTimeout(90_000);
    const product = workerProducts.take((p) => p.twoDayRentalPrice >= 1_000);
    const account = await shopperWithCart(request, [product]);
    await stubPayments(page, baseURL!);
    let paid = false;
    await stubMyBookings(page, () => (paid ? [bookingOf(STUB_BOOKING_ID, [product])] : []));
    const creates: CreateBookingBody[] = [];
    const verifies: VerifyBookingBody[] = [];
    const subtotal = product.twoDayRentalPrice;
    const discount = Math.round(subtotal * 50) / 100;
    const totals = orderTotals({ plan: 'free', subtotal, discount, insurance: true });
    await page.route('**/api/booking/create', (route) => {
      creates.push(bodyOf(route.request()));
      return route.fulfill({ json: created(totals.total) });
    });
    await page.route('**/api/booking/verify', (route) => {
      verifies.push(bodyOf(route.request()));
      paid = true;
      return route.fulfill({ json: verified });
    });

    // WELCOME50 applied on the cart goes on to checkout.
    await signInWith(page, account.token, '/cart');
    const coupon = page.getByRole('form', { name: 'Coupon' });
    await coupon.getByLabel('Coupon code').fill('WELCOME50');
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('summary-discount')).toHaveText(`-${formatRupees(discount)}`);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/place-order$/);
    await expect(page).toHaveTitle('Checkout · Pehnava');
    await expect(page.getByTestId('checkout-item')).toContainText(product.name);
    await expect(page.getByTestId('checkout-discount')).toHaveText(`-${formatRupees(discount)}`);
    await expect(
      page.getByText("Items are delivered according to each product's start date"),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');

    // Name and phone come from the profile; the fields are shaped as SPEC.md §5 says.
    const form = page.getByRole('form', { name: 'Delivery address' });
    await expect(form.getByLabel('Full name')).toHaveValue('Kavya Menon');
    await expect(form.getByLabel('Phone')).toHaveValue('9820012345');
    await expect(form.getByLabel('Phone')).toHaveAttribute('maxlength', '10');
    await expect(form.getByLabel('Phone')).toHaveAttribute('inputmode', 'numeric');
    await expect(form.getByLabel('PIN code')).toHaveAttribute('maxlength', '6');
    const states = form.getByLabel('State').locator('option');
    await expect(states).toHaveCount(INDIAN_STATES.length + 1);
    await expect(states.first()).toHaveText('Select state');

    // Each problem in turn: the toast, the field marked and focused.
    await form.getByLabel('Full name').fill('');
    await form.getByLabel('Phone').fill('98200');
    const steps: [string, string, () => Promise<void>][] = [
      [
        'Full name',
        BOOKING_MESSAGES.enterName,
        () => form.getByLabel('Full name').fill('Kavya Menon'),
      ],
      ['Phone', BOOKING_MESSAGES.enterPhone, () => form.getByLabel('Phone').fill('9820012345')],
      [
        'Street address',
        BOOKING_MESSAGES.enterStreet,
        () => form.getByLabel('Street address').fill('Flat 12B, 14 Marine Drive'),
      ],
      ['City', BOOKING_MESSAGES.enterCity, () => form.getByLabel('City').fill('Mumbai')],
      [
        'State',
        BOOKING_MESSAGES.selectState,
        () =>
          form
            .getByLabel('State')
            .selectOption('Maharashtra')
            .then(() => undefined),
      ],
      ['PIN code', BOOKING_MESSAGES.enterPincode, () => form.getByLabel('PIN code').fill('400020')],
    ];
    for (const [label, message, fix] of steps) {
      await payButton(page).click();
      await expectToast(page, message);
      const field = form.getByLabel(label);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toBeFocused();
      await expect(form.getByText(message)).toBeVisible();
      if (label === 'Full name') expect(await seriousViolations(page)).toEqual([]);
      await fix();
      await expect(field).not.toHaveAttribute('aria-invalid');
    }
    expect(creates).toEqual([]);

    // Damage protection: 10% of (subtotal − discount).
    await page.getByRole('checkbox', { name: /Add damage protection/ }).check();
    await expect(page.getByTestId('checkout-insurance')).toHaveText(
      formatRupees(insuranceFee(subtotal, discount)),
    );
    await expect(page.getByTestId('checkout-total')).toHaveText(formatRupees(totals.total));

    await payButton(page).click();
    await expect(stubModal(page)).toBeVisible();
    expect(creates).toEqual([
      {
        cartItems: [
          {
            productId: product._id,
            size: sizeOf(product),
            duration: 2,
            quantity: 1,
            startDate: inDays(6),
          },
        ],
        address: {
          name: 'Kavya Menon',
          phone: '9820012345',
          street: 'Flat 12B, 14 Marine Drive',
          landmark: '',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400020',
        },
        couponCode: 'WELCOME50',
        insuranceSelected: true,
      },
    ]);
    const options = await page.evaluate(
      () => (window as unknown as { __checkoutOptions: Record<string, unknown> }).__checkoutOptions,
    );
    expect(options).toMatchObject({
      key: 'rzp_test_stub',
      amount: Math.round(totals.total * 100),
      currency: 'INR',
      order_id: 'order_STUB00000001',
      name: 'Pehnava',
      description: `Booking ${bookingNumber(STUB_BOOKING_ID)}`,
      prefill: { name: 'Kavya Menon', email: account.email, contact: '9820012345' },
      theme: { color: '#7a1f3d' },
    });

    await stubModal(page).getByRole('button', { name: 'Pay', exact: true }).click();
    await expectToast(page, 'Booking confirmed! 🎉');
    await expect(page).toHaveURL(/\/orders$/);
    expect(verifies).toEqual([
      {
        razorpay_order_id: 'order_STUB00000001',
        razorpay_payment_id: 'pay_STUB0000000001',
        razorpay_signature: 'stub-signature',
        bookingId: STUB_BOOKING_ID,
        insuranceSelected: true,
      },
    ]);
    await expect(page.getByTestId('booking-card')).toHaveCount(1);
    await expect(toast(page, 'Your cart is empty')).toHaveCount(0);
  });

  test('one order at a time; a dismissed, failed or malformed payment lets the shopper try again', async ({
    page,
    request,
    workerProducts,
    baseURL,
  }) => {
    const product = workerProducts.take();
    const account = await shopperWithCart(request, [product]);
    await stubPayments(page, baseURL!);
    await stubMyBookings(page, () => []);
    let creates = 0;
    let verifies = 0;
    // The first create is held until the second press has been answered, however slow the
    // machine: the press must arrive while the first is under way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/booking/create', async (route) => {
      creates += 1;
      if (creates === 1) await held;
      return route.fulfill({ json: created(product.twoDayRentalPrice + 99) });
    });
    await page.route('**/api/booking/verify', (route) => {
      verifies += 1;
      return route.fulfill({ json: verified });
    });
    await signInWith(page, account.token, '/place-order');
    await fillAddress(page);

    await payButton(page).click();
    await expect(page.getByRole('button', { name: 'Processing…' })).toBeVisible();
    await page.getByRole('button', { name: 'Processing…' }).click();
    await expectToast(page, 'Order is already being processed');
    release();
    await expect(stubModal(page)).toBeVisible();
    expect(creates).toBe(1);

    await stubModal(page).getByRole('button', { name: 'Close' }).click();
    await expectToast(page, BOOKING_MESSAGES.paymentCancelled);
    await expect(payButton(page)).toBeVisible();

    await payButton(page).click();
    await stubModal(page).getByRole('button', { name: 'Fail payment' }).click();
    await expectToast(page, 'Payment failed: Your bank declined this payment');
    // The app closes the provider's modal itself.
    await expect(stubModal(page)).toHaveCount(0);
    await expect(payButton(page)).toBeVisible();

    await page.evaluate(() => {
      (window as unknown as { __checkoutDropSignature: boolean }).__checkoutDropSignature = true;
    });
    await payButton(page).click();
    await stubModal(page).getByRole('button', { name: 'Pay', exact: true }).click();
    await expectToast(page, 'Invalid payment response received');
    expect(verifies).toBe(0);
    expect(creates).toBe(3);
    await expect(page).toHaveURL(/\/place-order$/);
  });

  test('a booking with nothing to pay is confirmed without the payment modal', async ({
    page,
    request,
    workerProducts,
    baseURL,
  }) => {
    const product = workerProducts.take();
    const account = await shopperWithCart(request, [product]);
    await stubPayments(page, baseURL!);
    await stubMyBookings(page, () => []);
    let verifies = 0;
    await page.route('**/api/booking/create', (route) => route.fulfill({ json: created(0) }));
    await page.route('**/api/booking/verify', (route) => {
      verifies += 1;
      return route.fulfill({ json: verified });
    });
    await signInWith(page, account.token, '/place-order');
    await fillAddress(page);
    await payButton(page).click();
    await expectToast(page, BOOKING_MESSAGES.confirmedWithoutPayment);
    await expect(page).toHaveURL(/\/orders$/);
    await expect(stubModal(page)).toHaveCount(0);
    expect(verifies).toBe(0);
  });

  test.describe('when something fails', () => {
    test.use({
      expectedConsoleErrors: [
        /Failed to load resource: (the server responded with a status of (400|409|500|503)|net::ERR_FAILED)/,
      ],
    });

    test('says the server message or SPEC.md fallbacks, and a taken piece goes back to the cart', async ({
      page,
      request,
      workerProducts,
      baseURL,
    }) => {
      const product = workerProducts.take();
      const account = await shopperWithCart(request, [product]);
      await stubPayments(page, baseURL!);
      await stubMyBookings(page, () => []);
      type Answer = 'no message' | 'unreachable' | 'provider down' | 'taken' | 'ok';
      let createAnswer: Answer = 'no message';
      let verifyAnswer: Answer = 'no message';
      await page.route('**/api/booking/create', (route) => {
        if (createAnswer === 'unreachable') return route.abort();
        if (createAnswer === 'no message')
          return route.fulfill({ status: 500, json: { success: false } });
        if (createAnswer === 'provider down')
          return route.fulfill({
            status: 503,
            json: { success: false, message: BOOKING_MESSAGES.providerUnavailable },
          });
        if (createAnswer === 'taken')
          return route.fulfill({
            status: 409,
            json: {
              success: false,
              message: BOOKING_MESSAGES.itemTaken(product.name, sizeOf(product)),
            },
          });
        return route.fulfill({ json: created(product.twoDayRentalPrice + 99) });
      });
      await page.route('**/api/booking/verify', (route) =>
        verifyAnswer === 'unreachable'
          ? route.abort()
          : route.fulfill({ status: 400, json: { success: false } }),
      );
      await signInWith(page, account.token, '/place-order');
      await fillAddress(page);

      await payButton(page).click();
      await expectToast(page, 'Failed to create booking');
      createAnswer = 'unreachable';
      await payButton(page).click();
      await expectToast(page, 'Booking creation error');
      createAnswer = 'provider down';
      await payButton(page).click();
      await expectToast(page, BOOKING_MESSAGES.providerUnavailable);

      createAnswer = 'ok';
      await payButton(page).click();
      await stubModal(page).getByRole('button', { name: 'Pay', exact: true }).click();
      await expectToast(page, 'Payment verification failed');
      verifyAnswer = 'unreachable';
      await payButton(page).click();
      await stubModal(page).getByRole('button', { name: 'Pay', exact: true }).click();
      await expectToast(page, 'Verification error');
      await expect(page).toHaveURL(/\/place-order$/);

      createAnswer = 'taken';
      await payButton(page).click();
      await expectToast(page, BOOKING_MESSAGES.itemTaken(product.name, sizeOf(product)));
      await expect(page).toHaveURL(/\/cart$/);
    });

    test('a payment script that will not load says so, and the next try loads it', async ({
      page,
      request,
      workerProducts,
      baseURL,
    }) => {
      const product = workerProducts.take();
      const account = await shopperWithCart(request, [product]);
      await stubMyBookings(page, () => []);
      await page.route('**/api/booking/create', (route) =>
        route.fulfill({ json: created(product.twoDayRentalPrice + 99) }),
      );
      await stubPayments(page, baseURL!);
      let scriptLoads = 0;
      await page.route(`**${STUB_SCRIPT_PATH}`, (route) => {
        scriptLoads += 1;
        return scriptLoads === 1 ? route.abort() : route.fallback();
      });
      await signInWith(page, account.token, '/place-order');
      await fillAddress(page);
      await payButton(page).click();
      await expectToast(page, 'Payment initiation failed. Please try again.');
      await expect(payButton(page)).toBeVisible();
      await payButton(page).click();
      await expect(stubModal(page)).toBeVisible();
      expect(scriptLoads).toBe(2);
    });
  });
});

test.describe('My Bookings', () => {
  test('needs a session, and says when there are no orders or none paid', async ({
    page,
    request,
  }) => {
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login$/);

    const account = await createAccount(request);
    let bookings: Booking[] = [];
    await stubMyBookings(page, () => bookings);
    await signInWith(page, account.token, '/orders');
    await expect(page).toHaveTitle('My bookings · Pehnava');
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await expect(page.getByText('Start shopping to see your orders here')).toBeVisible();
    await page.getByRole('link', { name: 'Start Shopping' }).click();
    await expect(page).toHaveURL(/\/collection$/);

    const { products } = (await (await request.get('/api/product/list')).json()) as {
      products: Product[];
    };
    bookings = [
      bookingOf('00000000-0000-4000-8000-00000000aa01', [products[0]!], {
        status: 'pending',
        paymentStatus: 'pending',
      }),
    ];
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'No paid orders found' })).toBeVisible();
    await expect(page.getByTestId('orders-count')).toHaveText('0 order(s) found');
  });

  test('lists paid orders with status, progress and details, and refreshes', async ({
    page,
    request,
  }) => {
    const { products } = (await (await request.get('/api/product/list')).json()) as {
      products: Product[];
    };
    const [a, b, c] = [products[1]!, products[2]!, products[3]!];
    const shipped = bookingOf('00000000-0000-4000-8000-0000000bb001', [a, b], {
      status: 'shipped',
      paymentMethod: 'card',
      createdAt: '2026-11-21T14:35:00.000Z',
      deliveryFee: 99,
      insuranceSelected: true,
      insuranceAmount: 120.5,
      appliedCoupon: { code: 'FLAT300', discountAmount: 300 },
      deliveryTracking: { provider: 'Delhivery', trackingId: 'DLV7781290031' },
      deliveryAddress: {
        name: 'Kavya Menon',
        phone: '9820012345',
        street: '14 Marine Drive',
        landmark: 'Opposite Oval Maidan',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
    });
    shipped.items[1] = {
      ...shipped.items[1]!,
      listingId: { ...shipped.items[1]!.listingId, name: '', images: [] },
      appliedSubscriptionPlan: 'plus',
      originalPrice: 2000,
      discountAmount: 1000,
      totalPrice: 1000,
    };
    shipped.totalPrice = 4321.5;
    const unpaid = bookingOf('00000000-0000-4000-8000-0000000bb002', [c], {
      status: 'pending',
      paymentStatus: 'pending',
    });
    const cancelled = bookingOf('00000000-0000-4000-8000-0000000bb003', [c], {
      status: 'cancelled',
      createdAt: '2026-09-12T16:20:00.000Z',
    });
    let bookings = [shipped, unpaid, cancelled];
    await stubMyBookings(page, () => bookings);
    const account = await createAccount(request);
    await signInWith(page, account.token, '/orders');

    await expect(page.getByRole('heading', { name: 'Successfully Placed Orders' })).toBeVisible();
    await expect(page.getByText('Showing orders with completed payments')).toBeVisible();
    await expect(page.getByTestId('orders-count')).toHaveText('2 order(s) found');
    const cards = page.getByTestId('booking-card');
    await expect(cards).toHaveCount(2);

    const card = cards.first();
    await expect(card.getByTestId('booking-number')).toHaveText(bookingNumber(shipped._id));
    await expect(card.getByTestId('booking-date')).toHaveText(formatDateInIndia(shipped.createdAt));
    await expect(card.getByTestId('booking-total')).toHaveText('₹4,321.50');
    await expect(card.getByTestId('booking-status')).toHaveText('Shipped');
    await expect(card.getByTestId('booking-status')).toHaveClass(/bg-indigo-100/);
    await expect(card.getByTestId('booking-payment')).toHaveText('Payment completed');
    await expect(card.getByTestId('booking-payment')).toHaveClass(/bg-green-100/);
    const steps = card.getByTestId('booking-progress').getByRole('listitem');
    await expect(steps).toHaveText([/Confirmed/, /Processing/, /Shipped/, /Delivered/]);
    expect(
      await steps.evaluateAll((items) => items.map((i) => i.getAttribute('data-done'))),
    ).toEqual(['true', 'true', 'true', 'false']);
    await expect(card.getByTestId('booking-items')).toHaveText('2 items');
    await expect(card.getByTestId('booking-city')).toHaveText('Pune, Maharashtra');
    await expect(card.getByTestId('booking-method')).toHaveText('Card');
    // Cancelled: no progress bar.
    await expect(cards.nth(1).getByTestId('booking-status')).toHaveText('Cancelled');
    await expect(cards.nth(1).getByTestId('booking-progress')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The details dialog.
    const details = card.getByRole('button', { name: /^Details/ });
    await details.click();
    const dialog = page.getByRole('dialog', { name: `Order #${bookingNumber(shipped._id)}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Payment methodCard');
    await expect(dialog.getByTestId('details-payment-id')).toHaveText('pay_STUB0000000001');
    await expect(dialog.getByTestId('details-tracking')).toContainText('Delhivery');
    await expect(dialog.getByTestId('details-tracking')).toContainText('DLV7781290031');
    await expect(dialog.getByTestId('details-tracking')).not.toContainText('Expected delivery');
    await expect(dialog.getByTestId('details-address')).toContainText('Opposite Oval Maidan');
    await expect(dialog.getByTestId('details-address')).toContainText('PIN 411001');
    const items = dialog.getByTestId('details-item');
    await expect(items.nth(0).getByTestId('details-item-name')).toHaveText(a.name);
    await expect(items.nth(1).getByTestId('details-item-name')).toHaveText('Product');
    await expect(items.nth(1).getByTestId('item-placeholder')).toBeVisible();
    await expect(items.nth(1)).toContainText('Plus Plan Applied');
    await expect(items.nth(1).getByTestId('details-item-total')).toHaveText('₹2,000₹1,000');
    await expect(items.nth(0)).not.toContainText('Plan Applied');
    await expect(dialog.getByTestId('details-delivery')).toHaveText('₹99');
    await expect(dialog.getByTestId('details-insurance')).toHaveText('₹120.50');
    await expect(dialog.getByTestId('details-discount')).toHaveText('-₹300');
    await expect(dialog.getByTestId('details-total')).toHaveText('₹4,321.50');
    expect(await seriousViolations(page)).toEqual([]);
    // Focus stays inside while open; Escape closes it and gives focus back.
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(details).toBeFocused();

    // A cancelled booking with nothing to track shows no tracking and FREE delivery.
    await cards
      .nth(1)
      .getByRole('button', { name: /^Details/ })
      .click();
    await expect(page.getByTestId('details-tracking')).toHaveCount(0);
    await expect(page.getByTestId('details-delivery')).toHaveText('FREE');
    await expect(page.getByTestId('details-insurance')).toHaveCount(0);
    await expect(page.getByTestId('details-discount')).toHaveCount(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Refresh asks again.
    bookings = [{ ...unpaid, paymentStatus: 'completed', status: 'delivered' }, ...bookings];
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByTestId('orders-count')).toHaveText('3 order(s) found');

    // The profile counts paid bookings.
    await page.goto('/profile');
    await expect(page.getByTestId('profile-bookings-count')).toHaveText('3');
  });
});
