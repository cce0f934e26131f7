import { defineConfig } from '@playwright/test';
import { OPERATOR, PACKER } from './accounts';
import { CHROMIUM_ARGS, findChromium } from './browser';

const executablePath = findChromium();
if (!executablePath) {
  // With CI=true a missing browser is a failure, never a skip.
  throw new Error(
    'No Chromium found for the browser tests. Install it (apt-get install -y chromium) or set CHROME_PATH.',
  );
}

const port = Number(process.env.E2E_PORT ?? 3199);
/** The server whose clock specs/after/ move (TEST_CLOCK), theirs alone. */
const clockPort = Number(process.env.E2E_CLOCK_PORT ?? 3198);

// The `razorpay` project: a second server with PAYMENT_PROVIDER=razorpay, talking to a local
// Razorpay stand-in (apps/api/src/test/fakes) for its API, checkout script and webhooks.
const razorpayPort = Number(process.env.E2E_RAZORPAY_PORT ?? 3302);
const razorpayFakePort = Number(process.env.E2E_RAZORPAY_FAKE_PORT ?? 3301);
const razorpayFake = `http://127.0.0.1:${razorpayFakePort}`;
const razorpayKeys = {
  RAZORPAY_KEY_ID: 'rzp_test_PehnavaE2e0001',
  RAZORPAY_KEY_SECRET: 'e2e-razorpay-key-secret-0123456789',
  RAZORPAY_WEBHOOK_SECRET: 'e2e-razorpay-webhook-secret-0123456789',
};
/*
 * Project stripe: a second API server with PAYMENT_PROVIDER=stripe, talking to the local Stripe
 * stand-in (apps/api/src/test/fakes), which sends its webhooks back to that server.
 */
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 3197);
const stripeFakePort = Number(process.env.E2E_STRIPE_FAKE_PORT ?? 3196);
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_e2e_pehnava_0000000000',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_pehnava_0000000000',
};
/** What every API server runs with; the razorpay and stripe ones add their provider settings. */
const serverEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  // Every test signs in from 127.0.0.1: the per-address limit would otherwise stop the run; and
  // the operator accounts sign in from many specs (the limits have their own API tests).
  AUTH_RATE_LIMIT_PER_IP: '10000',
  AUTH_RATE_LIMIT_PER_EMAIL: '10000',
};

