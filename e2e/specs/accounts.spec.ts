import type { Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, isValidGstin, profileResponseSchema } from '@pehnava/shared';
import { PASSWORD, TOKEN_KEY, createAccount, freshEmail, readCode, signInWith } from '../accounts';
import { expectToast } from '../toasts';
import { expect, test } from '../fixtures';

/** The server answers wrong codes, passwords and limits with 4xx, which Chromium logs. */
const REJECTED = /Failed to load resource.*status of (400|401|409|429)/;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const signedInHeader = (page: Page) => page.getByRole('button', { name: 'Your account' });
const visitorHeader = (page: Page) => page.getByRole('link', { name: 'Log in or sign up' });

async function openSignUp(page: Page) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
}

async function fillSignUp(page: Page, name: string, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Send OTP' }).click();
}

async function logIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

async function logOut(page: Page) {
  await signedInHeader(page).click();
  await page.getByTestId('account-menu').getByRole('button', { name: 'Logout' }).click();
}

test.describe('sign-up with an e-mail code', () => {
  test.use({ expectedConsoleErrors: [REJECTED] });

  test('checks the form, mails a code, verifies it and lands signed in', async ({
    page,
    request,
  }) => {
    const typo = freshEmail('typo');
    const email = freshEmail('asha');
    await openSignUp(page);
    const form = page.getByRole('form', { name: 'Sign Up' });
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
    for (const field of ['Full name', 'Email']) {
      await expect(form.getByLabel(field)).toHaveAttribute('required', '');
    }

    await fillSignUp(page, 'Asha Rao', typo, 'short');
    await expect(page.getByTestId('form-error')).toHaveText(
      'Password must be at least 8 characters long',
    );

    await fillSignUp(page, 'Asha Rao', typo, PASSWORD);
    await expectToast(page, 'OTP sent to your email!');
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.getByTestId('verify-email')).toHaveText(typo);
    await expect(page.getByText('The OTP is valid for 10 minutes.')).toBeVisible();
    const resend = page.getByRole('button', { name: /Resend OTP in \d+s/ });
    await expect(resend).toBeDisabled();

    // Wrong address: back to the form, which keeps what was typed.
    await page.getByRole('button', { name: 'Change Email' }).click();
    await expect(form.getByLabel('Full name')).toHaveValue('Asha Rao');
    await expect(form.getByLabel('Email')).toHaveValue(typo);
    await fillSignUp(page, 'Asha Rao', email, PASSWORD);
    await expect(page.getByTestId('verify-email')).toHaveText(email);

    const otp = page.getByLabel('Verification code');
    await otp.fill('12a4b');
    await expect(otp).toHaveValue('124');
    await page.getByRole('button', { name: 'Verify & Create Account' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('Please enter a valid 6-digit OTP');

    const code = await readCode(request, email);
    const wrong = code === '000000' ? '111111' : '000000';
    await otp.fill(wrong);
    await page.getByRole('button', { name: 'Verify & Create Account' }).click();
    await expectToast(page, 'Incorrect OTP. Please check the code and try again.');

    await otp.fill(code);
    await page.getByRole('button', { name: 'Verify & Create Account' }).click();
    await expectToast(page, 'Account verified successfully!');
    await expect(page).toHaveURL(/\/$/);
    await expect(signedInHeader(page)).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();

    await signedInHeader(page).click();
    await expect(page.getByTestId('account-menu-name')).toHaveText('Asha Rao');
    await expect(page.getByTestId('account-menu-plan')).toHaveText('Free plan');
  });

  test('an e-mail that already has an account is told to log in', async ({ page, request }) => {
    const { email } = await createAccount(request);
    await openSignUp(page);
    await fillSignUp(page, 'Someone', email.toUpperCase(), PASSWORD);
    await expectToast(page, 'An account with this email already exists. Please login.');
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toHaveCount(0);
  });

  test('Resend OTP waits out a 60-second countdown, and the server holds it back too', async ({
    page,
  }) => {
    await page.clock.install();
    await openSignUp(page);
    await fillSignUp(page, 'Ira Sen', freshEmail('resend'), PASSWORD);
    // The page's clock also flows with real time, so read the count rather than expect one value.
    const countdown = page.getByRole('button', { name: /^Resend OTP in \d+s$/ });
    const secondsLeft = async () =>
      Number(/(\d+)s$/.exec((await countdown.textContent()) ?? '')![1]);
    await expect(countdown).toBeDisabled();
    const before = await secondsLeft();
    expect(before).toBeGreaterThan(55);
    await page.clock.runFor(30_000);
    await expect(countdown).toBeDisabled();
    const after = await secondsLeft();
    expect(before - after).toBeGreaterThanOrEqual(30);
    expect(before - after).toBeLessThanOrEqual(33);
    await page.clock.runFor(after * 1000);
    const resend = page.getByRole('button', { name: 'Resend OTP', exact: true });
    await expect(resend).toBeEnabled();
    // Only the page's clock moved: for the server a minute has not passed, and it says so.
    await resend.click();
    await expectToast(page, 'Please wait a minute before asking for a new code.');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the same address again within the minute returns to Verify Email, countdown running', async ({
      page,
      request,
    }) => {
      await page.clock.install();
      const email = freshEmail('again');
      await openSignUp(page);
      await fillSignUp(page, 'Rhea Kapoor', email, PASSWORD);
      const sent = toast(page, 'OTP sent to your email!');
      await expect(sent).toBeVisible();
      // The toast never covers the main action on a small screen.
      const verify = page.getByRole('button', { name: 'Verify & Create Account' });
      const [note, action] = [(await sent.boundingBox())!, (await verify.boundingBox())!];
      expect(note.y + note.height <= action.y || action.y + action.height <= note.y).toBe(true);

      const countdown = page.getByRole('button', { name: /^Resend OTP in \d+s$/ });
      const secondsLeft = async () =>
        Number(/(\d+)s$/.exec((await countdown.textContent()) ?? '')![1]);
      const before = await secondsLeft();
      await page.getByRole('button', { name: 'Change Email' }).click();
      await page.clock.runFor(20_000);
      // Second thoughts: the address was right. The server will not mail another code yet…
      await page
        .getByRole('form', { name: 'Sign Up' })
        .getByRole('button', { name: 'Send OTP' })
        .click();
      await expectToast(page, 'We sent you a code less than a minute ago. Enter it below.');
      // …so the code already sent is asked for, with the minute counted from when it went.
      await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
      await expect(page.getByTestId('verify-email')).toHaveText(email);
      await expect(countdown).toBeDisabled();
      const after = await secondsLeft();
      expect(before - after).toBeGreaterThanOrEqual(20);
      expect(before - after).toBeLessThanOrEqual(23);
      await expect(page.getByTestId('otp-earlier-details')).toHaveCount(0);

      // A changed name is not in the code already sent: the page says so.
      await page.getByRole('button', { name: 'Change Email' }).click();
      await fillSignUp(page, 'Rhea K. Kapoor', email, PASSWORD);
      await expect(page.getByTestId('otp-earlier-details')).toHaveText(
        'This code keeps the name and password you entered first. To use the new ones, resend the code when the countdown ends.',
      );

      await page.getByLabel('Verification code').fill(await readCode(request, email));
      await verify.click();
      await expectToast(page, 'Account verified successfully!');
      await expect(page).toHaveURL(/\/$/);
    });
  });
});

