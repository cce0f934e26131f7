import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { OPERATOR } from './accounts';
import { CHROMIUM_ARGS, findChromium } from './browser';

const executablePath = findChromium();
if (!executablePath) {
  // With CI=true a missing browser is a failure, never a skip.
  throw new Error(
    'No Chromium found for the browser tests. Install it (apt-get install -y chromium) or set CHROME_PATH.',
  );
}

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-e2e-'));

/*
 * Project stripe: a second API server with PAYMENT_PROVIDER=stripe, talking to the local Stripe
 * stand-in (apps/api/src/test/fakes), which sends its webhooks back to that server.
 */
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 3197);
const stripeFakePort = Number(process.env.E2E_STRIPE_FAKE_PORT ?? 3196);
const stripeDataDir = mkdtempSync(join(tmpdir(), 'pehnava-e2e-stripe-'));
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_e2e_pehnava_0000000000',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_pehnava_0000000000',
};
/** What both API servers run with; the Stripe one adds its provider settings. */
const serverEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  // Every test signs in from 127.0.0.1: the per-address limit would otherwise stop the run.
  AUTH_RATE_LIMIT_PER_IP: '10000',
  // specs/after/ move the clock forward (POST /api/dev/clock) once every other spec is done.
  TEST_CLOCK: 'true',
};

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: '../test-results/e2e.json' }]]
    : 'list',
  outputDir: '../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: [/specs\/after\//, /specs\/stripe\//] },
    // Specs that move the server's clock (TEST_CLOCK) run last, when nothing else is running.
    { name: 'after-clock', testMatch: /specs\/after\/.*\.spec\.ts/, dependencies: ['chromium'] },
    // Stripe Checkout's redirect journey, against the Stripe server only (and it only against it).
    {
      name: 'stripe',
      testMatch: /specs\/stripe\/.*\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${stripePort}` },
    },
  ],
  webServer: [
    {
      // An operator account is made first (the embedded database takes one process at a time),
      // for the specs that drive bookings through the admin API (accounts.ts, OPERATOR).
      command: `node ../apps/api/dist/cli/create-admin.js --email ${OPERATOR.email} --password ${OPERATOR.password} --name "Pehnava Ops" && node ../apps/api/dist/server.js`,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { ...serverEnv, PORT: String(port), DATA_DIR: dataDir },
    },
    {
      command: 'npx tsx ../apps/api/src/test/fakes/serve-stripe-fake.ts',
      port: stripeFakePort,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        ...STRIPE_KEYS,
        STRIPE_FAKE_PORT: String(stripeFakePort),
        STRIPE_FAKE_WEBHOOK_URL: `http://127.0.0.1:${stripePort}/api/payments/stripe/webhook`,
      },
    },
    {
      command: 'node ../apps/api/dist/server.js',
      url: `http://127.0.0.1:${stripePort}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        ...serverEnv,
        ...STRIPE_KEYS,
        PORT: String(stripePort),
        DATA_DIR: stripeDataDir,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_API_URL: `http://127.0.0.1:${stripeFakePort}`,
      },
    },
  ],
});
