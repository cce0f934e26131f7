#!/usr/bin/env node
// `npm run bench:fulfilment`: the packing table's two taps, as the server answers them (issue [N]
// §3). Makes BENCH_FULFILMENT_BOOKINGS paid bookings of one piece each (checked out and paid in
// the sandbox, as shoppers do), then a packer sends them one after another (POST
// /api/admin/bookings/{id}/dispatch) and checks each piece back in as good (POST …/return), one
// request at a time, as one person at a table taps. Each request's time is measured from the
// client over a kept-alive connection (so it is the server's part and the loopback's), and the
// server's CPU per request from /proc. The table goes to docs/benchmarks.md, section 'Packing
// table'.
//
// Options (environment):
//   BENCH_FULFILMENT_BOOKINGS (200)  bookings sent and checked in
//   BENCH_PORT (3231)                the server listens on this port + 4
//   BENCH_PG_URL                     PostgreSQL server (postgres://postgres@127.0.0.1:5432/test)
//   BENCH_LOG_LEVEL                  LOG_LEVEL of the server; unset, the app's default, as
//                                    `npm start` runs it, its log lines going to a file
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  benchLogLevel,
  commitAndDate,
  cpuSeconds,
  markdownTable,
  median,
  ms,
  pgQuery,
  serverEnv,
  startServer,
  writeBenchmarks,
} from './bench-lib.mjs';
import { BENCH_ADDRESS, jsonClient, percentile, signUp } from './bench-shop.mjs';

const bookings = Number(process.env.BENCH_FULFILMENT_BOOKINGS ?? 200);
const port = Number(process.env.BENCH_PORT ?? 3231) + 4;
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const logLevel = benchLogLevel();
const benchDb = `pehnava_fulfilment_${process.pid}`;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const { call, must } = jsonClient(`http://127.0.0.1:${port}`, agent);
const PACKER = { email: 'bench-packer@pehnava.test', password: 'bench-packer-password-1' };
/** Shoppers the bookings are spread over (none is near any limit of its own). */
const SHOPPERS = 8;

const admin = (text, url = pgServer) => pgQuery(url, text);

/** One paid booking of one piece: create, pay in the sandbox, verify; its id, or undefined. */
async function paidBooking(token, product, startDate, keyId) {
  const created = await call('/api/booking/create', {
    method: 'POST',
    token,
    body: {
      cartItems: [{ productId: product.id, size: product.size, duration: 2, startDate }],
      address: BENCH_ADDRESS,
    },
  });
  if (created.status === 409) return undefined;
  if (created.status !== 200) throw new Error(`create: ${created.status} ${created.body?.message}`);
  const paid = await must('/api/payments/sandbox/pay', {
    method: 'POST',
    body: { key: keyId, order_id: created.body.orderId, method: 'upi', vpa: 'success@razorpay' },
  });
  const { status: _status, ...ids } = paid;
  await must('/api/booking/verify', {
    method: 'POST',
    token,
    body: { ...ids, bookingId: created.body.bookingId },
  });
  return created.body.bookingId;
}

/** Each request of `ids` in turn through `send`; the times in ms and the server's CPU per request. */
async function oneAtATime(ids, send, pid) {
  const times = [];
  const cpuBefore = cpuSeconds(pid);
  for (const id of ids) {
    const started = performance.now();
    const answer = await send(id);
    times.push(performance.now() - started);
    if (answer.status !== 200)
      throw new Error(`${answer.status} ${answer.body?.message} for ${id}`);
  }
  const cpuAfter = cpuSeconds(pid);
  const cpuMs =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : ((cpuAfter - cpuBefore) * 1000) / ids.length;
  return { times, cpuMs };
}

