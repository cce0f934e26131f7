import type { APIRequestContext, Page } from '@playwright/test';
import { devMailResponseSchema, tokenResponseSchema } from '@pehnava/shared';

/** Where the app keeps the session token (apps/web/src/lib/session.ts). */
export const TOKEN_KEY = 'pehnava.token';
export const PASSWORD = 'marigold-2026';
/** The admin account playwright.config.ts makes before the server starts. */
export const OPERATOR = { email: 'ops@pehnava.test', password: 'saffron-ledger-2026' } as const;
/** The staff (packing and returns) account made beside it. */
export const PACKER = { email: 'packer@pehnava.test', password: 'jute-twine-2026' } as const;

let counter = 0;
/** An e-mail no other test (or earlier run on the same server) has used. */
export const freshEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${(counter += 1)}-${Math.random().toString(36).slice(2, 6)}@pehnava.test`;

/**
 * The newest code mailed to `email`, read from the development mailbox. Mail leaves through the
 * outbox a moment after the sign-up commits, so this looks again for up to 5 seconds.
 */
export async function readCode(request: APIRequestContext, email: string): Promise<string> {
  for (let tries = 0; ; tries += 1) {
    const { mails } = devMailResponseSchema.parse(
      await (await request.get('/api/dev/mail')).json(),
    );
    const mail = mails.find((m) => m.to === email.toLowerCase());
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (code) return code;
    if (tries >= 50) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An account made through the API (register, mailed code, verify): for tests about later steps. */
export async function createAccount(
  request: APIRequestContext,
  { name = 'Kavya Menon', email = freshEmail('shopper'), password = PASSWORD } = {},
) {
  const registered = await request.post('/api/user/register', { data: { name, email, password } });
  if (!registered.ok()) throw new Error(`register: ${await registered.text()}`);
  const verified = await request.post('/api/user/verify-otp', {
    data: { email, otp: await readCode(request, email) },
  });
  const { token } = tokenResponseSchema.parse(await verified.json());
  return { name, email, password, token };
}

/** Open the app signed in with `token`, as if the shopper had logged in earlier. */
export async function signInWith(page: Page, token: string, path = '/') {
  await page.addInitScript(
    ([key, value]) => {
      // Only on the first document: a later logout must stay logged out.
      if (!sessionStorage.getItem('e2e-signed-in')) {
        sessionStorage.setItem('e2e-signed-in', '1');
        localStorage.setItem(key!, value!);
      }
    },
    [TOKEN_KEY, token],
  );
  await page.goto(path);
}
