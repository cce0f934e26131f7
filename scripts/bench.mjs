#!/usr/bin/env node
// `npm run bench`: GET /api/product/list and /api/product/list/{id} on PGlite and on PostgreSQL,
// each beside a bare Fastify hello-world server measured in the same run. Rounds are interleaved
// and medians quoted, because this machine is noisy. Results go to docs/benchmarks.md.
//
// Options (environment): BENCH_SECONDS (default 8), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50),
// BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test; the run uses its own database there).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const benchDb = 'pehnava_bench';
const children = [];

function start(label, args, env, port, readyPath) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return waitFor(`http://127.0.0.1:${port}${readyPath}`, label).then(() => child);
}

async function waitFor(url, label) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${label} did not start`);
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

function measure(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        // As a browser asks: the catalogue is sent compressed.
        headers: { 'accept-encoding': 'br, gzip' },
      },
      (err, result) => {
        if (err) return reject(err);
        if (result.non2xx > 0 || result.errors > 0) {
          return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
        }
        resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
      },
    );
  });
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-bench-'));
try {
  await admin(`drop database if exists ${benchDb} with (force)`);
  await admin(`create database ${benchDb}`);
  const pgUrl = new URL(pgServer);
  pgUrl.pathname = `/${benchDb}`;

  await start('hello-world', ['scripts/hello-server.mjs'], {}, 3301, '/');
  await start(
    'Pehnava on PGlite',
    ['apps/api/dist/server.js'],
    { DATA_DIR: dataDir },
    3302,
    '/api/health',
  );
  await start(
    'Pehnava on PostgreSQL',
    ['apps/api/dist/server.js'],
    { DATA_DIR: dataDir, DATABASE_URL: pgUrl.toString() },
    3303,
    '/api/health',
  );
  const list = await (await fetch('http://127.0.0.1:3302/api/product/list')).json();
  const pgList = await (await fetch('http://127.0.0.1:3303/api/product/list')).json();
  const id = list.products[3]._id;
  const pgId = pgList.products[3]._id;

  const listBytes = Number(
    (
      await fetch('http://127.0.0.1:3302/api/product/list', {
        headers: { 'accept-encoding': 'br' },
      })
    ).headers.get('content-length'),
  );
  const targets = [
    { key: 'hello', label: 'hello-world (bare Fastify)', url: 'http://127.0.0.1:3301/' },
    {
      key: 'sized',
      label: `bare Fastify, fixed ${listBytes.toLocaleString('en-IN')}-byte body (the list's size)`,
      url: `http://127.0.0.1:3301/sized/${listBytes}`,
    },
    {
      key: 'pglite-list',
      label: 'PGlite: GET /api/product/list',
      url: 'http://127.0.0.1:3302/api/product/list',
    },
    {
      key: 'pglite-one',
      label: 'PGlite: GET /api/product/list/{id}',
      url: `http://127.0.0.1:3302/api/product/list/${id}`,
    },
    {
      key: 'pg-list',
      label: 'PostgreSQL: GET /api/product/list',
      url: 'http://127.0.0.1:3303/api/product/list',
    },
    {
      key: 'pg-one',
      label: 'PostgreSQL: GET /api/product/list/{id}',
      url: `http://127.0.0.1:3303/api/product/list/${pgId}`,
    },
  ];
  const samples = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const result = await measure(target.url);
      samples[target.key].push(result);
      console.log(
        `round ${round} ${target.label}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
      );
    }
  }

  const hello = median(samples.hello.map((s) => s.rps));
  const sized = median(samples.sized.map((s) => s.rps));
  const rows = targets.map((t) => {
    const rps = median(samples[t.key].map((s) => s.rps));
    const p50 = median(samples[t.key].map((s) => s.p50));
    const p99 = median(samples[t.key].map((s) => s.p99));
    const toSized = t.key.endsWith('list') || t.key === 'sized' ? (rps / sized).toFixed(2) : '';
    return `| ${t.label} | ${Math.round(rps).toLocaleString('en-IN')} | ${p50} | ${p99} | ${(rps / hello).toFixed(2)} | ${toSized} |`;
  });
  const bytes = { identity: Buffer.byteLength(JSON.stringify(list)), br: listBytes };
  const section = [
    `## Catalogue API (${new Date().toISOString().slice(0, 10)})`,
    '',
    `\`npm run bench\`: autocannon, ${connections} connections, ${seconds} s per target, ${rounds} interleaved rounds, medians; ` +
      `${cpus().length} cores shared by the servers and autocannon; requests send \`accept-encoding: br, gzip\` as a browser does. ` +
      `The list is ${list.products.length} products: ${bytes.identity.toLocaleString('en-IN')} bytes of JSON, ${bytes.br.toLocaleString('en-IN')} bytes as sent (brotli).`,
    '',
    '| target | req/s | p50 ms | p99 ms | ratio to hello-world | ratio to same-size body |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  const file = 'docs/benchmarks.md';
  let doc;
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc =
      "# Benchmarks\n\nFigures measured on the project's own machines with its own scripts.\n\n";
  }
  const marker = /## Catalogue API \([^)]*\)[\s\S]*?(?=\n## |$)/;
  doc = marker.test(doc) ? doc.replace(marker, section) : `${doc.trimEnd()}\n\n${section}`;
  writeFileSync(file, doc.endsWith('\n') ? doc : `${doc}\n`);
  console.log(`\n${section}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await admin(`drop database if exists ${benchDb} with (force)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
