import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  profileResponseSchema,
  tokenResponseSchema,
  updateProfileResponseSchema,
} from '@pehnava/shared';
import { bookings, otpCodes, users } from '../../db/schema/index.js';
import { TEST_PASSWORD, callAs, signUp as signUpAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = TEST_PASSWORD;
const signUp = (email: string) => signUpAs(t, email);
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  callAs(t, token, method, url, payload);
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });

describe('update-profile', () => {
  it('changes name, phone and address only: role and email in the body are ignored', async () => {
    const token = await signUp('tara@pehnava.test');
    const res = await call('POST', '/api/user/update-profile', token, {
      name: '  Tara I. ',
      phone: '9820012345',
      address: '12 Carter Road, Bandra, Mumbai',
      role: 'admin',
      email: 'someone-else@pehnava.test',
      tokenVersion: 99,
    });
    expect(res.statusCode).toBe(200);
    const body = updateProfileResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({
      name: 'Tara I.',
      phone: '9820012345',
      address: '12 Carter Road, Bandra, Mumbai',
      role: 'user',
      email: 'tara@pehnava.test',
    });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'tara@pehnava.test'));
    expect(row!.role).toBe('user');
    expect(row!.tokenVersion).toBe(0);
    expect((await call('GET', '/api/user/profile', token)).statusCode).toBe(200);
  });

  it('refuses a blank name and changes nothing', async () => {
    const token = await signUp('blank@pehnava.test');
    const res = await call('POST', '/api/user/update-profile', token, { name: '   ', phone: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name cannot be empty');
    const me = profileResponseSchema.parse((await call('GET', '/api/user/profile', token)).json());
    expect(me.user).toMatchObject({ name: 'Tara Iyer', phone: '' });
  });

  it('leaves a field that is left out as it is, and clears one sent empty', async () => {
    const token = await signUp('partial@pehnava.test');
    const me = async () =>
      profileResponseSchema.parse((await call('GET', '/api/user/profile', token)).json()).user;
    const update = async (body: object) => {
      const res = await call('POST', '/api/user/update-profile', token, body);
      expect(res.statusCode).toBe(200);
      return updateProfileResponseSchema.parse(res.json()).user;
    };
    await update({ name: 'Tara Iyer', phone: '9820012345', address: '12 Carter Road\nBandra' });

    expect(await update({ name: 'Tara R. Iyer' })).toMatchObject({
      name: 'Tara R. Iyer',
      phone: '9820012345',
      address: '12 Carter Road\nBandra',
    });
    expect(await update({ phone: '9820099999' })).toMatchObject({
      name: 'Tara R. Iyer',
      phone: '9820099999',
      address: '12 Carter Road\nBandra',
    });
    expect(await update({})).toMatchObject({ name: 'Tara R. Iyer', phone: '9820099999' });
    expect(await update({ address: '' })).toMatchObject({ phone: '9820099999', address: '' });
    expect(await update({ phone: ' \u200b ' })).toMatchObject({ phone: '', address: '' });
    expect(await me()).toMatchObject({ name: 'Tara R. Iyer', phone: '', address: '' });
  });

  it('needs a session: a visitor gets 401 before anything else is looked at', async () => {
    const res = await call('POST', '/api/user/update-profile', undefined, { name: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please login to continue');
  });
});

describe("the account's language (decision 086)", () => {
  const me = async (token: string) =>
    profileResponseSchema.parse((await call('GET', '/api/user/profile', token)).json()).user;

  it('is English for an account made without one, and the language it was made in otherwise', async () => {
    expect((await me(await signUp('lang-en@pehnava.test'))).language).toBe('en');
    const hindi = await signUpAs(t, 'lang-hi@pehnava.test', { language: 'hi' });
    expect((await me(hindi)).language).toBe('hi');
  });

  it('is changed by update-profile alone, leaving the other fields as they are', async () => {
    const token = await signUp('lang-switch@pehnava.test');
    await call('POST', '/api/user/update-profile', token, { phone: '9820012345' });
    const res = await call('POST', '/api/user/update-profile', token, { language: 'hi' });
    expect(res.statusCode).toBe(200);
    const { user } = updateProfileResponseSchema.parse(res.json());
    expect(user).toMatchObject({ language: 'hi', phone: '9820012345', name: 'Tara Iyer' });
    expect((await me(token)).language).toBe('hi');
    await call('POST', '/api/user/update-profile', token, { language: 'en' });
    expect((await me(token)).language).toBe('en');
  });

  it('refuses any other language with a clear message, changing nothing', async () => {
    const token = await signUp('lang-bad@pehnava.test');
    for (const language of ['fr', 'HI', '', 7, null]) {
      const res = await call('POST', '/api/user/update-profile', token, {
        language,
        name: 'Someone Else',
      });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json().message).toBe("Choose the language as 'en' (English) or 'hi' (Hindi)");
    }
    expect(await me(token)).toMatchObject({ language: 'en', name: 'Tara Iyer' });
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        name: 'Asha',
        email: 'lang-register@pehnava.test',
        password: PASSWORD,
        language: 'ta',
      },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toBe("Choose the language as 'en' (English) or 'hi' (Hindi)");
    const [pending] = await t.database.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.email, 'lang-register@pehnava.test'));
    expect(pending).toBeUndefined();
  });
});

