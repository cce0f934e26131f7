#!/usr/bin/env node
// `npm run bench` (after the hot path) or `npm run bench:checkout`: whole checkouts per second on
// PostgreSQL: create the booking, pay it in the sandbox gateway (as its checkout script does),
// verify it. Many shoppers at once over few products and near dates, so checkouts contend for
// the same pieces (a 409 is a correct answer then). After the run, the database is asked how many
// pieces are booked twice for overlapping days (it must be 0), and whether each confirmed booking
// got exactly one confirmation mail. Results go to docs/benchmarks.md, section 'Checkout'.
//
// Once the pieces fill up, most attempts are refused, each at a cost of its own, so the run's CPU
// divided by its checkouts grows with the number of refusals rather than with what a checkout
// costs. After the run, a refused checkout is measured alone (every shopper trying a product
// booked full), and the run's CPU less its refusals at that cost is reported per checkout too.
//
// A checkout is three requests that depend on each other (the order id from create, the signature
// from pay), so this drives them from Node with keep-alive connections instead of wrk, whose
// scripts cannot chain one response into the next request of another endpoint.
//
// Options (environment):
//   BENCH_CHECKOUT_SECONDS (20)   how long shoppers keep checking out
//   BENCH_CHECKOUT_SHOPPERS (24)  shoppers checking out at once, each one checkout after another
//   BENCH_CHECKOUT_PRODUCTS (120) how many products they all choose from (fewer: more contention;
//                                 40 sell out within a few seconds, about 630 bookings, and the
//                                 run is then mostly refusals)
//   BENCH_PORT (3231)             the server listens on this port + 3
//   BENCH_PG_URL                  PostgreSQL server (postgres://postgres@127.0.0.1:5432/test)
//   BENCH_LOG_LEVEL               LOG_LEVEL of the server; unset, it runs at the app's default, as
//                                 `npm start` runs it, its log lines going to a file
//   BENCH_NODE_ARGS               extra node flags for the server (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof')
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchLogLevel, median, pgQuery, serverEnv } from './bench-lib.mjs';
import { BENCH_ADDRESS, jsonClient, percentile, signUp, waitForApi } from './bench-shop.mjs';

const seconds = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 20);
const shopperCount = Number(process.env.BENCH_CHECKOUT_SHOPPERS ?? 24);
const productCount = Number(process.env.BENCH_CHECKOUT_PRODUCTS ?? 120);
const port = Number(process.env.BENCH_PORT ?? 3231) + 3;
/** How long the refusals are measured on their own, after the run. */
const REFUSALS_SECONDS = 5;
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const logLevel = benchLogLevel();
const benchDb = `pehnava_checkout_${process.pid}`;
const base = `http://127.0.0.1:${port}`;
const agent = new Agent({ keepAlive: true, maxSockets: shopperCount * 2 });

const admin = (text) => pgQuery(pgServer, text);

const { call, must } = jsonClient(base, agent);

