// The fleet's load (docs/reliability.md): shoppers signed up through HAProxy and a steady mix of
// catalogue reads and checkouts (create, pay in the sandbox, verify), every request recorded, and
// the database read afterwards for lost and doubled bookings. scripts/fleet.test.mjs uses it; run
// alone it is the longer form of the fault tests, by hand, on a fleet that is up:
//
//   node scripts/fleet-load.mjs [seconds=60] [readers=4] [shoppers=4] [pauseMs=0]
//
// while the faults are injected from another terminal (npm run fleet -- kill h2, ...). It prints a
// line per second (answers, failures, which hosts served) and at the end every request and every
// failure by kind (what it was, its status, a 503's Retry-After) and what the database says.
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { fleetDatabase, fleetSettings, sleep, statePaths } from './fleet-lib.mjs';

const settings = fleetSettings();
const paths = statePaths(settings.stateDir);
const base = `http://127.0.0.1:${settings.port}`;

export const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request through HAProxy: status, headers, parsed body; a network error as status 0. */
export function call(path, { method = 'GET', token, body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        timeout: 20_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          done({ status: res.statusCode, headers: res.headers, body: parsed });
        });
        res.on('error', (error) => done({ status: 0, headers: {}, error: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => done({ status: 0, headers: {}, error: error.message }));
    req.end(payload);
  });
}

export async function must(path, options) {
  const res = await call(path, options);
  if (res.status !== 200) {
    throw new Error(
      `${options?.method ?? 'GET'} ${path}: ${res.status} ${res.body?.message ?? res.error}`,
    );
  }
  return res.body;
}

/**
 * The mails in the sink's file as read at one moment. The relay appends while
 * the test reads, so the read may end inside a mail: only lines already ended
 * by their newline are whole, and one that still fails to parse is skipped
 * (the next try reads it whole).
 */
export function completeMails(text) {
  const mails = [];
  for (const line of text.slice(0, text.lastIndexOf('\n') + 1).split('\n')) {
    if (!line) continue;
    try {
      mails.push(JSON.parse(line));
    } catch {
      // written in part when read; whole on the next try
    }
  }
  return mails;
}

/** The sign-up code mailed to `email`, from the relay's SMTP sink (mail.jsonl). */
async function mailedCode(email) {
  for (let tries = 0; tries < 100; tries += 1) {
    if (existsSync(paths.mail)) {
      const mail = completeMails(readFileSync(paths.mail, 'utf8'))
        .reverse()
        .find((m) => m.to.includes(email));
      const code = /verification code is (\d{6})/.exec(mail?.raw.replace(/=\r?\n/g, '') ?? '')?.[1];
      if (code) return code;
    }
    await sleep(100);
  }
  throw new Error(`no sign-up code mailed to ${email}`);
}

export async function signUp(email) {
  await must('/api/user/register', {
    method: 'POST',
    body: { name: 'Fleet Shopper', email, password: 'fleet-password-1' },
  });
  const otp = await mailedCode(email);
  return (await must('/api/user/verify-otp', { method: 'POST', body: { email, otp } })).token;
}

const ADDRESS = {
  name: 'Fleet Shopper',
  phone: '9820012345',
  street: '12 Carter Road',
  landmark: '',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
};

/**
 * A steady load through HAProxy until stop(): `readers` loops of catalogue reads and one checkout
 * loop per token (create, pay in the sandbox, verify), each waiting `pauseMs` between two reads or
 * two checkouts (0: as fast as answers come, which keeps this machine's two cores busy). Every
 * request is recorded with when it started and ended; a checkout's outcome is kept with its
 * booking id.
 */
