import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { formatRupees, type CheckoutFailure, type SandboxPayBody } from '@pehnava/shared';
import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';

/**
 * The sandbox checkout script (apps/api/assets/sandbox-checkout.js) on its own: the script and
 * the pay endpoint are both routed here, so these tests need none of the app's payment routes.
 */

const SCRIPT = readFileSync(
  new URL('../../apps/api/assets/sandbox-checkout.js', import.meta.url),
  'utf8',
);
const SCRIPT_PATH = '/api/payments/sandbox/checkout.js';
const PAY_PATH = '/api/payments/sandbox/pay';
const SHOP_PATH = '/__sbx-shop';
const KEY = 'rzp_test_sbxKey0001';
const ORDER_ID = 'order_Pq3LmZ8xT2vNa1';
const PAID = {
  razorpay_payment_id: 'pay_Lk2Xw9QzR4tYb7',
  razorpay_order_id: ORDER_ID,
  razorpay_signature: '9c1f2a7e5b3d4c6a8e0f1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e',
};
const DECLINED: CheckoutFailure = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment was declined by the bank. Try another UPI ID or card.',
    source: 'customer',
    step: 'payment_authorization',
    reason: 'payment_failed',
    metadata: { order_id: ORDER_ID, payment_id: 'pay_Fa1LeDpAyMnT00' },
  },
};
const NEXT_YEAR = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
/** Screenshots go to SBX_SHOTS_DIR when set (the brief's /work/shots/sbx), else the test output. */
const shotsDir = process.env.SBX_SHOTS_DIR;

type Logged = [string, unknown?];
interface CheckoutLike {
  open(): void;
  close(): void;
  on(event: string, fn: (response: unknown) => void): void;
}
declare global {
  interface Window {
    Razorpay: new (options: Record<string, unknown>) => CheckoutLike;
    sbxLog: Logged[];
    sbx: CheckoutLike;
  }
}

/** The test shop: a page on the app's origin with a button that opens the checkout. */
const SHOP_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Test shop</title>
<script src="${SCRIPT_PATH}"></script></head>
<body style="font-family:system-ui;margin:0;padding:32px;background:#f5f5f4">
<main><h1>Your booking</h1><p>Two pieces, 4 days.</p><button id="buy" type="button">Pay now</button></main>
</body></html>`;

async function serveScript(page: Page) {
  await page.route(`**${SCRIPT_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: SCRIPT }),
  );
}

type Answer =
  { status: number; json: unknown } | 'abort' | Promise<{ status: number; json: unknown }>;

/** Answer the pay call with `answers` in turn (the last one repeats); returns the bodies sent. */
async function stubPay(page: Page, ...answers: Answer[]): Promise<SandboxPayBody[]> {
  const bodies: SandboxPayBody[] = [];
  await page.route(`**${PAY_PATH}`, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    bodies.push(route.request().postDataJSON() as SandboxPayBody);
    const answer = await answers[Math.min(bodies.length, answers.length) - 1]!;
    if (answer === 'abort') return route.abort('connectionrefused');
    await route.fulfill({ status: answer.status, json: answer.json });
  });
  return bodies;
}

const captured = { status: 200, json: { status: 'captured', ...PAID } };
const declined = { status: 200, json: { status: 'failed', ...DECLINED } };

/** Build a checkout with `options` layered over the defaults, recording every callback. */
async function makeCheckout(page: Page, options: Record<string, unknown> = {}) {
  await page.evaluate(
    ({ key, orderId, options }) => {
      const log: Logged[] = (window.sbxLog = []);
      const modal = (options.modal ?? {}) as Record<string, unknown>;
      const rzp = new window.Razorpay({
        key,
        amount: 123450,
        currency: 'INR',
        name: 'Pehnava',
        description: 'Booking for 2 pieces · 4 days',
        order_id: orderId,
        prefill: { name: 'Asha Rao', email: 'asha@example.in', contact: '+91 98200 12345' },
        notes: { bookingId: 'BK-1042' },
        handler: (response: unknown) => log.push(['handler', response]),
        ...options,
        modal: { ondismiss: () => log.push(['dismiss']), ...modal },
      });
      rzp.on('payment.failed', (response) => log.push(['failed', response]));
      window.sbx = rzp;
      const buy = document.getElementById('buy');
      if (buy) buy.onclick = () => rzp.open();
    },
    { key: KEY, orderId: ORDER_ID, options },
  );
}

