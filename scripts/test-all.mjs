#!/usr/bin/env node
// `npm test`: lint and format beside the typechecks and unit tests, the API suite on PGlite and on
// PostgreSQL, then the build, the deployment's checks (they read the builds), the browser tests
// and the fleet's faults. Prints each step's time as it ends and all of them with the total at the
// end, then the failed tests by name and the failed steps, and last "tests: N passed, N failed".
//
// PostgreSQL: TEST_DATABASE_URL names the server (each test file copies a database of its own from
// template databases made once per run, and drops it after). Unset, the PostgreSQL run uses
// postgres://postgres@127.0.0.1:5432/test when that server answers; with CI=true it must answer.
// Browser tests need a Chromium (CHROME_PATH, Debian's chromium-headless-shell or chromium); with
// CI=true a missing browser fails the run. The fleet's fault tests (three hosts in network
// namespaces behind HAProxy, docs/reliability.md) run after the build, as root. Redis:
// TEST_REDIS_URL, or redis://127.0.0.1:6379 when it answers, runs the rate-limit tests on Redis
// as well.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

const ci = Boolean(process.env.CI);
const results = join(process.cwd(), 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test, "file › name: first line of its error", repeated in the summary at the end. */
const failedTests = [];
const startedAll = Date.now();
/** Each step run, with its time in seconds, for the summary at the end. */
const steps = [];

/** Record a step that has ended (its time, and a failure unless it exited 0), and say so. */
function endStep(label, started, status) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = status === 0;
  steps.push({ label, seconds, ok });
  process.stdout.write(`== ${label}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${seconds}s\n`);
  if (!ok) failures.push(label);
  return ok;
}

