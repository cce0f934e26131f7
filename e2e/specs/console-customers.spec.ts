import {
  adminBookingDetailResponseSchema,
  bookingNumber,
  CUSTOMER_MESSAGES,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { paidBooking } from '../bookings';
import { CONSOLE_SHOTS, consoleSettled, operatorToken, seriousViolations } from '../console';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';

/*
 * The console's Customers screen (issue [K]) as an admin uses it on a phone and at a desk: find a
 * customer by phone and by e-mail, open them, see their booking, and anonymise them on their
 * request; the shopper's old session is refused afterwards and their paid booking is kept bare.
 */

/** A 10-digit mobile number no other test or run uses. */
const freshPhone = () =>
  `9${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('an admin finds a customer by phone and by e-mail, sees their booking and anonymises them', async ({
      page,
      request,
      workerProducts,
    }) => {
      const name = `Nandini ${Math.random().toString(36).slice(2, 7)}`;
      const shopper = await createAccount(request, { name });
      const phone = freshPhone();
      const auth = { authorization: `Bearer ${shopper.token}` };
      const saved = await request.post('/api/user/update-profile', {
        headers: auth,
        data: { phone },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      const product = workerProducts.take((p) => p.category !== 'luxury');
      const id = (await paidBooking(request, shopper.token, product, { startInDays: 30 }))
        .bookingId;
      const number = bookingNumber(id);
      const operator = await operatorToken(request);

      await signInWith(page, operator, '/admin/customers');
      await expect(page).toHaveTitle('Customers · Pehnava Ops');
      await consoleSettled(page);
      // The area is current in the console's navigation: at a desk by name; on a phone as one
      // of the areas behind More in the bottom bar.
      const current =
        width < 1280
          ? page
              .getByRole('navigation', { name: 'Console areas' })
              .getByRole('link', { name: 'More' })
          : page
              .getByRole('navigation', { name: 'Console' })
              .getByRole('link', { name: 'Customers' });
      await expect(current).toHaveAttribute('aria-current', 'page');

      // By phone, typed as it is read out: with the country code and a space.
      const box = page.getByLabel('Name, e-mail or phone');
      await box.fill(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/admin\/customers\?q=/);
      await expect(page.getByText(/^1 customer matching “\+91/)).toBeVisible();
      const row = page.getByRole('listitem').filter({ hasText: shopper.email });
      await expect(row.getByRole('link', { name })).toBeVisible();
      await expect(row).toContainText('1 paid booking');
      await expect(row).toContainText('Free plan');
      await page.screenshot({
        path: `${CONSOLE_SHOTS}/customers-list-${width}.png`,
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);

      // By e-mail, in another case.
      await box.fill(shopper.email.toUpperCase());
      await page.getByRole('button', { name: 'Search' }).click();
      // This search's own answer, not the phone search's still on screen while it loads.
      await expect(
        page.getByText(`1 customer matching “${shopper.email.toUpperCase()}”`),
      ).toBeVisible();
      await page.getByRole('link', { name }).click();

      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page).toHaveTitle(`${name} · Pehnava Ops`);
      const bookings = page.getByRole('region', { name: /^Bookings/ });
      await expect(bookings.getByRole('link', { name: `#${number}` })).toBeVisible();
      await expect(bookings).toContainText('confirmed');
      await expect(page.getByRole('region', { name: /^Mails/ })).toContainText(
        'Your Pehnava verification code',
      );
      await expect(page.getByRole('region', { name: /^Profile/ })).toContainText(phone);
      await page.screenshot({
        path: `${CONSOLE_SHOTS}/customers-detail-${width}.png`,
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);

      // Anonymise: the confirmation says what goes and what stays, and needs a reason.
      await page.getByRole('button', { name: 'Anonymise…' }).click();
      const confirm = page.getByRole('form', { name: `Anonymise ${name}? This cannot be undone.` });
      await expect(confirm).toContainText(
        'their account: name, e-mail, phone, address and password',
      );
      await expect(confirm).toContainText('their paid bookings, without name, phone or street');
      const go = confirm.getByRole('button', { name: `Anonymise ${name}` });
      await expect(go).toBeDisabled();
      await confirm.getByLabel(/^Reason/).fill('Asked by e-mail to be forgotten');
      await expect(go).toBeEnabled();
      await page.screenshot({
        path: `${CONSOLE_SHOTS}/customers-anonymise-${width}.png`,
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);
      await go.click();
      await expectToast(page, CUSTOMER_MESSAGES.anonymised(1));

      // Back on the list it came from, where the customer is no longer found.
      await expect(page).toHaveURL(/\/admin\/customers\?q=/);
      await expect(page.getByText(/^No customer matches/)).toBeVisible();

      // The shopper's old session is refused; their paid booking is kept, without their details.
      expect((await request.get('/api/user/profile', { headers: auth })).status()).toBe(401);
      const kept = await request.get(`/api/admin/bookings/${id}`, {
        headers: { authorization: `Bearer ${operator}` },
      });
      const { booking } = adminBookingDetailResponseSchema.parse(await kept.json());
      expect(booking.shopper).toBeNull();
      expect(booking.deliveryAddress).toMatchObject({ name: '', phone: '', street: '' });
      expect(booking.audit.map((entry) => entry.note)).toContain('Asked by e-mail to be forgotten');
    });
  });
}