/** The test shop with a checkout built and opened by a click on the page's own button. */
async function openShop(page: Page, options: Record<string, unknown> = {}) {
  await serveScript(page);
  await page.route(`**${SHOP_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: SHOP_HTML }),
  );
  await page.goto(SHOP_PATH);
  await makeCheckout(page, options);
  await page.getByRole('button', { name: 'Pay now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pehnava' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Serious or critical WCAG 2.1 A/AA problems axe finds in the sheet. */
const sheetViolations = (page: Page) => seriousViolations(page, { within: '.phn-sbx-root' });

const log = (page: Page) => page.evaluate(() => window.sbxLog);
const PAY_LABEL = `Pay ${formatRupees(1234.5)}`;

test.describe('paying', () => {
  test('one press pays with the prefilled UPI ID: the handler gets exactly the three ids', async ({
    page,
  }) => {
    const bodies = await stubPay(page, captured);
    const dialog = await openShop(page);

    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toContainText('TEST MODE · Sandbox, no real money');
    await expect(dialog).toContainText('Booking for 2 pieces · 4 days');
    await expect(dialog.getByTestId('phn-sbx-amount')).toHaveText('₹1,234.50');
    await expect(dialog).toContainText('Asha Rao · asha@example.in · +91 98200 12345');
    await expect(dialog.getByRole('tab', { name: 'UPI' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('UPI ID')).toHaveValue('success@razorpay');
    await expect(dialog.getByLabel('UPI ID')).toBeFocused();
    await expect(dialog).toContainText('success@razorpay pays, failure@razorpay is declined');
    expect(await sheetViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: PAY_LABEL }).click();
    await expect(dialog).toBeHidden();
    expect(bodies).toEqual([
      { key: KEY, order_id: ORDER_ID, method: 'upi', vpa: 'success@razorpay' },
    ]);
    const entries = await log(page);
    expect(entries).toEqual([['handler', PAID]]);
    expect(Object.keys(entries[0]![1] as object).sort()).toEqual([
      'razorpay_order_id',
      'razorpay_payment_id',
      'razorpay_signature',
    ]);
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeFocused();
  });

  test('a card pays with the digits typed, grouped in fours on screen; Enter submits', async ({
    page,
  }) => {
    const bodies = await stubPay(page, captured);
    const dialog = await openShop(page);
    await dialog.getByRole('tab', { name: 'Card' }).click();
    await expect(dialog.getByLabel('UPI ID')).toBeHidden();
    await expect(dialog).toContainText('4111 1111 1111 1111 pays, 4000 0000 0000 0002 is declined');

    const number = dialog.getByLabel('Card number');
    await number.pressSequentially('4111111111111111');
    await expect(number).toHaveValue('4111 1111 1111 1111');
    await dialog.getByLabel('Expiry (MM/YY)').pressSequentially(`12${NEXT_YEAR}`);
    await expect(dialog.getByLabel('Expiry (MM/YY)')).toHaveValue(`12/${NEXT_YEAR}`);
    await expect(dialog.getByLabel('Name on card')).toHaveValue('Asha Rao');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByLabel('CVV').press('Enter');

    await expect(dialog).toBeHidden();
    expect(bodies).toEqual([
      {
        key: KEY,
        order_id: ORDER_ID,
        method: 'card',
        card: {
          number: '4111111111111111',
          expiry: `12/${NEXT_YEAR}`,
          cvv: '123',
          name: 'Asha Rao',
        },
      },
    ]);
    expect(await log(page)).toEqual([['handler', PAID]]);
  });

  test('keyboard only: open, Tab to the pay button, Enter; Tab never leaves the sheet', async ({
    page,
  }) => {
    await stubPay(page, captured);
    await serveScript(page);
    await page.route(`**${SHOP_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: SHOP_HTML }),
    );
    await page.goto(SHOP_PATH);
    await makeCheckout(page);
    await page.getByRole('button', { name: 'Pay now' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Pehnava' });
    await expect(dialog.getByLabel('UPI ID')).toBeFocused();

    // Round the sheet both ways: focus stays inside.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    // The tabs follow the arrow keys.
    await dialog.getByRole('tab', { name: 'UPI' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Card' })).toBeFocused();
    await expect(dialog.getByLabel('Card number')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('tab', { name: 'UPI' })).toHaveAttribute('aria-selected', 'true');

    await dialog.getByLabel('UPI ID').focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: PAY_LABEL })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect(await log(page)).toEqual([['handler', PAID]]);
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeFocused();
  });

  test('while paying the button shows Processing… and the sheet cannot be closed', async ({
    page,
  }) => {
    let release: (answer: { status: number; json: unknown }) => void = () => {};
    const pending = new Promise<{ status: number; json: unknown }>(
      (resolve) => (release = resolve),
    );
    await stubPay(page, pending);
    const dialog = await openShop(page);
    await dialog.getByRole('button', { name: PAY_LABEL }).click();

    const busy = dialog.getByRole('button', { name: 'Processing…' });
    await expect(busy).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Fail payment' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    release(captured);
    await expect(dialog).toBeHidden();
    expect(await log(page)).toEqual([['handler', PAID]]);
  });

  test('an amount in whole rupees shows no paise; a page on another origin pays the script host', async ({
    page,
    baseURL,
  }) => {
    const apiOrigin = new URL(baseURL!).origin;
    const bodies: SandboxPayBody[] = [];
    const payOrigins: string[] = [];
    await page.route(`${apiOrigin}${SCRIPT_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: SCRIPT }),
    );
    await page.route(`${apiOrigin}${PAY_PATH}`, async (route) => {
      const cors = {
        'access-control-allow-origin': 'http://shop.example',
        'access-control-allow-headers': 'content-type, accept',
        'access-control-allow-methods': 'POST',
      };
      if (route.request().method() === 'OPTIONS') {
        return route.fulfill({ status: 204, headers: cors });
      }
      bodies.push(route.request().postDataJSON() as SandboxPayBody);
      payOrigins.push(new URL(route.request().url()).origin);
      await route.fulfill({ status: 200, headers: cors, json: captured.json });
    });
    await page.route('http://shop.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: SHOP_HTML.replace(`src="${SCRIPT_PATH}"`, `src="${apiOrigin}${SCRIPT_PATH}"`),
      }),
    );
    await page.goto('http://shop.example/checkout');
    await makeCheckout(page, { amount: 12345600, name: 'Zari House' });
    await page.getByRole('button', { name: 'Pay now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zari House' });
    await expect(dialog.getByTestId('phn-sbx-amount')).toHaveText('₹1,23,456');
    await dialog.getByRole('button', { name: 'Pay ₹1,23,456' }).click();
    await expect(dialog).toBeHidden();
    expect(payOrigins).toEqual([apiOrigin]);
    expect(bodies).toHaveLength(1);
    expect(await log(page)).toEqual([['handler', PAID]]);
  });
});

test.describe('checking before sending', () => {
  test('a malformed UPI ID, a card failing Luhn, a past or malformed expiry and a short CVV are caught', async ({
    page,
  }) => {
    const bodies = await stubPay(page, captured);
    const dialog = await openShop(page);
    const alert = dialog.getByRole('alert');
    const pay = dialog.getByRole('button', { name: PAY_LABEL });
    const vpa = dialog.getByLabel('UPI ID');

    await vpa.fill('');
    await pay.click();
    await expect(alert).toHaveText('Enter your UPI ID.');
    await vpa.fill('asha.rao');
    await pay.click();
    await expect(alert).toHaveText('Enter a valid UPI ID, like name@bank.');
    await expect(vpa).toHaveAttribute('aria-invalid', 'true');
    await expect(vpa).toBeFocused();
    await dialog.getByRole('button', { name: 'Fail payment' }).click();
    await expect(alert).toHaveText('Enter a valid UPI ID, like name@bank.');

    await dialog.getByRole('tab', { name: 'Card' }).click();
    await expect(alert).toHaveText('');
    const number = dialog.getByLabel('Card number');
    const expiry = dialog.getByLabel('Expiry (MM/YY)');
    const cvv = dialog.getByLabel('CVV');
    await pay.click();
    await expect(alert).toHaveText('Enter the card number.');
    await number.fill('4111 1111 1111 1112');
    await pay.click();
    await expect(alert).toHaveText('This card number is not valid. Check it and try again.');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await number.fill('4111111111111111');
    await expiry.fill('13/30');
    await pay.click();
    await expect(alert).toHaveText('Enter the expiry date as MM/YY.');
    await expiry.fill('01/20');
    await pay.click();
    await expect(alert).toHaveText('This card has expired. Check the expiry date.');
    await expect(expiry).toBeFocused();
    await expect(number).not.toHaveAttribute('aria-invalid', 'true');
    await expiry.fill(`08/${NEXT_YEAR}`);
    await cvv.fill('12');
    await cvv.press('Enter');
    await expect(alert).toHaveText('Enter the 3-digit CVV.');
    expect(bodies).toEqual([]);
    expect(await log(page)).toEqual([]);
  });
});

test.describe('failures', () => {
  test("'Fail payment' fires payment.failed with the error, shows it, and Retry goes back", async ({
    page,
  }) => {
    const bodies = await stubPay(page, declined, captured);
    const dialog = await openShop(page);
    await dialog.getByRole('button', { name: 'Fail payment' }).click();

    await expect(dialog.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(dialog).toContainText(DECLINED.error.description);
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeFocused();
    expect(await sheetViolations(page)).toEqual([]);
    expect(bodies).toEqual([
      { key: KEY, order_id: ORDER_ID, method: 'upi', vpa: 'success@razorpay', outcome: 'failure' },
    ]);
    expect(await log(page)).toEqual([['failed', DECLINED]]);

    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(dialog.getByRole('heading', { name: 'Payment failed' })).toBeHidden();
    await expect(dialog.getByLabel('UPI ID')).toHaveValue('success@razorpay');
    await dialog.getByRole('button', { name: PAY_LABEL }).click();
    await expect(dialog).toBeHidden();
    expect(bodies[1]).toEqual({
      key: KEY,
      order_id: ORDER_ID,
      method: 'upi',
      vpa: 'success@razorpay',
    });
    expect(await log(page)).toEqual([
      ['failed', DECLINED],
      ['handler', PAID],
    ]);
  });

  test('a declined card: closing the failure afterwards fires ondismiss once', async ({ page }) => {
    const bodies = await stubPay(page, declined);
    const dialog = await openShop(page, { prefill: { method: 'card' } });
    await expect(dialog.getByRole('tab', { name: 'Card' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await dialog.getByLabel('Card number').fill('4000000000000002');
    await dialog.getByLabel('Expiry (MM/YY)').fill(`01/${NEXT_YEAR}`);
    await dialog.getByLabel('CVV').fill('999');
    await dialog.getByRole('button', { name: PAY_LABEL }).click();
    await expect(dialog).toContainText(DECLINED.error.description);
    expect(bodies[0]!.card).toEqual({
      number: '4000000000000002',
      expiry: `01/${NEXT_YEAR}`,
      cvv: '999',
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(await log(page)).toEqual([['failed', DECLINED], ['dismiss']]);
  });

  test('the app may close the sheet in its payment.failed listener: no ondismiss', async ({
    page,
  }) => {
    await stubPay(page, declined);
    const dialog = await openShop(page);
    await page.evaluate(() => window.sbx.on('payment.failed', () => window.sbx.close()));
    await dialog.getByRole('button', { name: 'Fail payment' }).click();
    await expect(dialog).toBeHidden();
    expect(await log(page)).toEqual([['failed', DECLINED]]);
  });

  test.describe('refusals', () => {
    // Chromium logs the refused and the unreachable call itself.
    test.use({ expectedConsoleErrors: [/Failed to load resource/] });

    test("a 400's message is shown in the sheet and no callback fires; fixing it pays", async ({
      page,
    }) => {
      const message = 'This order has already been paid.';
      const bodies = await stubPay(
        page,
        { status: 400, json: { success: false, message } },
        captured,
      );
      const dialog = await openShop(page);
      await dialog.getByRole('button', { name: PAY_LABEL }).click();
      await expect(dialog.getByRole('alert')).toHaveText(message);
      await expect(dialog.getByRole('button', { name: PAY_LABEL })).toBeEnabled();
      await expect(dialog.getByRole('button', { name: PAY_LABEL })).toBeFocused();
      expect(await log(page)).toEqual([]);
      await dialog.getByRole('button', { name: PAY_LABEL }).click();
      await expect(dialog).toBeHidden();
      expect(bodies).toHaveLength(2);
      expect(await log(page)).toEqual([['handler', PAID]]);
    });

    test('an unreachable service says so in the sheet', async ({ page }) => {
      await stubPay(page, 'abort');
      const dialog = await openShop(page);
      await dialog.getByRole('button', { name: PAY_LABEL }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'Could not reach the payment service. Try again.',
      );
      expect(await log(page)).toEqual([]);
    });
  });
});

test.describe('closing', () => {
  test('the close button and Escape close the sheet and fire ondismiss once each', async ({
    page,
  }) => {
    const dialog = await openShop(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeFocused();
    expect(await log(page)).toEqual([['dismiss']]);

    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await log(page)).toEqual([['dismiss'], ['dismiss']]);
  });

  test('with modal.escape false, Escape leaves it open; backdropclose lets a backdrop click close', async ({
    page,
  }) => {
    const dialog = await openShop(page, { modal: { escape: false, backdropclose: true } });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    expect(await log(page)).toEqual([['dismiss']]);
  });

  test('the backdrop does not close by default', async ({ page }) => {
    const dialog = await openShop(page);
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    expect(await log(page)).toEqual([]);
  });

  test('close() from code hides it without ondismiss; opening twice shows one sheet', async ({
    page,
  }) => {
    const dialog = await openShop(page);
    await page.evaluate(() => window.sbx.open());
    await expect(page.getByRole('dialog')).toHaveCount(1);
    // A second checkout replaces the first instead of stacking on it.
    await page.evaluate(() =>
      new window.Razorpay({
        key: 'k',
        order_id: 'order_Second00000000',
        amount: 100,
        name: 'Second',
      }).open(),
    );
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByRole('dialog', { name: 'Second' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.evaluate(() => document.querySelector<HTMLElement>('.phn-sbx-root')?.remove());

    await page.evaluate(() => window.sbx.open());
    await expect(dialog).toBeVisible();
    await page.evaluate(() => window.sbx.close());
    await expect(dialog).toBeHidden();
    expect(await log(page)).toEqual([]);
    expect(await page.locator('style#phn-sbx-styles').count()).toBe(1);
  });
});

test.describe('options', () => {
  test('bad options throw at construction with a clear message', async ({ page }) => {
    await serveScript(page);
    await page.route(`**${SHOP_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: SHOP_HTML }),
    );
    await page.goto(SHOP_PATH);
    const errors = await page.evaluate(() => {
      const base = { key: 'rzp_test_k', order_id: 'order_Pq3LmZ8xT2vNa1', amount: 5000 };
      const attempts: Record<string, unknown>[] = [
        { ...base, key: undefined },
        { ...base, key: '  ' },
        { ...base, order_id: undefined },
        { ...base, amount: 0 },
        { ...base, amount: -100 },
        { ...base, amount: 'lots' },
        { ...base, amount: 10.5 },
      ];
      return attempts.map((options) => {
        try {
          new window.Razorpay(options);
          return 'no error';
        } catch (error) {
          return (error as Error).message;
        }
      });
    });
    expect(errors).toEqual([
      expect.stringMatching(/"key" option is required/),
      expect.stringMatching(/"key" option is required/),
      expect.stringMatching(/"order_id" option is required/),
      ...Array(4).fill(expect.stringMatching(/"amount" must be a positive whole number of paise/)),
    ]);
  });

  test('theme.color paints the pay button; without it the brand maroon', async ({ page }) => {
    const dialog = await openShop(page, { theme: { color: '#0f766e' } });
    const pay = dialog.getByRole('button', { name: PAY_LABEL });
    await expect(pay).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await expect(pay).toHaveCSS('color', 'rgb(255, 255, 255)');
    await page.evaluate(() => window.sbx.close());

    // A light theme colour gets dark text on the button.
    await makeCheckout(page, { theme: { color: '#f4d58d' } });
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(pay).toHaveCSS('background-color', 'rgb(244, 213, 141)');
    await expect(pay).toHaveCSS('color', 'rgb(31, 26, 23)');
    await page.evaluate(() => window.sbx.close());

    await makeCheckout(page);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(pay).toHaveCSS('background-color', 'rgb(122, 31, 61)');
  });

  test('image shows the merchant logo; without it the first letter of the name', async ({
    page,
  }) => {
    const logo = `data:image/svg+xml,${encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c9a227"/></svg>',
    )}`;
    const dialog = await openShop(page);
    await expect(dialog.locator('.phn-sbx-logo')).toHaveText('P');
    await page.evaluate(() => window.sbx.close());
    await makeCheckout(page, { image: logo });
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(dialog.locator('.phn-sbx-logo img')).toHaveAttribute('src', logo);
  });
});

