import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  addDays,
  myBookingsResponseSchema,
  profileResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { PASSWORD, freshEmail, readCode } from '../accounts';
import { TEST_ADDRESS } from '../bookings';
import { expect, test } from '../fixtures';

/**
 * A shopper's whole journey in Hindi at 390 px (issue [P] §2): sign up, choose a piece, take
 * WELCOME50, give the address, pay, and find the booking, every screen in Hindi; each is
 * photographed for a person to look at (the test's attachments). The words pressed are read from
 * the Hindi catalogues, so they are the ones the shopper sees.
 */

test.use({ viewport: { width: 390, height: 844 } });

const catalogue = (part: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../apps/web/src/i18n/catalogues/hi/${part}.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, string>;
const login = catalogue('login');
const product = catalogue('product');
const cart = catalogue('cart');
const checkout = catalogue('checkout');

/**
 * Latin words left in what a part shows, once what stays as written is out: the brand, codes and
 * acronyms, the plan names Plus and Pro, the tiers' names, the states' names, and the names a
 * shopper types or a piece has (decision 086).
 */
async function englishIn(page: Page, selector: string, allowed: (string | RegExp)[]) {
  let text = await page.locator(selector).first().innerText();
  // A list to choose from (the states, named as addresses and invoices name them) is data.
  for (const options of await page.locator(`${selector} select`).allInnerTexts()) {
    text = text.replace(options, '');
  }
  const kept: (string | RegExp)[] = [
    'Pehnava',
    'WELCOME50',
    'English',
    'OTP',
    'PIN',
    'UPI',
    'MRP',
    'GST',
    /\b(Plus|Pro|PLUS|PRO)\b/g,
    /\b(Premium|Royal|Luxury|PREMIUM|ROYAL|LUXURY)\b/g,
  ];
  // Longest first, and a short one (a size: 'M') only as a word of its own.
  const given = allowed.map((each) =>
    typeof each === 'string' && each.length <= 3
      ? new RegExp(`\\b${each.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g')
      : each,
  );
  const strings = [...kept, ...given].filter((each) => typeof each === 'string');
  strings.sort((a, b) => b.length - a.length);
  for (const each of [
    ...strings,
    ...[...kept, ...given].filter((each) => typeof each !== 'string'),
  ]) {
    text = text.replaceAll(each, '');
  }
  return text.match(/[A-Za-z]{3,}/g) ?? [];
}

/** Screenshots go to HINDI_SHOTS_DIR as well when it is set, for a person to look at. */
const shotsDir = process.env.HINDI_SHOTS_DIR;

async function photograph(page: Page, name: string) {
  const body = await page.screenshot({ fullPage: true });
  await test.info().attach(name, { body, contentType: 'image/png' });
  if (shotsDir) writeFileSync(join(shotsDir, `${name}.png`), body);
}

test('a shopper signs up, books and pays in Hindi, and every screen speaks Hindi', async ({
  page,
  request,
  workerProducts,
}) => {
  test.setTimeout(120_000);
  const piece = workerProducts.take(
    (p: Product) => p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  const size = piece.sizes.find((s) => s.available)!.size;
  const email = freshEmail('hindi');

  await page.goto('/hi/login');
  await page.getByRole('tab', { name: login.signUp }).click();
  const signUp = page.getByRole('form', { name: login.signUp });
  await signUp.getByLabel(login.fullName!).fill('Kavya Menon');
  await signUp.getByLabel(login.email!).fill(email);
  await signUp.getByLabel(login.password!, { exact: true }).fill(PASSWORD);
  await photograph(page, 'sign-up');
  expect(await englishIn(page, 'main', ['Kavya', 'Menon', email])).toEqual([]);
  await signUp.getByRole('button', { name: login.sendOtp }).click();
  await page.getByLabel(login.verificationCode!).fill(await readCode(request, email));
  await page.getByRole('button', { name: login.verifyAndCreate }).click();
  await expect(page).toHaveURL(/\/hi\/?$/);
  const token = await page.evaluate(() => localStorage.getItem('pehnava.token'));
  const auth = { authorization: `Bearer ${token}` };
  // Made on a Hindi page, the account is in Hindi: its mails and messages come in Hindi.
  const { user } = profileResponseSchema.parse(
    await (await request.get('/api/user/profile', { headers: auth })).json(),
  );
  expect(user.language).toBe('hi');

  await page.goto(`/hi/product/${piece._id}`);
  await page
    .getByRole('group', { name: product.size })
    .getByRole('button', { name: size, exact: true })
    .click();
  await page.getByRole('button', { name: /^2 दिन/ }).click();
  const start = addDays(todayInIndia(new Date()), 12);
  await page.getByRole('button', { name: new RegExp(`^${product.startDate}`) }).click();
  const calendar = page.getByTestId('start-date-calendar');
  for (let turns = 0; turns < 4; turns += 1) {
    if ((await calendar.getByRole('heading').getAttribute('data-month')) === start.slice(0, 7))
      break;
    await calendar.getByRole('button', { name: product.nextMonth }).click();
  }
  await calendar.locator(`[data-date="${start}"]`).click();
  await photograph(page, 'product');
  await page.getByRole('button', { name: product.addToCart }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/hi/cart');
  const coupon = page.getByRole('form', { name: cart.coupon });
  await coupon.getByLabel(cart.couponCode!).fill('WELCOME50');
  await coupon.getByRole('button', { name: cart.apply }).click();
  await expect(page.getByText(/कूपन छूट/).first()).toBeVisible();
  await photograph(page, 'cart');
  expect(await englishIn(page, 'main', [piece.name, piece.productId, size])).toEqual([]);
  await page.getByRole('button', { name: cart.proceedToCheckout }).click();
  await expect(page).toHaveURL(/\/hi\/place-order$/);

  const address = page.getByRole('form', { name: checkout.deliveryAddress });
  await address.getByLabel(checkout.phone!).fill(TEST_ADDRESS.phone);
  await address.getByLabel(checkout.street!).fill(TEST_ADDRESS.street);
  await address.getByLabel(checkout.city!).fill(TEST_ADDRESS.city);
  await address.getByLabel(checkout.state!).selectOption(TEST_ADDRESS.state);
  await address.getByLabel(checkout.pincode!).fill(TEST_ADDRESS.pincode);
  await photograph(page, 'checkout');
  expect(
    await englishIn(page, 'main', [
      piece.name,
      piece.productId,
      size,
      'Kavya',
      'Menon',
      TEST_ADDRESS.street,
      TEST_ADDRESS.city,
      TEST_ADDRESS.state,
      /Flat|Marine|Drive/g,
    ]),
  ).toEqual([]);
  await page.getByRole('button', { name: checkout.proceedToPayment }).click();
  // The payment provider's sheet is the provider's own, in its own words.
  const sheet = page.getByRole('dialog', { name: 'Pehnava' });
  await sheet.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/hi\/orders$/);
  const card = page.getByTestId('booking-card');
  const { bookings } = myBookingsResponseSchema.parse(
    await (await request.get('/api/booking/my', { headers: auth })).json(),
  );
  expect(bookings).toHaveLength(1);
  await expect(card).toContainText(bookings[0]!.bookingNumber);
  await photograph(page, 'my-bookings');
  expect(
    await englishIn(page, 'main', [
      piece.name,
      bookings[0]!.bookingNumber,
      TEST_ADDRESS.city,
      TEST_ADDRESS.state,
      size,
    ]),
  ).toEqual([]);
});