export function startLoad({ readers, tokens, products, payments, pauseMs = 0 }) {
  const requests = [];
  const checkouts = [];
  let running = true;
  const timed = async (label, path, options) => {
    const start = performance.now();
    const res = await call(path, options);
    requests.push({
      label,
      start,
      end: performance.now(),
      status: res.status,
      error: res.error,
      // A 503 should say when to try again (the app's, for a database it cannot reach).
      retryAfter: res.headers['retry-after'],
      host: res.headers['x-served-by'],
    });
    return res;
  };
  const today = Date.now() + 5.5 * 3_600_000;
  const day = (n) => new Date(today + n * 86_400_000).toISOString().slice(0, 10);
  let seed = 12_345;
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };

  const reader = async () => {
    while (running) {
      const product = products[Math.floor(random() * products.length)];
      await timed(
        'catalogue',
        random() < 0.5 ? '/api/product/list' : `/api/product/list/${product.id}`,
      );
      if (pauseMs > 0) await sleep(pauseMs);
    }
  };
  const shopper = async (token) => {
    while (running) {
      if (pauseMs > 0) await sleep(pauseMs);
      const product = products[Math.floor(random() * products.length)];
      const checkout = { product: product.id, outcome: 'failed' };
      checkouts.push(checkout);
      const created = await timed('create', '/api/booking/create', {
        method: 'POST',
        token,
        body: {
          cartItems: [
            {
              productId: product.id,
              size: product.size,
              duration: 2,
              startDate: day(2 + Math.floor(random() * 85)),
            },
          ],
          address: ADDRESS,
        },
      });
      if (created.status === 409) {
        checkout.outcome = 'taken';
        continue;
      }
      if (created.status !== 200) continue;
      checkout.bookingId = created.body.bookingId;
      const paid = await timed('pay', '/api/payments/sandbox/pay', {
        method: 'POST',
        body: {
          key: payments.keyId,
          order_id: created.body.orderId,
          method: 'upi',
          vpa: 'success@razorpay',
        },
      });
      if (paid.status !== 200 || paid.body?.status !== 'captured') continue;
      checkout.outcome = 'paid';
      const { status: _captured, ...ids } = paid.body;
      const verified = await timed('verify', '/api/booking/verify', {
        method: 'POST',
        token,
        body: { ...ids, bookingId: created.body.bookingId },
      });
      if (verified.status === 200) checkout.outcome = 'confirmed';
    }
  };
  const loops = [
    ...Array.from({ length: readers }, reader),
    ...tokens.map((token) => shopper(token)),
  ];
  return {
    requests,
    checkouts,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A request that failed: no answer, a 5xx, or a 4xx other than a checkout's 409 (piece taken). */
export const failed = (r) =>
  r.status === 0 || r.status >= 500 || (r.status >= 400 && r.status !== 409);
/** What a request came to: its status, a 503's Retry-After or its lack, or why there was no answer. */
export const kindOf = (r) => {
  if (r.status === 0) return r.error;
  if (r.status !== 503) return String(r.status);
  return r.retryAfter === undefined
    ? '503 without Retry-After'
    : `503 Retry-After: ${r.retryAfter}`;
};
/** Requests counted by what they were and came to, most first: '550 × create 503 Retry-After: 2'. */
export const describeKinds = (list) =>
  Object.entries(
    list.reduce((kinds, r) => {
      const kind = `${r.label} ${kindOf(r)}`;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      return kinds;
    }, {}),
  )
    .sort(([, a], [, b]) => b - a)
    .map(([kind, n]) => `${n} × ${kind}`)
    .join(', ');
export const describeFailures = (list) => describeKinds(list.filter(failed));

/**
 * What the database says after a load: every checkout the shop confirmed to the shopper (verify
 * answered 200) is confirmed and paid; every payment the gateway captured ends confirmed too (the
 * sandbox's webhook confirms one whose verify was lost), given a few seconds; no unit is held
 * twice for overlapping days.
 */
export async function checkDatabase(checkouts) {
  const db = await fleetDatabase(settings);
  try {
    const acknowledged = checkouts.filter((c) => c.outcome === 'confirmed').map((c) => c.bookingId);
    const paid = checkouts.filter(
      (c) => c.outcome !== 'taken' && c.bookingId && c.outcome !== 'failed',
    );
    const confirmedIds = async (ids) =>
      ids.length === 0
        ? []
        : (
            await db.query(
              `select id from bookings where id = any($1::uuid[])
                 and status = 'confirmed' and payment_status = 'completed'`,
              [ids],
            )
          ).rows.map((row) => row.id);
    const ackConfirmed = await confirmedIds(acknowledged);
    let paidConfirmed = [];
    for (let tries = 0; tries < 40; tries += 1) {
      paidConfirmed = await confirmedIds(paid.map((c) => c.bookingId));
      if (paidConfirmed.length === paid.length) break;
      await sleep(250);
    }
    const [{ doubled }] = (
      await db.query(`
        select count(*)::int as doubled from unit_reservations a
        join unit_reservations b on a.unit_id = b.unit_id and a.id < b.id
        where a.active and b.active
          and daterange(a.blocked_from, a.blocked_until, '[]')
            && daterange(b.blocked_from, b.blocked_until, '[]')`)
    ).rows;
    return {
      acknowledged: acknowledged.length,
      acknowledgedLost: acknowledged.length - ackConfirmed.length,
      paid: paid.length,
      paidNotConfirmed: paid.length - paidConfirmed.length,
      doubled,
    };
  } finally {
    await db.end();
  }
}

/** The catalogue's products with a size free, and the sandbox's key: what the load needs. */
export async function shopFacts() {
  const { payments } = await must('/api/config');
  const { products: all } = await must('/api/product/list');
  const products = all
    .filter((p) => p.isAvailable && p.sizes.some((s) => s.available))
    .map((p) => ({ id: p._id, size: p.sizes.find((s) => s.available).size }));
  return { payments, products };
}

async function main([seconds = '60', readers = '4', shoppers = '4', pauseMs = '0']) {
  const { payments, products } = await shopFacts();
  const tokens = await Promise.all(
    Array.from({ length: Number(shoppers) }, (_, i) =>
      signUp(`fleet-load-${process.pid}-${i}@example.com`),
    ),
  );
  const load = startLoad({
    readers: Number(readers),
    tokens,
    products,
    payments,
    pauseMs: Number(pauseMs),
  });
  const started = performance.now();
  const seen = (from, to) => load.requests.filter((r) => r.end >= from && r.end < to);
  for (let second = 1; second <= Number(seconds); second += 1) {
    await sleep(started + second * 1000 - performance.now());
    const window = seen(started + (second - 1) * 1000, started + second * 1000);
    const hosts = {};
    for (const r of window) hosts[r.host ?? '-'] = (hosts[r.host ?? '-'] ?? 0) + 1;
    const bad = window.filter(failed);
    console.log(
      `${new Date().toISOString().slice(11, 23)} ${String(second).padStart(3)} s: ` +
        `${window.length} answers, ${bad.length} failed` +
        `${bad.length ? ` (${describeFailures(bad)})` : ''}; ` +
        Object.entries(hosts)
          .sort()
          .map(([host, n]) => `${host} ${n}`)
          .join(', '),
    );
  }
  await load.stop();
  agent.destroy();
  const bad = load.requests.filter(failed);
  const database = await checkDatabase(load.checkouts);
  console.log(
    `\n${load.requests.length} requests: ${describeKinds(load.requests)}\n` +
      `${bad.length} failed${bad.length ? `: ${describeFailures(bad)}` : ''}\n` +
      `checkouts: ${load.checkouts.length} tried, ${database.acknowledged} confirmed to the shopper, ` +
      `${database.acknowledgedLost} of them not confirmed in the database; ${database.paid} paid, ` +
      `${database.paidNotConfirmed} paid but not confirmed; ` +
      `${load.checkouts.filter((c) => c.outcome === 'taken').length} refused (piece taken); ` +
      `units held twice for overlapping days: ${database.doubled}`,
  );
  return bad.length === 0 && database.acknowledgedLost === 0 && database.doubled === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
