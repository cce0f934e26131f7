#!/usr/bin/env node
// Time the API suite (`vitest run --project api`) on PGlite and, when its server answers, on
// PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Prints, for each
// run, the wall time and the time each file spends outside its tests (hooks: creating, seeding
// and dropping its database and app), which is less disturbed by other load on the machine.
//
//   node scripts/time-api-tests.mjs [--files] [--pglite-only] [--postgres-only]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const args = new Set(process.argv.slice(2));
const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const work = mkdtempSync(join(tmpdir(), 'pehnava-test-times-'));

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

function timeRun(label, databaseUrl) {
  const out = join(work, `${label}.json`);
  const started = Date.now();
  const child = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'api',
      '--reporter=dot',
      '--reporter=./scripts/vitest-file-times.mjs',
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: databaseUrl, VITEST_FILE_TIMES: out },
    },
  );
  const wall = (Date.now() - started) / 1000;
  const files = JSON.parse(readFileSync(out, 'utf8'));
  const hooks = files.map((f) => f.hooksMs);
  return {
    label,
    ok: child.status === 0,
    wall,
    files,
    tests: files.reduce((n, f) => n + f.tests, 0),
    failed: files.reduce((n, f) => n + f.failed, 0),
    failedFiles: files.filter((f) => !f.passed).length,
    hooksTotal: hooks.reduce((a, b) => a + b, 0),
    hooksMedian: median(hooks),
  };
}

const runs = [];
try {
  if (!args.has('--postgres-only')) runs.push(timeRun('PGlite', ''));
  if (!args.has('--pglite-only')) {
    if (await postgresAnswers()) runs.push(timeRun('PostgreSQL', pgUrl));
    else process.stdout.write(`PostgreSQL at ${pgUrl} did not answer: skipped.\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const lines = [
  '',
  '| database | wall time | files (failed) | tests (failed) | hooks, all files | hooks, median file |',
  '| -------- | --------: | -------------: | -------------: | ---------------: | -----------------: |',
  ...runs.map(
    (r) =>
      `| ${r.label} | ${r.wall.toFixed(1)} s | ${r.files.length} (${r.failedFiles}) | ${r.tests} (${r.failed}) | ${(r.hooksTotal / 1000).toFixed(1)} s | ${r.hooksMedian} ms |`,
  ),
];
if (args.has('--files')) {
  for (const r of runs) {
    lines.push('', `${r.label}: per file (ms)`, '', '| file | tests | in hooks | total |');
    lines.push('| ---- | ----: | -------: | ----: |');
    for (const f of [...r.files].sort((a, b) => a.file.localeCompare(b.file))) {
      lines.push(`| ${f.file} | ${f.tests} | ${f.hooksMs} | ${f.totalMs} |`);
    }
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(runs.every((r) => r.ok) ? 0 : 1);