const children = [];
const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-fulfilment-bench-'));
let exitCode = 0;
try {
  await admin(`drop database if exists ${benchDb} with (force)`);
  await admin(`create database ${benchDb}`);
  const dbUrl = new URL(pgServer);
  dbUrl.pathname = `/${benchDb}`;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    ...logLevel.env,
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL: '100000',
  };
  const server = await startServer(
    children,
    'the API server',
    ['apps/api/dist/server.js'],
    env,
    port,
    '/api/health',
    { logFile: join(dataDir, 'server.log') },
  );
  const made = spawnSync(
    process.execPath,
    [
      'apps/api/dist/cli/create-admin.js',
      ...['--email', PACKER.email, '--password', PACKER.password],
      ...['--name', 'Bench Packer', '--role', 'staff'],
    ],
    { env: serverEnv(env), encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`create-admin: ${made.stderr || made.stdout}`);
  const packer = (await must('/api/user/login', { method: 'POST', body: PACKER })).token;

  const { payments } = await must('/api/config');
  const { products: all } = await must('/api/product/list');
  // Every size of every product, one booking each: a piece checked in goes to cleaning, so no
  // piece is sent twice in one run.
  const pieces = all
    .filter((p) => p.isAvailable)
    .flatMap((p) => p.sizes.filter((s) => s.available).map((s) => ({ id: p._id, size: s.size })));
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i += 1) {
    shoppers.push(
      await signUp({ must }, `fulfilment-bench-${process.pid}-${i}@example.com`, `Shopper ${i}`),
    );
  }

  // A day's sending: every booking starts the day after tomorrow.
  const startDate = new Date(Date.now() + (5.5 + 48) * 3_600_000).toISOString().slice(0, 10);
  const ids = [];
  for (const [n, piece] of pieces.entries()) {
    if (ids.length === bookings) break;
    const id = await paidBooking(shoppers[n % SHOPPERS], piece, startDate, payments.keyId);
    if (id) ids.push(id);
  }
  if (ids.length < bookings) {
    throw new Error(`the catalogue had pieces for ${ids.length} bookings, not ${bookings}`);
  }

  const packerCall = (path, body) => call(path, { method: 'POST', token: packer, body });
  // The line and piece each answer names, for its check-in.
  const items = new Map();
  const dispatch = await oneAtATime(
    ids,
    async (id) => {
      const answer = await packerCall(`/api/admin/bookings/${id}/dispatch`, {});
      items.set(id, answer.body?.booking?.items[0]);
      return answer;
    },
    server.pid,
  );
  const back = await oneAtATime(
    ids,
    (id) => {
      const item = items.get(id);
      return packerCall(`/api/admin/bookings/${id}/return`, {
        items: [{ itemId: item._id, unitCode: item.unitCode, condition: 'good' }],
      });
    },
    server.pid,
  );

  // Every piece sent and back, once each; a mail for each sending and each return.
  const [counted] = (
    await admin(
      `select count(*) filter (where dispatched_at is not null)::int as sent,
              count(*) filter (where returned_at is not null and condition = 'good')::int as back
       from unit_reservations where booking_item_id is not null`,
      dbUrl.toString(),
    )
  ).rows;
  const mails = Object.fromEntries(
    (
      await admin(
        `select kind, count(*)::int as n from outbox_mails group by kind`,
        dbUrl.toString(),
      )
    ).rows.map((r) => [r.kind, r.n]),
  );
  console.log(`pieces sent ${counted.sent}, back as good ${counted.back}; mails`, mails);

  const { commit, date } = commitAndDate();
  const line = (label, { times, cpuMs }) => [
    label,
    String(times.length),
    ms(median(times)),
    ms(percentile(times, 95)),
    ms(Math.max(...times)),
    cpuMs === undefined ? '' : ms(cpuMs),
  ];
  const table = markdownTable(
    ['request', 'count', 'median ms', 'p95 ms', 'slowest ms', 'server CPU ms each'],
    ['l', 'r', 'r', 'r', 'r', 'r'],
    [
      line('dispatch (POST /api/admin/bookings/{id}/dispatch)', dispatch),
      line('check-in as good (POST /api/admin/bookings/{id}/return)', back),
    ],
  );
  const block = [
    '<!-- bench-fulfilment:start -->',
    '',
    `### The packing table's taps (${date}, commit ${commit})`,
    '',
    `${bookings} paid bookings of one piece each, sent one after another by one packer and then ` +
      `checked in as good one after another; PostgreSQL, ${cpus().length} cores, the server with ` +
      `${logLevel.described}. Times from the client over a kept-alive connection.`,
    '',
    table,
    '',
    '<!-- bench-fulfilment:end -->',
  ].join('\n');
  writeBenchmarks(
    'bench-fulfilment',
    block,
    '## Packing table (dispatch, check-in)',
    '`npm run bench:fulfilment` (scripts/bench-fulfilment.mjs): issue [N] §3 asks for ≤ 100 ms at the median.',
  );
  console.log(`\n${block}`);
  if (
    counted.sent !== bookings ||
    counted.back !== bookings ||
    mails['booking-status'] !== bookings ||
    mails['booking-return'] !== bookings
  ) {
    process.stderr.write('fulfilment bench: not every piece was sent and back once, mailed once\n');
    exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  exitCode = 1;
} finally {
  agent.destroy();
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await admin(`drop database if exists ${benchDb} with (force)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
