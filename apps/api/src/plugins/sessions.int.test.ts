// Sessions across API processes (decision 040): a second app instance on the same database stands
// for another API process behind the load balancer. On PostgreSQL it has its own connection pool;
// PGlite is one process by design, so there the two instances share it. Whatever one instance has
// seen of a token (its signature is remembered after the first check), a password change or an
// account deletion through the other refuses the token at once: the account is read and compared
// on every request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  cartResponseSchema,
  tokenResponseSchema,
  type Product,
} from '@pehnava/shared';
import { buildApp } from '../app.js';
import { createLogger } from '../lib/logger.js';
import { createServices } from '../services.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { TEST_PASSWORD } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { addBody, catalogueProducts, newShopper, rentable } from '../test/shopping.js';

let t: TestApp;
let other: FastifyInstance;
let otherDatabase: DatabaseHandle | undefined;
let products: Product[];

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  const url = 'url' in t.database ? t.database.url : undefined;
  otherDatabase =
    typeof url === 'string'
      ? await openDatabase({ kind: 'postgres', url, poolSize: 2 })
      : undefined;
  // Built by the composition root as another process would build it, on its own pool.
  other = await buildApp({
    services: createServices({
      config: t.config,
      database: otherDatabase ?? t.database,
      logger: createLogger(t.config),
    }),
  });
  await other.ready();
  products = (await catalogueProducts(t)).filter(rentable);
});
afterAll(async () => {
  await other.close();
  await otherDatabase?.close();
  await t.close();
});

const onOther = (token: string, url: string) =>
  other.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** Every read that needs a session, the cart's own combined read included. */
const SESSION_READS = [
  '/api/cart',
  '/api/user/profile',
  '/api/wishlist/get',
  '/api/subscription/me',
];

async function expectRefusedOnOther(token: string) {
  for (const url of SESSION_READS) {
    const res = await onOther(token, url);
    expect({ url, status: res.statusCode, body: res.json() }).toEqual({
      url,
      status: 401,
      body: { success: false, message: ACCOUNT_MESSAGES.sessionExpired },
    });
  }
}

describe('a session ended through one API process', () => {
  it('is refused at once by another after a password change, and the new token works there', async () => {
    const s = await newShopper(t, 'two-processes@pehnava.test');
    expect((await s.call('POST', '/api/cart/add', addBody(products[0]!))).statusCode).toBe(200);
    // The other process serves the token, and remembers its signature.
    for (const url of SESSION_READS) expect((await onOther(s.token, url)).statusCode).toBe(200);

    const changed = await s.call('POST', '/api/user/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'lotus-pond-2027',
    });
    expect(changed.statusCode).toBe(200);
    await expectRefusedOnOther(s.token);

    const fresh = tokenResponseSchema.parse(changed.json()).token;
    const cart = await onOther(fresh, '/api/cart');
    expect(cart.statusCode).toBe(200);
    expect(cartResponseSchema.parse(cart.json()).cart.map((e) => e.product._id)).toEqual([
      products[0]!._id,
    ]);
  });

  it('is refused at once by another after the account is deleted', async () => {
    const s = await newShopper(t, 'leaving-two-processes@pehnava.test');
    expect((await s.call('POST', '/api/cart/add', addBody(products[1]!))).statusCode).toBe(200);
    for (const url of SESSION_READS) expect((await onOther(s.token, url)).statusCode).toBe(200);

    const deleted = await s.call('DELETE', '/api/user/delete-account', {
      password: TEST_PASSWORD,
    });
    expect(deleted.statusCode).toBe(200);
    await expectRefusedOnOther(s.token);
  });

  it('a token for another account id, or signed with another key, gets no cart', async () => {
    const s = await newShopper(t, 'forged@pehnava.test');
    const [header, payload] = s.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub: string };
    const forged = [
      header,
      Buffer.from(
        JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }),
      ).toString('base64url'),
      s.token.split('.')[2],
    ].join('.');
    await expectRefusedOnOther(forged);
    const unsigned = `${header}.${payload}.${'A'.repeat(43)}`;
    await expectRefusedOnOther(unsigned);
  });
});