describe('change-password', () => {
  it('checks the current password, then ends older sessions and answers with a new token', async () => {
    const email = 'change@pehnava.test';
    const token = await signUp(email);
    const wrong = await call('POST', '/api/user/change-password', token, {
      currentPassword: 'not-it-at-all',
      newPassword: 'lotus-pond-2027',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is incorrect');
    const short = await call('POST', '/api/user/change-password', token, {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(short.json().message).toBe('Password must be at least 8 characters long');
    expect((await call('GET', '/api/user/profile', token)).statusCode).toBe(200);

    const ok = await call('POST', '/api/user/change-password', token, {
      currentPassword: PASSWORD,
      newPassword: 'lotus-pond-2027',
    });
    expect(ok.statusCode).toBe(200);
    const fresh = tokenResponseSchema.parse(ok.json());
    expect(fresh.message).toBe('Password changed');
    expect((await call('GET', '/api/user/profile', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/user/profile', fresh.token)).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'lotus-pond-2027')).statusCode).toBe(200);
  });
});

describe('delete-account', () => {
  it('with the wrong password deletes nothing', async () => {
    const token = await signUp('keep@pehnava.test');
    const res = await call('DELETE', '/api/user/delete-account', token, { password: 'nope-nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'That password is incorrect. Your account has not been deleted.',
    );
    const empty = await call('DELETE', '/api/user/delete-account', token, { password: '' });
    expect(empty.json().message).toBe('Please enter your password to confirm');
    expect((await call('GET', '/api/user/profile', token)).statusCode).toBe(200);
  });

  it('removes the account and its sessions, keeps paid bookings without personal details', async () => {
    const email = 'leave@pehnava.test';
    const token = await signUp(email);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const address = {
      name: 'Tara Iyer',
      phone: '9820012345',
      street: '12 Carter Road',
      landmark: 'Near the promenade',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400050',
    };
    const booking = (paymentStatus: 'completed' | 'pending') => ({
      userId: user!.id,
      paymentStatus,
      paymentProvider: 'sandbox',
      subtotalPaise: 1_200_00,
      totalPaise: 1_299_00,
      deliveryAddress: address,
      expiresAt: new Date(Date.now() + 15 * 60_000),
    });
    const [paid] = await t.database.db.insert(bookings).values(booking('completed')).returning();
    const [unpaid] = await t.database.db.insert(bookings).values(booking('pending')).returning();

    const res = await call('DELETE', '/api/user/delete-account', token, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your account has been deleted' });

    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await call('GET', '/api/user/profile', token)).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    const kept = await t.database.db.select().from(bookings).where(eq(bookings.id, paid!.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.userId).toBeNull();
    expect(kept[0]!.totalPaise).toBe(1_299_00);
    expect(kept[0]!.deliveryAddress).toEqual({
      name: '',
      phone: '',
      street: '',
      landmark: '',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400050',
    });
    expect(await t.database.db.select().from(bookings).where(eq(bookings.id, unpaid!.id))).toEqual(
      [],
    );
    // Its sign-up codes are gone, and the e-mail is free again at once.
    expect(await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email))).toEqual(
      [],
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'Tara', email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    expect(
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n,
    ).toBeGreaterThan(0);
  });
});