test.describe('login and logout', () => {
  test.use({ expectedConsoleErrors: [REJECTED] });

  test('logs in, refuses a wrong password without saying which part, and logs out', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { name: 'Rohan Gupta' });
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('required', '');

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expectToast(page, 'Password reset feature coming soon!');

    await logIn(page, account.email, 'not-the-password');
    await expectToast(page, 'Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, `  ${account.email.toUpperCase()} `.trim(), account.password);
    await expectToast(page, 'Login successful!');
    await expect(page).toHaveURL(/\/$/);
    await expect(signedInHeader(page)).toBeVisible();

    // A signed-in shopper who opens /login is sent home.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);

    await logOut(page);
    await expectToast(page, 'Logged out successfully');
    await expect(page).toHaveURL(/\/login$/);
    await expect(visitorHeader(page)).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('the account menu lists the shopper pages and closes on Escape', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { name: 'Meera Pillai' });
    await signInWith(page, account.token);
    await signedInHeader(page).click();
    const menu = page.getByTestId('account-menu');
    for (const [label, href] of [
      ['My Profile', '/profile'],
      ['My Bookings', '/orders'],
      ['Wishlist', '/wishlist'],
      ['Subscription', '/subscription-plans'],
    ] as const) {
      await expect(menu.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(signedInHeader(page)).toBeFocused();
    await signedInHeader(page).click();
    await menu.getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(menu).toHaveCount(0);
  });

  test('a session that is no longer valid ends with a message and a trip to /login', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    // Another device changes the password: this browser's token stops working.
    const changed = await request.post('/api/user/change-password', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { currentPassword: account.password, newPassword: 'another-password-1' },
    });
    expect(changed.ok()).toBe(true);
    await signInWith(page, account.token, '/profile');
    await expectToast(page, 'Session expired. Please login again.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(visitorHeader(page)).toBeVisible();
  });
});

