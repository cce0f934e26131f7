// 2,000+ hostile requests over every route the app has, as a visitor, a signed-in shopper and a
// caller with a forged token: never a 5xx, every /api answer is `{ success: false, message }` or
// a success shape, and a refused request changes nothing in the database (docs/decisions/020).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, hasDisallowedCharacters, type Product } from '@pehnava/shared';
import { createTestApp, type TestApp } from '../test/app.js';
import { addBody, newShopper, productsOf, type Shopper } from '../test/shopping.js';

const SEED = 20_260_611;
const RUNS = 2_100;

let t: TestApp;
let shopper: Shopper;
let product: Product;
let routes: Route[];

interface Route {
  path: string;
  methods: string[];
}

/**
 * The app's routes, read from `printRoutes()`'s tree (one node a line, children indented by four
 * columns, methods in brackets), so a route added later is fuzzed too.
 */
function routesOf(tree: string): Route[] {
  const found: Route[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│├└─]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor(match[1]!.length / 4);
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    if (match[3]) found.push({ path, methods: match[3].split(',').map((m) => m.trim()) });
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    env: { AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_EMAIL: '100000' },
  });
  shopper = await newShopper(t, 'hostile@pehnava.test');
  product = (await productsOf(t, 'premium'))[0]!;
  // Something of the shopper's for hostile requests to reach for.
  expect((await shopper.call('POST', '/api/cart/add', addBody(product))).statusCode).toBe(200);
  expect(
    (await shopper.call('POST', '/api/wishlist/add', { productId: product._id })).statusCode,
  ).toBe(200);
  routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
  await countWrites();
}, 120_000);
afterAll(async () => {
  await t.close();
});

/**
 * Count, in this test's own database, every row any table has written (inserted, updated or
 * deleted) and every table emptied: a trigger on each table adds one to `test_writes`' only row.
 * The count is written in the writing transaction, so it moves with what was kept: a request whose
 * transaction rolled back leaves it as it was.
 */
