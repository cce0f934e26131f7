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
//   BENCH_PORT (3231)      first of three loopback ports (hello-world, PGlite, PostgreSQL)
//   BENCH_PG_URL           PostgreSQL server (postgres://postgres@127.0.0.1:5432/test); the run
//                          creates a database of its own there and drops it afterwards
//   BENCH_LOG_LEVEL (warn) LOG_LEVEL of the Pehnava servers
//   BENCH_LABEL (latest)   the name of this run's table in docs/benchmarks.md; a run replaces the
//                          table with its label and keeps the others (e.g. 'before' and 'after')
//   BENCH_NOTE             one sentence written above the table (what was measured, and why)
import { spawn, spawnSync } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const firstPort = Number(process.env.BENCH_PORT ?? 3231);
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const label = (process.env.BENCH_LABEL ?? 'latest').replace(/[^\w.-]/g, '-');
const note = process.env.BENCH_NOTE ?? '';
const WARM_UP_SECONDS = 2;
const luaScript = fileURLToPath(new URL('./bench-wrk.lua', import.meta.url));

const wrkCheck = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
if (wrkCheck.error) {
  process.stderr.write(
    'npm run bench needs wrk, the HTTP load generator, on the PATH (Debian: apt-get install wrk).\n',
  );
  process.exit(1);
}
const wrkVersion = /wrk\s+(\S+)/.exec(`${wrkCheck.stdout}${wrkCheck.stderr}`)?.[1] ?? 'unknown';

const benchDb = `pehnava_bench_${process.pid}`;
const children = [];

function start(name, args, env, port, readyPath) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return waitFor(`http://127.0.0.1:${port}${readyPath}`, name, child).then(() => child);
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU seconds a process has used (user + system, all its threads); undefined without /proc. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}