function run(label, command, args, env = {}) {
  process.stdout.write(`\n== ${label}\n`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return endStep(label, started, child.status);
}

/**
 * Steps that each keep one core busy (eslint, prettier, tsc), run as chains side by side: each
 * chain's steps one after another, the chains at once. A step's output is held and printed
 * whole when it ends, so two steps' lines never mix. Resolves when every chain has ended.
 */
async function runSideBySide(chains) {
  const runStep = ({ label, command, args }) =>
    new Promise((resolve) => {
      const started = Date.now();
      const output = [];
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const finish = (status) => {
        process.stdout.write(`\n== ${label}\n${Buffer.concat(output).toString()}`);
        resolve(endStep(label, started, status));
      };
      child.on('error', (error) => {
        output.push(Buffer.from(`${error.message}\n`));
        finish(-1);
      });
      child.on('close', finish);
    });
  await Promise.all(
    chains.map(async (chain) => {
      for (const step of chain) await runStep(step);
    }),
  );
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const result of report.testResults) {
    for (const test of result.assertionResults) {
      if (test.status !== 'failed') continue;
      const where = result.name.replace(`${process.cwd()}/`, '');
      failedTests.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
}

/** The first non-empty line of an error message, without its colours, cut to one screen line. */
function firstLine(message = '') {
  const plain = message.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  const line = plain.split('\n').find((text) => text.trim() !== '') ?? '';
  return line.trim().slice(0, 200);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats, suites = [] } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.at(-1)?.error?.message;
        failedTests.push(
          `${spec.file} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of suites) visit(suite, []);
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (err) {
    process.stdout.write(`PostgreSQL at ${url} did not answer: ${err.message}\n`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The Redis URL when a server answers PING there (a raw RESP exchange, no client needed). */
async function redisUrl() {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  const answered = await new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      resolve(data.toString().startsWith('+PONG') || data.toString().startsWith('-NOAUTH'));
      socket.destroy();
    });
  });
  if (!answered)
    process.stdout.write(`Redis at ${url} did not answer: rate limits tested in memory only.\n`);
  return answered ? url : '';
}
const testRedisUrl = await redisUrl();

const npx = 'npx';
const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(results, name)}`,
];
// Lint and format on one core, the typechecks and then the unit tests on the other: each tool
// uses about one core, and one after the other they left half of a two-core machine idle for
// over a minute. The unit tests read the sources (no build), and the typechecks end about 20 s
// before lint and format do: run after them, they fill that time instead of starting after both.
const step = (label, ...args) => ({ label, command: npx, args });
await runSideBySide([
  [
    step('lint', 'eslint', '.', '--max-warnings=0'),
    step('format', 'prettier', '--check', '.', '--log-level=warn'),
  ],
  [
    step('build shared', 'tsc', '-b', 'packages/shared'),
    step('typecheck', 'tsc', '-b', 'apps/api', 'e2e'),
    step('typecheck web', 'tsc', '-p', 'apps/web', '--noEmit'),
    // The API's tests are typechecked too (its build leaves them out), against the declarations
    // the step before built rather than its sources a second time (apps/api/tsconfig.test.json).
    step('typecheck API tests', 'tsc', '-p', 'apps/api/tsconfig.test.json'),
    step('unit tests', 'vitest', 'run', '--project', 'unit', ...vitestJson('unit.json')),
  ],
]);
countVitest(join(results, 'unit.json'));
run(
  'API tests on PGlite',
  npx,
  ['vitest', 'run', '--project', 'api', ...vitestJson('api-pglite.json')],
  {
    TEST_DATABASE_URL: '',
    TEST_REDIS_URL: testRedisUrl,
  },
);
countVitest(join(results, 'api-pglite.json'));

const pgUrl = await postgresUrl();
if (pgUrl) {
  run(
    'API tests on PostgreSQL',
    npx,
    ['vitest', 'run', '--project', 'api', ...vitestJson('api-postgres.json')],
    {
      TEST_DATABASE_URL: pgUrl,
      TEST_REDIS_URL: testRedisUrl,
    },
  );
  countVitest(join(results, 'api-postgres.json'));
} else if (ci) {
  failures.push('API tests on PostgreSQL (no server)');
} else {
  process.stdout.write(
    'Skipping the PostgreSQL run: no server (set TEST_DATABASE_URL to run it).\n',
  );
}

// The browsers the tests may drive, as e2e/browser.ts picks them.
const chromium = [
  process.env.CHROME_PATH,
  ...JSON.parse(readFileSync('e2e/chromium-paths.json', 'utf8')),
].find((p) => p && existsSync(p));
// The fleet's fault tests (scripts/fleet.test.mjs) run the build too, as root with iproute2 and
// haproxy, on the PostgreSQL server the API tests used; the file says why when it skips itself.
const fleetPossible =
  process.getuid?.() === 0 &&
  !spawnSync('ip', ['-V']).error &&
  !spawnSync('haproxy', ['-v']).error &&
  Boolean(pgUrl);
const built =
  (chromium || ci || fleetPossible) && run('build', 'npm', ['run', 'build', '--silent']);
// The deployment on paper (scripts/deploy.test.mjs) also reads what the builds import at run time,
// so it runs after the build, which it is told of: a build missing then fails it. Without a build
// here (no browser, not root), those checks skip, saying so, and the rest runs.
run(
  'deployment',
  npx,
  ['vitest', 'run', '--project', 'deployment', ...vitestJson('deploy.json')],
  built ? { PEHNAVA_BUILT: '1' } : {},
);
countVitest(join(results, 'deploy.json'));
if (built) {
  if (chromium || ci) {
    run('JavaScript budget for /', 'node', ['scripts/check-bundle.mjs']);
    run('browser tests', npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      E2E_JSON_REPORT: '1',
    });
    countPlaywright(join(results, 'e2e.json'));
  }
  run('fleet faults', npx, ['vitest', 'run', '--project', 'fleet', ...vitestJson('fleet.json')], {
    FLEET_PG_URL: process.env.FLEET_PG_URL ?? pgUrl ?? '',
  });
  countVitest(join(results, 'fleet.json'));
}
if (!chromium && !ci) {
  process.stdout.write(
    'Skipping browser tests: no Chromium (apt-get install -y chromium-headless-shell chromium).\n',
  );
}
if (!fleetPossible && !ci) {
  process.stdout.write(
    "Skipping the fleet's fault tests: they need root, iproute2, haproxy and PostgreSQL.\n",
  );
}

process.stdout.write('\nTime per step:\n');
const width = Math.max(...steps.map((step) => step.label.length));
for (const step of steps) {
  process.stdout.write(
    `  ${step.label.padEnd(width)} ${step.seconds.padStart(7)}s${step.ok ? '' : '  FAILED'}\n`,
  );
}
process.stdout.write(
  `  ${'total'.padEnd(width)} ${((Date.now() - startedAll) / 1000).toFixed(1).padStart(7)}s\n\n`,
);
if (failedTests.length > 0) {
  process.stdout.write(`Failed tests:\n${failedTests.map((test) => `  ${test}\n`).join('')}\n`);
}
if (failures.length > 0) process.stdout.write(`Failed steps: ${failures.join(', ')}\n`);
if (failures.length > 0 && totals.failed === 0) totals.failed = failures.length;
process.stdout.write(
  `tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
process.exit(failures.length > 0 ? 1 : 0);
