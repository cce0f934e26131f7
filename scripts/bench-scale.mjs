#!/usr/bin/env node
// `npm run bench:scale`: the built server on a PostgreSQL database filled by `npm run seed:scale`,
// measured with wrk: a product page's availability calendar (the busiest product and a typical
// one), the collection's server-side search (GET /api/products, filtered, sorted, page 3), the
// whole catalogue list (still served from its compressed snapshot) and the home page's HTML.
// Rounds are interleaved and medians quoted. Results go to docs/benchmarks.md, section 'At scale'.
//
// Options (environment):
//   BENCH_SCALE_DATABASE_URL  the database seed:scale filled (postgres://postgres@127.0.0.1:5432/pehnava_scale)
//   BENCH_SCALE_DATA_DIR      the DATA_DIR seed:scale wrote its images to (./data)
//   BENCH_SECONDS (5)         seconds per target per round; each target is also warmed for 2 s first
//   BENCH_ROUNDS (3)          interleaved rounds
//   BENCH_CONNECTIONS (10)    wrk connections (always 1 thread)
//   BENCH_PORT (3261)         the server's loopback port
//   BENCH_LOG_LEVEL           LOG_LEVEL of the server; unset, it runs at the app's default, as
//                             `npm start` runs it (its log lines go to a file, as an operator's
//                             would: pehnava-scale-bench.log in the temporary folder, kept)
//   BENCH_LABEL (latest)      the name of this run's table in docs/benchmarks.md (replaced by a run
//                             with the same label; others are kept)
//   BENCH_NOTE                one paragraph written above the table (e.g. how seed:scale went)
// The server gets this environment too: CATALOGUE_CACHE_TTL_MS (the app's default, 30 s, unless
// set) decides how often its catalogue snapshot is rebuilt while the bench runs.
import { rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import pg from 'pg';
import {
  benchLogLevel,
  commitAndDate,
  count,
  cpuSeconds,
  fileSize,
  markdownTable,
  median,
  ms,
  rawResponse,
  serverState,
  startServer,
  wrk,
  wrkVersion,
  writeBenchmarks,
} from './bench-lib.mjs';

const databaseUrl =
  process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pehnava_scale';
const dataDir = process.env.BENCH_SCALE_DATA_DIR ?? './data';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3261);
const logLevel = benchLogLevel();
const note = process.env.BENCH_NOTE ?? '';
const label = (process.env.BENCH_LABEL ?? 'latest').replace(/[^\w.-]/g, '-');
/** wrk's --timeout: a request not answered by then is given up on. */
const TIMEOUT_MS = 5000;
const WARM_UP_SECONDS = 2;
const SEARCH_PATH = '/api/products?category=Women&occasion=Wedding&sort=price-low-high&page=3';
/** The targets the issue sets, p99 in ms. */
const TARGETS = { availability: 20, search: 50 };
const version = wrkVersion('npm run bench:scale');
const ttl = process.env.CATALOGUE_CACHE_TTL_MS;
const snapshotTtl =
  ttl === '0'
    ? 'the catalogue snapshot is rebuilt only when told of a change (CATALOGUE_CACHE_TTL_MS=0)'
    : `the catalogue's change mark is read on the first request once the snapshot is ${Number(ttl ?? 30_000) / 1000} s old, and the snapshot rebuilt only if the mark moved (CATALOGUE_CACHE_TTL_MS${ttl ? `=${ttl}` : ', the default'}; decision 063)`;
const browser = { 'accept-encoding': 'br, gzip' };
const logFile = join(tmpdir(), 'pehnava-scale-bench.log');

/** What the database holds, and the products whose calendars are measured. */
async function inspect() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text) => (await client.query(text)).rows[0];
    const counts = await one(`select
      (select count(*) from products)::int as products,
      (select count(*) from product_units)::int as units,
      (select count(*) from bookings)::int as bookings,
      (select count(*) from unit_reservations)::int as reservations,
      (select count(*) from unit_reservations where active)::int as active`);
    if (counts.bookings === 0) {
      throw new Error(
        `${databaseUrl} holds no bookings: fill it first with DATABASE_URL=… npm run seed:scale`,
      );
    }
    // Products by active holds over the calendar's window (today − 1 to today + 107 days).
    const { rows } = await client.query(`
      select p.id, p.product_id as code, count(r.id)::int as holds
      from products p
      join product_units u on u.product_id = p.id
      left join unit_reservations r on r.unit_id = u.id and r.active
        and r.blocked_until >= current_date - 1 and r.blocked_from <= current_date + 107
      where p.is_available
      group by p.id, p.product_id
      order by holds desc, p.product_id`);
    const busiest = rows[0];
    const typical = rows[Math.floor(rows.length / 2)];
    return { counts, busiest, typical };
  } finally {
    await client.end();
  }
}

