import { devMailResponseSchema, tokenResponseSchema } from '@pehnava/shared';
import type { TestApp } from './app.js';

export const TEST_PASSWORD = 'jasmine-garland';

/**
 * The code in the newest mail to `email`, read from the development mailbox once the outbox has
 * sent what is due.
 */
export async function codeFor(t: TestApp, email: string): Promise<string> {
  await t.deliverMail();
  const res = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
  const { mails } = devMailResponseSchema.parse(res.json());
  const mail = mails.find((m) => m.to === email.trim().toLowerCase());
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Sign up through the API (register, read the mailed code, verify) and return the token. */
export async function signUp(
  t: TestApp,
  email: string,
  {
    name = 'Tara Iyer',
    password = TEST_PASSWORD,
    language,
  }: { name?: string; password?: string; language?: 'en' | 'hi' } = {},
): Promise<string> {
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { name, email, password, ...(language ? { language } : {}) },
  });
  if (registered.statusCode !== 200) throw new Error(`register: ${registered.body}`);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/user/verify-otp',
    payload: { email, otp: await codeFor(t, email) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify-otp: ${verified.body}`);
  return tokenResponseSchema.parse(verified.json()).token;
}

/** A request as a shopper with this token (or as a visitor without one). */
export const callAs = (
  t: TestApp,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
