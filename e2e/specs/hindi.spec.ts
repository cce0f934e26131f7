import type { APIRequestContext, Page } from '@playwright/test';
import { profileResponseSchema } from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { expect, test, untilStarted } from '../fixtures';

/**
 * The Hindi shop (issue [P] §2, decision 086): /hi addresses drawn in Hindi from the first paint,
 * the switch in the header and the footer, the choice kept for the browser, and the app taking a
 * Hindi page over and moving within it in Hindi.
 */

/** No Latin letters in what a part shows, brand and codes aside. */
async function expectNoEnglish(page: Page, selector: string, allowed: RegExp[] = []) {
  let text = await page.locator(selector).first().innerText();
  for (const each of [/Pehnava/g, /WELCOME50/g, /English/g, ...allowed]) {
    text = text.replace(each, '');
  }
  expect(text, selector).not.toMatch(/[A-Za-z]{2,}/);
}

test.describe('before any script', () => {
  test('a /hi page arrives in Hindi: lang, title, frame and page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page).toHaveTitle('पहनावा · ख़ास मौक़ों के कपड़े किराए पर');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'पहनावा: शादी और ख़ास मौक़ों के कपड़े किराए पर',
    );
    const nav = page.getByRole('navigation', { name: 'मुख्य' });
    for (const label of ['होम', 'कलेक्शन', 'हमारे बारे में', 'संपर्क', 'प्लान']) {
      await expect(nav.getByRole('link', { name: label })).toBeAttached();
    }
    await expect(nav.getByRole('link', { name: 'कलेक्शन' })).toHaveAttribute(
      'href',
      '/hi/collection',
    );
    await expect(page.getByText('पहले ऑर्डर पर 50% छूट')).toBeVisible();
    await expect(page.getByRole('link', { name: 'कलेक्शन देखें' }).first()).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="en-IN"]')).toHaveAttribute(
      'href',
      /\/$/,
    );
    await expectNoEnglish(page, 'header');
    await expectNoEnglish(page, '[data-testid="hero-slide"][data-active="true"]');
    await context.close();
  });

  test("the switch works as a plain link, and the choice holds for the shop's addresses", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await page.getByRole('banner').getByRole('link', { name: 'हिन्दी' }).click();
    await expect(page).toHaveURL(/\/hi\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    // An English address now leads to its Hindi one, until English is chosen again.
    await page.goto('/contact');
    await expect(page).toHaveURL(/\/hi\/contact$/);
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await page.goto('/about');
    await expect(page).toHaveURL(/\/about$/);
    await context.close();
  });
});

test('the app takes a Hindi page over and stays in Hindi as the shopper moves', async ({
  page,
}) => {
  await page.goto('/hi');
  await untilStarted(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'संपर्क' }).click();
  await expect(page).toHaveURL(/\/hi\/contact$/);
  // Moved within the app, its tab title and canonical address are the Hindi page's.
  await expect(page).toHaveTitle('संपर्क करें · पहनावा');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/hi\/contact$/);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: 'कंपनी' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'सेवा की शर्तें' })).toHaveAttribute(
    'href',
    '/hi/terms',
  );
  await expect(footer.getByText('हिन्दी', { exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(footer.getByRole('link', { name: 'English' })).toHaveAttribute(
    'href',
    '/contact?language=en',
  );
  await expectNoEnglish(page, 'footer', [/care@pehnava\.example/g, /Mumbai/g]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is in Hindi, and its links stay in the Hindi shop', async ({ page }) => {
    await page.goto('/hi/about');
    await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
    const menu = page.getByRole('dialog', { name: 'मेन्यू' });
    await expect(menu.getByRole('link', { name: 'होम' })).toBeInViewport();
    await expect(menu.getByRole('link', { name: 'लॉग इन' })).toHaveAttribute('href', '/hi/login');
    await expect(menu.getByRole('link', { name: 'कार्ट' })).toHaveAttribute('href', '/hi/cart');
    await expectNoEnglish(page, '[data-testid="mobile-menu"]');
    await menu.getByRole('link', { name: 'कलेक्शन' }).click();
    await expect(page).toHaveURL(/\/hi\/collection$/);
  });
});

test.describe("a signed-in shopper's language is kept on the account", () => {
  const language = async (request: APIRequestContext, token: string) =>
    profileResponseSchema.parse(
      await (
        await request.get('/api/user/profile', { headers: { authorization: `Bearer ${token}` } })
      ).json(),
    ).user.language;

  test('the switch writes the choice to the account', async ({ page, request }) => {
    const { token } = await createAccount(request);
    expect(await language(request, token)).toBe('en');
    await signInWith(page, token, '/about');
    await page.getByRole('banner').getByRole('link', { name: 'हिन्दी' }).click();
    await expect(page).toHaveURL(/\/hi\/about$/);
    await untilStarted(page);
    await expect.poll(() => language(request, token)).toBe('hi');
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await untilStarted(page);
    await expect.poll(() => language(request, token)).toBe('en');
  });

  test("signing in on a browser that chose nothing opens the shop in the account's language", async ({
    page,
    request,
  }) => {
    const { email, password, token } = await createAccount(request);
    const set = await request.post('/api/user/update-profile', {
      headers: { authorization: `Bearer ${token}` },
      data: { language: 'hi' },
    });
    expect(set.ok()).toBe(true);
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/hi(\/|$)/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    // The browser now keeps the choice: an English address leads to the Hindi one.
    await page.goto('/about', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/hi\/about$/);
  });
});
