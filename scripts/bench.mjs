#!/usr/bin/env node
// `npm run bench`: the API's hot path under wrk, beside bare Fastify yardsticks measured in the same
// run: a hello-world, and a route sending the very same compressed bytes as the catalogue list.
// On PGlite and on PostgreSQL: the list, a product's detail, a shopper's cart (3 items, bearer
// token) and the shopper's profile. Rounds are interleaved and medians quoted, because this
// machine is noisy. Results go to docs/benchmarks.md, section 'Hot path (wrk)'.
//
// Options (environment):
//   BENCH_SECONDS (5)      seconds per target per round; each target is also warmed for 2 s first
//   BENCH_ROUNDS (3)       interleaved rounds
//   BENCH_CONNECTIONS (50) wrk connections (always 1 thread)
//   BENCH_PORT (3231)      first of the loopback ports: hello-world, PGlite, PostgreSQL, (+3 is
//                          the checkout bench's), the baseline's PGlite and PostgreSQL
//   BENCH_PG_URL           PostgreSQL server (postgres://postgres@127.0.0.1:5432/test); the run
//                          creates a database of its own there and drops it afterwards
//   BENCH_LOG_LEVEL        LOG_LEVEL of the Pehnava servers; unset, they run at the app's default,
//                          as `npm start` runs them (their log lines go to a file, as an
//                          operator's would, and the table says how many bytes each response
//                          wrote there)
//   BENCH_BASELINE         another checkout, built (e.g. the commit before a change): its servers
//                          are started beside this build's and measured in the same rounds
//   BENCH_BASELINE_NAME    (baseline) what the baseline's rows are called, e.g. its commit
//   BENCH_LABEL (latest)   the name of this run's table in docs/benchmarks.md; a run replaces the
//                          table with its label and keeps the others (e.g. 'before' and 'after')
//   BENCH_NOTE             one sentence written above the table (what was measured, and why)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  benchLogLevel,
  commitAndDate,
  count,
  cpuSeconds,
  fileSize,
  markdownTable,
  median,
  ms,
  pgQuery,
  rawResponse as rawAnswer,
  serverState,
  startServer,
  wrk as wrkRun,
  wrkVersion as checkWrk,
  writeBenchmarks,
} from './bench-lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const firstPort = Number(process.env.BENCH_PORT ?? 3231);
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const logLevel = benchLogLevel();
const label = (process.env.BENCH_LABEL ?? 'latest').replace(/[^\w.-]/g, '-');
const note = process.env.BENCH_NOTE ?? '';
const WARM_UP_SECONDS = 2;
const wrkVersion = checkWrk('npm run bench');

const baseline = process.env.BENCH_BASELINE;
const baselineName = process.env.BENCH_BASELINE_NAME ?? 'baseline';
const benchDb = `pehnava_bench_${process.pid}`;
/** The databases this run made on the PostgreSQL server, dropped at its end. */
const benchDatabases = [];
const children = [];

const start = (name, args, env, port, readyPath, options) =>
  startServer(children, name, args, env, port, readyPath, options);

const admin = (text) => pgQuery(pgServer, text);

async function call(base, path, { method = 'GET', token, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
  return json;
}

/**
 * A shopper signed up through the API (the code read from the development mailbox) with three
 * products in the cart; returns the bearer token.
 */
async function shopperWithCart(base, products) {
  const email = `bench-${process.pid}@example.com`;
  await call(base, '/api/user/register', {
    method: 'POST',
    body: { name: 'Bench Shopper', email, password: 'bench-password-1' },
  });
  // The mail leaves through the outbox a moment after the sign-up commits: look for up to 5 s.
  let otp;
  for (let tries = 0; !otp && tries < 50; tries += 1) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const { mails } = await call(base, '/api/dev/mail');
    otp = /\b(\d{6})\b/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[1];
  }
  if (!otp) throw new Error(`no sign-up code for ${email} in the development mailbox`);
  const { token } = await call(base, '/api/user/verify-otp', {
    method: 'POST',
    body: { email, otp },
  });
  const startDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  let added = 0;
  for (const product of products) {
    const size = product.sizes.find((s) => s.available)?.size;
    if (!product.isAvailable || !size) continue;
    try {
      await call(base, '/api/cart/add', {
        method: 'POST',
        token,
        body: { productId: product._id, size, duration: 4, startDate },
      });
      added += 1;
    } catch {
      // no unit free: try the next product
    }
    if (added === 3) break;
  }
  const { cart } = await call(base, '/api/cart', { token });
  if (cart.length !== 3) throw new Error(`the bench shopper's cart holds ${cart.length} items`);
  return token;
}