const children = [];
let exitCode = 0;
rmSync(logFile, { force: true });
try {
  const { counts, busiest, typical } = await inspect();
  console.log(
    `${count(counts.products)} products, ${count(counts.units)} units, ${count(counts.bookings)} bookings, ${count(counts.reservations)} unit reservations (${count(counts.active)} active)`,
  );
  const server = await startServer(
    children,
    'Pehnava on PostgreSQL',
    ['apps/api/dist/server.js'],
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...logLevel.env },
    port,
    '/api/health',
    { logFile },
  );
  const base = `http://127.0.0.1:${port}`;

  // What each answer is before it is measured.
  const checks = [];
  const availability = async (product) => {
    const answer = await rawResponse(`${base}/api/product/${product.id}/availability`, {});
    if (answer.status !== 200) throw new Error(`availability of ${product.code}: ${answer.status}`);
    const body = JSON.parse(answer.body.toString('utf8'));
    const blocked = body.sizes.reduce((n, s) => n + s.unavailableStartDates['4'].length, 0);
    return `${product.code}: ${product.holds} active holds in the window, ${body.sizes.length} sizes, ${blocked} size-days with no piece free for 4 days`;
  };
  checks.push(`busiest product ${await availability(busiest)}`);
  checks.push(`typical product ${await availability(typical)}`);

  const search = await rawResponse(`${base}${SEARCH_PATH}`, browser);
  const searchFound = search.status === 200;
  if (searchFound) {
    const body = JSON.parse(
      search.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(search.body).toString('utf8')
        : search.body.toString('utf8'),
    );
    checks.push(
      `search ${SEARCH_PATH}: ${body.products?.length ?? '?'} products on the page of ${body.total ?? '?'}, ${count(search.body.length)} bytes as sent (${search.headers['content-encoding'] ?? 'identity'})`,
    );
  } else {
    checks.push(
      `search ${SEARCH_PATH}: answered ${search.status}: GET /api/products is not in this build, so it is not measured`,
    );
  }

  // The first list answer builds the snapshot's list bodies (serialized, brotli 9 and gzip 9).
  const coldStart = performance.now();
  const listA = await rawResponse(`${base}/api/product/list`, browser);
  const coldMs = performance.now() - coldStart;
  const listB = await rawResponse(`${base}/api/product/list`, browser);
  const listJson = brotliDecompressSync(listA.body);
  const listed = JSON.parse(listJson.toString('utf8')).products.length;
  const snapshot =
    listA.status === 200 &&
    listA.headers['content-encoding'] === 'br' &&
    listA.headers.etag === listB.headers.etag &&
    listA.body.equals(listB.body);
  if (!snapshot)
    throw new Error('GET /api/product/list did not answer the same brotli bytes twice');
  checks.push(
    `list: ${count(listed)} products, ${count(listJson.length)} bytes of JSON, ${count(listA.body.length)} bytes as sent (br, the same bytes and ETag ${listA.headers.etag} on every request: the snapshot); the first answer, which encodes the list, took ${(coldMs / 1000).toFixed(1)} s`,
  );
  const page = await rawResponse(`${base}/`, browser);
  const pageGzip = await rawResponse(`${base}/`, { 'accept-encoding': 'gzip' });
  const pagePlain = await rawResponse(`${base}/`, {});
  checks.push(
    `/: ${count(page.body.length)} bytes as sent (br), ${count(pageGzip.body.length)} gzip, ${count(pagePlain.body.length)} uncompressed`,
  );
  for (const line of checks) console.log(line);

  const targets = [
    {
      key: 'busiest',
      label: `GET /api/product/{id}/availability, busiest product (${busiest.holds} holds)`,
      url: `${base}/api/product/${busiest.id}/availability`,
      target: TARGETS.availability,
    },
    {
      // The product page asks for the shopper's PIN code (issue [O] §3): Jaipur, 3 days away.
      key: 'busiest-pincode',
      label: `GET /api/product/{id}/availability?pincode=302001, busiest product (${busiest.holds} holds)`,
      url: `${base}/api/product/${busiest.id}/availability?pincode=302001`,
      target: TARGETS.availability,
    },
    {
      key: 'typical',
      label: `GET /api/product/{id}/availability, typical product (${typical.holds} holds)`,
      url: `${base}/api/product/${typical.id}/availability`,
      target: TARGETS.availability,
    },
    ...(searchFound
      ? [
          {
            key: 'search',
            label: `GET ${SEARCH_PATH}`,
            url: `${base}${SEARCH_PATH}`,
            target: TARGETS.search,
          },
        ]
      : []),
    {
      key: 'list',
      label: `GET /api/product/list (${count(listed)} products)`,
      url: `${base}/api/product/list`,
    },
    { key: 'page', label: 'GET / (the home page HTML)', url: `${base}/` },
  ];

  for (const target of targets) {
    await wrk(target.url, { duration: WARM_UP_SECONDS, connections, headers: browser });
  }
  const samples = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const cpuBefore = cpuSeconds(server.pid);
      const logBefore = fileSize(logFile);
      const result = await wrk(target.url, {
        duration: seconds,
        connections,
        headers: browser,
      }).catch((error) => {
        throw new Error(`${error.message}\n${serverState(server, logFile)}`);
      });
      const cpuAfter = cpuSeconds(server.pid);
      const logBytes = (fileSize(logFile) - logBefore) / Math.max(1, result.requests);
      result.cpu =
        cpuBefore === undefined || cpuAfter === undefined || result.requests === 0
          ? undefined
          : ((cpuAfter - cpuBefore) * 1e6) / result.requests;
      // wrk's percentiles leave out requests it gave up on (after 5 s): a run with any counts as
      // at least that slow.
      if (result.timeouts > 0 || result.requests === 0) {
        result.p99 = Math.max(result.p99, TIMEOUT_MS);
        if (result.requests === 0) result.p50 = TIMEOUT_MS;
      }
      samples[target.key].push(result);
      console.log(
        `round ${round} ${target.label}: ${count(result.rps)} req/s, p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms` +
          `${result.cpu === undefined ? '' : `, server ${Math.round(result.cpu)} µs CPU/req`}` +
          `, ${logBytes.toFixed(1)} log bytes/req` +
          `${result.timeouts ? `, ${result.timeouts} timeouts` : ''}`,
      );
    }
  }

  const med = (key, field) => median(samples[key].map((s) => s[field]));
  const rows = targets.map((t) => {
    const runs = samples[t.key];
    const cpus = runs.filter((r) => r.cpu !== undefined).map((r) => r.cpu);
    const p99 = med(t.key, 'p99');
    const worst = Math.max(...runs.map((r) => r.p99));
    const timeouts = runs.reduce((n, r) => n + r.timeouts, 0);
    const shown = (value) => (value >= TIMEOUT_MS ? `≥ ${TIMEOUT_MS}` : ms(value));
    const answered = runs.filter((r) => r.requests > 0);
    return [
      t.label,
      count(med(t.key, 'rps')),
      shown(med(t.key, 'p50')),
      shown(p99),
      shown(worst),
      String(timeouts),
      cpus.length === 0 ? '' : String(Math.round(median(cpus))),
      answered.length === 0 ? '' : count(median(answered.map((r) => r.bytes / r.requests))),
      t.target === undefined ? '' : `≤ ${t.target}: ${p99 <= t.target ? 'met' : 'not met'}`,
    ];
  });
  const { date, commit } = commitAndDate();
  const block = [
    `<!-- bench-scale:${label}:start -->`,
    '',
    `### ${label} (${date}, commit ${commit})`,
    '',
    ...(note ? [note, ''] : []),
    `A database filled by \`npm run seed:scale\`: ${count(counts.products)} products, ${count(counts.units)} units, ` +
      `${count(counts.bookings)} bookings, ${count(counts.reservations)} unit reservations (${count(counts.active)} active). ` +
      `\`npm run bench:scale\`: the built server on it (PostgreSQL on the same machine, ${logLevel.described}, its standard output to a file), ` +
      `wrk ${version}, 1 thread, ${connections} connections, ${seconds} s per target after a ${WARM_UP_SECONDS} s warm-up, ` +
      `${rounds} interleaved rounds, medians; ${cpus().length} cores shared by wrk, the server and PostgreSQL ` +
      '(and other work on the machine); requests send `accept-encoding: br, gzip` as a browser does; ' +
      `${snapshotTtl}.`,
    '',
    ...checks.map((line) => `- ${line}`),
    '',
    markdownTable(
      [
        'target',
        'req/s',
        'p50 ms',
        'p99 ms',
        'worst round p99 ms',
        'timeouts',
        'server CPU µs/req',
        'bytes/response (with headers)',
        'p99 target (ms)',
      ],
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
      rows,
    ),
    '',
    `<!-- bench-scale:${label}:end -->`,
  ].join('\n');
  writeBenchmarks(
    `bench-scale:${label}`,
    block,
    '## At scale (seed:scale)',
    '`npm run seed:scale` fills a PostgreSQL database; `npm run bench:scale` (scripts/bench-scale.mjs) measures the built server on it.',
  );
  console.log(`\n${block}`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
}
process.exit(exitCode);