const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-checkout-bench-'));
let server;
let exitCode = 0;
try {
  await admin(`drop database if exists ${benchDb} with (force)`);
  await admin(`create database ${benchDb}`);
  const dbUrl = new URL(pgServer);
  dbUrl.pathname = `/${benchDb}`;
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const log = openSync(join(dataDir, 'server.log'), 'a');
  server = spawn(process.execPath, [...nodeArgs, 'apps/api/dist/server.js'], {
    env: serverEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.toString(),
      ...logLevel.env,
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    }),
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  await waitForApi({ call }, server);

  const { payments } = await must('/api/config');
  const { products: all } = await must('/api/product/list');
  const products = all
    .filter((p) => p.isAvailable && p.sizes.some((s) => s.available))
    .slice(0, productCount)
    .map((p) => ({ id: p._id, size: p.sizes.find((s) => s.available).size }));
  const tokens = [];
  for (let i = 0; i < shopperCount; i += 4) {
    tokens.push(
      ...(await Promise.all(
        [0, 1, 2, 3]
          .filter((k) => i + k < shopperCount)
          .map((k) =>
            signUp(
              { must },
              `checkout-bench-${process.pid}-${i + k}@example.com`,
              `Bench Shopper ${i + k}`,
            ),
          ),
      )),
    );
  }

  const today = new Date(Date.now() + 5.5 * 3_600_000);
  const startIn = (days) =>
    new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const stats = { confirmed: 0, taken: 0, failed: [], checkoutMs: [], createMs: [] };
  const cpuTicks = () => {
    try {
      const f = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch {
      return undefined;
    }
  };
  /**
   * One checkout: create, pay in the sandbox, verify. 'confirmed', 'taken' (409: no piece free),
   * or a failure's description. Times go to `into` when given.
   */
  async function checkoutOnce(token, product, startDay, into) {
    const t0 = performance.now();
    const created = await call('/api/booking/create', {
      method: 'POST',
      token,
      body: {
        cartItems: [
          { productId: product.id, size: product.size, duration: 2, startDate: startIn(startDay) },
        ],
        address: BENCH_ADDRESS,
      },
    });
    into?.createMs.push(performance.now() - t0);
    if (created.status === 409 && /no longer available/.test(created.body?.message ?? '')) {
      return 'taken';
    }
    if (created.status !== 200) return `create ${created.status} ${created.body?.message}`;
    const paid = await call('/api/payments/sandbox/pay', {
      method: 'POST',
      body: {
        key: payments.keyId,
        order_id: created.body.orderId,
        method: 'upi',
        vpa: 'success@razorpay',
      },
    });
    if (paid.status !== 200 || paid.body.status !== 'captured') {
      return `pay ${paid.status} ${paid.body?.message}`;
    }
    const { status: _s, ...ids } = paid.body;
    const verified = await call('/api/booking/verify', {
      method: 'POST',
      token,
      body: { ...ids, bookingId: created.body.bookingId },
    });
    if (verified.status !== 200) return `verify ${verified.status} ${verified.body?.message}`;
    into?.checkoutMs.push(performance.now() - t0);
    return 'confirmed';
  }

  const cpuBefore = cpuTicks();
  const started = Date.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, w) => {
      // Each shopper picks products and dates from its own seeded sequence: the same run each time.
      let seed = 2_654_435_761 * (w + 1);
      const nextRandom = () => {
        seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
        return seed / 2 ** 32;
      };
      while (Date.now() < deadline) {
        const product = products[Math.floor(nextRandom() * products.length)];
        const startDay = 1 + Math.floor(nextRandom() * 85);
        const outcome = await checkoutOnce(token, product, startDay, stats);
        if (outcome === 'confirmed') stats.confirmed += 1;
        else if (outcome === 'taken') stats.taken += 1;
        else stats.failed.push(outcome);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const cpuAfter = cpuTicks();
  const clk = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
  const cpuPerCheckout =
    cpuBefore === undefined || cpuAfter === undefined || stats.confirmed === 0
      ? undefined
      : ((cpuAfter - cpuBefore) / clk / stats.confirmed) * 1000;

  // What a refused checkout costs, measured on its own: one product is booked full on a day
  // outside the run's (88 days ahead), then every shopper tries it for REFUSALS_SECONDS. The run's
  // CPU less its refusals at that cost, per confirmed checkout, is what a checkout costs.
  const full = products[0];
  const fullDay = 88;
  let filled = 0;
  for (;;) {
    const outcome = await checkoutOnce(tokens[0], full, fullDay);
    if (outcome === 'taken') break;
    if (outcome !== 'confirmed') throw new Error(`filling ${full.id}: ${outcome}`);
    filled += 1;
  }
  const refusals = { taken: 0, other: [] };
  const refusalsBefore = cpuTicks();
  const refusalsDeadline = Date.now() + REFUSALS_SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < refusalsDeadline) {
        const outcome = await checkoutOnce(token, full, fullDay);
        if (outcome === 'taken') refusals.taken += 1;
        else refusals.other.push(outcome);
      }
    }),
  );
  const refusalsAfter = cpuTicks();
  if (refusals.other.length > 0) {
    throw new Error(`a checkout of a full product was not refused: ${refusals.other[0]}`);
  }
  const cpuPerRefusal =
    refusalsBefore === undefined || refusalsAfter === undefined || refusals.taken === 0
      ? undefined
      : ((refusalsAfter - refusalsBefore) / clk / refusals.taken) * 1000;
  const cpuPerCheckoutAlone =
    cpuPerCheckout === undefined || cpuPerRefusal === undefined
      ? undefined
      : (((cpuAfter - cpuBefore) / clk) * 1000 - stats.taken * cpuPerRefusal) / stats.confirmed;

  // Give the sandbox's webhooks a moment to arrive (each is a second, signed confirmation).
  await new Promise((r) => setTimeout(r, 4000));
  const q = async (text) => (await pgQuery(dbUrl.toString(), text)).rows;
  const [{ doubled }] = await q(`
    select count(*)::int as doubled from unit_reservations a
    join unit_reservations b on a.unit_id = b.unit_id and a.id < b.id
    where a.active and b.active
      and daterange(a.blocked_from, a.blocked_until, '[]') && daterange(b.blocked_from, b.blocked_until, '[]')`);
  const [{ confirmed }] = await q(
    `select count(*)::int as confirmed from bookings where status = 'confirmed' and payment_status = 'completed'`,
  );
  const [{ mails, bookings_mailed }] = await q(`
    select count(*)::int as mails, count(distinct subject)::int as bookings_mailed
    from outbox_mails where kind = 'booking-confirmed'`);
  const [{ delivered }] = await q(
    `select count(*)::int as delivered from sandbox_webhooks where delivered_at is not null`,
  );

  console.log(
    `checkouts ${stats.confirmed} in ${elapsed.toFixed(1)} s, taken ${stats.taken}, failed ${stats.failed.length}; ` +
      `filled ${filled}, refused ${refusals.taken} at ${cpuPerRefusal?.toFixed(2)} ms; ` +
      `double-booked ${doubled}; confirmed in db ${confirmed}; mails ${mails} for ${bookings_mailed} bookings; webhooks delivered ${delivered}`,
  );
  if (stats.failed.length > 0)
    console.log(`failures: ${[...new Set(stats.failed)].slice(0, 5).join('; ')}`);

  const date = new Date().toISOString().slice(0, 10);
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    encoding: 'utf8',
  }).stdout.trim();
  const rows = [
    ['checkouts confirmed (create + pay + verify)', String(stats.confirmed)],
    ['checkouts per second', (stats.confirmed / elapsed).toFixed(1)],
    [
      'checkout p50 / p99 ms',
      `${median(stats.checkoutMs).toFixed(0)} / ${percentile(stats.checkoutMs, 99).toFixed(0)}`,
    ],
    [
      'create p50 / p99 ms',
      `${median(stats.createMs).toFixed(0)} / ${percentile(stats.createMs, 99).toFixed(0)}`,
    ],
    [
      'server CPU ms per checkout, refusals included (run CPU ÷ checkouts)',
      cpuPerCheckout === undefined ? '' : cpuPerCheckout.toFixed(1),
    ],
    ['refused 409: the piece was taken', String(stats.taken)],
    [
      `server CPU ms per refused checkout (${refusals.taken} refusals of a full product, ${REFUSALS_SECONDS} s)`,
      cpuPerRefusal === undefined ? '' : cpuPerRefusal.toFixed(2),
    ],
    [
      '**server CPU ms per checkout** (run CPU less its refusals ÷ checkouts)',
      cpuPerCheckoutAlone === undefined ? '' : `**${cpuPerCheckoutAlone.toFixed(1)}**`,
    ],
    ['other failures', String(stats.failed.length)],
    [
      `confirmed bookings in the database (the run's, and ${filled} that filled the full product)`,
      String(confirmed),
    ],
    ['confirmation mails (for distinct bookings)', `${mails} (${bookings_mailed})`],
    ['sandbox webhooks delivered (second confirmations)', String(delivered)],
    ['**pieces booked twice for overlapping days**', `**${doubled}**`],
  ];
  const widths = [
    Math.max(...rows.map((r) => r[0].length), 6),
    Math.max(...rows.map((r) => r[1].length), 5),
  ];
  const line = (a, b) => `| ${a.padEnd(widths[0])} | ${b.padStart(widths[1])} |`;
  const table = [
    '<!-- bench-checkout:start -->',
    '',
    `### Checkout on PostgreSQL (${date}, commit ${commit || 'unknown'})`,
    '',
    `${shopperCount} shoppers checking out at once for ${seconds} s, one checkout after another each, ` +
      `over ${productCount} products and start dates in the next 85 days (so they contend for pieces); ` +
      `each checkout is POST /api/booking/create, the sandbox pay call, POST /api/booking/verify; ` +
      `${cpus().length} cores shared by the load, the server and PostgreSQL; the server with ${logLevel.described}, its standard output to a file.`,
    '',
    line('figure', 'value'),
    `| ${'-'.repeat(widths[0])} | ${'-'.repeat(widths[1] - 1)}: |`,
    ...rows.map(([a, b]) => line(a, b)),
    '',
    '<!-- bench-checkout:end -->',
  ].join('\n');

  const file = 'docs/benchmarks.md';
  let doc = readFileSync(file, 'utf8');
  const block = /<!-- bench-checkout:start -->[\s\S]*?<!-- bench-checkout:end -->/;
  const heading = '## Checkout (create, pay, verify)';
  if (block.test(doc)) doc = doc.replace(block, table);
  else {
    if (!doc.includes(heading)) {
      doc = `${doc.trimEnd()}\n\n${heading}\n\n\`npm run bench\` (scripts/bench-checkout.mjs).\n`;
    }
    doc = `${doc.trimEnd()}\n\n${table}\n`;
  }
  writeFileSync(file, doc);
  console.log(`\n${table}`);
  if (
    doubled !== 0 ||
    confirmed !== stats.confirmed + filled ||
    mails !== confirmed ||
    stats.failed.length > 0
  ) {
    process.stderr.write('checkout bench: a check failed (see the table)\n');
    exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  exitCode = 1;
} finally {
  agent.destroy();
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await admin(`drop database if exists ${benchDb} with (force)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