const apiServer = ['node', '../apps/api/dist/server.js'];
const health = (p: number) => `http://127.0.0.1:${p}/api/health`;
/** What servers.mjs starts (its header says how). */
const servers = {
  // The operator accounts are made in the template: an admin for the specs that drive bookings
  // through the admin API and the console, and a packer (role staff) for the console's packing
  // and returns (accounts.ts). Every app server starts with them.
  template: {
    env: { ...serverEnv, PORT: String(port) },
    commands: [
      [
        'node',
        '../apps/api/dist/cli/create-admin.js',
        ...['--email', OPERATOR.email, '--password', OPERATOR.password, '--name', 'Pehnava Ops'],
      ],
      [
        'node',
        '../apps/api/dist/cli/create-admin.js',
        ...['--email', PACKER.email, '--password', PACKER.password, '--name', 'Ravi Packer'],
        ...['--role', 'staff'],
      ],
    ],
    seed: { command: apiServer, url: health(port) },
  },
  servers: [
    {
      name: 'app',
      command: apiServer,
      url: health(port),
      database: true,
      env: { ...serverEnv, PORT: String(port), TEST_CLOCK: 'true' },
    },
    {
      // specs/after/ move this server's clock forward (POST /api/dev/clock), one spec at a time;
      // no other spec uses it, so they run beside the others instead of after them.
      name: 'clock',
      command: apiServer,
      url: health(clockPort),
      database: true,
      env: { ...serverEnv, PORT: String(clockPort), TEST_CLOCK: 'true' },
    },
    {
      name: 'razorpay stand-in',
      command: [
        'npx',
        'tsx',
        '../apps/api/src/test/fakes/serve-razorpay-fake.ts',
        ...['--port', String(razorpayFakePort)],
        ...['--webhook-url', `http://127.0.0.1:${razorpayPort}/api/payments/razorpay/webhook`],
      ],
      url: `${razorpayFake}/v1/checkout.js`,
      env: razorpayKeys,
    },
    {
      name: 'razorpay app',
      command: apiServer,
      url: health(razorpayPort),
      database: true,
      env: {
        ...serverEnv,
        ...razorpayKeys,
        PORT: String(razorpayPort),
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_API_URL: razorpayFake,
        RAZORPAY_CHECKOUT_URL: `${razorpayFake}/v1/checkout.js`,
      },
    },
    {
      name: 'stripe stand-in',
      command: ['npx', 'tsx', '../apps/api/src/test/fakes/serve-stripe-fake.ts'],
      url: `http://127.0.0.1:${stripeFakePort}/favicon.ico`,
      env: {
        ...STRIPE_KEYS,
        STRIPE_FAKE_PORT: String(stripeFakePort),
        STRIPE_FAKE_WEBHOOK_URL: `http://127.0.0.1:${stripePort}/api/payments/stripe/webhook`,
      },
    },
    {
      name: 'stripe app',
      command: apiServer,
      url: health(stripePort),
      database: true,
      env: {
        ...serverEnv,
        ...STRIPE_KEYS,
        PORT: String(stripePort),
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_API_URL: `http://127.0.0.1:${stripeFakePort}`,
      },
    },
  ],
};

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Three at once on two cores: a test spends part of its time waiting on the page (a request, a
  // timer, Playwright's polling), and a third worker uses what two leave idle. The whole suite at
  // half this machine's speed (a busy loop on each core): 290 s with two, 245 s with three.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // Timeouts are for hangs, not for speed. On 2 cores at load 12 (two browsers, five servers) a
  // long spec ran 24 s in one CI run and 32 s in the next, both times reaching the right page:
  // 30 s was a speed limit there. A test that hangs still fails, after a minute.
  timeout: 60_000,
  // How long a check waits for the page to get there. Playwright's 5 s default was a speed limit
  // too: at load 13 a console screen took longer to appear, twice in one CI run (each passed on
  // retry).
  expect: { timeout: 15_000 },
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: '../test-results/e2e.json' }]]
    : 'list',
  outputDir: '../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    // A test that fails is run again (in CI) with a trace: each action's DOM snapshot, network
    // and console. Every test recording one, to throw it away when the test passed, cost about a
    // seventh of the suite's CPU (the DOM snapshots), as the screencast had cost a sixth of its
    // time (decision 061). The failure itself keeps its error, its last screenshot and the page's
    // structure (error-context.md). To trace every test: --trace on.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    // The shop's service worker (apps/web/src/sw) would fetch pages and files itself, where a
    // test's page.route never sees them: every spec runs without it but the one that tests it
    // (specs/installable.spec.ts).
    serviceWorkers: 'block',
  },
  // Longest first, so no long test is left to run alone at the end: the clock's specs (one at a
  // time), the Razorpay and Stripe journeys, then the rest. Each project that rents from the
  // catalogue of its own server keeps its own ledger (outputDir, worker-products.ts).
  projects: [
    // Specs that move the server's clock (TEST_CLOCK), on a server of their own. One at a time:
    // each moves that one clock further.
    {
      name: 'after-clock',
      testMatch: /specs\/after\/.*\.spec\.ts/,
      workers: 1,
      outputDir: '../test-results/e2e-after',
      use: { baseURL: `http://127.0.0.1:${clockPort}` },
    },
    // The money journey again, paid through the Razorpay adapter and its stand-in.
    {
      name: 'razorpay',
      testMatch: /specs\/checkout-journey\.spec\.ts/,
      outputDir: '../test-results/e2e-razorpay',
      use: { baseURL: `http://127.0.0.1:${razorpayPort}` },
    },
    // Stripe Checkout's redirect journey, against the Stripe server only (and it only against it).
    {
      name: 'stripe',
      testMatch: /specs\/stripe\/.*\.spec\.ts/,
      outputDir: '../test-results/e2e-stripe',
      use: { baseURL: `http://127.0.0.1:${stripePort}` },
    },
    { name: 'chromium', testIgnore: [/specs\/after\//, /specs\/stripe\//] },
  ],
  // One webServer: servers.mjs makes one seeded database and starts every server at once on
  // copies of it (starting each from nothing, one after another, took minutes on a slow machine).
  webServer: {
    command: 'node servers.mjs',
    wait: { stdout: /e2e servers ready/ },
    env: { E2E_SERVERS: JSON.stringify(servers) },
    // For a start that hangs: on a quiet machine the servers answer in about 20 s, on a machine
    // shared with many others' builds it took over 5 minutes.
    timeout: 600_000,
    // The servers close their databases; servers.mjs then removes their folders.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    reuseExistingServer: false,
  },
});
