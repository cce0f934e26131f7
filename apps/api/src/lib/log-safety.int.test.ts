// No log line ever holds a password, a hash of one, a code, a token, or a shopper's e-mail, name,
// phone or address, even when a query fails with them as its parameters (docs/decisions/020).
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { users } from '../db/schema/index.js';
import { signUp } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { hashPassword } from './passwords.js';

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };

let t: TestApp;
/** A second app on the same database and log, with routes that make queries fail. */
let failing: FastifyInstance;
let hash: string;
let token: string;

const SECRETS = {
  email: 'meenakshi.sundaram@pehnava.test',
  name: 'Meenakshi Sundaram',
  phone: '9845012345',
  address: '7 Lotus Colony, Adyar',
  password: 'saffron-kite-2026',
  code: '482913',
};

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' }, logStream });
  hash = await hashPassword(SECRETS.password);
  token = await signUp(t, SECRETS.email, { name: SECRETS.name, password: SECRETS.password });
  // The same services, so the same logger and stream.
  failing = await buildApp({ services: t.services });
  const repository = t.services.repos.users;
  const [me] = await t.database.db.select().from(users).where(eq(users.email, SECRETS.email));
  // A NUL reaches the database through a repository: the query fails with the secrets as its
  // parameters, and the error handler logs the failure.
  failing.post('/api/test/pending-sign-up', async () => {
    const now = new Date();
    await repository.replaceCode(
      {
        email: SECRETS.email,
        name: `${SECRETS.name}\u0000`,
        phone: SECRETS.phone,
        passwordHash: hash,
        codeHash: codeHash(),
        expiresAt: now,
        createdAt: now,
      },
      now,
    );
    return { success: true };
  });
  failing.post('/api/test/profile', async () => {
    await repository.updateProfile(me!.id, {
      phone: `${SECRETS.phone}\u0000`,
      address: SECRETS.address,
    });
    return { success: true };
  });
  await failing.ready();
});
afterAll(async () => {
  await failing.close();
  await t.close();
});

const codeHash = () =>
  createHmac('sha256', 'key').update(`${SECRETS.email}\u0000${SECRETS.code}`).digest('base64url');

function expectNoSecretIn(log: string) {
  for (const secret of [
    ...Object.values(SECRETS),
    hash,
    hash.split('$').at(-1)!,
    codeHash(),
    token,
    SECRETS.email.split('@')[0]!,
    'Meenakshi',
  ]) {
    expect(log, `the log holds ${secret}`).not.toContain(secret);
  }
}

/** The log lines written while `run` ran, parsed. */
async function logged(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const from = lines.length;
  await run();
  const written = lines.slice(from);
  expectNoSecretIn(written.join('\n'));
  return written.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const errorsIn = (entries: Record<string, unknown>[]) =>
  entries
    .filter((entry) => entry.level === 50)
    .map((entry) => entry.err as Record<string, unknown>);

describe('a failed query in a request', () => {
  it('logs the error’s code, never its parameters (pending sign-up)', async () => {
    const entries = await logged(async () => {
      const res = await failing.inject({ method: 'POST', url: '/api/test/pending-sign-up' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        message: 'Something went wrong on our side. Please try again.',
      });
    });
    const [err] = errorsIn(entries);
    expect(err).toBeDefined();
    // SQLSTATE 22021 (bad byte sequence) on PostgreSQL; PGlite says the same.
    expect(JSON.stringify(err)).toMatch(/"code":"22021"/);
    // The error names the request it failed, and the request has its access line (decision 062).
    const request = { method: 'POST', url: '/api/test/pending-sign-up' };
    expect(entries.find((entry) => entry.level === 50)).toMatchObject({ req: request });
    expect(entries.filter((entry) => entry.msg === 'request completed')).toMatchObject([
      { level: 30, req: request, res: { statusCode: 500 } },
    ]);
  });

  it('logs no phone or address when a profile write fails', async () => {
    const entries = await logged(async () => {
      const res = await failing.inject({ method: 'POST', url: '/api/test/profile' });
      expect(res.statusCode).toBe(500);
    });
    expect(errorsIn(entries)).toHaveLength(1);
  });
});

describe('a failed query logged outside a request', () => {
  const duplicate = () =>
    t.database.db.insert(users).values({
      name: SECRETS.name,
      email: SECRETS.email.toUpperCase(),
      passwordHash: hash,
      phone: SECRETS.phone,
      address: SECRETS.address,
    });

  it('keeps a unique violation’s code and constraint, drops the values in its detail', async () => {
    const error = await duplicate().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    const entries = await logged(async () => {
      failing.log.error({ err: error }, 'sign-up failed');
      failing.log.error(error);
      failing.log.warn({ error }, 'retrying');
    });
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      const err = (entry.err ?? entry.error) as Record<string, unknown>;
      expect(JSON.stringify(err)).toMatch(/"code":"23505"/);
      expect(JSON.stringify(err)).toContain('users_email_unique');
    }
  });

  it('drops parameters wherever the failed query sits: a cause, an aggregate, any field', async () => {
    const error = await duplicate().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await logged(async () => {
      failing.log.error({ err: new Error('booking failed', { cause: error }) }, 'booking');
      failing.log.error(new AggregateError([error], 'several failed'));
      failing.log.error({ failure: error, context: { step: 'hold', error } }, 'nested');
    });
  });
});

describe('the requests that used to put secrets in the log', () => {
  it('a NUL in the name at register is refused before any query, and logged without secrets', async () => {
    const entries = await logged(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: {
          name: `${SECRETS.name}\u0000`,
          email: `x${SECRETS.email}`,
          password: SECRETS.password,
        },
      });
      expect(res.statusCode).toBe(400);
    });
    expect(errorsIn(entries)).toEqual([]);
  });

  it('a NUL in the phone or address at update-profile is refused the same way', async () => {
    for (const body of [
      { phone: `${SECRETS.phone}\u0000` },
      { address: `${SECRETS.address}\u0000` },
    ]) {
      const entries = await logged(async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/update-profile',
          headers: { authorization: `Bearer ${token}` },
          payload: body,
        });
        expect(res.statusCode).toBe(400);
      });
      expect(errorsIn(entries)).toEqual([]);
    }
  });
});

describe('the access log at the default level (decision 062)', () => {
  it('writes no line for a read, and one for a sign-in, naming neither password nor e-mail', async () => {
    const reads = await logged(async () => {
      expect((await t.app.inject('/api/product/list')).statusCode).toBe(200);
      const profile = await t.app.inject({
        url: '/api/user/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(profile.statusCode).toBe(200);
    });
    expect(reads).toEqual([]);

    // A read refused: the error handler's one line says which, and why.
    const missing = '/api/product/list/PHN-NOT-0000';
    const refused = await logged(async () => {
      expect((await t.app.inject(missing)).statusCode).toBe(404);
    });
    expect(refused).toMatchObject([
      {
        level: 30,
        msg: 'request rejected',
        req: { method: 'GET', url: missing },
        status: 404,
        message: 'Product not found',
      },
    ]);

    let status = 0;
    const signIn = await logged(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: SECRETS.email, password: SECRETS.password },
      });
      status = res.statusCode;
    });
    expect(status).toBe(200);
    expect(signIn).toMatchObject([
      {
        level: 30,
        msg: 'request completed',
        req: { method: 'POST', url: '/api/user/login' },
        res: { statusCode: 200 },
      },
    ]);
  });
});