test.describe('the profile page', () => {
  test.use({ expectedConsoleErrors: [REJECTED] });

  test('needs a session', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows the side card and edits name, phone and address', async ({ page, request }) => {
    const account = await createAccount(request, { name: 'Nisha Kapoor' });
    await signInWith(page, account.token, '/profile');
    const card = page.getByTestId('profile-card');
    await expect(card.getByRole('heading', { name: 'Nisha Kapoor' })).toBeVisible();
    await expect(card).toContainText(account.email);
    await expect(page.getByTestId('profile-plan')).toHaveText('Free plan');
    await expect(card).toContainText(/Member since \w+ \d{4}/);
    await expect(card.getByRole('link', { name: 'View My Bookings' })).toHaveAttribute(
      'href',
      '/orders',
    );
    await expect(card.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );

    const overview = page.getByRole('region', { name: 'Overview' });
    await expect(overview).toContainText('Cannot be changed');
    // A new account has no phone, address or GSTIN.
    await expect(overview.getByText('Not provided')).toHaveCount(3);

    // Cancel puts everything back.
    await overview.getByRole('button', { name: 'Edit' }).click();
    await overview.getByLabel('Phone').fill('9999999999');
    await overview.getByRole('button', { name: 'Cancel' }).click();
    await expect(overview.getByText('Not provided')).toHaveCount(3);

    await overview.getByRole('button', { name: 'Edit' }).click();
    await expect(overview.getByLabel('Email')).toBeDisabled();
    await overview.getByLabel('Full name').fill('   ');
    await overview.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('Name cannot be empty');

    await overview.getByLabel('Full name').fill('Nisha K.');
    await overview.getByLabel('Phone').fill('9820012345');
    await overview.getByLabel('Address').fill('7 Juhu Tara Road, Mumbai');
    await overview.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated');
    await expect(overview.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(overview).toContainText('9820012345');
    await expect(overview).toContainText('7 Juhu Tara Road, Mumbai');
    await expect(card.getByRole('heading', { name: 'Nisha K.' })).toBeVisible();

    // Kept on the server: a reload shows the same.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Overview' })).toContainText('9820012345');
    // The GSTIN was left alone.
    await expect(
      page.getByRole('region', { name: 'Overview' }).getByText('Not provided'),
    ).toHaveCount(1);
  });

  test('adds a GSTIN (upper-cased, checked like the server checks it), shows it, and clears it', async ({
    page,
    request,
  }) => {
    const VALID = '27AAPFU0939F1ZV';
    // The same GSTIN with a wrong check character.
    const WRONG_CHECK = '27AAPFU0939F1ZW';
    expect(isValidGstin(VALID)).toBe(true);
    expect(isValidGstin(WRONG_CHECK)).toBe(false);
    const account = await createAccount(request, { name: 'Vikram Shah' });
    await signInWith(page, account.token, '/profile');
    const overview = page.getByRole('region', { name: 'Overview' });
    const gstinRow = overview.locator('dl > div').filter({ hasText: 'GSTIN' });
    await expect(gstinRow).toContainText('Not provided');

    await overview.getByRole('button', { name: 'Edit' }).click();
    const field = overview.getByLabel('GSTIN');
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription(/tax invoices/);

    // What is typed is upper-cased as it is typed; a wrong check character is refused here, with
    // the server's own words, and nothing is saved.
    await field.pressSequentially(WRONG_CHECK.toLowerCase());
    await expect(field).toHaveValue(WRONG_CHECK);
    await overview.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('form-error')).toHaveText(ACCOUNT_MESSAGES.gstinInvalid);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    const refused = await request.post('/api/user/update-profile', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { gstin: WRONG_CHECK },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      ACCOUNT_MESSAGES.gstinInvalid,
    );

    // Should the server refuse one the page let through, its 400 is said at the field the same way
    // (here the request is changed on its way to carry the wrong one).
    await page.route('**/api/user/update-profile', (route) =>
      route.continue({
        postData: JSON.stringify({ ...route.request().postDataJSON(), gstin: WRONG_CHECK }),
      }),
    );
    await field.fill(VALID);
    const answered = page.waitForResponse('**/api/user/update-profile');
    await overview.getByRole('button', { name: 'Save Changes' }).click();
    expect((await answered).status()).toBe(400);
    await expect(page.getByTestId('form-error')).toHaveText(ACCOUNT_MESSAGES.gstinInvalid);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await page.unroute('**/api/user/update-profile');

    // Spaces around it are dropped.
    await field.fill(`  ${VALID.toLowerCase()} `);
    await expect(field).toHaveValue(`  ${VALID} `);
    await overview.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated');
    await expect(page.getByTestId('form-error')).toHaveCount(0);
    await expect(gstinRow).toContainText(VALID);
    await expect(overview.getByText('Not provided')).toHaveCount(2);
    await page.reload();
    await expect(gstinRow).toContainText(VALID);
    const { user } = profileResponseSchema.parse(
      await (
        await request.get('/api/user/profile', {
          headers: { authorization: `Bearer ${account.token}` },
        })
      ).json(),
    );
    expect(user.gstin).toBe(VALID);

    // Emptied, it is cleared.
    await overview.getByRole('button', { name: 'Edit' }).click();
    await expect(field).toHaveValue(VALID);
    await field.fill('');
    await overview.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated');
    await expect(gstinRow).toContainText('Not provided');
    await expect(overview.getByText('Not provided')).toHaveCount(3);
    await page.reload();
    await expect(gstinRow).toContainText('Not provided');
  });

  test("the Subscription tab tells a free shopper they're on the Free Plan", async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signInWith(page, account.token, '/profile');
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=subscription$/);
    await expect(page.getByRole('heading', { name: "You're on the Free Plan" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Plans' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
  });

  test('changes the password: checks the form, then the new one logs in and the old one does not', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const newPassword = 'peacock-blue-99';
    await signInWith(page, account.token, '/profile?tab=security');
    const form = page.getByRole('form', { name: 'Change password' });
    const fill = async (current: string, next: string, confirm: string) => {
      await form.getByLabel('Current password', { exact: true }).fill(current);
      await form.getByLabel('New password', { exact: true }).fill(next);
      await form.getByLabel('Confirm new password', { exact: true }).fill(confirm);
      await form.getByRole('button', { name: 'Change Password' }).click();
    };

    await fill(account.password, newPassword, 'something-else');
    await expect(page.getByTestId('form-error')).toHaveText('New passwords do not match');
    await fill(account.password, 'short', 'short');
    await expect(page.getByTestId('form-error')).toHaveText(
      'Password must be at least 8 characters long',
    );
    await fill('wrong-current-1', newPassword, newPassword);
    await expectToast(page, 'Your current password is incorrect');

    await fill(account.password, newPassword, newPassword);
    await expectToast(page, 'Password changed');
    // Back on Overview, still signed in (with the new token the change returned).
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.reload();
    await expect(page.getByTestId('profile-card')).toBeVisible();

    await logOut(page);
    await logIn(page, account.email, account.password);
    await expectToast(page, 'Invalid email or password');
    await logIn(page, account.email, newPassword);
    await expectToast(page, 'Login successful!');
    await expect(signedInHeader(page)).toBeVisible();
  });

  test('deletes the account after the password and the browser confirmation', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signInWith(page, account.token, '/profile?tab=security');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    await expect(confirm).toBeDisabled();

    // Saying no at the browser's confirmation deletes nothing.
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await confirm.click();
    await expect
      .poll(() => asked)
      .toEqual([
        'Are you absolutely sure? This action cannot be undone. All your data will be permanently deleted.',
      ]);
    await expect(dialog).toBeVisible();

    // A wrong password is refused.
    page.once('dialog', (d) => void d.accept());
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await confirm.click();
    await expectToast(page, 'That password is incorrect. Your account has not been deleted.');

    page.once('dialog', (d) => void d.accept());
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await confirm.click();
    await expectToast(page, 'Your account has been deleted');
    await expect(page).toHaveURL(/\/$/);
    await expect(visitorHeader(page)).toBeVisible();

    await page.goto('/login');
    await logIn(page, account.email, account.password);
    await expectToast(page, 'Invalid email or password');
  });
});

test.describe('the development mailbox', () => {
  // Each mail is shown in a sandboxed frame without scripts; Playwright's own attempt to script
  // those frames is what Chromium reports here, not anything the page does.
  test.use({ expectedConsoleErrors: [/Blocked script execution in 'about:srcdoc'/] });

  test('shows the sign-up mail', async ({ page, request }) => {
    const { email } = await createAccount(request);
    await page.goto('/dev/mail');
    await expect(page.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
    const mail = page.locator('article').filter({ hasText: email });
    await expect(
      mail.getByRole('heading', { name: 'Your Pehnava verification code' }),
    ).toBeVisible();
    const code = await readCode(request, email);
    await expect(mail.locator('iframe')).toHaveAttribute(
      'srcdoc',
      new RegExp(`data-code>${code}<`),
    );
    await expect(mail.locator('[data-text]')).toContainText(
      `Your Pehnava verification code is ${code}.`,
    );
  });
});
