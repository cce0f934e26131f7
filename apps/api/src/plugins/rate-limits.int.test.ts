import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { addressKey } from './rate-limits.js';

const LIMITS = { AUTH_RATE_LIMIT_PER_IP: '6', AUTH_RATE_LIMIT_PER_EMAIL: '3' };

/** A fresh address per call site and run (Redis keeps counts between runs for the window). */
const run = Math.floor(Math.random() * 0xffff).toString(16);
const address = (n: number) => `2001:db8:${run}:${n.toString(16)}::1`;

const login = (t: TestApp, email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: 'not-the-password' },
    remoteAddress,
  });

function describeLimits(store: string, env: () => Record<string, string> | undefined) {
  describe(`rate limits on the account endpoints (${store})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { ...LIMITS, ...env() } });
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers a login flood on one e-mail with 429 and a clear message', async () => {
      const email = `flood-${store}-${Date.now()}@pehnava.test`;
      for (let i = 0; i < 3; i += 1) {
        expect((await login(t, email, address(1))).statusCode, `try ${i + 1}`).toBe(401);
      }
      // Another address does not help: the e-mail itself is limited.
      const res = await login(t, email.toUpperCase(), address(2));
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        success: false,
        message: 'Too many attempts. Please wait a few minutes and try again.',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits one address across e-mails, and not other addresses', async () => {
      const shared = address(3);
      const stamp = `${store}-${Date.now()}`;
      for (let i = 0; i < 6; i += 1) {
        expect((await login(t, `a${i}-${stamp}@pehnava.test`, shared)).statusCode).toBe(401);
      }
      expect((await login(t, `a6-${stamp}@pehnava.test`, shared)).statusCode).toBe(429);
      expect((await login(t, `b-${stamp}@pehnava.test`, address(4))).statusCode).toBe(401);
    });

    it('does not believe X-Forwarded-For unless TRUST_PROXY says so', async () => {
      const shared = address(30);
      const stamp = `xff-${store}-${Date.now()}`;
      const spoofed = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: `x${i}-${stamp}@pehnava.test`, password: 'not-the-password' },
          remoteAddress: shared,
          headers: { 'x-forwarded-for': address(100 + i) },
        });
      for (let i = 0; i < 6; i += 1) expect((await spoofed(i)).statusCode).toBe(401);
      expect((await spoofed(6)).statusCode).toBe(429);
    });

    it('counts register and verify-otp separately from login', async () => {
      const email = `sep-${store}-${Date.now()}@pehnava.test`;
      for (let i = 0; i < 3; i += 1) await login(t, email, address(10 + i));
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/user/verify-otp',
        payload: { email, otp: '123456' },
        remoteAddress: address(20),
      });
      expect(verify.statusCode).toBe(400);
    });
  });
}

describeLimits('memory', () => undefined);

describe('addressKey', () => {
  it('counts IPv4 addresses alone and IPv6 addresses by their /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

// With TEST_REDIS_URL (npm test sets it when Redis answers), the same rules hold on Redis.
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) describeLimits('redis', () => ({ REDIS_URL: redisUrl }));