/** A response's body and headers exactly as sent, refused unless a 200 in brotli. */
async function rawResponse(url, headers) {
  const answer = await rawAnswer(url, headers);
  if (answer.status !== 200 || answer.headers['content-encoding'] !== 'br') {
    throw new Error(`${url}: ${answer.status}, ${answer.headers['content-encoding']}`);
  }
  return answer;
}

/** Headers of the connection and the message framing, which every server sends its own way. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length']);

const wrk = (url, duration, headers) => wrkRun(url, { duration, connections, headers });

const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-bench-'));
let exitCode = 0;
try {
  // The build under test, and the baseline's when one is given, each on PGlite and PostgreSQL, each
  // server with a data folder (and database) of its own. On this machine a server started earlier
  // can run faster for its whole life (docs/benchmarks.md, 'Identical servers, different speeds'),
  // so the baseline's start first: any such advantage goes to the build the change is measured
  // against.
  const helloPort = firstPort;
  const builds = [
    { name: '', root: '.', dataDir, database: benchDb, ports: [firstPort + 1, firstPort + 2] },
  ];
  if (baseline) {
    builds.unshift({
      name: `${baselineName} `,
      root: baseline,
      dataDir: join(dataDir, 'baseline'),
      database: `${benchDb}_baseline`,
      // After the checkout bench's port (firstPort + 3).
      ports: [firstPort + 4, firstPort + 5],
    });
  }
  const deployments = [];
  for (const build of builds) {
    mkdirSync(build.dataDir, { recursive: true });
    await admin(`drop database if exists ${build.database} with (force)`);
    await admin(`create database ${build.database}`);
    benchDatabases.push(build.database);
    const databaseUrl = new URL(pgServer);
    databaseUrl.pathname = `/${build.database}`;
    for (const [db, port, env] of [
      ['PGlite', build.ports[0], {}],
      ['PostgreSQL', build.ports[1], { DATABASE_URL: databaseUrl.toString() }],
    ]) {
      const logFile = join(build.dataDir, `${db.toLowerCase()}.log`);
      const server = await start(
        `${build.name}Pehnava on ${db}`,
        [join(build.root, 'apps/api/dist/server.js')],
        { DATA_DIR: build.dataDir, ...logLevel.env, ...env },
        port,
        '/api/health',
        { logFile },
      );
      deployments.push({
        name: `${build.name}${db}`,
        base: `http://127.0.0.1:${port}`,
        server,
        logFile,
      });
    }
  }
  // This build's rows first.
  if (baseline) deployments.push(...deployments.splice(0, 2));
  const pl = deployments[0].base;

  // The very bytes and headers the list sends a browser, for the bare routes to send too.
  const list = await rawResponse(`${pl}/api/product/list`, { 'accept-encoding': 'br, gzip' });
  const listBytes = list.body;
  const sameFile = join(dataDir, 'list.br');
  const sameHeadersFile = join(dataDir, 'list-headers.json');
  writeFileSync(sameFile, listBytes);
  const listHeaders = Object.entries(list.headers).filter(([name]) => !HOP_HEADERS.has(name));
  writeFileSync(sameHeadersFile, JSON.stringify(Object.fromEntries(listHeaders)));
  const helloServer = await start(
    'hello-world',
    ['scripts/hello-server.mjs'],
    { SAME_BODY_FILE: sameFile, SAME_HEADERS_FILE: sameHeadersFile },
    helloPort,
    '/',
  );

  for (const deployment of deployments) {
    deployment.products = (await call(deployment.base, '/api/product/list')).products;
    deployment.token = await shopperWithCart(deployment.base, deployment.products);
  }
  const plList = deployments[0].products;
  const listJsonBytes = Buffer.byteLength(JSON.stringify({ success: true, products: plList }));

  const browser = { 'accept-encoding': 'br, gzip' };
  const hello = `http://127.0.0.1:${helloPort}`;
  const targets = [
    { key: 'hello', label: 'hello-world (bare Fastify)', url: `${hello}/`, server: helloServer },
    {
      key: 'same',
      label: `bare Fastify, the list's ${count(listBytes.length)} bytes (brotli)`,
      url: `${hello}/same`,
      server: helloServer,
    },
    {
      key: 'same-headers',
      label: "bare Fastify, the list's bytes and its headers",
      url: `${hello}/same-headers`,
      server: helloServer,
    },
  ];
  for (const [index, { name, base, products, token, server, logFile }] of deployments.entries()) {
    const k = `d${index}`;
    const auth = { authorization: `Bearer ${token}` };
    const first = targets.length;
    targets.push(
      {
        key: `${k}-list`,
        label: `${name}: GET /api/product/list`,
        url: `${base}/api/product/list`,
      },
      {
        key: `${k}-detail`,
        label: `${name}: GET /api/product/list/{id}`,
        url: `${base}/api/product/list/${products[3]._id}`,
      },
      {
        key: `${k}-cart`,
        label: `${name}: GET /api/cart (3 items, bearer)`,
        url: `${base}/api/cart`,
        headers: auth,
      },
      {
        key: `${k}-profile`,
        label: `${name}: GET /api/user/profile (bearer)`,
        url: `${base}/api/user/profile`,
        headers: auth,
      },
    );
    for (const target of targets.slice(first)) Object.assign(target, { server, logFile });
  }

  for (const target of targets) {
    await wrk(target.url, WARM_UP_SECONDS, { ...browser, ...target.headers });
  }
  const samples = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const cpuBefore = cpuSeconds(target.server.pid);
      const logBefore = target.logFile && fileSize(target.logFile);
      const result = await wrk(target.url, seconds, { ...browser, ...target.headers }).catch(
        (error) => {
          throw new Error(`${error.message}\n${serverState(target.server, target.logFile)}`);
        },
      );
      const cpuAfter = cpuSeconds(target.server.pid);
      // What the server's log grew by, per response (after the run: a line is written when the
      // response has gone).
      if (target.logFile) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        result.logBytes = (fileSize(target.logFile) - logBefore) / result.requests;
      }
      // The server's CPU per response: steadier than req/s on a shared machine.
      result.cpu =
        cpuBefore === undefined || cpuAfter === undefined
          ? undefined
          : ((cpuAfter - cpuBefore) * 1e6) / result.requests;
      samples[target.key].push(result);
      console.log(
        `round ${round} ${target.label}: ${count(result.rps)} req/s, p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms` +
          `${result.cpu === undefined ? '' : `, server ${Math.round(result.cpu)} µs CPU/req`}` +
          `${result.logBytes === undefined ? '' : `, ${result.logBytes.toFixed(1)} log bytes/req`}` +
          `${result.timeouts ? `, ${result.timeouts} timeouts` : ''}`,
      );
    }
  }

  const med = (key, field) => median(samples[key].map((s) => s[field]));
  const helloRps = med('hello', 'rps');
  const sameRps = med('same', 'rps');
  const sameHeadersRps = med('same-headers', 'rps');
  const rows = targets.map((t) => {
    const rps = med(t.key, 'rps');
    const sameKind = t.key.startsWith('same') || t.key.endsWith('-list');
    const cpu = samples[t.key].every((r) => r.cpu !== undefined) ? med(t.key, 'cpu') : undefined;
    return [
      t.label,
      count(rps),
      ms(med(t.key, 'p50')),
      ms(med(t.key, 'p99')),
      cpu === undefined ? '' : String(Math.round(cpu)),
      t.logFile ? med(t.key, 'logBytes').toFixed(1) : '',
      (rps / helloRps).toFixed(2),
      sameKind ? (rps / sameRps).toFixed(2) : '',
      sameKind && t.key !== 'same' ? (rps / sameHeadersRps).toFixed(2) : '',
    ];
  });
  const { date, commit } = commitAndDate();
  const table = [
    `<!-- bench:${label}:start -->`,
    '',
    `### ${label} (${date}, commit ${commit})`,
    '',
    ...(note ? [note, ''] : []),
    `wrk ${wrkVersion}, 1 thread, ${connections} connections, ${seconds} s per target after a ${WARM_UP_SECONDS} s warm-up, ` +
      `${rounds} interleaved rounds, medians; ` +
      (baseline
        ? `rows named ${baselineName} are another build (${baseline}), started before this one and measured in the same rounds; `
        : '') +
      `${cpus().length} cores shared by wrk, the servers and PostgreSQL ` +
      `(and other work on the machine); requests send \`accept-encoding: br, gzip\` as a browser does; ` +
      `Pehnava servers with ${logLevel.described}, their standard output to a file; server CPU is user + system time of the server process over the run, per response; log bytes are what the server's log grew by, per response. ` +
      `The list is ${plList.length} products: ` +
      `${count(listJsonBytes)} bytes of JSON, ${count(listBytes.length)} bytes as sent.`,
    '',
    markdownTable(
      [
        'target',
        'req/s',
        'p50 ms',
        'p99 ms',
        'server CPU µs/req',
        'log bytes/req',
        'ratio to hello-world',
        'ratio to same bytes',
        'ratio to same bytes and headers',
      ],
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      rows,
    ),
    '',
    `<!-- bench:${label}:end -->`,
  ].join('\n');

  writeBenchmarks(
    `bench:${label}`,
    table,
    '## Hot path (wrk)',
    '`npm run bench` (scripts/bench.mjs).',
  );
  console.log(`\n${table}`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  for (const database of benchDatabases) {
    await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
