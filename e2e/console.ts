import type { APIRequestContext, Page } from '@playwright/test';
import { adminBookingDetailResponseSchema, tokenResponseSchema } from '@pehnava/shared';
import { OPERATOR, PACKER } from './accounts';
import { expect } from './fixtures';

/** Where the console's screenshots go, to be looked at. */
export const CONSOLE_SHOTS = '/tmp/shots-console';

/**
 * Sessions already opened in this worker, by e-mail: a token lasts seven days, and the console's
 * specs run against the one server of the 'chromium' project.
 */
const sessions = new Map<string, Promise<string>>();

/** A session token for an operator account (accounts.ts), signed in once per worker. */
export function operatorToken(
  request: APIRequestContext,
  account: { email: string; password: string } = OPERATOR,
): Promise<string> {
  const key = account.email;
  let token = sessions.get(key);
  if (!token) {
    token = request
      .post('/api/user/login', { data: account })
      .then(async (login) => tokenResponseSchema.parse(await login.json()).token);
    // A failed sign-in is not kept: the next caller tries again.
    token.catch(() => sessions.delete(key));
    sessions.set(key, token);
  }
  return token;
}
export const packerToken = (request: APIRequestContext) => operatorToken(request, PACKER);

/** Send a booking through the admin API, as the packing table would; its first unit's code. */
export async function dispatched(request: APIRequestContext, bookingId: string) {
  const sent = await request.post(`/api/admin/bookings/${bookingId}/dispatch`, {
    headers: { authorization: `Bearer ${await operatorToken(request)}` },
    data: {},
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const booking = adminBookingDetailResponseSchema.parse(await sent.json()).booking;
  return { booking, item: booking.items[0]!, code: booking.items[0]!.unitCode!.split(', ')[0]! };
}

/** Wait until a console screen has its content. */
export async function consoleSettled(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  // Every loading line in the console carries data-loading (admin/ui.tsx, Loading).
  await expect(page.locator('[data-loading]')).toHaveCount(0);
}

/** Every serious or critical WCAG 2.1 A/AA problem axe finds on the page (axe.ts). */
export { seriousViolations } from './axe';

/** What a keyboard-wedge scanner does: the code's keys, then Enter, into whatever has the focus. */
export async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}