async function countWrites(): Promise<void> {
  const found = await t.database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = ((found as { rows: unknown[] }).rows as { tablename: string }[]).map(
    (row) => row.tablename,
  );
  await t.database.exec(`
    create table test_writes (n bigint not null);
    insert into test_writes values (0);
    create function test_count_write() returns trigger language plpgsql as $$
      begin update test_writes set n = n + 1; return null; end $$;
    ${tables
      .map((table) => {
        const name = `"${table.replaceAll('"', '""')}"`;
        return `create trigger test_count_rows after insert or update or delete on ${name}
            for each row execute function test_count_write();
          create trigger test_count_truncate after truncate on ${name}
            for each statement execute function test_count_write();`;
      })
      .join('\n')}
  `);
}

/**
 * A mark that changes whenever any row of any table is written: the count countWrites keeps. One
 * read of one row per request, where reading every table's row count and newest transaction id
 * took most of this file's time.
 */
async function changeMark(): Promise<string> {
  const result = await t.database.db.execute(sql`select n::text as n from test_writes`);
  return ((result as { rows: unknown[] }).rows as { n: string }[])[0]!.n;
}

// ---- what a hostile caller sends -----------------------------------------------------------

const nastyStrings = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u200b',
  '\u200b\u200c\u200d\u2060\ufeff',
  ' ',
  '',
  '\t',
  '\u202eevil',
  '\ud800',
  'line\nbreak',
  '\u001b[31mred',
  '\u0085',
  '%00',
  '%ZZ',
  "'; drop table users; --",
  '__proto__',
  'constructor',
  '${jndi:ldap://x/a}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '9'.repeat(400),
  'M',
  '2026-02-30',
  '14',
  'WELCOME50',
);
const hugeStrings = fc.constantFrom(
  'x'.repeat(200_000),
  '\u0000'.repeat(5_000),
  '😀'.repeat(20_000),
);
const anyString = fc.oneof(
  { weight: 4, arbitrary: nastyStrings },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: hugeStrings },
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyString },
  { weight: 1, arbitrary: fc.constantFrom(2, 4, 7, 14, 0, -1, 1e308, 2.5, true, false, null) },
  { weight: 1, arbitrary: fc.constantFrom([[2]], ['2'], {}, [], { $gt: '' }, '0x2', '2e0') },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
/** Every field name any request contract reads, with hostile values. */
const FIELDS = [
  'name',
  'email',
  'password',
  'phone',
  'address',
  'otp',
  'currentPassword',
  'newPassword',
  'productId',
  'productIds',
  'size',
  'duration',
  'startDate',
  'code',
  'subtotal',
] as const;
const fieldValue = (field: (typeof FIELDS)[number]): fc.Arbitrary<unknown> => {
  // The shopper's own product, so deeper checks are reached (a legal write may happen; see below).
  if (field === 'productId') return fc.oneof(anyValue, fc.constant(product._id));
  if (field === 'productIds') return fc.oneof(fc.array(anyValue, { maxLength: 5 }), anyValue);
  return anyValue;
};
const structuredBody = fc
  .subarray([...FIELDS], { minLength: 1 })
  .chain((fields) => fc.tuple(...fields.map((f) => fieldValue(f).map((v) => [f, v] as const))))
  .map((entries) => JSON.stringify(Object.fromEntries(entries)));
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const payloads: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: structuredBody },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
  {
    weight: 2,
    arbitrary: fc.anything({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'undefined'),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"name":"a","name":"\\u0000"}',
      '{"productIds":' + deep(2_000).replace('[]', '["x"]') + '}',
      deep(50_000),
      '{"a":' + '1'.repeat(400_000) + '}',
      'x'.repeat(1_100_000),
      '\ufeff{"code":"FLAT300"}',
      '{"code":"\\ud800"}',
      'null',
      '[]',
      '"a string"',
      '',
    ),
  },
);
const contentTypes = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  ';;;',
  'application/json, text/html',
);
/** Header values as HTTP can carry them: visible ASCII and Latin-1. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c === 0x7f ? 0x20 : c)),
  maxLength: 80,
});
type Caller = 'visitor' | 'shopper' | 'forged';
// Mostly the shopper, so most requests get past authentication to the contracts.
const callers = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Caller>('shopper') },
  { weight: 1, arbitrary: fc.constant<Caller>('visitor') },
  { weight: 1, arbitrary: fc.constant<Caller>('forged') },
);
const forgedAuthorization = fc.oneof(
  headerText,
  headerText.map((s) => `Bearer ${s}`),
  fc.constant('Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'),
  fc.constant('Bearer ' + 'a'.repeat(8_000)),
  fc.constant('Basic aGk6dGhlcmU='),
);
const pathParams = fc.oneof(
  fc.constant('PRODUCT'),
  fc.constantFrom('%ZZ', '%E0%A4%A', '%', '%00', '..', '.', '%2F', '%2e%2e', 'PHN-LEH-0001', '-'),
  fc.integer({ min: 101, max: 400 }).map((n) => 'a'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
);
const queryStrings = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?%ZZ=1', '?a[b]=1', '?__proto__[x]=1', '?q=' + 'x'.repeat(5_000), '?&&&=='),
  fc
    .array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ unit: 'binary', maxLength: 20 })), {
      maxLength: 3,
    })
    .map((pairs) =>
      pairs.length === 0
        ? ''
        : '?' +
          pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
    ),
);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

interface HostileRequest {
  method: (typeof METHODS)[number];
  url: string;
  caller: Caller;
  authorization?: string;
  contentType?: string;
  payload?: string;
}

const hostileRequests = (): fc.Arbitrary<HostileRequest> =>
  fc
    .record({
      route: fc.constantFrom(...routes),
      ownMethod: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
      anyMethod: fc.constantFrom(...METHODS),
      param: pathParams,
      wildcard: fc.oneof(
        fc.constantFrom('product/%ZZ', 'collection', 'api', 'api/', 'images/%ZZ', 'assets/x.js'),
        fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
      ),
      query: queryStrings,
      caller: callers,
      forged: forgedAuthorization,
      // Mostly JSON (so most bodies reach the contracts), else any content type or none.
      json: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
      contentType: contentTypes,
      payload: payloads,
    })
    .chain((r) =>
      fc.constantFrom(...r.route.methods).map((own) => {
        const path = r.route.path
          .replace(/:[^/]+/g, () => r.param)
          .replace(/^\*$/, () => `/${r.wildcard}`)
          .replaceAll('PRODUCT', product._id);
        const contentType = r.json && r.payload !== undefined ? 'application/json' : r.contentType;
        return {
          method: (r.ownMethod ? own : r.anyMethod) as HostileRequest['method'],
          url: path + r.query,
          caller: r.caller,
          ...(r.caller === 'forged' ? { authorization: r.forged } : {}),
          ...(contentType === undefined ? {} : { contentType }),
          ...(r.payload === undefined ? {} : { payload: r.payload }),
        };
      }),
    );

// ---- the properties ------------------------------------------------------------------------

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
let sent = 0;
let legalWrites = 0;

function send(request: HostileRequest) {
  const authorization =
    request.caller === 'shopper' ? `Bearer ${shopper.token}` : request.authorization;
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      ...(request.contentType === undefined ? {} : { 'content-type': request.contentType }),
    },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

describe('hostile requests', () => {
  it('finds every route the app has', () => {
    const paths = routes.map((route) => route.path);
    for (const path of [
      '/api/user/register',
      '/api/user/update-profile',
      '/api/cart/remove/:productId',
      '/api/product/list/:id',
      '/api/coupon/apply',
      '/api/wishlist/status',
    ]) {
      expect(paths).toContain(path);
    }
    expect(routes.filter((route) => route.path.startsWith('/api/')).length).toBeGreaterThan(20);
  });

  it('are checked by a change mark that sees every insert, update and delete', async () => {
    const marks = [await changeMark()];
    const steps = [
      () => shopper.call('POST', '/api/user/update-profile', { address: 'Flat 2' }),
      () => shopper.call('POST', '/api/user/update-profile', { address: '' }),
      () => shopper.call('POST', '/api/wishlist/remove', { productId: product._id }),
      () => shopper.call('POST', '/api/wishlist/add', { productId: product._id }),
    ];
    for (const step of steps) {
      expect((await step()).statusCode).toBe(200);
      marks.push(await changeMark());
    }
    expect(new Set(marks).size).toBe(marks.length);
  });

  it('never get a 5xx or an answer out of shape, and change nothing unless they were legal', async () => {
    let before = await changeMark();
    await fc.assert(
      fc.asyncProperty(hostileRequests(), async (request) => {
        const res = await send(request);
        sent += 1;
        const label = `${request.method} ${request.url.slice(0, 120)}`;
        expect(res.statusCode, label).toBeLessThan(500);

        const isApi = /^\/api(\/|\?|$)/.test(request.url);
        // The API reference (/api/docs: a page, its scripts and the OpenAPI document in JSON and
        // YAML) is for people and tools, not a JSON endpoint: it is held to "never a 5xx" only.
        const isReference = /^\/api\/docs(\/|\?|$)/.test(request.url);
        // So is the sandbox's checkout script, which browsers load as JavaScript.
        const isScript = /^\/api\/payments\/sandbox\/checkout\.js(\?|$)/.test(request.url);
        if (isApi && !isReference && !isScript && request.method !== 'HEAD') {
          expect(res.headers['content-type'], label).toMatch(/^application\/json/);
          const body = res.json<Record<string, unknown>>();
          if (res.statusCode >= 400) {
            expect(errorResponseSchema.strict().safeParse(body).success, label).toBe(true);
            expect(body.message, label).not.toBe('');
          } else {
            expect(body.success, label).toBe(true);
          }
        }

        const after = await changeMark();
        const legal =
          res.statusCode < 300 && WRITES.has(request.method) && request.caller === 'shopper';
        if (legal && after !== before) legalWrites += 1;
        else expect(after, `${label} changed data (${res.statusCode})`).toBe(before);
        before = after;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(sent).toBeGreaterThanOrEqual(2_000);
  }, 240_000);

  it('left nothing polluted, and only clean text in the database', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const rows = await t.database.db.execute(
      sql`select name, phone, address from users union all
          select name, phone, '' from otp_codes union all
          select size, start_date::text, '' from cart_items`,
    );
    for (const row of (rows as { rows: unknown[] }).rows as {
      name: string;
      phone: string;
      address: string;
    }[]) {
      expect(hasDisallowedCharacters(row.name), row.name).toBe(false);
      expect(hasDisallowedCharacters(row.phone), row.phone).toBe(false);
      expect(hasDisallowedCharacters(row.address, { multiline: true }), row.address).toBe(false);
    }
    // The shopper's session survived everything (no hostile request could end it).
    expect((await shopper.call('GET', '/api/user/profile')).statusCode).toBe(200);
    // A few legal writes (cart remove, wishlist add or remove, profile) are expected; not many.
    expect(legalWrites).toBeLessThan(RUNS / 10);
  });
});