test.describe('on the app’s own page', () => {
  test.use({ expectedConsoleErrors: [/Failed to load resource.*status of 400/] });

  for (const width of [390, 1280]) {
    test(`at ${width} px it leaves the page's styles alone and looks right`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      let release: (answer: { status: number; json: unknown }) => void = () => {};
      const pending = new Promise<{ status: number; json: unknown }>((r) => (release = r));
      await stubPay(page, pending, declined);
      await serveScript(page);
      await page.goto('/');
      await expect(page.getByRole('contentinfo')).toContainText('Copyright 2025');
      // Home at rest: its shelves' cards in place of their placeholders (on a busy machine they
      // can arrive after the footer, and would change the elements compared below).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      // The computed look of the page's own elements, which the sheet's styles must not touch.
      const styleOf = () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('body, header a, main h2, main button, footer a'))
            .slice(0, 40)
            .map((node) => {
              const s = getComputedStyle(node);
              return [s.fontFamily, s.fontSize, s.color, s.backgroundColor, s.padding].join('|');
            }),
        );
      const rootStyle = () => page.evaluate(() => document.documentElement.style.cssText);
      const rootBefore = await rootStyle();
      const before = await styleOf();
      await page.addScriptTag({ url: SCRIPT_PATH });
      await makeCheckout(page);
      await page.evaluate(() => window.sbx.open());
      const dialog = page.getByRole('dialog', { name: 'Pehnava' });
      await expect(dialog).toBeVisible();
      expect(await styleOf()).toEqual(before);

      const shot = async (name: string) => {
        await page.waitForTimeout(300); // let the opening animation finish
        await page.screenshot({
          path: join(shotsDir ?? test.info().outputDir, `${name}-${width}.png`),
        });
      };
      await shot('upi');

      await dialog.getByRole('tab', { name: 'Card' }).click();
      await dialog.getByLabel('Card number').pressSequentially('4111111111111112');
      await dialog.getByLabel('Expiry (MM/YY)').pressSequentially(`09${NEXT_YEAR}`);
      await dialog.getByLabel('CVV').fill('123');
      await dialog.getByRole('button', { name: PAY_LABEL }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'This card number is not valid. Check it and try again.',
      );
      await shot('card-error');

      await dialog.getByLabel('Card number').fill('4111 1111 1111 1111');
      await dialog.getByRole('button', { name: PAY_LABEL }).click();
      await expect(dialog.getByRole('button', { name: 'Processing…' })).toBeVisible();
      await shot('processing');
      release({ status: 400, json: { success: false, message: 'Try again in a moment.' } });
      await expect(dialog.getByRole('alert')).toHaveText('Try again in a moment.');

      await dialog.getByRole('button', { name: 'Fail payment' }).click();
      await expect(dialog.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
      await shot('failed');

      // Escape rather than a click: the pointer would leave a hover style on the page below.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(await styleOf()).toEqual(before);
      expect(await rootStyle()).toBe(rootBefore);
    });
  }
});