async function waitFor(url, name, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not start within 2 minutes`);
}

async function admin(text) {
  const client = new pg.Client({ connectionString: pgServer });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

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

/** A response's body and headers exactly as sent (fetch would decompress it). */
function rawResponse(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200 || response.headers['content-encoding'] !== 'br') {
          reject(
            new Error(`${url}: ${response.statusCode}, ${response.headers['content-encoding']}`),
          );
        } else resolve({ body: Buffer.concat(chunks), headers: response.headers });
      });
    }).on('error', reject);
  });
}

/** Headers of the connection and the message framing, which every server sends its own way. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length']);

function wrk(url, duration, headers) {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '5s', '-s', luaScript];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    // Bounded: wrk stops itself after `duration`; this is the backstop.
    const timer = setTimeout(() => child.kill('SIGKILL'), (duration + 15) * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
      if (code !== 0 || !line) return reject(new Error(`wrk ${url} failed (${code}):\n${out}`));
      const r = JSON.parse(line.slice('WRK_JSON '.length));
      const failed = r.errors.connect + r.errors.read + r.errors.write + r.errors.status;
      if (failed > 0) return reject(new Error(`${url}: ${JSON.stringify(r.errors)}\n${out}`));
      resolve({
        requests: r.requests,
        rps: r.requests / (r.duration_us / 1e6),
        p50: r.p50_us / 1000,
        p99: r.p99_us / 1000,
        timeouts: r.errors.timeout,
      });
    });
  });
}

/** A markdown table laid out as Prettier lays it out, so `prettier --check` stays clean. */
function markdownTable(header, align, rows) {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i].length)));
  const cell = (text, i) => (align[i] === 'r' ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const line = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n');
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const count = (value) => Math.round(value).toLocaleString('en-IN');

const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-bench-'));
let exitCode = 0;
try {
  await admin(`drop database if exists ${benchDb} with (force)`);
  await admin(`create database ${benchDb}`);
  const pgUrl = new URL(pgServer);
  pgUrl.pathname = `/${benchDb}`;

  const [helloPort, plPort, pgPort] = [firstPort, firstPort + 1, firstPort + 2];
  const app = ['apps/api/dist/server.js'];
  const appEnv = { DATA_DIR: dataDir, LOG_LEVEL: logLevel, NODE_ENV: 'development' };
  const plServer = await start('Pehnava on PGlite', app, appEnv, plPort, '/api/health');
  const pgServerProcess = await start(
    'Pehnava on PostgreSQL',
    app,
    { ...appEnv, DATABASE_URL: pgUrl.toString() },
    pgPort,
    '/api/health',
  );
  const pl = `http://127.0.0.1:${plPort}`;
  const pgBase = `http://127.0.0.1:${pgPort}`;

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

  const plList = (await call(pl, '/api/product/list')).products;
  const pgList = (await call(pgBase, '/api/product/list')).products;
  const plToken = await shopperWithCart(pl, plList);
  const pgToken = await shopperWithCart(pgBase, pgList);
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
  for (const [db, base, products, token, server] of [
    ['PGlite', pl, plList, plToken, plServer],
    ['PostgreSQL', pgBase, pgList, pgToken, pgServerProcess],
  ]) {
    const k = db === 'PGlite' ? 'pglite' : 'pg';
    const auth = { authorization: `Bearer ${token}` };
    const first = targets.length;
    targets.push(
      { key: `${k}-list`, label: `${db}: GET /api/product/list`, url: `${base}/api/product/list` },
      {
        key: `${k}-detail`,
        label: `${db}: GET /api/product/list/{id}`,
        url: `${base}/api/product/list/${products[3]._id}`,
      },
      {
        key: `${k}-cart`,
        label: `${db}: GET /api/cart (3 items, bearer)`,
        url: `${base}/api/cart`,
        headers: auth,
      },
      {
        key: `${k}-profile`,
        label: `${db}: GET /api/user/profile (bearer)`,
        url: `${base}/api/user/profile`,
        headers: auth,
      },
    );
    for (const target of targets.slice(first)) target.server = server;
  }

  for (const target of targets) {
    await wrk(target.url, WARM_UP_SECONDS, { ...browser, ...target.headers });
  }
  const samples = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const cpuBefore = cpuSeconds(target.server.pid);
      const result = await wrk(target.url, seconds, { ...browser, ...target.headers });
      const cpuAfter = cpuSeconds(target.server.pid);
      // The server's CPU per response: steadier than req/s on a shared machine.
      result.cpu =
        cpuBefore === undefined || cpuAfter === undefined
          ? undefined
          : ((cpuAfter - cpuBefore) * 1e6) / result.requests;
      samples[target.key].push(result);
      console.log(
        `round ${round} ${target.label}: ${count(result.rps)} req/s, p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms` +
          `${result.cpu === undefined ? '' : `, server ${Math.round(result.cpu)} µs CPU/req`}` +
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
      (rps / helloRps).toFixed(2),
      sameKind ? (rps / sameRps).toFixed(2) : '',
      sameKind && t.key !== 'same' ? (rps / sameHeadersRps).toFixed(2) : '',
    ];
  });
  const date = new Date().toISOString().slice(0, 10);
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout;
  const table = [
    `<!-- bench:${label}:start -->`,
    '',
    `### ${label} (${date}, commit ${commit.trim() || 'unknown'})`,
    '',
    ...(note ? [note, ''] : []),
    `wrk ${wrkVersion}, 1 thread, ${connections} connections, ${seconds} s per target after a ${WARM_UP_SECONDS} s warm-up, ` +
      `${rounds} interleaved rounds, medians; ${cpus().length} cores shared by wrk, the servers and PostgreSQL ` +
      `(and other work on the machine); requests send \`accept-encoding: br, gzip\` as a browser does; ` +
      `servers at LOG_LEVEL=${logLevel}; server CPU is user + system time of the server process over the run, per response. ` +
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
        'ratio to hello-world',
        'ratio to same bytes',
        'ratio to same bytes and headers',
      ],
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      rows,
    ),
    '',
    `<!-- bench:${label}:end -->`,
  ].join('\n');

  const file = 'docs/benchmarks.md';
  let doc;
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = "# Benchmarks\n\nFigures measured on the project's own machines with its own scripts.\n";
  }
  const heading = '## Hot path (wrk)';
  if (!doc.includes(heading)) {
    doc = `${doc.trimEnd()}\n\n${heading}\n\n\`npm run bench\` (scripts/bench.mjs).\n`;
  }
  const block = new RegExp(`<!-- bench:${label}:start -->[\\s\\S]*?<!-- bench:${label}:end -->`);
  if (block.test(doc)) {
    doc = doc.replace(block, table);
  } else {
    // A new table goes at the end of the section, after the earlier ones.
    const from = doc.indexOf(heading) + heading.length;
    const ends = [doc.indexOf('\n## ', from), doc.indexOf('\n<!-- lighthouse:start', from)];
    const end = Math.min(...ends.map((i) => (i >= 0 ? i : doc.length)));
    doc = `${doc.slice(0, end).trimEnd()}\n\n${table}\n${doc.slice(end)}`;
  }
  writeFileSync(file, doc.endsWith('\n') ? doc : `${doc}\n`);
  console.log(`\n${table}`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await admin(`drop database if exists ${benchDb} with (force)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
