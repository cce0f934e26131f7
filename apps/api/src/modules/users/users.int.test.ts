import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devMailResponseSchema,
  messageResponseSchema,
  profileResponseSchema,
  tokenResponseSchema,
} from '@pehnava/shared';
import { otpCodes, users } from '../../db/schema/index.js';
import { resolveJwtSecret } from '../../lib/jwt-secret.js';
import { codeFor as codeForIn } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const register = (email: string, extra: object = {}) =>
  post('/api/user/register', { name: 'Asha Rao', email, password: 'marigold-2026', ...extra });

const codeFor = (email: string) => codeForIn(t, email);

async function signUp(email: string): Promise<string> {
  expect((await register(email)).statusCode).toBe(200);
  const res = await post('/api/user/verify-otp', { email, otp: await codeFor(email) });
  expect(res.statusCode).toBe(200);
  return tokenResponseSchema.parse(res.json()).token;
}

const profile = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/profile',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** Move the waiting code's clock: it was issued `seconds` ago. */
async function ageCodes(email: string, seconds: number) {
  await t.database.db
    .update(otpCodes)
    .set({
      createdAt: sql`${otpCodes.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${otpCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(otpCodes.email, email));
}

describe('sign-up with an e-mail code', () => {
  it('mails a 6-digit code, and the code creates the account and a working session', async () => {
    const res = await register('meera@pehnava.test');
    expect(res.statusCode).toBe(200);
    expect(messageResponseSchema.parse(res.json()).message).toBe('OTP sent to your email!');
    await t.deliverMail();
    const { mails } = devMailResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dev/mail' })).json(),
    );
    const mail = mails[0]!;
    expect(mail.to).toBe('meera@pehnava.test');
    expect(mail.subject).toBe('Your Pehnava verification code');
    const code = await codeFor('meera@pehnava.test');
    expect(mail.html).toContain(code);
    expect(mail.text).toContain('valid for 10 minutes');

    const verified = await post('/api/user/verify-otp', { email: 'meera@pehnava.test', otp: code });
    expect(verified.statusCode).toBe(200);
    const { token, message } = tokenResponseSchema.parse(verified.json());
    expect(message).toBe('Account verified successfully!');
    const me = await profile(token);
    expect(me.statusCode).toBe(200);
    expect(profileResponseSchema.parse(me.json()).user).toMatchObject({
      name: 'Asha Rao',
      email: 'meera@pehnava.test',
      role: 'user',
      phone: '',
      address: '',
    });
    expect(JSON.stringify(me.json())).not.toMatch(/password|hash/i);
  });

  it('treats e-mails case-insensitively and trimmed: A@x.in and a@x.in are one account', async () => {
    await signUp('  Kabir@Pehnava.Test ');
    const again = await register('kabir@pehnava.test');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'An account with this email already exists. Please login.',
    });
    const login = await post('/api/user/login', {
      email: 'KABIR@pehnava.test',
      password: 'marigold-2026',
    });
    expect(login.statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const email = 'once@pehnava.test';
    await register(email);
    const otp = await codeFor(email);
    expect((await post('/api/user/verify-otp', { email, otp })).statusCode).toBe(200);
    const reuse = await post('/api/user/verify-otp', { email, otp });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('No code is waiting for this email. Please sign up again.');
  });

  it('refuses an expired code (older than 10 minutes)', async () => {
    const email = 'late@pehnava.test';
    await register(email);
    const otp = await codeFor(email);
    await ageCodes(email, 10 * 60 + 1);
    const res = await post('/api/user/verify-otp', { email, otp });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Please request a new one.');
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('voids the code at the 5th wrong try, so the right code no longer works', async () => {
    const email = 'guess@pehnava.test';
    await register(email);
    const otp = await codeFor(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = await post('/api/user/verify-otp', { email, otp: wrong });
      expect(res.json().message, `try ${i}`).toBe(
        'Incorrect OTP. Please check the code and try again.',
      );
    }
    const fifth = await post('/api/user/verify-otp', { email, otp: wrong });
    expect(fifth.json().message).toBe('Too many wrong tries. Please request a new code.');
    const sixth = await post('/api/user/verify-otp', { email, otp });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe('No code is waiting for this email. Please sign up again.');
  });

  it('allows no new code within 60 seconds, and at most 5 codes an hour', async () => {
    const email = 'again@pehnava.test';
    expect((await register(email)).statusCode).toBe(200);
    const soon = await register(email);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe('Please wait a minute before asking for a new code.');
    for (let i = 2; i <= 5; i += 1) {
      await ageCodes(email, 61);
      expect((await register(email)).statusCode, `code ${i}`).toBe(200);
    }
    await ageCodes(email, 61);
    const sixth = await register(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(
      'Too many codes requested for this email. Please try again in an hour.',
    );
  });

  it('a new code replaces the one before it', async () => {
    const email = 'replace@pehnava.test';
    await register(email);
    const first = await codeFor(email);
    await ageCodes(email, 61);
    await register(email);
    const second = await codeFor(email);
    // Two random codes match one time in a million; only then is there nothing to refuse.
    if (first !== second) {
      const old = await post('/api/user/verify-otp', { email, otp: first });
      expect(old.statusCode).toBe(400);
    }
    expect((await post('/api/user/verify-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it("answers bad input with the shopper's message and stores nothing", async () => {
    const short = await register('short@pehnava.test', { password: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters long');
    const noName = await register('noname@pehnava.test', { name: '   ' });
    expect(noName.json().message).toBe('Please enter your name');
    const badEmail = await register('not-an-email');
    expect(badEmail.json().message).toBe('Please enter a valid email address');
    const badOtp = await post('/api/user/verify-otp', { email: 'a@pehnava.test', otp: '12ab56' });
    expect(badOtp.json().message).toBe('Please enter a valid 6-digit OTP');
    const codes = await t.database.db
      .select()
      .from(otpCodes)
      .where(sql`${otpCodes.email} in ('short@pehnava.test', 'noname@pehnava.test')`);
    expect(codes).toEqual([]);
  });
});

describe('login and sessions', () => {
  let token: string;
  beforeAll(async () => {
    token = await signUp('nisha@pehnava.test');
  });

  it('logs in, and never says which part was wrong', async () => {
    const ok = await post('/api/user/login', {
      email: 'nisha@pehnava.test',
      password: 'marigold-2026',
    });
    expect(tokenResponseSchema.parse(ok.json()).message).toBe('Login successful!');
    const wrongPassword = await post('/api/user/login', {
      email: 'nisha@pehnava.test',
      password: 'marigold-2025',
    });
    const unknown = await post('/api/user/login', {
      email: 'nobody@pehnava.test',
      password: 'marigold-2026',
    });
    for (const res of [wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });

  it('needs a valid, current token for the profile', async () => {
    expect((await profile()).json().message).toBe('Please login to continue');
    const tampered = `${token.slice(0, -3)}abc`;
    const res = await profile(tampered);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Session expired. Please login again.');
  });

  it('a token from before a password change stops working', async () => {
    const before = tokenResponseSchema.parse(
      (
        await post('/api/user/login', { email: 'nisha@pehnava.test', password: 'marigold-2026' })
      ).json(),
    ).token;
    expect((await profile(before)).statusCode).toBe(200);
    // What a password change does to the account (the endpoint arrives with the profile work).
    await t.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.email, 'nisha@pehnava.test'));
    expect((await profile(before)).statusCode).toBe(401);
  });

  it("a deleted account's token stops working", async () => {
    const gone = await signUp('gone@pehnava.test');
    await t.database.db.delete(users).where(eq(users.email, 'gone@pehnava.test'));
    expect((await profile(gone)).statusCode).toBe(401);
  });

  it('keeps passwords, codes and tokens out of every log line', async () => {
    const email = 'quiet@pehnava.test';
    const session = await signUp(email);
    await profile(session);
    const issued = await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(issued.length).toBeGreaterThan(0);
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain('marigold-2026');
    expect(log).not.toContain(session);
    for (const line of logLines) {
      const mailed = /"mailId"/.test(line);
      if (mailed) expect(line).not.toMatch(/\b\d{6}\b/);
    }
    // The codes themselves: none of the ones mailed appears anywhere in the log.
    const { mails } = devMailResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dev/mail' })).json(),
    );
    for (const mail of mails) {
      const mailedCode = /\b(\d{6})\b/.exec(mail.text)![1]!;
      expect(log).not.toContain(`"${mailedCode}"`);
      expect(log).not.toContain(` ${mailedCode}`);
    }
  });
});

describe('tokens signed with the right key but not issued by us', () => {
  /** A token signed with the app's own key, with these claims. */
  async function forged(
    claims: { sub?: string; ver?: unknown },
    expiresIn: string | null = '1h',
  ): Promise<string> {
    const jwt = new SignJWT(claims.ver === undefined ? {} : { ver: claims.ver })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt();
    if (claims.sub !== undefined) jwt.setSubject(claims.sub);
    if (expiresIn) jwt.setExpirationTime(expiresIn);
    return jwt.sign(new TextEncoder().encode(resolveJwtSecret(t.config)));
  }
  let id: string;
  beforeAll(async () => {
    await signUp('forged@pehnava.test');
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'forged@pehnava.test'));
    id = row!.id;
  });

  it('works when well formed (so the refusals below are about the claims)', async () => {
    expect((await profile(await forged({ sub: id, ver: 0 }))).statusCode).toBe(200);
  });

  it('is refused (401, never 500) when its subject is not an account id', async () => {
    for (const sub of ['not-a-uuid', "1' or '1'='1", `${id}x`, '', '\u0000']) {
      const res = await profile(await forged({ sub, ver: 0 }));
      expect({ sub, status: res.statusCode, body: res.json() }).toEqual({
        sub,
        status: 401,
        body: { success: false, message: 'Session expired. Please login again.' },
      });
    }
  });

  it('is refused without an expiry, or without a whole version number', async () => {
    for (const token of [
      await forged({ sub: id, ver: 0 }, null),
      await forged({ sub: id }),
      await forged({ sub: id, ver: '0' }),
      await forged({ sub: id, ver: 0.5 }),
      await forged({ sub: id, ver: -1 }),
      await forged({ ver: 0 }),
    ]) {
      expect((await profile(token)).statusCode).toBe(401);
    }
  });
});

describe('a phone number at sign-up', () => {
  it('is kept with the pending sign-up and given to the account', async () => {
    const email = 'phone@pehnava.test';
    expect((await register(email, { phone: ' 9820012345 ' })).statusCode).toBe(200);
    const [pending] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(pending!.phone).toBe('9820012345');
    const res = await post('/api/user/verify-otp', { email, otp: await codeFor(email) });
    const me = await profile(tokenResponseSchema.parse(res.json()).token);
    expect(profileResponseSchema.parse(me.json()).user).toMatchObject({
      email,
      phone: '9820012345',
    });
  });

  it('is optional', async () => {
    const email = 'nophone@pehnava.test';
    expect((await register(email, { phone: '' })).statusCode).toBe(200);
    const res = await post('/api/user/verify-otp', { email, otp: await codeFor(email) });
    const me = await profile(tokenResponseSchema.parse(res.json()).token);
    expect(profileResponseSchema.parse(me.json()).user.phone).toBe('');
  });

  it('must be exactly 10 digits', async () => {
    for (const phone of [
      '98200123',
      '98200123456',
      '98200-12345',
      '+919820012345',
      '९८२००१२३४५',
      9820012345,
    ]) {
      const res = await register('badphone@pehnava.test', { phone });
      expect({ phone, status: res.statusCode, body: res.json() }).toEqual({
        phone,
        status: 400,
        body: {
          success: false,
          message:
            typeof phone === 'number'
              ? 'Phone must be text'
              : 'Please enter a valid 10-digit phone number',
        },
      });
    }
    const [pending] = await t.database.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.email, 'badphone@pehnava.test'));
    expect(pending).toBeUndefined();
  });
});

describe('the development mailbox page', () => {
  it('shows each mail with its HTML and text parts, escaped', async () => {
    const email = 'page@pehnava.test';
    await register(email, { name: 'Meera <b>"Bold"</b>' });
    await t.deliverMail();
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Development mailbox');
    expect(page.body).toContain(`<strong data-to>${email}</strong>`);
    expect(page.body).toContain(await codeFor(email));
    expect(page.body).not.toContain('<b>"Bold"</b>');
    expect(page.body).toContain('Meera &lt;b&gt;&quot;Bold&quot;&lt;/b&gt;');
  });
});

describe('when mail cannot be sent', () => {
  let smtp: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the SMTP transport fails to connect.
    smtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('keeps the code and its mail, and the outbox tries again later instead of losing it', async () => {
    const payload = { name: 'Ravi', email: 'ravi@pehnava.test', password: 'marigold-2026' };
    const res = await smtp.app.inject({ method: 'POST', url: '/api/user/register', payload });
    expect(res.statusCode).toBe(200);
    await smtp.deliverMail();
    expect(await smtp.database.db.select().from(otpCodes)).toHaveLength(1);
    const [mail] = await smtp.services.repos.outbox.list();
    expect(mail).toMatchObject({ kind: 'otp', recipient: 'ravi@pehnava.test', status: 'pending' });
    expect(mail!.attempts).toBeGreaterThanOrEqual(1);
    expect(mail!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Due again after the backoff, with its body kept until it is sent.
    expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(mail!.textBody).toContain('verification code');
  });

  it('has no development mailbox once SMTP is configured', async () => {
    expect((await smtp.app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    const page = await smtp.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.body).not.toContain('Development mailbox');
  });
});
